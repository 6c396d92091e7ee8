//! Upgrades of stored data that SQL alone cannot make, run once each by the schema's owner right
//! after the migrations (`turnpost migrate`, or a server given the owner's URL).
//!
//! **Names outside the hashes.** Logs written before a participant's name was left out of the
//! row hash (see `crate::chain`) hashed the names too, so a name in them could not be replaced
//! by a pseudonym without breaking the chain. Each such log is hashed again by today's rule,
//! only if every row still holds by the rule it was written under: a log altered behind the
//! server's back is left as it is, for the audit to report. The old and new head of each log
//! hashed again are kept in `log_rehashes`.
//!
//! **Talk outside the hashes.** Logs written before table talk was committed to hold each
//! message's text itself in the hashed row. Each message becomes words committed to under a
//! fresh salt (see `crate::game_log::stream::Talk`) and the log is hashed again, on the same
//! terms: only a log that still holds, with its old and new heads kept.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bytea, Jsonb, Nullable, Text, Timestamptz};

use crate::chain::{GENESIS, Hash, RowContent};
use crate::store::events::format_time;

const NAMES_OUTSIDE_HASHES: &str = "names-outside-hashes";
const TALK_OUTSIDE_HASHES: &str = "talk-outside-hashes";

/// The two hash-chained logs: games' and tournaments'.
const LOGS: [(&str, &str, &str); 2] = [
    ("game", "game_events", "game_id"),
    ("event", "event_log", "event_id"),
];

/// What the upgrades did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Upgraded {
    pub logs_rehashed: usize,
    /// Logs left as they are: a row holds by neither rule.
    pub logs_damaged: usize,
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Text)]
    log_id: String,
    #[diesel(sql_type = BigInt)]
    seq: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    actor: Option<i64>,
    #[diesel(sql_type = Jsonb)]
    command: serde_json::Value,
    #[diesel(sql_type = Jsonb)]
    events: serde_json::Value,
    #[diesel(sql_type = Timestamptz)]
    recorded_at: chrono::DateTime<chrono::Utc>,
    #[diesel(sql_type = Bytea)]
    prev_hash: Vec<u8>,
    #[diesel(sql_type = Bytea)]
    hash: Vec<u8>,
}

#[derive(QueryableByName)]
struct LogId {
    #[diesel(sql_type = Text)]
    log_id: String,
}

#[derive(QueryableByName)]
struct Done {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Runs every upgrade not yet done, each in one transaction.
pub fn run(conn: &mut PgConnection) -> QueryResult<Upgraded> {
    let mut upgraded = Upgraded::default();
    for (name, logs) in [
        (NAMES_OUTSIDE_HASHES, &LOGS[..]),
        (TALK_OUTSIDE_HASHES, &LOGS[..1]),
    ] {
        let done: Done =
            diesel::sql_query("SELECT count(*) AS n FROM data_upgrades WHERE name = $1")
                .bind::<Text, _>(name)
                .get_result(conn)?;
        if done.n > 0 {
            continue;
        }
        let this = conn.transaction(|conn| {
            let mut this = Upgraded::default();
            for (log, table, key) in logs {
                diesel::sql_query(format!("ALTER TABLE {table} DISABLE TRIGGER USER"))
                    .execute(conn)?;
                rehash_table(conn, name, (log, table, key), &mut this)?;
                diesel::sql_query(format!("ALTER TABLE {table} ENABLE TRIGGER USER"))
                    .execute(conn)?;
            }
            diesel::sql_query("INSERT INTO data_upgrades (name) VALUES ($1)")
                .bind::<Text, _>(name)
                .execute(conn)?;
            QueryResult::Ok(this)
        })?;
        if this != Upgraded::default() {
            tracing::info!(
                upgrade = name,
                rehashed = this.logs_rehashed,
                damaged = this.logs_damaged,
                "logs hashed again"
            );
        }
        upgraded.logs_rehashed += this.logs_rehashed;
        upgraded.logs_damaged += this.logs_damaged;
    }
    Ok(upgraded)
}

/// The logs an upgrade has to look at: for talk, only games with a message in plain text.
fn logs_to_upgrade(upgrade: &str, table: &str, key: &str) -> String {
    match upgrade {
        TALK_OUTSIDE_HASHES => format!(
            "SELECT DISTINCT {key} AS log_id FROM {table}
             WHERE command->>'type' = 'say' AND jsonb_typeof(command->'text') = 'string'"
        ),
        _ => format!("SELECT DISTINCT {key} AS log_id FROM {table}"),
    }
}

/// Hashes again, log by log, every log of `table` that `upgrade` changes.
fn rehash_table(
    conn: &mut PgConnection,
    upgrade: &str,
    (log, table, key): (&str, &str, &str),
    upgraded: &mut Upgraded,
) -> QueryResult<()> {
    let ids: Vec<String> = diesel::sql_query(logs_to_upgrade(upgrade, table, key))
        .load::<LogId>(conn)?
        .into_iter()
        .map(|row| row.log_id)
        .collect();
    for id in ids {
        let mut rows: Vec<Row> = diesel::sql_query(format!(
            "SELECT {key} AS log_id, seq, actor, command, events, recorded_at, prev_hash, hash
             FROM {table} WHERE {key} = $1 ORDER BY seq"
        ))
        .bind::<Text, _>(&id)
        .load(conn)?;
        let old_head = rows.last().map(|r| r.hash.clone()).unwrap_or_default();
        let hashes = match rehashed(&mut rows, upgrade == TALK_OUTSIDE_HASHES) {
            Rehash::Current => continue,
            Rehash::Damaged => {
                upgraded.logs_damaged += 1;
                continue;
            }
            Rehash::Changed(hashes) => hashes,
        };
        for (row, (prev, hash)) in rows.iter().zip(&hashes) {
            diesel::sql_query(format!(
                "UPDATE {table} SET command = $1, events = $2, prev_hash = $3, hash = $4
                 WHERE {key} = $5 AND seq = $6"
            ))
            .bind::<Jsonb, _>(&row.command)
            .bind::<Jsonb, _>(&row.events)
            .bind::<Bytea, _>(prev.as_slice())
            .bind::<Bytea, _>(hash.as_slice())
            .bind::<Text, _>(&id)
            .bind::<BigInt, _>(row.seq)
            .execute(conn)?;
        }
        let new_head = hashes.last().map(|(_, h)| h.to_vec()).unwrap_or_default();
        diesel::sql_query(
            "INSERT INTO log_rehashes (log, log_id, upgrade, old_head, new_head)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (log, log_id, upgrade) DO UPDATE SET new_head = excluded.new_head",
        )
        .bind::<Text, _>(log)
        .bind::<Text, _>(&id)
        .bind::<Text, _>(upgrade)
        .bind::<Bytea, _>(old_head)
        .bind::<Bytea, _>(new_head)
        .execute(conn)?;
        upgraded.logs_rehashed += 1;
    }
    Ok(())
}

/// Commits to a message in plain text: the command's words and the entry's become one object
/// of words under a fresh salt. Whether the row changed.
fn commit_plain_talk(row: &mut Row) -> bool {
    let Some(text) = (row.command.get("type").and_then(|t| t.as_str()) == Some("say"))
        .then(|| row.command.get("text").and_then(|t| t.as_str()))
        .flatten()
        .map(str::to_string)
    else {
        return false;
    };
    // As `game_log::stream::Talk::commit` writes a message: a fresh salt from the operating
    // system, never the game's seed.
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).expect("the operating system's random source is available");
    let words = serde_json::json!({
        "commitment": crate::chain::words_commitment(&salt, &text),
        "salt": hex::encode(salt),
        "text": text,
    });
    row.command["text"] = words.clone();
    for entry in row.events.as_array_mut().into_iter().flatten() {
        if entry.get("type").and_then(|t| t.as_str()) == Some("said")
            && entry.get("text").and_then(|t| t.as_str()) == Some(text.as_str())
        {
            entry["text"] = words.clone();
        }
    }
    true
}

enum Rehash {
    /// Every row is hashed by today's rule.
    Current,
    /// A row holds by neither rule.
    Damaged,
    /// Every row's prev_hash and hash by today's rule.
    Changed(Vec<(Hash, Hash)>),
}

fn content_of<'a>(row: &'a Row, recorded_at: &'a str) -> RowContent<'a> {
    RowContent {
        game_id: &row.log_id,
        seq: row.seq,
        actor: row.actor,
        command: &row.command,
        events: &row.events,
        recorded_at,
    }
}

/// Every row's prev_hash and hash by today's rule, after (with `commit_talk`) each message in
/// plain text is committed to; nothing changes unless every row holds by the rule it was
/// written under.
fn rehashed(rows: &mut [Row], commit_talk: bool) -> Rehash {
    let (mut old_prev, mut new_prev) = (GENESIS, GENESIS);
    let mut hashes = Vec::with_capacity(rows.len());
    let mut changed = false;
    for (expected, row) in (1..).zip(rows.iter_mut()) {
        let recorded_at = format_time(row.recorded_at);
        let Ok(recorded) = Hash::try_from(row.hash.as_slice()) else {
            return Rehash::Damaged;
        };
        let content = content_of(row, &recorded_at);
        let links = row.seq == expected && row.prev_hash.as_slice() == old_prev.as_slice();
        if !links || !content.hashes_to(&old_prev, &recorded) {
            return Rehash::Damaged;
        }
        if commit_talk {
            commit_plain_talk(row);
        }
        let hash = content_of(row, &recorded_at).hash(&new_prev);
        changed |= hash != recorded;
        hashes.push((new_prev, hash));
        (old_prev, new_prev) = (recorded, hash);
    }
    match changed {
        true => Rehash::Changed(hashes),
        false => Rehash::Current,
    }
}

/// Gives every player named before names' skeletons were kept theirs (see `crate::lookalike`),
/// so that a new name that looks like one of theirs is refused. Returns how many.
pub fn fill_name_skeletons(conn: &mut PgConnection) -> QueryResult<usize> {
    #[derive(QueryableByName)]
    struct Named {
        #[diesel(sql_type = BigInt)]
        id: i64,
        #[diesel(sql_type = Text)]
        display_name: String,
    }
    let unshaped: Vec<Named> = diesel::sql_query(
        "SELECT id, display_name FROM players WHERE name_skeleton IS NULL AND closed_at IS NULL",
    )
    .load(conn)?;
    for player in &unshaped {
        diesel::sql_query("UPDATE players SET name_skeleton = $1 WHERE id = $2")
            .bind::<Text, _>(crate::lookalike::skeleton(&player.display_name))
            .bind::<BigInt, _>(player.id)
            .execute(conn)?;
    }
    Ok(unshaped.len())
}
