//! The moderation log: every moderator's action, and every moderator the operator names or
//! removes, one row each, hash-chained as a game's log is (`crate::chain`, with [`LOG_ID`] in
//! each hashed row), so that `turnpost verify --moderation` proves nothing in it was changed,
//! removed or slipped in. People appear by account number only; no names and no typed words.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bytea, Jsonb, Nullable, Timestamptz};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::reports::Reason;
use crate::chain::{ChainBreak, ChainedRow, GENESIS, Hash, RowContent};
use crate::store::events::format_time;

/// The log's id in every hashed row, where a game's log has the game's id.
pub const LOG_ID: &str = "moderation";

/// The advisory lock that puts appends in order ("modlog" in ASCII).
const APPEND_LOCK: i64 = 0x6d6f_646c_6f67;

/// One decision, as the log records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Decision {
    /// The operator named `player` a moderator (no actor).
    ModeratorAdded {
        player: i64,
    },
    ModeratorRemoved {
        player: i64,
    },
    /// A moderator (the actor) acted on `subject`, for `reason`, on report `report` when one
    /// asked for it, about the quoted row of a game's log when there was one.
    Acted {
        subject: i64,
        action: Action,
        reason: Reason,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        report: Option<i64>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        quoted: Option<Quoted>,
    },
}

/// What a moderator did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// The message of the quoted row lost its words.
    RemoveMessage,
    /// No table talk until then (RFC 3339).
    Mute { until: String },
    /// The display name was replaced by "Player N".
    ResetName,
    /// No sign-in, and nothing done by web, API token or email, until then (RFC 3339).
    Suspend { until: String },
    /// The report asked for nothing to be done.
    Dismiss,
}

impl Action {
    pub fn as_str(&self) -> &'static str {
        match self {
            Action::RemoveMessage => "remove_message",
            Action::Mute { .. } => "mute",
            Action::ResetName => "reset_name",
            Action::Suspend { .. } => "suspend",
            Action::Dismiss => "dismiss",
        }
    }
}

/// A row of a game's log, as a report quoted it: the hash fixes what it said.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Quoted {
    pub game: String,
    pub seq: i64,
    pub hash: String,
}

/// A row of the log as stored.
#[derive(Clone, Debug, QueryableByName)]
pub struct LogRow {
    #[diesel(sql_type = BigInt)]
    pub seq: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub actor: Option<i64>,
    #[diesel(sql_type = Jsonb)]
    pub command: Value,
    #[diesel(sql_type = Jsonb)]
    pub events: Value,
    #[diesel(sql_type = Timestamptz)]
    pub recorded_at: chrono::DateTime<chrono::Utc>,
    #[diesel(sql_type = Bytea)]
    pub prev_hash: Vec<u8>,
    #[diesel(sql_type = Bytea)]
    pub hash: Vec<u8>,
}

impl LogRow {
    /// What the row decided, if it reads as a decision.
    pub fn decision(&self) -> Option<Decision> {
        serde_json::from_value(self.command.clone()).ok()
    }
}

/// Appends `decision`, made by `actor` (none: the operator), in the caller's transaction; rows
/// are appended one at a time. Returns the row's number.
pub fn append(
    conn: &mut PgConnection,
    actor: Option<i64>,
    decision: &Decision,
) -> QueryResult<i64> {
    // One row at a time: the server's role may not lock the table itself.
    diesel::sql_query(format!("SELECT pg_advisory_xact_lock({APPEND_LOCK})")).execute(conn)?;
    let last: Option<LogRow> = diesel::sql_query(
        "SELECT seq, actor, command, events, recorded_at, prev_hash, hash
         FROM moderation_log ORDER BY seq DESC LIMIT 1",
    )
    .get_result(conn)
    .optional()?;
    let (seq, prev) = match &last {
        Some(row) => (
            row.seq + 1,
            Hash::try_from(row.hash.as_slice()).unwrap_or(GENESIS),
        ),
        None => (1, GENESIS),
    };
    let now = crate::store::database_now(conn)?;
    let command = serde_json::to_value(decision).expect("decisions serialize");
    let events = Value::Array(Vec::new());
    let recorded_at = format_time(now);
    let hash = RowContent {
        game_id: LOG_ID,
        seq,
        actor,
        command: &command,
        events: &events,
        recorded_at: &recorded_at,
    }
    .hash(&prev);
    diesel::sql_query(
        "INSERT INTO moderation_log (seq, actor, command, events, recorded_at, prev_hash, hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind::<BigInt, _>(seq)
    .bind::<Nullable<BigInt>, _>(actor)
    .bind::<Jsonb, _>(&command)
    .bind::<Jsonb, _>(&events)
    .bind::<Timestamptz, _>(now)
    .bind::<Bytea, _>(prev.as_slice())
    .bind::<Bytea, _>(hash.as_slice())
    .execute(conn)?;
    Ok(seq)
}

/// What row `seq` decided, in sentences for the person it was about, in `lang`: what was done,
/// why, until when, and how to appeal. `None` when the row is not an action on someone.
pub fn told(
    conn: &mut PgConnection,
    seq: i64,
    lang: crate::i18n::Lang,
) -> QueryResult<Option<Vec<String>>> {
    let row: Option<LogRow> = diesel::sql_query(
        "SELECT seq, actor, command, events, recorded_at, prev_hash, hash
         FROM moderation_log WHERE seq = $1",
    )
    .bind::<BigInt, _>(seq)
    .get_result(conn)
    .optional()?;
    let Some(Decision::Acted { action, reason, .. }) = row.and_then(|r| r.decision()) else {
        return Ok(None);
    };
    let day = |until: &str| until.get(..10).unwrap_or(until).to_string();
    let what = match &action {
        Action::RemoveMessage => lang.t("moderation-told-removed"),
        Action::Mute { until } => lang
            .tr("moderation-told-muted")
            .arg("until", day(until))
            .to_string(),
        Action::ResetName => lang.t("moderation-told-renamed"),
        Action::Suspend { until } => lang
            .tr("moderation-told-suspended")
            .arg("until", day(until))
            .to_string(),
        Action::Dismiss => return Ok(None),
    };
    let why = lang.say(
        &crate::rules::Message::new("moderation-told-reason").with(
            "reason",
            crate::rules::Message::new("removal-reason").text("reason", reason.as_str()),
        ),
        &[],
    );
    Ok(Some(vec![what, why, lang.t("moderation-told-appeal")]))
}

/// Every row of the log, in order.
pub fn rows(conn: &mut PgConnection) -> QueryResult<Vec<LogRow>> {
    diesel::sql_query(
        "SELECT seq, actor, command, events, recorded_at, prev_hash, hash
         FROM moderation_log ORDER BY seq",
    )
    .load(conn)
}

/// Checks the log's chain: rows numbered from 1 with no gap, each linked to the one before and
/// hashing to its recorded hash, and each a decision this server writes. Returns how many rows
/// and the head hash.
pub fn verify(rows: &[LogRow]) -> Result<(usize, Hash), ChainBreak> {
    let times: Vec<String> = rows
        .iter()
        .map(|row| format_time(row.recorded_at))
        .collect();
    let hash_of = |bytes: &[u8]| Hash::try_from(bytes).unwrap_or([0xff; 32]);
    let chained = rows
        .iter()
        .zip(&times)
        .map(|(row, recorded_at)| ChainedRow {
            content: RowContent {
                game_id: LOG_ID,
                seq: row.seq,
                actor: row.actor,
                command: &row.command,
                events: &row.events,
                recorded_at,
            },
            prev_hash: hash_of(&row.prev_hash),
            hash: hash_of(&row.hash),
        });
    let head = crate::chain::verify(chained)?;
    if let Some(row) = rows.iter().find(|row| row.decision().is_none()) {
        return Err(ChainBreak {
            seq: row.seq,
            problem: "the row is not a decision this server writes".into(),
        });
    }
    Ok((rows.len(), head))
}
