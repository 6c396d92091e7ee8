//! The moderators' desk: open reports oldest first, each with the row it quotes (checked against
//! the log) and the person's recent talk; one moderator claims a report at a time and acts on it.
//! Every action is a row of the moderation log, closes every open report of the same thing, and
//! is told to the person by email, whose reply is an appeal that comes back to the desk.

use chrono::{DateTime, Duration, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bytea, Integer, Nullable, Text, Timestamptz};

use super::log::{self, Action, Decision, Quoted};
use super::reports::{Reason, Target};
use crate::game_log::error::ServiceError;
use crate::rules::message::Message;
use crate::store::events::format_time;
use crate::store::notifications;

/// A report as the desk lists it.
#[derive(Clone, Debug, QueryableByName)]
pub struct Report {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = Text)]
    pub target: String,
    #[diesel(sql_type = BigInt)]
    pub subject: i64,
    #[diesel(sql_type = Text)]
    pub subject_name: String,
    #[diesel(sql_type = Text)]
    pub reporter_name: String,
    #[diesel(sql_type = Text)]
    pub reason: String,
    #[diesel(sql_type = Text)]
    pub words: String,
    #[diesel(sql_type = Integer)]
    pub times: i32,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Text>)]
    pub game_id: Option<String>,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub seq: Option<i64>,
    #[diesel(sql_type = Nullable<Bytea>)]
    pub row_hash: Option<Vec<u8>>,
    /// Who holds the claim, while it holds.
    #[diesel(sql_type = Nullable<BigInt>)]
    pub claimed_by: Option<i64>,
    #[diesel(sql_type = Nullable<Text>)]
    pub claimed_by_name: Option<String>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub closed_at: Option<DateTime<Utc>>,
}

/// The desk's reports. A claim shows only for an hour after it was made: it lapses without an
/// action, so a report is never stuck with a moderator who went away.
const REPORTS: &str = "SELECT r.id, r.target, r.subject, s.display_name AS subject_name,
        p.display_name AS reporter_name, r.reason, r.words, r.times, r.created_at, r.game_id,
        r.seq, r.row_hash,
        CASE WHEN r.claimed_at > now() - make_interval(mins => 60) THEN r.claimed_by END
            AS claimed_by,
        CASE WHEN r.claimed_at > now() - make_interval(mins => 60) THEN m.display_name END
            AS claimed_by_name,
        r.closed_at
    FROM reports r JOIN players s ON s.id = r.subject JOIN players p ON p.id = r.reporter
    LEFT JOIN players m ON m.id = r.claimed_by";

/// The open reports, oldest first.
pub fn open_reports(conn: &mut PgConnection) -> QueryResult<Vec<Report>> {
    diesel::sql_query(format!(
        "{REPORTS} WHERE r.closed_at IS NULL ORDER BY r.created_at, r.id LIMIT 200"
    ))
    .load(conn)
}

/// The row a report quotes, as the log holds it now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotedRow {
    pub game: String,
    pub seq: i64,
    pub hash: String,
    /// Whether the row still hashes as it did when it was reported.
    pub as_reported: bool,
    /// The message's words, if the row is talk that still has them.
    pub words: Option<String>,
}

/// A message the person wrote lately.
#[derive(Clone, Debug, QueryableByName)]
pub struct Talked {
    #[diesel(sql_type = Text)]
    pub game_id: String,
    #[diesel(sql_type = BigInt)]
    pub seq: i64,
    #[diesel(sql_type = Timestamptz)]
    pub recorded_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Text>)]
    pub words: Option<String>,
}

/// A reply to a moderation email.
#[derive(Clone, Debug, QueryableByName)]
pub struct Appeal {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = BigInt)]
    pub action: i64,
    #[diesel(sql_type = Text)]
    pub words: String,
    #[diesel(sql_type = Timestamptz)]
    pub received_at: DateTime<Utc>,
}

/// One report, with what the desk shows beside it.
pub struct Detail {
    pub report: Report,
    pub quoted: Option<QuotedRow>,
    pub recent_talk: Vec<Talked>,
    pub appeals: Vec<Appeal>,
}

/// Report `id` with its quoted row, the person's last twenty messages and their appeals.
pub fn detail(conn: &mut PgConnection, id: i64) -> QueryResult<Option<Detail>> {
    let found: Option<Report> = diesel::sql_query(format!("{REPORTS} WHERE r.id = $1"))
        .bind::<BigInt, _>(id)
        .get_result(conn)
        .optional()?;
    let Some(report) = found else {
        return Ok(None);
    };
    let quoted = match (&report.game_id, report.seq, &report.row_hash) {
        (Some(game), Some(seq), Some(hash)) => Some(quoted_row(conn, game, seq, hash)?),
        _ => None,
    };
    let recent_talk = diesel::sql_query(
        "SELECT game_id, seq, recorded_at, command #>> '{text,text}' AS words FROM game_events
         WHERE actor = $1 AND command->>'type' = 'say' ORDER BY recorded_at DESC LIMIT 20",
    )
    .bind::<BigInt, _>(report.subject)
    .load(conn)?;
    let appeals = appeals_of(conn, report.subject)?;
    Ok(Some(Detail {
        report,
        quoted,
        recent_talk,
        appeals,
    }))
}

/// Every appeal not yet answered, oldest first, with the name of who sent it.
pub fn open_appeals(conn: &mut PgConnection) -> QueryResult<Vec<(String, Appeal)>> {
    #[derive(QueryableByName)]
    struct Named {
        #[diesel(sql_type = Text)]
        display_name: String,
        #[diesel(embed)]
        appeal: Appeal,
    }
    let found: Vec<Named> = diesel::sql_query(
        "SELECT p.display_name, a.id, a.action, a.words, a.received_at
         FROM appeals a JOIN players p ON p.id = a.player_id
         WHERE a.closed_at IS NULL ORDER BY a.received_at LIMIT 200",
    )
    .load(conn)?;
    Ok(found
        .into_iter()
        .map(|n| (n.display_name, n.appeal))
        .collect())
}

/// The appeals of `player` not yet answered, oldest first.
pub fn appeals_of(conn: &mut PgConnection, player: i64) -> QueryResult<Vec<Appeal>> {
    diesel::sql_query(
        "SELECT id, action, words, received_at FROM appeals
         WHERE player_id = $1 AND closed_at IS NULL ORDER BY received_at",
    )
    .bind::<BigInt, _>(player)
    .load(conn)
}

/// Keeps `player`'s reply to the email about action `action`, for the desk.
pub fn appeal(conn: &mut PgConnection, player: i64, action: i64, words: &str) -> QueryResult<()> {
    let words: String = words
        .chars()
        .take(super::reports::LONGEST_WORDS * 4)
        .collect();
    diesel::sql_query("INSERT INTO appeals (player_id, action, words) VALUES ($1, $2, $3)")
        .bind::<BigInt, _>(player)
        .bind::<BigInt, _>(action)
        .bind::<Text, _>(words)
        .execute(conn)?;
    Ok(())
}

fn quoted_row(
    conn: &mut PgConnection,
    game: &str,
    seq: i64,
    reported: &[u8],
) -> QueryResult<QuotedRow> {
    #[derive(QueryableByName)]
    struct Stored {
        #[diesel(sql_type = Bytea)]
        hash: Vec<u8>,
        #[diesel(sql_type = Nullable<Text>)]
        words: Option<String>,
    }
    let stored: Option<Stored> = diesel::sql_query(
        "SELECT hash, command #>> '{text,text}' AS words FROM game_events
         WHERE game_id = $1 AND seq = $2",
    )
    .bind::<Text, _>(game)
    .bind::<BigInt, _>(seq)
    .get_result(conn)
    .optional()?;
    Ok(QuotedRow {
        game: game.to_string(),
        seq,
        hash: hex::encode(reported),
        as_reported: stored.as_ref().is_some_and(|s| s.hash == reported),
        words: stored.and_then(|s| s.words),
    })
}

/// Why the desk did not do what was asked.
#[derive(Debug)]
pub enum Refused {
    NotFound,
    /// The report was closed already.
    Closed,
    /// Another moderator holds the claim (their name).
    ClaimedByOther(String),
    /// A moderator does not act on their own account.
    OwnAccount,
    /// In words: the action does not fit the report.
    Said(Message),
    Database(diesel::result::Error),
}

impl From<diesel::result::Error> for Refused {
    fn from(e: diesel::result::Error) -> Self {
        Refused::Database(e)
    }
}

impl From<ServiceError> for Refused {
    fn from(e: ServiceError) -> Self {
        match e {
            ServiceError::Database(e) => Refused::Database(e),
            ServiceError::BadRequest(why)
            | ServiceError::Forbidden(why)
            | ServiceError::Gone(why)
            | ServiceError::Rule(why) => Refused::Said(why),
            other => {
                Refused::Said(Message::new("moderation-not-done").text("why", other.to_string()))
            }
        }
    }
}

/// Report `id`, locked, when it is open and `moderator` may act on it: unclaimed, claimed by
/// them, or claimed by someone whose claim lapsed.
fn open_for(conn: &mut PgConnection, id: i64, moderator: i64) -> Result<Report, Refused> {
    let report: Report = diesel::sql_query(format!("{REPORTS} WHERE r.id = $1 FOR UPDATE OF r"))
        .bind::<BigInt, _>(id)
        .get_result(conn)
        .optional()?
        .ok_or(Refused::NotFound)?;
    if report.closed_at.is_some() {
        return Err(Refused::Closed);
    }
    if report.subject == moderator {
        return Err(Refused::OwnAccount);
    }
    match (report.claimed_by, &report.claimed_by_name) {
        (Some(holder), Some(name)) if holder != moderator => {
            Err(Refused::ClaimedByOther(name.clone()))
        }
        _ => Ok(report),
    }
}

/// `moderator` claims report `id`: for the next hour, nobody else acts on it.
pub fn claim(conn: &mut PgConnection, id: i64, moderator: i64) -> Result<(), Refused> {
    conn.transaction(|conn| {
        open_for(conn, id, moderator)?;
        diesel::sql_query("UPDATE reports SET claimed_by = $2, claimed_at = now() WHERE id = $1")
            .bind::<BigInt, _>(id)
            .bind::<BigInt, _>(moderator)
            .execute(conn)?;
        Ok(())
    })
}

/// What a moderator asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    RemoveMessage,
    /// For this many days.
    Mute(i64),
    ResetName,
    Suspend(i64),
    Dismiss,
}

/// The longest mute or suspension, in days.
pub const LONGEST_DAYS: i64 = 3650;

/// `moderator` acts on report `id` for `reason`: the moderation log records it; the message,
/// the mute, the name or the suspension takes effect in the same transaction; every open report
/// of the same thing closes; the person is emailed (unless the report is dismissed). Returns the
/// moderation log's row.
pub fn act(
    conn: &mut PgConnection,
    id: i64,
    moderator: i64,
    asked: Asked,
    reason: Reason,
) -> Result<i64, Refused> {
    if let Asked::Mute(days) | Asked::Suspend(days) = asked
        && !(1..=LONGEST_DAYS).contains(&days)
    {
        return Err(Refused::Said(
            Message::new("moderation-days").with("most", LONGEST_DAYS),
        ));
    }
    conn.transaction(|conn| {
        let report = open_for(conn, id, moderator)?;
        let target = Target::parse(&report.target).ok_or(Refused::NotFound)?;
        let now = crate::store::database_now(conn)?;
        let until = |days: i64| format_time(now + Duration::days(days));
        let action = match asked {
            Asked::RemoveMessage => match target {
                Target::Talk { .. } => Action::RemoveMessage,
                _ => return Err(Refused::Said(Message::new("moderation-not-a-message"))),
            },
            Asked::Mute(days) => Action::Mute { until: until(days) },
            Asked::ResetName => Action::ResetName,
            Asked::Suspend(days) => Action::Suspend { until: until(days) },
            Asked::Dismiss => Action::Dismiss,
        };
        let quoted = match (&report.game_id, report.seq, &report.row_hash) {
            (Some(game), Some(seq), Some(hash)) => Some(Quoted {
                game: game.clone(),
                seq,
                hash: hex::encode(hash),
            }),
            _ => None,
        };
        let decision = Decision::Acted {
            subject: report.subject,
            action: action.clone(),
            reason,
            report: Some(id),
            quoted,
        };
        let seq = log::append(conn, Some(moderator), &decision)?;
        carry_out(conn, &report, &target, &action, reason, seq)?;
        diesel::sql_query(
            "UPDATE reports SET closed_at = now(), closed_by_action = $2
             WHERE target = $1 AND closed_at IS NULL",
        )
        .bind::<Text, _>(&report.target)
        .bind::<BigInt, _>(seq)
        .execute(conn)?;
        diesel::sql_query(
            "UPDATE appeals SET closed_at = now() WHERE player_id = $1 AND closed_at IS NULL",
        )
        .bind::<BigInt, _>(report.subject)
        .execute(conn)?;
        if action != Action::Dismiss {
            let payload = serde_json::json!({ "action": seq });
            notifications::enqueue(
                conn,
                report.subject,
                notifications::Kind::Moderation,
                None,
                payload,
            )?;
        }
        crate::metrics::moderation_action(action.as_str());
        Ok(seq)
    })
}

fn carry_out(
    conn: &mut PgConnection,
    report: &Report,
    target: &Target,
    action: &Action,
    reason: Reason,
    seq: i64,
) -> Result<(), Refused> {
    let subject = report.subject;
    let set = |conn: &mut PgConnection, column: &str, until: &str| -> QueryResult<usize> {
        diesel::sql_query(format!(
            "UPDATE players SET {column} = $2::timestamptz WHERE id = $1"
        ))
        .bind::<BigInt, _>(subject)
        .bind::<Text, _>(until)
        .execute(conn)
    };
    match (action, target) {
        (Action::RemoveMessage, Target::Talk { game, seq: row }) => {
            crate::tables::talk::remove_for_moderator(conn, game, *row, reason.removal(), seq)?;
        }
        (Action::Mute { until }, _) => {
            set(conn, "muted_until", until)?;
        }
        (Action::Suspend { until }, _) => {
            set(conn, "suspended_until", until)?;
            crate::auth::sessions::revoke_all(conn, subject)?;
        }
        (Action::ResetName, _) => {
            let name = format!("Player {subject}");
            diesel::sql_query(
                "UPDATE players SET display_name = $2, name_skeleton = $3 WHERE id = $1",
            )
            .bind::<BigInt, _>(subject)
            .bind::<Text, _>(&name)
            .bind::<Text, _>(crate::lookalike::skeleton(&name))
            .execute(conn)?;
        }
        _ => {}
    }
    Ok(())
}
