//! Reply addresses: the configured address with `+TOKEN-SEQ` in its local part. The token says
//! who may move in which game; the sequence number is the game's log length when the email was
//! written, so a reply to an old email is recognised as stale.

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::reply_topics::{self, Topic};
use crate::config::Settings;

/// What a reply address carries.
#[derive(Debug, PartialEq, Eq)]
pub struct ReplyAddress {
    pub token: String,
    pub seq: i64,
}

/// `play@example.org` with `token` and `seq`: `play+TOKEN-SEQ@example.org`.
pub fn format(base: &str, token: &str, seq: i64) -> String {
    let (local, domain) = split(base);
    format!("{local}+{token}-{seq}@{domain}")
}

/// The token and sequence number of a reply address, when `recipient` is one for `base` (any
/// domain: relays may rewrite it; the local part must match, case aside).
pub fn parse(base: &str, recipient: &str) -> Option<ReplyAddress> {
    let recipient = recipient
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>');
    let (local, _) = recipient.rsplit_once('@')?;
    let (name, extension) = local.split_once('+')?;
    if !name.eq_ignore_ascii_case(split(base).0) {
        return None;
    }
    let (token, seq) = extension.rsplit_once('-')?;
    let token = token.to_ascii_lowercase();
    let valid =
        !token.is_empty() && token.len() <= 64 && token.chars().all(|c| c.is_ascii_alphanumeric());
    valid.then_some(ReplyAddress {
        token,
        seq: seq.parse().ok().filter(|s| *s > 0)?,
    })
}

fn split(base: &str) -> (&str, &str) {
    let address = base
        .rsplit_once('<')
        .map_or(base, |(_, a)| a.trim_end_matches('>'))
        .trim();
    address.rsplit_once('@').unwrap_or((address, "localhost"))
}

/// A reply address for an email about `topic` to `email`, player `player`'s address.
pub fn topic_address(
    conn: &mut PgConnection,
    settings: &Settings,
    (email, player): (&str, i64),
    topic: Topic,
    subject: serde_json::Value,
    days: i64,
) -> QueryResult<String> {
    let token = reply_topics::issue(conn, email, Some(player), topic, subject, days)?;
    Ok(format(&settings.inbound.address, &token, 1))
}

/// A reply address for a tournament's email to `to` (an address and its player): a reply may
/// withdraw, or sign up while sign-up is open.
pub fn event_address(
    conn: &mut PgConnection,
    settings: &Settings,
    to: (&str, i64),
    event_id: &str,
) -> QueryResult<String> {
    topic_address(
        conn,
        settings,
        to,
        Topic::Event,
        serde_json::json!({ "event": event_id }),
        EVENT_DAYS,
    )
}

/// How long a tournament email's reply address works: as long as a tournament's round may.
const EVENT_DAYS: i64 = 60;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_round_trip() {
        let address = format("play@turnpost.test", "k3x9", 12);
        assert_eq!(address, "play+k3x9-12@turnpost.test");
        assert_eq!(
            parse("play@turnpost.test", &address),
            Some(ReplyAddress {
                token: "k3x9".into(),
                seq: 12
            })
        );
        assert_eq!(
            parse(
                "Turnpost <play@turnpost.test>",
                "<PLAY+K3X9-12@mx.turnpost.test>"
            ),
            Some(ReplyAddress {
                token: "k3x9".into(),
                seq: 12
            })
        );
    }

    #[test]
    fn other_addresses_are_not_reply_addresses() {
        for recipient in [
            "play@turnpost.test",
            "other+k3x9-12@turnpost.test",
            "play+k3x9@turnpost.test",
            "play+k3x9-0@turnpost.test",
            "play+k3x9-x@turnpost.test",
            "play+-12@turnpost.test",
            "play+a.b-12@turnpost.test",
            "no-at-sign",
        ] {
            assert_eq!(parse("play@turnpost.test", recipient), None, "{recipient}");
        }
    }
}
