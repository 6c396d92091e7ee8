//! The words of commands and of replies that are no move, in English and Japanese: a line's
//! first word is read as its English word, and the language it was written in is noted, so that
//! a person with no account yet is answered in it.

use crate::i18n::Lang;
use crate::present::codes::vocabulary::half_width;

/// Each command word with the Japanese words that mean it.
const VERBS: &[(&str, &[&str])] = &[
    ("help", &["ヘルプ"]),
    ("games", &["対局"]),
    ("away", &["不在"]),
    ("back", &["復帰"]),
    ("new", &["新規"]),
    ("tables", &["空席"]),
    ("tournaments", &["大会"]),
    ("join", &["参加"]),
    ("decline", &["辞退"]),
    ("rematch", &["再戦"]),
    ("sit", &["着席"]),
    ("sign up", &["申し込み", "申込み", "申込"]),
    ("withdraw", &["棄権"]),
    ("confirm", &["確認"]),
];

/// A line read as a command: its verb in English, the words after it (in lower case, half
/// width), and the language the verb was written in.
#[derive(Debug, PartialEq, Eq)]
pub struct Read {
    pub verb: &'static str,
    pub rest: Vec<String>,
    pub lang: Lang,
}

/// Reads `line` as a command, or `None` when its first word is no command word.
pub fn read(line: &str) -> Option<Read> {
    let line = half_width(line).to_lowercase();
    let words: Vec<&str> = line.split_whitespace().collect();
    let first = *words.first()?;
    let first = first.trim_end_matches(|c: char| !c.is_alphanumeric());
    let english = |rest: &[&str]| rest.iter().map(|w| w.to_string()).collect();
    if first == "signup" || (first == "sign" && words.get(1) == Some(&"up")) {
        let skip = if first == "sign" { 2 } else { 1 };
        return Some(Read {
            verb: "sign up",
            rest: english(&words[skip..]),
            lang: Lang::En,
        });
    }
    if let Some((verb, _)) = VERBS.iter().find(|(verb, _)| *verb == first) {
        return Some(Read {
            verb,
            rest: english(&words[1..]),
            lang: Lang::En,
        });
    }
    // A Japanese verb may run into what follows it ("着席2").
    let (verb, tail) = VERBS.iter().find_map(|(verb, ja)| {
        let word = ja.iter().find(|w| first.starts_with(*w))?;
        Some((*verb, &first[word.len()..]))
    })?;
    let mut rest: Vec<String> = Vec::new();
    if !tail.is_empty() {
        rest.push(tail.to_string());
    }
    rest.extend(english(&words[1..]));
    Some(Read {
        verb,
        rest,
        lang: Lang::Ja,
    })
}

/// The number a reply picks from a numbered list ("sit 2", "着席 2番"), if it names one.
pub fn number(rest: &[String]) -> Option<usize> {
    let first = rest.first()?;
    first
        .trim_start_matches('#')
        .trim_end_matches(['番', '.', ','])
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verb(line: &str) -> Option<(&'static str, Vec<String>, Lang)> {
        read(line).map(|r| (r.verb, r.rest, r.lang))
    }

    #[test]
    fn verbs_are_read_in_either_language() {
        assert_eq!(verb("Join"), Some(("join", vec![], Lang::En)));
        assert_eq!(verb("参加"), Some(("join", vec![], Lang::Ja)));
        assert_eq!(
            verb("Sign up 2"),
            Some(("sign up", vec!["2".into()], Lang::En))
        );
        assert_eq!(verb("signup"), Some(("sign up", vec![], Lang::En)));
        assert_eq!(
            verb("申し込み　２"),
            Some(("sign up", vec!["2".into()], Lang::Ja))
        );
        assert_eq!(verb("着席2"), Some(("sit", vec!["2".into()], Lang::Ja)));
        assert_eq!(verb("rematch!"), Some(("rematch", vec![], Lang::En)));
        assert_eq!(verb("withdraw"), Some(("withdraw", vec![], Lang::En)));
        assert_eq!(verb("棄権"), Some(("withdraw", vec![], Lang::Ja)));
        assert_eq!(verb("sow 3"), None);
        assert_eq!(verb(""), None);
    }

    #[test]
    fn list_numbers_are_read_with_or_without_marks() {
        let rest = |w: &str| vec![w.to_string()];
        assert_eq!(number(&rest("2")), Some(2));
        assert_eq!(number(&rest("#3")), Some(3));
        assert_eq!(number(&rest("2番")), Some(2));
        assert_eq!(number(&rest("two")), None);
        assert_eq!(number(&[]), None);
    }
}
