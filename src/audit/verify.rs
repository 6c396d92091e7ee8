//! Checking an exported log: nothing here trusts the server or needs a database.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::export::{Export, ExportRow, FORMAT};
use crate::chain::{GENESIS, Hash, RowContent};
use crate::games::clock::OnTimeout;
use crate::games::decide;
use crate::games::replay::{Game, Phase, entries};
use crate::games::seed::{self, Seed};
use crate::games::stream::{CancelReason, Entry, Submitted};
use crate::games::with_rules;
use crate::i18n::Lang;
use crate::rules::Rules;
use crate::store::events::{EventRow, format_time};

/// The first thing found wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discrepancy {
    /// The row (its sequence number), or 0 for the export as a whole.
    pub seq: i64,
    pub problem: String,
}

impl std::fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.seq == 0 {
            write!(f, "{}", self.problem)
        } else {
            write!(f, "row {}: {}", self.seq, self.problem)
        }
    }
}

/// What was checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub lines: Vec<String>,
}

fn wrong<T>(seq: i64, problem: impl Into<String>) -> Result<T, Discrepancy> {
    Err(Discrepancy {
        seq,
        problem: problem.into(),
    })
}

fn parse_hash(seq: i64, text: &str, what: &str) -> Result<Hash, Discrepancy> {
    match hex::decode(text).ok().and_then(|b| Hash::try_from(b).ok()) {
        Some(hash) => Ok(hash),
        None => wrong(seq, format!("{what} is not 32 bytes of hex")),
    }
}

/// Checks the rows' numbering, their links, and (for rows not withheld) their hashes.
fn check_chain(export: &Export) -> Result<Hash, Discrepancy> {
    let mut previous = GENESIS;
    for (expected, row) in (1..).zip(&export.rows) {
        if row.seq != expected {
            return wrong(
                expected,
                format!("the row in this place is numbered {}", row.seq),
            );
        }
        let prev = parse_hash(row.seq, &row.prev_hash, "prev_hash")?;
        let hash = parse_hash(row.seq, &row.hash, "hash")?;
        if prev != previous {
            return wrong(row.seq, "prev_hash is not the hash of the row before");
        }
        if !row.redacted {
            let computed = RowContent {
                game_id: &export.game_id,
                seq: row.seq,
                actor: row.actor,
                command: &row.command,
                events: &row.events,
                recorded_at: &row.recorded_at,
            }
            .hash(&prev);
            if computed != hash {
                return wrong(
                    row.seq,
                    format!(
                        "the row's content hashes to {}, not to the recorded {}",
                        hex::encode(computed),
                        row.hash
                    ),
                );
            }
        }
        previous = hash;
    }
    Ok(previous)
}

fn stored_row(export: &Export, row: &ExportRow) -> Result<EventRow, Discrepancy> {
    let recorded_at: DateTime<Utc> = match DateTime::parse_from_rfc3339(&row.recorded_at) {
        Ok(time) => time.with_timezone(&Utc),
        Err(_) => return wrong(row.seq, "recorded_at is not an RFC 3339 time"),
    };
    Ok(EventRow {
        game_id: export.game_id.clone(),
        seq: row.seq,
        actor: row.actor,
        command: row.command.clone(),
        events: row.events.clone(),
        recorded_at,
        prev_hash: Vec::new(),
        hash: Vec::new(),
    })
}

/// Checks the revealed seed, if any, against the commitment.
fn check_seed(export: &Export) -> Result<Option<Seed>, Discrepancy> {
    let Some(text) = &export.seed else {
        return Ok(None);
    };
    let Some(seed) = seed::parse_hex(text) else {
        return wrong(0, "the revealed seed is not 32 bytes of hex");
    };
    let commitment = hex::encode(Sha256::digest(seed));
    if commitment != export.seed_commitment {
        return wrong(
            0,
            format!(
                "the revealed seed hashes to {commitment}, not to the commitment {}",
                export.seed_commitment
            ),
        );
    }
    Ok(Some(seed))
}

/// Compares what the rules give with what was recorded.
fn compare<E: serde::Serialize>(
    seq: i64,
    expected: &[Entry<E>],
    recorded: &Value,
) -> Result<(), Discrepancy> {
    let expected = serde_json::to_value(expected).expect("entries serialize");
    if &expected == recorded {
        return Ok(());
    }
    let (want, got) = (expected.as_array(), recorded.as_array());
    let at = match (want, got) {
        (Some(want), Some(got)) => (0..want.len().max(got.len()))
            .find(|i| want.get(*i) != got.get(*i))
            .unwrap_or(0),
        _ => 0,
    };
    let show = |v: Option<&Value>| v.map_or("nothing".to_string(), Value::to_string);
    wrong(
        seq,
        format!(
            "event {} differs from what the rules and the seed give: recorded {}, expected {}",
            at + 1,
            show(got.and_then(|g| g.get(at))),
            show(want.and_then(|w| w.get(at))),
        ),
    )
}

/// Re-runs one row against the game so far.
fn rerun<R: Rules>(
    game: &Game<R>,
    row: &EventRow,
    seed: Option<&Seed>,
    recorded: &[Entry<R::Event>],
) -> Result<bool, Discrepancy> {
    let submitted: Submitted<R::Command> = match serde_json::from_value(row.command.clone()) {
        Ok(submitted) => submitted,
        Err(e) => return wrong(row.seq, format!("the command does not parse: {e}")),
    };
    check_table_business(game, row, &submitted, recorded)?;
    let Some(seed) = seed else {
        // Without the seed, outcomes cannot be re-derived; the commands' legality still can.
        if let Submitted::Play { command } = &submitted {
            let seat = seat_of(game, row)?;
            let state = game.state.as_ref().ok_or(Discrepancy {
                seq: row.seq,
                problem: "a move before the game started".into(),
            })?;
            if !R::legal_commands(state, seat).contains(command) {
                return wrong(row.seq, format!("{} was not a legal move", row.command));
            }
        }
        return Ok(false);
    };
    let mut after = game.clone();
    let mut expected = match &submitted {
        Submitted::CreateGame { .. } => return wrong(row.seq, "a second creation of the game"),
        Submitted::Join => {
            let Some(Entry::PlayerJoined { player }) = recorded.first() else {
                return wrong(row.seq, "a join that records no player joining");
            };
            if Some(player.id) != row.actor {
                return wrong(row.seq, "the player who joined is not the actor");
            }
            let mut entries = decide::join_entries(game, player.clone(), seed, row.seq);
            decide::seal(game, None, None, &mut entries, seed, row.seq);
            entries
        }
        Submitted::Resign => {
            let seat = seat_of(game, row)?;
            let Some(Entry::Resigned { player, .. }) = recorded.first() else {
                return wrong(row.seq, "a resignation that records nobody resigning");
            };
            let mut entries = decide::resign_entries(game, seat, player.clone());
            decide::seal(game, None, None, &mut entries, seed, row.seq);
            entries
        }
        Submitted::TimeOut { seat } => {
            let Some(Entry::TimedOut { player, .. }) = recorded.first() else {
                return wrong(row.seq, "a timeout that records nobody out of time");
            };
            let due = game.clock.as_ref().and_then(|c| c.due_at(*seat));
            let due = format_time(due.expect("checked by check_table_business"));
            let mut entries = decide::timeout_entries(game, *seat, player.clone(), due);
            decide::seal(game, None, None, &mut entries, seed, row.seq);
            entries
        }
        Submitted::Cancel => decide::cancel_entries(if row.actor.is_some() {
            CancelReason::ByCreator
        } else {
            CancelReason::InvitationsExpired
        }),
        Submitted::Say { text } => {
            let Some(Entry::Said { player, .. }) = recorded.first() else {
                return wrong(row.seq, "table talk that records nobody talking");
            };
            decide::say_entries(player.clone(), text.clone())
        }
        Submitted::Away { until } => match recorded.first() {
            Some(Entry::Away { player, .. }) => vec![Entry::Away {
                player: player.clone(),
                until: until.clone(),
            }],
            _ => return wrong(row.seq, "a vacation that records nobody away"),
        },
        Submitted::Back => match recorded.first() {
            Some(Entry::Back { player }) => vec![Entry::Back {
                player: player.clone(),
            }],
            _ => return wrong(row.seq, "a return that records nobody coming back"),
        },
        Submitted::Play { command } => {
            let seat = seat_of(game, row)?;
            let Some(state) = game.state.as_ref() else {
                return wrong(row.seq, "a move before the game started");
            };
            let mut entries = match decide::play_entries::<R>(state, seat, command, seed, row.seq) {
                Ok(entries) => entries,
                Err(e) => return wrong(row.seq, format!("the rules refuse this move: {e}")),
            };
            decide::seal(game, Some(seat), Some(command), &mut entries, seed, row.seq);
            entries
        }
    };
    decide::settle(&mut after, &mut expected, seed);
    compare(row.seq, &expected, &row.events)?;
    Ok(true)
}

/// Checks what the seed is not needed for: a timeout came after the seat's time ran out by the
/// clocks of the rows before it, and was called by the server or (where the table allows) by
/// another player; a table was called off before it started, by its creator or the server;
/// table talk came from someone at the table.
fn check_table_business<R: Rules>(
    game: &Game<R>,
    row: &EventRow,
    submitted: &Submitted<R::Command>,
    recorded: &[Entry<R::Event>],
) -> Result<(), Discrepancy> {
    match submitted {
        Submitted::TimeOut { seat } => {
            let Some(control) = game.time_control else {
                return wrong(row.seq, "a timeout in a game without a time limit");
            };
            let Some(due) = game.clock.as_ref().and_then(|c| c.due_at(*seat)) else {
                return wrong(row.seq, "a timeout for a seat whose clock was not running");
            };
            if row.recorded_at < due {
                return wrong(
                    row.seq,
                    format!(
                        "a timeout at {} for a seat whose time ran out only at {}",
                        format_time(row.recorded_at),
                        format_time(due)
                    ),
                );
            }
            if let Some(Entry::TimedOut { player, .. }) = recorded.first()
                && game.seating.get(*seat).map(|p| p.id) != Some(player.id)
            {
                return wrong(row.seq, "the player timed out does not sit in that seat");
            }
            let by_player = match row.actor {
                None => false,
                Some(_) => {
                    let by = seat_of(game, row)?;
                    if by == *seat || game.resigned.contains(&by) {
                        return wrong(row.seq, "a timeout called by a seat not in play");
                    }
                    true
                }
            };
            if by_player != (control.on_timeout == OnTimeout::OthersDecide) {
                return wrong(
                    row.seq,
                    "a timeout called in a way this table's time control does not allow",
                );
            }
        }
        Submitted::Cancel => {
            if game.phase() != Phase::Waiting {
                return wrong(row.seq, "a table called off after it had started");
            }
            if row.actor.is_some_and(|id| id != game.creator.id) {
                return wrong(
                    row.seq,
                    "a table called off by someone other than its creator",
                );
            }
        }
        Submitted::Say { text } => {
            if !row.actor.is_some_and(|id| game.has_joined(id)) {
                return wrong(row.seq, "table talk by someone not at the table");
            }
            if decide::tidy_message(text).as_deref() != Ok(text.as_str()) {
                return wrong(
                    row.seq,
                    "table talk that is empty, too long or not plain text",
                );
            }
            if !matches!(recorded.first(), Some(Entry::Said { player, .. }) if Some(player.id) == row.actor)
            {
                return wrong(row.seq, "table talk recorded under someone else's name");
            }
        }
        Submitted::Away { until } => {
            let at_table = row.actor.is_some_and(|id| game.has_joined(id));
            let recorded_for_actor = matches!(recorded.first(), Some(Entry::Away { player, .. }) if Some(player.id) == row.actor);
            if !at_table || !recorded_for_actor {
                return wrong(row.seq, "a vacation for someone not at the table");
            }
            let ends = DateTime::parse_from_rfc3339(until).map(|t| t.with_timezone(&Utc));
            if !ends.is_ok_and(|ends| ends > row.recorded_at) {
                return wrong(row.seq, "a vacation that does not end after it starts");
            }
        }
        Submitted::Back => {
            let away = row.actor.and_then(|id| game.away.get(&id));
            if away.is_none_or(|until| *until <= row.recorded_at) {
                return wrong(row.seq, "a return from a vacation that was not running");
            }
            if !matches!(recorded.first(), Some(Entry::Back { player }) if Some(player.id) == row.actor)
            {
                return wrong(row.seq, "a return recorded under someone else's name");
            }
        }
        _ => {}
    }
    Ok(())
}

fn seat_of<R: Rules>(game: &Game<R>, row: &EventRow) -> Result<usize, Discrepancy> {
    match row.actor.and_then(|id| game.seat_of(id)) {
        Some(seat) => Ok(seat),
        None => wrong(row.seq, "a move by someone who has no seat"),
    }
}

fn verify_as<R: Rules>(export: &Export, head: Hash) -> Result<Report, Discrepancy> {
    let seed = check_seed(export)?;
    let mut game: Option<Game<R>> = None;
    let (mut rerun_rows, mut withheld) = (0, 0);
    for row in &export.rows {
        let stored = stored_row(export, row)?;
        let recorded = entries::<R>(&stored).map_err(|e| Discrepancy {
            seq: row.seq,
            problem: e.problem,
        })?;
        match game.as_mut() {
            None => {
                let first = crate::games::replay::replay::<R>(std::slice::from_ref(&stored), None)
                    .map_err(|e| Discrepancy {
                        seq: row.seq,
                        problem: e.problem,
                    })?;
                check_creation(export, &first)?;
                game = Some(first);
            }
            Some(current) => {
                if row.redacted {
                    withheld += 1;
                } else if rerun(current, &stored, seed.as_ref(), &recorded)? {
                    rerun_rows += 1;
                }
                for entry in &recorded {
                    current.apply(entry);
                }
                current.close_stored_row(&stored);
            }
        }
    }
    let Some(game) = game else {
        return wrong(0, "the log has no rows");
    };
    if let Some(ended) = &game.ended
        && export.seed.as_deref() != Some(ended.seed.as_str())
    {
        return wrong(
            0,
            "the seed revealed at the end of the log is not the export's seed",
        );
    }
    let mut lines = vec![
        format!(
            "Game {} ({}), {} rows, {} players.",
            export.game_id,
            Lang::En.t(R::NAME),
            export.rows.len(),
            game.players
        ),
        format!("Hash chain intact; head {}.", hex::encode(head)),
    ];
    lines.push(match &seed {
        Some(_) => format!(
            "Seed revealed and matching its commitment; all {rerun_rows} rows after the first re-run with it: every command legal, every recorded event and random outcome exactly what the rules and the seed give."
        ),
        None => "The seed is not revealed yet (the game has not ended): every move was checked to be legal, but random outcomes can only be checked once it ends.".to_string(),
    });
    if withheld > 0 {
        lines.push(format!(
            "{withheld} rows hold secrets withheld from this viewer: their hashes can be checked once the game ends."
        ));
    }
    lines.push(match &game.ended {
        Some(ended) => format!(
            "Result: {}.",
            crate::games::read_model::result_line::<R>(&ended.outcome, &game.seat_names())
        ),
        None => "The game is still running.".to_string(),
    });
    Ok(Report { lines })
}

fn check_creation<R: Rules>(export: &Export, game: &Game<R>) -> Result<(), Discrepancy> {
    if game.seed_commitment != export.seed_commitment {
        return wrong(
            1,
            "the seed commitment in the first row is not the export's",
        );
    }
    if game.options_json != export.options || game.players != export.players {
        return wrong(
            1,
            "the game's options or player count differ from the export's",
        );
    }
    if game.id != export.game_id {
        return wrong(1, "the game id differs from the export's");
    }
    Ok(())
}

/// Checks an export: format, hash chain, the rules, and the seed.
pub fn verify(export: &Export) -> Result<Report, Discrepancy> {
    if export.format != FORMAT {
        return wrong(
            0,
            format!("unknown format {:?} (expected {FORMAT})", export.format),
        );
    }
    let head = check_chain(export)?;
    with_rules!(export.kind, |R| verify_as::<R>(export, head))
}

/// The complete export of a stored game, as an operator checking the database sees it.
pub fn export_from_database(
    conn: &mut diesel::PgConnection,
    game_id: &str,
) -> anyhow::Result<Export> {
    let kind = crate::games::service::kind_of(conn, game_id)
        .map_err(|e| anyhow::anyhow!("game {game_id}: {e}"))?;
    with_rules!(kind, |R| {
        let (game, rows) = crate::games::service::load::<R>(conn, game_id, None)
            .map_err(|e| anyhow::anyhow!("game {game_id}: {e}"))?;
        Ok(super::export(&game, &rows, crate::rules::Viewer::Everyone)?)
    })
}
