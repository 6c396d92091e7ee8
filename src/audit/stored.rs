//! A game's log checked as the database holds it, for the site-wide audit: the checks an export
//! gets (numbering, links, hashes, every row re-run through the rules, the seed), with no export
//! written and read back, each row's JSON parsed once, and the game the log leaves given back.

use std::borrow::Cow;
use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::deserialize::{self, FromSql, FromSqlRow};
use diesel::pg::{Pg, PgConnection, PgValue};
use diesel::prelude::*;
use diesel::sql_types::Jsonb;
use serde_json::Value;

use super::verify::{Discrepancy, Link, LogRow, rerun_log, wrong_as};
use crate::chain::{GENESIS, Hash, RowContent};
use crate::game_log::fold::replay::Game;
use crate::game_log::stream::seed::{self, Seed};
use crate::rules::{Message, Rules};
use crate::store::events::EventRow;
use crate::store::log_json::LogJson;
use crate::store::schema::game_events;

/// A jsonb column's text as PostgreSQL sends it: a batch of logs is held as text, and each row's
/// JSON is parsed once, when its game is checked.
#[derive(Default, FromSqlRow)]
pub struct JsonbText(Box<[u8]>);

impl FromSql<Jsonb, Pg> for JsonbText {
    fn from_sql(value: PgValue<'_>) -> deserialize::Result<Self> {
        // jsonb's binary format: a version byte, then the text.
        match value.as_bytes().split_first() {
            Some((1, text)) => Ok(JsonbText(text.into())),
            _ => Err("jsonb in an encoding other than version 1".into()),
        }
    }
}

/// A stored row as the audit reads it.
#[derive(Queryable)]
pub struct RawRow {
    seq: i64,
    actor: Option<i64>,
    command: JsonbText,
    events: JsonbText,
    recorded_at: DateTime<Utc>,
    prev_hash: Vec<u8>,
    hash: Vec<u8>,
}

/// Every row of several games, by game, each game's in order: one statement for them all.
pub fn read_logs(
    conn: &mut PgConnection,
    game_ids: &[&str],
) -> QueryResult<HashMap<String, Vec<RawRow>>> {
    let read: Vec<(String, RawRow)> = game_events::table
        .filter(game_events::game_id.eq_any(game_ids))
        .order((game_events::game_id.asc(), game_events::seq.asc()))
        .select((
            game_events::game_id,
            (
                game_events::seq,
                game_events::actor,
                game_events::command,
                game_events::events,
                game_events::recorded_at,
                game_events::prev_hash,
                game_events::hash,
            ),
        ))
        .load(conn)?;
    let mut logs: HashMap<String, Vec<RawRow>> = HashMap::new();
    for (game_id, row) in read {
        logs.entry(game_id).or_default().push(row);
    }
    Ok(logs)
}

/// A game's rows as the store holds them, with their trees; or the number of the first row
/// whose JSON does not parse.
pub fn parse_log(game_id: &str, raw: Vec<RawRow>) -> Result<(Vec<EventRow>, Vec<JsonTrees>), i64> {
    let mut rows = Vec::with_capacity(raw.len());
    let mut trees = Vec::with_capacity(raw.len());
    for row in raw {
        let parse =
            |text: &JsonbText| serde_json::from_slice::<Value>(&text.0).map_err(|_| row.seq);
        let (command, events) = (parse(&row.command)?, parse(&row.events)?);
        rows.push(EventRow {
            game_id: game_id.to_string(),
            seq: row.seq,
            actor: row.actor,
            command: LogJson::new(&command),
            events: LogJson::new(&events),
            recorded_at: row.recorded_at,
            prev_hash: row.prev_hash,
            hash: row.hash,
        });
        trees.push(JsonTrees { command, events });
    }
    Ok((rows, trees))
}

/// A row's command and events as JSON trees, as read from the database.
pub struct JsonTrees {
    pub command: Value,
    pub events: Value,
}

/// Checks a whole stored log: its rows, and each row's JSON trees (`trees`, in the same order).
/// `stored_seed` is the seed the database keeps for the game: where it is the one the first row
/// committed to, every row's outcomes are re-derived from it (a running game's too, which an
/// export cannot show), and a finished game must have revealed it.
pub fn verify_stored<R: Rules>(
    rows: &[EventRow],
    trees: Vec<JsonTrees>,
    stored_seed: Option<&[u8]>,
) -> Result<Game<R>, Discrepancy> {
    assert_eq!(trees.len(), rows.len(), "each row comes with its trees");
    let mut previous = GENESIS;
    let checked = (1..).zip(rows).zip(trees).map(|((expected, row), trees)| {
        let link = Link {
            seq: row.seq,
            prev: stored_hash(row.seq, &row.prev_hash, "prev_hash")?,
            hash: stored_hash(row.seq, &row.hash, "hash")?,
        };
        let recorded_at = row.recorded_at_text();
        let content = RowContent {
            game_id: &row.game_id,
            seq: row.seq,
            actor: row.actor,
            command: &trees.command,
            events: &trees.events,
            recorded_at: &recorded_at,
        };
        previous = link.check(expected, &previous, Some(content))?;
        Ok(LogRow {
            stored: Cow::Borrowed(row),
            events: Cow::Owned(trees.events),
            redacted: false,
        })
    });
    let committed = |game: &Game<R>| -> Option<Seed> {
        let seed = <Seed>::try_from(stored_seed?).ok()?;
        (seed::commitment(&seed) == game.seed_commitment).then_some(seed)
    };
    let done = rerun_log::<R>(checked, |first| Ok(committed(first)))?;
    if let (Some(ended), Some(seed)) = (&done.game.ended, &done.seed)
        && seed::parse_hex(&ended.seed).as_ref() != Some(seed)
    {
        return wrong_as(0, "verify-seed-not-stored");
    }
    Ok(done.game)
}

fn stored_hash(seq: i64, bytes: &[u8], what: &str) -> Result<Hash, Discrepancy> {
    Hash::try_from(bytes).map_err(|_| Discrepancy {
        seq,
        problem: Message::new("verify-not-hex").text("field", what),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_log::decide::seal::{TableSetup, close, creation_row};
    use crate::game_log::decide::{self, play::NewRow};
    use crate::game_log::fold::replay::replay;
    use crate::game_log::stream::{Participant, Submitted};
    use crate::rules::kalah::Kalah;
    use crate::rules::{Kind, Status};

    /// A Kalah game's log made as the server makes one: created, joined (which starts it), then
    /// `moves` moves, each the first legal one; and its seed.
    fn played_kalah(moves: usize) -> (Vec<EventRow>, Seed) {
        let seed: Seed = [3; 32];
        let at = chrono::DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let people = ["Ann", "Bo"].map(|name| Participant {
            id: name.len() as i64,
            name: name.into(),
        });
        let table = TableSetup {
            kind: Kind::Kalah,
            options: serde_json::to_value(<Kalah as Rules>::Options::default()).unwrap(),
            players: 2,
            private: false,
            time_control: None,
            rated: false,
            rating_range: None,
        };
        let first = creation_row::<Kalah>(at, "g1", people[0].clone(), table, &seed);
        let mut rows = vec![first];
        let mut game = replay::<Kalah>(&rows, None).unwrap();
        let mut entries = decide::join_entries(&game, people[1].clone(), &seed, 2);
        decide::salt_secrets(&game, None, None, &mut entries, &seed, 2);
        let (mut actor, mut submitted) = (people[1].id, Submitted::Join);
        for n in 0..=moves {
            let seq = rows.len() as i64 + 1;
            let new_row = NewRow {
                previous: rows.last(),
                actor: Some(actor),
                submitted,
                entries,
            };
            let closed = close(game, new_row, &seed, at + chrono::TimeDelta::seconds(seq));
            rows.push(closed.row);
            game = closed.game;
            if n == moves {
                break;
            }
            let Some(Status::ToAct { seats }) = game.status() else {
                panic!("the game ended after {n} moves");
            };
            let state = game.state.as_ref().unwrap();
            let command = <Kalah as Rules>::legal_commands(state, seats[0])[0].clone();
            entries =
                decide::play_entries::<Kalah>(state, seats[0], &command, &seed, seq + 1).unwrap();
            decide::salt_secrets(
                &game,
                Some(seats[0]),
                Some(&command),
                &mut entries,
                &seed,
                seq + 1,
            );
            actor = game.seating[seats[0]].id;
            submitted = Submitted::Play { command };
        }
        (rows, seed)
    }

    fn checked(rows: &[EventRow], seed: Option<&[u8]>) -> Result<Game<Kalah>, Discrepancy> {
        let trees = (rows.iter())
            .map(|row| JsonTrees {
                command: row.command.value(),
                events: row.events.value(),
            })
            .collect();
        verify_stored::<Kalah>(rows, trees, seed)
    }

    fn refused(rows: &[EventRow], seed: Option<&[u8]>) -> Discrepancy {
        match checked(rows, seed) {
            Ok(_) => panic!("the log was accepted"),
            Err(found) => found,
        }
    }

    #[test]
    fn a_stored_log_passes_and_a_changed_or_missing_row_is_named() {
        let (rows, seed) = played_kalah(6);
        let game = checked(&rows, Some(&seed)).expect("the log holds");
        assert_eq!((game.seq, rows.len()), (8, 8));

        let mut changed = rows.clone();
        changed[3].actor = None;
        let found = refused(&changed, Some(&seed));
        assert_eq!(
            (found.seq, found.problem.key.as_ref()),
            (4, "verify-row-hash")
        );

        let mut cut = rows.clone();
        cut.remove(2);
        let found = refused(&cut, Some(&seed));
        assert_eq!(
            (found.seq, found.problem.key.as_ref()),
            (3, "verify-misnumbered")
        );
    }

    #[test]
    fn a_seed_not_the_committed_one_is_not_used_and_a_short_hash_is_named() {
        let (rows, _) = played_kalah(4);
        let game = checked(&rows, Some(&[7; 32])).expect("checked without it");
        assert_eq!(game.seq, 6);

        let mut short = rows.clone();
        short[1].hash.pop();
        let found = refused(&short, None);
        assert_eq!(
            (found.seq, found.problem.key.as_ref()),
            (2, "verify-not-hex")
        );
    }
}
