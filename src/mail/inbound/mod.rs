//! Mail to Turnpost. Each your-turn email carries a reply address with a secret token
//! (`play+TOKEN-SEQ@…`); a reply to it from the player's own address moves, talks or resigns as
//! the web pages do ([`handle`]), or — to an invitation or a finished game — joins, declines or
//! proposes a rematch. Emails about no single game's moves (a tournament's news, a list of open
//! tables or tournaments, a request to confirm) have addresses of their own ([`public::topics`]);
//! the plain address takes commands ([`public::commands`]). Everything is answered by email.
//!
//! Every message is stored before anything is done with it, with what became of it; one that
//! arrives twice (same Message-ID, same address) is acted on once. Messages from machines
//! (auto-replies, bounces) are stored and never answered, so no mail loop can start.

pub mod answers;
mod handle;
pub mod listener;
mod plan_lines;
mod public;
pub mod quick_ack;
pub mod read;

pub use read::message::envelope_hints;

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::config::Settings;
use crate::mail::{bounces, reply_address, return_path};
use crate::store::inbound::{self, Arrival, Recorded, Settled};
use crate::store::limits::wait_in_words;
pub use handle::resign_code;
use handle::{Addressee, addressee, replies_per_player};
use public::{commands, topics};
use read::message::{self, Reply, Vouch};

/// Who a message came from and is for, as the relay said (SMTP's MAIL FROM and RCPT TO), and
/// what Turnpost's own sender checks said of it, when it makes them (`inbound.verify`).
pub struct Envelope<'a> {
    pub from: &'a str,
    pub recipient: &'a str,
    pub checked: Option<&'a str>,
}

/// What the relay is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Taken: acted on and answered, or dropped on purpose (a duplicate, an auto-reply).
    Accepted,
    /// Not now: the relay should try again later. Nothing was done.
    Deferred { status: &'static str, text: String },
    /// Never: the relay bounces it to its sender with this text.
    Refused {
        code: u16,
        status: &'static str,
        text: String,
    },
}

impl Verdict {
    /// The SMTP reply line, without its line ending.
    pub fn reply_line(&self) -> String {
        match self {
            Verdict::Accepted => "250 2.0.0 Received".into(),
            Verdict::Deferred { status, text } => format!("451 {status} {text}"),
            Verdict::Refused { code, status, text } => format!("{code} {status} {text}"),
        }
    }

    /// The exit status for a mail server piping to `turnpost receive-mail` (sysexits.h).
    pub fn exit_code(&self) -> i32 {
        match self {
            Verdict::Accepted => 0,
            Verdict::Deferred { .. } => 75,
            Verdict::Refused { status, .. } if status.starts_with("5.1") => 67,
            Verdict::Refused { status, .. } if status.starts_with("5.7") => 77,
            Verdict::Refused { .. } => 65,
        }
    }

    /// Whether the database could not be reached: the relay tries again later.
    pub fn database_down() -> Verdict {
        Verdict::Deferred {
            status: "4.3.0",
            text: "Turnpost cannot reach its database right now; please try again later.".into(),
        }
    }
}

/// Stores and handles one message for one recipient. `raw` holds at most
/// `inbound.max_bytes` bytes of it; `size` is its whole size.
pub fn receive(
    conn: &mut PgConnection,
    settings: &Settings,
    envelope: &Envelope<'_>,
    raw: &[u8],
    size: usize,
) -> QueryResult<Verdict> {
    let max = settings.inbound.max_bytes;
    let too_large = size > max;
    let kept = &raw[..raw.len().min(max)];
    let incoming = (!too_large)
        .then(|| message::parse(kept, envelope.from, vouch(settings, envelope)))
        .flatten();
    let arrival = Arrival {
        message_id: incoming.as_ref().and_then(|m| m.message_id.as_deref()),
        envelope_from: envelope.from,
        recipient: envelope.recipient,
        size,
        raw: kept,
    };
    let id = match inbound::record(conn, &arrival)? {
        Recorded::New(id) | Recorded::Unhandled(id) => id,
        Recorded::Duplicate(_) => {
            crate::metrics::inbound_reply("duplicate");
            return Ok(Verdict::Accepted);
        }
    };
    let stored = Stored {
        id,
        raw: kept,
        incoming: incoming.as_ref(),
        too_large,
    };
    let (verdict, outcome) = handle_stored(conn, settings, envelope, &stored)?;
    crate::metrics::inbound_reply(outcome);
    Ok(verdict)
}

/// Whose word on the sender is taken: Turnpost's own checks when it made them, else the
/// trusted relay's header.
fn vouch<'a>(settings: &'a Settings, envelope: &Envelope<'a>) -> Vouch<'a> {
    match envelope.checked {
        Some(results) => Vouch::Checked(results),
        None => Vouch::Relay(&settings.inbound.authserv_id),
    }
}

/// A message as stored: its number, its kept bytes, and what could be read of it.
struct Stored<'a> {
    id: i64,
    raw: &'a [u8],
    incoming: Option<&'a message::Incoming>,
    too_large: bool,
}

/// Handles stored message `id`, unless it has been handled meanwhile; with what became of it,
/// as the metrics count it.
fn handle_stored(
    conn: &mut PgConnection,
    settings: &Settings,
    envelope: &Envelope<'_>,
    stored: &Stored<'_>,
) -> QueryResult<(Verdict, &'static str)> {
    conn.transaction(|conn| {
        if !inbound::lock_unhandled(conn, stored.id)? {
            return Ok((Verdict::Accepted, "duplicate"));
        }
        let (settled, verdict) = if !stored.too_large
            && return_path::is_return_path(&settings.mail.return_path, envelope.recipient)
        {
            let settled = bounces::handle(conn, settings, envelope.recipient, stored.raw)?;
            (Some(settled), Verdict::Accepted)
        } else {
            judge(conn, settings, envelope, stored.incoming, stored.too_large)?
        };
        let outcome = settled.as_ref().map_or("deferred", |s| s.outcome);
        if let Some(settled) = settled {
            inbound::settle(conn, stored.id, &settled)?;
        }
        Ok((verdict, outcome))
    })
}

fn refused(
    outcome: &'static str,
    code: u16,
    status: &'static str,
    text: String,
) -> (Option<Settled>, Verdict) {
    let settled = Settled {
        outcome,
        detail: Some(text.clone()),
        ..Settled::default()
    };
    (Some(settled), Verdict::Refused { code, status, text })
}

/// Who may send to the address, and what their message does. A `None` record leaves the stored
/// message waiting for the relay's next try.
fn judge(
    conn: &mut PgConnection,
    settings: &Settings,
    envelope: &Envelope<'_>,
    incoming: Option<&message::Incoming>,
    too_large: bool,
) -> QueryResult<(Option<Settled>, Verdict)> {
    if too_large {
        let kb = settings.inbound.max_bytes / 1024;
        return Ok(refused(
            "too_large",
            552,
            "5.3.4",
            format!("This message is too large: a reply to Turnpost may be at most {kb} kB."),
        ));
    }
    let unknown = || {
        refused(
            "unknown_address",
            550,
            "5.1.1",
            "This reply address is unknown or no longer works: reply to your latest email \
             from Turnpost instead."
                .into(),
        )
    };
    let address = reply_address::parse(&settings.inbound.address, envelope.recipient);
    let public = commands::is_public(&settings.inbound.address, envelope.recipient);
    if address.is_none() && !public {
        return Ok(unknown());
    }
    let Some(incoming) = incoming else {
        return Ok(refused(
            "unreadable",
            550,
            "5.6.0",
            "This message could not be read as an email.".into(),
        ));
    };
    if let Some(why) = &incoming.automatic {
        let settled = Settled {
            outcome: "auto_reply",
            detail: Some(format!("not answered: {why}")),
            ..Settled::default()
        };
        return Ok((Some(settled), Verdict::Accepted));
    }
    let Some(address) = address else {
        return Ok(match commands::handle(conn, settings, incoming)? {
            Some(settled) => (Some(settled), Verdict::Accepted),
            None => (None, over_the_limit()),
        });
    };
    let wrong_sender = || {
        refused(
            "wrong_sender",
            550,
            "5.7.1",
            "This reply address takes mail only from the address its email was sent to.".into(),
        )
    };
    let failed_checks = settings
        .inbound
        .check_authentication_results
        .then_some(incoming.authentication_failure.as_ref())
        .flatten()
        .map(|failure| {
            refused(
                "failed_authentication",
                550,
                "5.7.1",
                format!(
                    "This message failed its sender checks ({failure}), so it was not accepted."
                ),
            )
        });
    let from = incoming.from.as_deref();
    let (game_id, player) = match addressee(conn, &address.token, from)? {
        Addressee::WrongSender => return Ok(wrong_sender()),
        Addressee::Player { game_id, player } => (game_id, player),
        Addressee::Unknown => {
            let (found, player) = match topics::addressee(conn, &address.token, from)? {
                topics::Addressee::Unknown => return Ok(unknown()),
                topics::Addressee::WrongSender => return Ok(wrong_sender()),
                topics::Addressee::Player { found, player } => (found, player),
            };
            if let Some(refusal) = failed_checks {
                return Ok(refusal);
            }
            return Ok(
                match topics::act(conn, settings, &address.token, &found, &player, incoming)? {
                    Some(settled) => (Some(settled), Verdict::Accepted),
                    None => (None, over_the_limit()),
                },
            );
        }
    };
    if let Some(refusal) = failed_checks {
        return Ok(refusal);
    }
    if let Err(exceeded) = replies_per_player(settings).take(conn, &player.id.to_string(), 1)? {
        return Ok((None, over_the_limit_for(exceeded.retry_after_seconds)));
    }
    let reply = Reply {
        incoming,
        game_id,
        player,
        seq: address.seq,
    };
    let settled = handle::act(conn, settings, &reply)?;
    Ok((Some(settled), Verdict::Accepted))
}

/// The relay is asked to try again later: the sender has sent as many messages as are taken in
/// an hour.
fn over_the_limit_for(retry_after_seconds: i64) -> Verdict {
    Verdict::Deferred {
        status: "4.7.1",
        text: format!(
            "You have sent as many replies as we take in an hour; this one will be read in {}.",
            wait_in_words(retry_after_seconds)
        ),
    }
}

fn over_the_limit() -> Verdict {
    over_the_limit_for(3600)
}

/// Handles a stored message that is still waiting (the relay gave up retrying while the
/// database was down, say).
pub fn replay(conn: &mut PgConnection, settings: &Settings, id: i64) -> QueryResult<Verdict> {
    let (from, recipient, raw, outcome) = inbound::raw(conn, id)?;
    if outcome != inbound::PENDING {
        return Ok(Verdict::Refused {
            code: 550,
            status: "5.0.0",
            text: format!("Message {id} was already handled: {outcome}."),
        });
    }
    // The checks made as it arrived are not kept: only a trusted relay's header vouches now.
    let envelope = Envelope {
        from: &from,
        recipient: &recipient,
        checked: None,
    };
    let incoming = message::parse(&raw, &from, vouch(settings, &envelope));
    let stored = Stored {
        id,
        raw: &raw,
        incoming: incoming.as_ref(),
        too_large: false,
    };
    let (verdict, outcome) = handle_stored(conn, settings, &envelope, &stored)?;
    crate::metrics::inbound_reply(outcome);
    Ok(verdict)
}
