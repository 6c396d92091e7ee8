//! What Turnpost needs from an incoming message, read with mail-parser.

use mail_parser::MessageParser;

use crate::auth::Player;

/// An incoming message, as far as a reply to Turnpost matters.
#[derive(Debug, PartialEq, Eq)]
pub struct Incoming {
    pub message_id: Option<String>,
    /// The address in the From header, in lower case.
    pub from: Option<String>,
    pub subject: String,
    /// Why the message was sent by a machine (an auto-reply, a bounce), if it was.
    pub automatic: Option<String>,
    /// What the receiving relay's Authentication-Results header says failed, if anything.
    pub authentication_failure: Option<String>,
    /// The receiving relay vouches for the From address: DMARC passed, or SPF or DKIM passed
    /// for the From address's domain.
    pub authenticated: bool,
    /// The first text part (an HTML-only message is turned into text).
    pub text: String,
}

/// Whose word on the sender is believed.
#[derive(Clone, Copy, Debug)]
pub enum Vouch<'a> {
    /// The Authentication-Results header of the relay with this authserv-id (none when empty).
    Relay(&'a str),
    /// Turnpost's own checks, written as an Authentication-Results header value; every header
    /// the message carries is ignored.
    Checked(&'a str),
}

/// Reads a message; `None` when it cannot be parsed as one. What vouches for the sender is
/// `vouch`'s.
pub fn parse(raw: &[u8], envelope_from: &str, vouch: Vouch<'_>) -> Option<Incoming> {
    let message = MessageParser::default().parse(raw)?;
    let headers: Vec<(String, String)> = message
        .headers_raw()
        .map(|(name, value)| (name.to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    let from = message
        .from()
        .and_then(|from| from.first())
        .and_then(|addr| addr.address())
        .map(str::to_lowercase);
    let results = match vouch {
        Vouch::Relay(authserv_id) => trusted_results(&headers, authserv_id),
        Vouch::Checked(results) => Some(results),
    };
    let authenticated = (from.as_deref()).is_some_and(|from| authenticated(results, from));
    Some(Incoming {
        message_id: message.message_id().map(|id| format!("<{id}>")),
        from,
        subject: message.subject().unwrap_or_default().trim().to_string(),
        automatic: automatic(&headers, envelope_from),
        authentication_failure: results.and_then(authentication_failure),
        authenticated,
        text: message
            .body_text(0)
            .map(|text| text.into_owned())
            .unwrap_or_default(),
    })
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// Auto-replies, out-of-office notes, bounces and list mail (RFC 3834 and common practice): a
/// message any of these is never answered, so no mail loop can start.
fn automatic(headers: &[(String, String)], envelope_from: &str) -> Option<String> {
    let envelope_from = envelope_from.trim();
    if envelope_from.is_empty() || envelope_from == "<>" {
        return Some("it has an empty return path (a bounce)".into());
    }
    if let Some(value) = header(headers, "auto-submitted")
        && !value.eq_ignore_ascii_case("no")
    {
        return Some(format!("Auto-Submitted: {value}"));
    }
    if let Some(value) = header(headers, "precedence") {
        let value = value.to_ascii_lowercase();
        if ["bulk", "junk", "list", "auto_reply"].contains(&value.as_str()) {
            return Some(format!("Precedence: {value}"));
        }
    }
    for name in [
        "x-autoreply",
        "x-autorespond",
        "x-auto-response-suppress",
        "list-id",
    ] {
        if header(headers, name).is_some() {
            return Some(format!("it has a {name} header"));
        }
    }
    if header(headers, "return-path").is_some_and(|v| v == "<>") {
        return Some("it has an empty return path (a bounce)".into());
    }
    if header(headers, "content-type")
        .is_some_and(|v| v.to_ascii_lowercase().starts_with("multipart/report"))
    {
        return Some("it is a delivery report".into());
    }
    None
}

/// The Authentication-Results header the trusted relay wrote: the topmost whose authserv-id (its
/// first word) is `authserv_id`, compared without case. Any other such header was written by a
/// host Turnpost was not told to believe, and may say anything (RFC 8601 §5; the trusted relay
/// removes headers that claim its own id from the mail it receives). None when `authserv_id`
/// is empty: then no sender is vouched for and no verdict refuses a reply.
fn trusted_results<'a>(headers: &'a [(String, String)], authserv_id: &str) -> Option<&'a str> {
    if authserv_id.is_empty() {
        return None;
    }
    (headers.iter())
        .filter(|(name, _)| name == "authentication-results")
        .map(|(_, value)| value.as_str())
        .find(|value| {
            let id = value.split(';').next().unwrap_or_default();
            (id.split_whitespace().next()).is_some_and(|id| id.eq_ignore_ascii_case(authserv_id))
        })
}

/// The trusted relay's verdict: a failure when DMARC failed, or SPF failed without a DKIM pass,
/// or DKIM failed without an SPF pass. A relay that checks nothing adds no header, and nothing is
/// refused.
fn authentication_failure(results: &str) -> Option<String> {
    let results = results.to_ascii_lowercase();
    let said = |what: &str| {
        results
            .split(|c: char| c == ';' || c.is_whitespace())
            .any(|part| part == what)
    };
    if said("dmarc=fail") {
        return Some("DMARC failed".into());
    }
    if (said("spf=fail") || said("spf=softfail")) && !said("dkim=pass") {
        return Some("SPF failed".into());
    }
    if said("dkim=fail") && !said("spf=pass") {
        return Some("DKIM failed".into());
    }
    None
}

/// Whether the trusted relay's verdict vouches for `from`: DMARC passed (which checks alignment
/// itself), or SPF passed for an envelope sender of the same domain, or DKIM passed with a
/// signature of the same domain — the From domain equal to it or under it. Nothing passes while
/// DMARC failed, or with no verdict (a relay that checks nothing vouches for nobody).
fn authenticated(results: Option<&str>, from: &str) -> bool {
    let Some(results) = results else {
        return false;
    };
    let results = results.to_ascii_lowercase();
    let Some((_, domain)) = from.rsplit_once('@') else {
        return false;
    };
    let aligned = |other: &str| {
        let other = other.rsplit('@').next().unwrap_or(other);
        domain == other || domain.ends_with(&format!(".{other}"))
    };
    let mut vouched = false;
    // The first part names the relay that checked; each other part is one method's verdict.
    for clause in results.split(';').skip(1) {
        let words: Vec<&str> = clause.split_whitespace().collect();
        let property = |name: &str| {
            (words.iter())
                .find_map(|w| w.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
                .map(|v| v.trim_matches('"'))
        };
        match words.first().copied() {
            Some("dmarc=fail") => return false,
            Some("dmarc=pass") => vouched |= property("header.from").is_none_or(aligned),
            Some("spf=pass") => vouched |= property("smtp.mailfrom").is_some_and(aligned),
            Some("dkim=pass") => {
                let signer = property("header.d").or_else(|| property("header.i"));
                vouched |= signer.is_some_and(aligned);
            }
            _ => {}
        }
    }
    vouched
}

/// For a message piped without its envelope: the Return-Path address (empty for `<>` or none),
/// and the addresses it was delivered to, Delivered-To and X-Original-To first, then To and Cc.
pub fn envelope_hints(raw: &[u8]) -> (String, Vec<String>) {
    let Some(message) = MessageParser::default().parse_headers(raw) else {
        return (String::new(), Vec::new());
    };
    let mut sender = String::new();
    let mut recipients = Vec::new();
    for (name, value) in message.headers_raw() {
        let address = value
            .trim()
            .trim_start_matches('<')
            .trim_end_matches('>')
            .trim()
            .to_string();
        match name.to_ascii_lowercase().as_str() {
            "return-path" if sender.is_empty() => sender = address,
            "delivered-to" | "x-original-to" => recipients.push(address),
            _ => {}
        }
    }
    for list in [message.to(), message.cc()].into_iter().flatten() {
        recipients.extend(list.iter().filter_map(|a| a.address()).map(str::to_string));
    }
    (sender, recipients)
}

/// A reply from `player`, sent to an address made at log length `seq` of `game_id`.
pub struct Reply<'a> {
    pub incoming: &'a Incoming,
    pub game_id: String,
    pub player: Player,
    pub seq: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The relay the tests believe.
    const OURS: &str = "mx.turnpost.test";

    fn message(headers: &str, body: &str) -> Vec<u8> {
        format!(
            "From: Ann <Ann@Example.com>\r\nTo: play+abc-3@turnpost.test\r\nSubject: Re: Your turn\r\n\
             Message-ID: <m1@example.com>\r\n{headers}\r\n{body}"
        )
        .into_bytes()
    }

    #[test]
    fn reads_sender_subject_id_and_text() {
        let read = parse(&message("", "3\r\n"), "ann@example.com", Vouch::Relay(OURS)).unwrap();
        assert_eq!(read.from.as_deref(), Some("ann@example.com"));
        assert_eq!(read.subject, "Re: Your turn");
        assert_eq!(read.message_id.as_deref(), Some("<m1@example.com>"));
        assert_eq!(read.text.trim(), "3");
        assert_eq!(read.automatic, None);
        assert_eq!(read.authentication_failure, None);
    }

    #[test]
    fn html_only_replies_are_read_as_text() {
        let raw = message(
            "MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n",
            "<html><body><div>c3 then give TDRH</div><blockquote>old</blockquote></body></html>\r\n",
        );
        let read = parse(&raw, "ann@example.com", Vouch::Relay(OURS)).unwrap();
        assert!(read.text.contains("c3 then give TDRH"), "{:?}", read.text);
    }

    #[test]
    fn machines_are_recognised() {
        for (headers, from) in [
            ("Auto-Submitted: auto-replied\r\n", "ann@example.com"),
            ("Precedence: bulk\r\n", "ann@example.com"),
            ("X-Autoreply: yes\r\n", "ann@example.com"),
            ("", "<>"),
            ("", ""),
            (
                "Content-Type: multipart/report; report-type=delivery-status; boundary=x\r\n",
                "a@b.c",
            ),
        ] {
            let read = parse(&message(headers, "away\r\n"), from, Vouch::Relay(OURS)).unwrap();
            assert!(read.automatic.is_some(), "{headers:?} {from:?}");
        }
        let person = parse(
            &message("Auto-Submitted: no\r\n", "3\r\n"),
            "a@b.c",
            Vouch::Relay(OURS),
        )
        .unwrap();
        assert_eq!(person.automatic, None);
    }

    #[test]
    fn a_sender_is_vouched_for_only_by_a_pass_for_its_own_domain() {
        let vouched = |results: &str| {
            let headers = match results {
                "" => String::new(),
                r => format!("Authentication-Results: mx.turnpost.test; {r}\r\n"),
            };
            parse(
                &message(&headers, "games"),
                "ann@example.com",
                Vouch::Relay(OURS),
            )
            .unwrap()
            .authenticated
        };
        assert!(vouched("dmarc=pass header.from=example.com"));
        assert!(vouched("spf=pass smtp.mailfrom=ann@example.com"));
        assert!(vouched("dkim=pass header.d=example.com; spf=none"));
        assert!(!vouched("dkim=pass header.i=@mail.example.com"));
        assert!(!vouched(""));
        assert!(!vouched("spf=pass smtp.mailfrom=mallory@elsewhere.test"));
        assert!(!vouched("dkim=pass header.d=elsewhere.test"));
        assert!(!vouched(
            "spf=pass smtp.mailfrom=ann@example.com; dmarc=fail"
        ));
        assert!(!vouched("spf=fail smtp.mailfrom=ann@example.com"));
    }

    #[test]
    fn failed_authentication_is_recognised_only_when_nothing_passed() {
        let verdict = |results: &str| {
            parse(
                &message(
                    &format!("Authentication-Results: mx.turnpost.test; {results}\r\n"),
                    "3",
                ),
                "ann@example.com",
                Vouch::Relay(OURS),
            )
            .unwrap()
            .authentication_failure
        };
        assert_eq!(
            verdict("spf=pass smtp.mailfrom=example.com; dkim=pass"),
            None
        );
        assert!(verdict("spf=fail smtp.mailfrom=example.com").is_some());
        assert_eq!(verdict("spf=fail; dkim=pass header.d=example.com"), None);
        assert!(verdict("dkim=fail; spf=none").is_some());
        assert!(verdict("spf=pass; dkim=pass; dmarc=fail").is_some());
    }

    #[test]
    fn only_the_trusted_relays_verdict_is_believed() {
        let pass = "spf=pass smtp.mailfrom=ann@example.com; dmarc=pass header.from=example.com";
        let fail = "spf=fail smtp.mailfrom=ann@example.com; dmarc=fail header.from=example.com";
        let read = |headers: &[(&str, &str)], trusted: &str| {
            let headers: String = (headers.iter())
                .map(|(relay, verdict)| format!("Authentication-Results: {relay}; {verdict}\r\n"))
                .collect();
            let read = parse(
                &message(&headers, "games"),
                "ann@example.com",
                Vouch::Relay(trusted),
            )
            .unwrap();
            (read.authenticated, read.authentication_failure.is_some())
        };
        // A stranger's pass vouches for nobody, and a stranger's fail refuses nothing.
        assert_eq!(
            read(&[("relay.attacker.example", pass)], OURS),
            (false, false)
        );
        assert_eq!(
            read(&[("relay.attacker.example", fail)], OURS),
            (false, false)
        );
        // The trusted relay's verdict counts wherever it stands, its id read without case and
        // with a version after it; a forged header on top of it changes nothing.
        assert_eq!(read(&[("MX.Turnpost.Test 1", pass)], OURS), (true, false));
        assert_eq!(
            read(&[("relay.attacker.example", pass), (OURS, fail)], OURS),
            (false, true)
        );
        assert_eq!(
            read(&[("relay.attacker.example", fail), (OURS, pass)], OURS),
            (true, false)
        );
        // With no relay named, nothing is vouched for and nothing refused.
        assert_eq!(read(&[(OURS, pass)], ""), (false, false));
        assert_eq!(read(&[(OURS, fail)], ""), (false, false));
    }
}
