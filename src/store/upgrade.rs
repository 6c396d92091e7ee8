//! Upgrades of stored data that SQL alone cannot make, run once each by the schema's owner right
//! after the migrations (`turnpost migrate`, or a server given the owner's URL).
//!
//! **Names outside the hashes.** Logs written before a participant's name was left out of the
//! row hash (see `crate::chain`) hashed the names too, so a name in them could not be replaced
//! by a pseudonym without breaking the chain. Each such log is hashed again by today's rule,
//! only if every row still holds by the rule it was written under: a log altered behind the
//! server's back is left as it is, for the audit to report. The old and new head of each log
//! hashed again are kept in `log_rehashes`.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bytea, Jsonb, Nullable, Text, Timestamptz};

use crate::chain::{GENESIS, Hash, RowContent};
use crate::store::events::format_time;

const NAMES_OUTSIDE_HASHES: &str = "names-outside-hashes";

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
    let done: Done = diesel::sql_query("SELECT count(*) AS n FROM data_upgrades WHERE name = $1")
        .bind::<Text, _>(NAMES_OUTSIDE_HASHES)
        .get_result(conn)?;
    if done.n > 0 {
        return Ok(Upgraded::default());
    }
    conn.transaction(|conn| {
        let mut upgraded = Upgraded::default();
        for (log, table, key) in LOGS {
            diesel::sql_query(format!("ALTER TABLE {table} DISABLE TRIGGER USER")).execute(conn)?;
            rehash_table(conn, log, table, key, &mut upgraded)?;
            diesel::sql_query(format!("ALTER TABLE {table} ENABLE TRIGGER USER")).execute(conn)?;
        }
        diesel::sql_query("INSERT INTO data_upgrades (name) VALUES ($1)")
            .bind::<Text, _>(NAMES_OUTSIDE_HASHES)
            .execute(conn)?;
        if upgraded != Upgraded::default() {
            tracing::info!(
                rehashed = upgraded.logs_rehashed,
                damaged = upgraded.logs_damaged,
                "logs hashed again with names left out"
            );
        }
        Ok(upgraded)
    })
}

/// Hashes again, log by log, every log of `table` that has a row hashed with names.
fn rehash_table(
    conn: &mut PgConnection,
    log: &str,
    table: &str,
    key: &str,
    upgraded: &mut Upgraded,
) -> QueryResult<()> {
    let ids: Vec<String> =
        diesel::sql_query(format!("SELECT DISTINCT {key} AS log_id FROM {table}"))
            .load::<LogId>(conn)?
            .into_iter()
            .map(|row| row.log_id)
            .collect();
    for id in ids {
        let rows: Vec<Row> = diesel::sql_query(format!(
            "SELECT {key} AS log_id, seq, actor, command, events, recorded_at, prev_hash, hash
             FROM {table} WHERE {key} = $1 ORDER BY seq"
        ))
        .bind::<Text, _>(&id)
        .load(conn)?;
        match rehashed(&rows) {
            Rehash::Current => {}
            Rehash::Damaged => upgraded.logs_damaged += 1,
            Rehash::Changed(hashes) => {
                for (row, (prev, hash)) in rows.iter().zip(&hashes) {
                    diesel::sql_query(format!(
                        "UPDATE {table} SET prev_hash = $1, hash = $2 WHERE {key} = $3 AND seq = $4"
                    ))
                    .bind::<Bytea, _>(prev.as_slice())
                    .bind::<Bytea, _>(hash.as_slice())
                    .bind::<Text, _>(&id)
                    .bind::<BigInt, _>(row.seq)
                    .execute(conn)?;
                }
                let old_head = rows.last().map(|r| r.hash.clone()).unwrap_or_default();
                let new_head = hashes.last().map(|(_, h)| h.to_vec()).unwrap_or_default();
                diesel::sql_query(
                    "INSERT INTO log_rehashes (log, log_id, old_head, new_head)
                     VALUES ($1, $2, $3, $4)
                     ON CONFLICT (log, log_id) DO UPDATE SET new_head = excluded.new_head",
                )
                .bind::<Text, _>(log)
                .bind::<Text, _>(&id)
                .bind::<Bytea, _>(old_head)
                .bind::<Bytea, _>(new_head)
                .execute(conn)?;
                upgraded.logs_rehashed += 1;
            }
        }
    }
    Ok(())
}

enum Rehash {
    /// Every row is hashed by today's rule.
    Current,
    /// A row holds by neither rule.
    Damaged,
    /// Every row's prev_hash and hash by today's rule.
    Changed(Vec<(Hash, Hash)>),
}

fn rehashed(rows: &[Row]) -> Rehash {
    let (mut old_prev, mut new_prev) = (GENESIS, GENESIS);
    let mut hashes = Vec::with_capacity(rows.len());
    let mut changed = false;
    for (expected, row) in (1..).zip(rows) {
        let recorded_at = format_time(row.recorded_at);
        let content = RowContent {
            game_id: &row.log_id,
            seq: row.seq,
            actor: row.actor,
            command: &row.command,
            events: &row.events,
            recorded_at: &recorded_at,
        };
        let Ok(recorded) = Hash::try_from(row.hash.as_slice()) else {
            return Rehash::Damaged;
        };
        let links = row.seq == expected && row.prev_hash.as_slice() == old_prev.as_slice();
        if !links || !content.hashes_to(&old_prev, &recorded) {
            return Rehash::Damaged;
        }
        let hash = content.hash(&new_prev);
        changed |= hash != recorded;
        hashes.push((new_prev, hash));
        (old_prev, new_prev) = (recorded, hash);
    }
    match changed {
        true => Rehash::Changed(hashes),
        false => Rehash::Current,
    }
}
