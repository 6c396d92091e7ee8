//! The part of a reply the player wrote: the lines above the quoted email and the signature.

/// The most lines of a reply read: a move fits on one, a message to the table on a few.
const MOST_LINES: usize = 20;

/// The player's own non-empty lines, in order, with everything from the first sign of a quoted
/// message or a signature on left out: "> " lines, "On … wrote:" (Gmail, Apple Mail), Outlook's
/// "-----Original Message-----", its rule of underscores and its "From:" header block, and "-- ".
pub fn own_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut all = text.lines().map(|l| l.trim_end_matches('\r')).peekable();
    while let Some(line) = all.next() {
        let trimmed = line.trim();
        if starts_quote(trimmed) {
            break;
        }
        // "On Tue, 24 Nov 2026 at 10:00, Turnpost <…>" with "wrote:" wrapped to the next line.
        if trimmed.starts_with("On ")
            && all
                .peek()
                .is_some_and(|next| next.trim_end().ends_with("wrote:"))
        {
            break;
        }
        if !trimmed.is_empty() {
            lines.push(trimmed.to_string());
        }
        if lines.len() == MOST_LINES {
            break;
        }
    }
    lines
}

fn starts_quote(line: &str) -> bool {
    let lower = line.to_lowercase();
    line.starts_with('>')
        || line == "--"
        || line.starts_with("-- ")
        || (line.starts_with("On ") && line.ends_with("wrote:"))
        || (lower.starts_with("le ") && lower.ends_with("a écrit :"))
        || (lower.starts_with("am ") && lower.ends_with("schrieb:"))
        || lower.contains("-----original message-----")
        || lower.starts_with("________________")
        || lower.starts_with("from: ")
        || lower.starts_with("sent from my ")
        || lower.starts_with("get outlook for ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gmail_reply() {
        let text = "c3 then give TDRH\r\n\r\nOn Tue, 24 Nov 2026 at 10:00, Turnpost <turnpost@localhost> wrote:\r\n\
                    > Your turn in Quarto\r\n> Reply with one of: a1, a2\r\n";
        assert_eq!(own_lines(text), ["c3 then give TDRH"]);
    }

    #[test]
    fn gmail_reply_with_the_attribution_wrapped() {
        let text =
            "3\n\nOn Tue, 24 Nov 2026 at 10:00, Turnpost\n<turnpost@localhost> wrote:\n> 1\n";
        assert_eq!(own_lines(text), ["3"]);
    }

    #[test]
    fn outlook_reply() {
        let text = "take 3 red\r\n\r\nGet Outlook for iOS\r\n________________________________\r\n\
                    From: Turnpost <turnpost@localhost>\r\nSent: Tuesday\r\nSubject: Your turn\r\n\r\nReply with one of\r\n";
        assert_eq!(own_lines(text), ["take 3 red"]);
    }

    #[test]
    fn outlook_original_message_and_apple_mail() {
        let outlook = "red 3\n-----Original Message-----\nFrom: Turnpost\n";
        assert_eq!(own_lines(outlook), ["red 3"]);
        let apple = "Swap\n\nSent from my iPhone\n\n> On 24 Nov 2026, at 10:00, Turnpost wrote:\n>\n> 1 2\n";
        assert_eq!(own_lines(apple), ["Swap"]);
    }

    #[test]
    fn signatures_and_several_lines() {
        let text = "say: good game\nsee you next week\n-- \nAnn\n";
        assert_eq!(own_lines(text), ["say: good game", "see you next week"]);
    }

    #[test]
    fn a_quote_above_leaves_nothing() {
        assert!(own_lines("> 3\n> 4\n").is_empty());
        assert!(own_lines("\n\n").is_empty());
    }
}
