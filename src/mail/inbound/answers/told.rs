//! The answer to a command or to a reply about no single game's moves: lines of words, links,
//! and — when the answer offers a choice — the reply address that takes it.

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::{Player, accounts};
use crate::config::Settings;
use crate::game_log::error::ServiceError;
use crate::i18n::Lang;
use crate::mail::compose::messages::{self, Notice};
use crate::mail::inbound::read::message::Incoming;
use crate::rules::Message;

/// What an answer says: its lines, then its links (label, address).
#[derive(Debug, Default)]
pub struct Told {
    pub lines: Vec<String>,
    pub links: Vec<(String, String)>,
    /// Where a reply to the answer goes, when it offers a choice.
    pub reply_to: Option<String>,
}

impl Told {
    pub fn line(text: String) -> Told {
        Told {
            lines: vec![text],
            ..Told::default()
        }
    }

    /// A service's answer: `done` in words, or why it was refused; a database failure aborts.
    pub fn of(lang: Lang, result: Result<String, ServiceError>) -> QueryResult<Told> {
        match result {
            Ok(text) => Ok(Told::line(text)),
            Err(ServiceError::Database(e)) => Err(e),
            Err(other) => Ok(Told::line(lang.say(
                &crate::mail::inbound::answers::told::refused_message(other),
                &[],
            ))),
        }
    }

    /// The lines in one, for the record of the message.
    pub fn summary(&self) -> String {
        self.lines.join(" ")
    }
}

/// Writes the answer into the outbox, to the player's own address, unless it refuses mail.
pub fn tell(
    conn: &mut PgConnection,
    settings: &Settings,
    player: &Player,
    incoming: &Incoming,
    told: Told,
) -> QueryResult<()> {
    let recipient = accounts::recipient(conn, player.id)?;
    if recipient.email_rejected_at.is_some() {
        return Ok(());
    }
    let lang = recipient.lang();
    let notice = Notice {
        subject: crate::mail::inbound::answers::game::re(&incoming.subject, || {
            lang.t("command-subject")
        }),
        lines: told.lines,
        links: told.links,
        link: settings.base_url().to_string(),
        link_label: lang.t("command-site"),
    };
    let in_reply_to = incoming.message_id.clone();
    crate::mail::inbound::answers::game::store(
        conn,
        settings,
        recipient,
        in_reply_to,
        told.reply_to,
        |name, footer| messages::notice(name, &notice, footer),
    )?;
    Ok(())
}

/// The words of a refusal that is not a database failure.
pub fn refused_message(error: ServiceError) -> Message {
    match error {
        ServiceError::BadRequest(m)
        | ServiceError::Forbidden(m)
        | ServiceError::Rule(m)
        | ServiceError::Gone(m) => m,
        ServiceError::NotFound => Message::new("no-such-game"),
        ServiceError::Stale => Message::new("game-moved-on"),
        other => Message::new("answer-internal").text("detail", other.to_string()),
    }
}
