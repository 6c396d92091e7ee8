//! Auditing a tournament without trusting the server: an event's export carries its own log
//! and the whole log of every game it recorded a result for. The verifier checks the event's
//! hash chain, re-derives every pairing from the standings before it and the revealed seed,
//! checks every result against its game's own verified log (the row that ended the game must be
//! the one whose hash the result names, at the table the pairing gave), checks that the event
//! ended where its format ends it, and recomputes the final standings with their tie-breaks.

use chrono::Duration;
use diesel::pg::PgConnection;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::export::{Export, ExportRow};
use super::verify::{Discrepancy, Report, check_rows, stored_row_of, verify, wrong, wrong_as};
use crate::game_log::fold::replay::replay;
use crate::game_log::stream::{EventTable, Participant};
use crate::rules::{Message, Rules, with_rules};
use crate::store::events::{EventRow, format_time};
use crate::store::log_json::LogJson;
use crate::tournaments::decide;
use crate::tournaments::log::facts::{Asked, Fact};
use crate::tournaments::log::fold::{Event, Phase};
use crate::tournaments::round_games::ends_game;

pub const EVENT_FORMAT: &str = "turnpost-event-log/1";

/// A tournament's log with everything needed to check it offline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventExport {
    pub format: String,
    pub event_id: String,
    pub rows: Vec<ExportRow>,
    /// The whole log of every game whose result the event has recorded.
    pub games: Vec<Export>,
}

fn export_row(row: &EventRow) -> ExportRow {
    ExportRow {
        seq: row.seq,
        actor: row.actor,
        recorded_at: row.recorded_at_text(),
        command: row.command.value(),
        events: row.events.value(),
        prev_hash: hex::encode(&row.prev_hash),
        hash: row.hash_hex(),
        redacted: false,
    }
}

/// The export of a stored event. Its log holds no secret (the seed is revealed by its last
/// row, never before); the games included have all ended, so theirs hold none either.
pub fn event_export(conn: &mut PgConnection, event_id: &str) -> anyhow::Result<EventExport> {
    let (event, rows) = crate::tournaments::log::store::load(conn, event_id)
        .map_err(|e| anyhow::anyhow!("event {event_id}: {e}"))?;
    let games = (event.results.iter())
        .map(|result| super::verify::export_from_database(conn, &result.game))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(EventExport {
        format: EVENT_FORMAT.to_string(),
        event_id: event_id.to_string(),
        rows: rows.iter().map(export_row).collect(),
        games,
    })
}

fn unreadable<T>(seq: i64, detail: impl Into<String>) -> Result<T, Discrepancy> {
    wrong(
        seq,
        Message::new("verify-unreadable").text("detail", detail.into()),
    )
}

fn facts_of(row: &EventRow) -> Result<Vec<Fact>, Discrepancy> {
    crate::tournaments::log::store::facts(row).or_else(|e| unreadable(row.seq, e.problem))
}

/// Checks an event's export: chain, seed, every pairing, every result, the standings.
pub fn verify_event(export: &EventExport) -> Result<Report, Discrepancy> {
    if export.format != EVENT_FORMAT {
        return wrong(
            0,
            Message::new("verify-format")
                .text("format", &export.format)
                .text("expected", EVENT_FORMAT),
        );
    }
    let head = check_rows(&export.event_id, &export.rows)?;
    let rows = (export.rows.iter())
        .map(|row| stored_row_of(&export.event_id, row))
        .collect::<Result<Vec<_>, _>>()?;
    let Some(first) = rows.first() else {
        return wrong_as(0, "verify-empty-log");
    };
    let mut event = Event::created(&export.event_id, &facts_of(first)?)
        .or_else(|e| unreadable(e.seq, e.problem))?;
    let seed = revealed_seed(&rows, &event)?;
    let mut games_checked = 0;
    for row in &rows[1..] {
        let facts = facts_of(row)?;
        for fact in &facts {
            match fact {
                Fact::RoundStarted {
                    round,
                    tables,
                    bye,
                    deadline,
                } => check_round(&event, row, seed.as_deref(), *round, tables, *bye, deadline)?,
                Fact::Finished {
                    game, places, head, ..
                } => {
                    check_result(export, &event, row.seq, game, places, head)?;
                    games_checked += 1;
                }
                Fact::Started { entrants } => check_start(&event, row, entrants)?,
                Fact::Ended { .. } => {
                    let called_off = facts.iter().find_map(|fact| match fact {
                        Fact::CalledOff { by_organiser } => Some(*by_organiser),
                        _ => None,
                    });
                    check_end(&event, row, seed.as_deref(), called_off)?;
                }
                _ => {}
            }
        }
        event.apply_row(row.seq, &facts);
    }
    let mut lines = vec![
        Message::new("verify-event")
            .text("id", &export.event_id)
            .text("title", &event.setup.title)
            .with("rows", rows.len())
            .with("entrants", event.entrants.len()),
        Message::new("verify-chain-intact").text("head", hex::encode(head)),
        Message::new("verify-event-results").with("games", games_checked),
    ];
    match &seed {
        Some(seed) if event.phase() == Phase::Finished => {
            lines.push(Message::new("verify-event-pairings").with("rounds", event.rounds.len()));
            for line in decide::standings(&event, seed) {
                lines.push(
                    Message::new("verify-event-standing")
                        .with("place", line.place)
                        .text("name", event.name_of(line.entrant))
                        .text("points", line.points.to_string()),
                );
            }
        }
        Some(_) if event.phase() == Phase::CalledOff => {
            lines.push(Message::new("verify-event-called-off"));
        }
        _ => lines.push(Message::new("verify-event-seed-hidden")),
    }
    Ok(Report { lines })
}

/// The seed the last row reveals, checked against the commitment of the first.
fn revealed_seed(rows: &[EventRow], event: &Event) -> Result<Option<Vec<u8>>, Discrepancy> {
    for row in rows {
        for fact in facts_of(row)? {
            if let Fact::Ended { seed } = fact {
                let Some(bytes) = hex::decode(&seed).ok().filter(|b| b.len() == 32) else {
                    return wrong_as(row.seq, "verify-seed-not-hex");
                };
                let hash = hex::encode(Sha256::digest(&bytes));
                if hash != event.seed_commitment {
                    return wrong(
                        row.seq,
                        Message::new("verify-seed-commitment")
                            .text("hash", hash)
                            .text("commitment", &event.seed_commitment),
                    );
                }
                return Ok(Some(bytes));
            }
        }
    }
    Ok(None)
}

/// An event may be called off only before it starts: by the server for want of entrants, or by
/// its organiser; otherwise it ends where its format does: a round robin once every game has a
/// result, a Swiss or an event of tables once its last round is complete or no further round
/// can be paired.
fn check_end(
    event: &Event,
    row: &EventRow,
    seed: Option<&[u8]>,
    called_off: Option<bool>,
) -> Result<(), Discrepancy> {
    let seq = row.seq;
    if let Some(by_organiser) = called_off {
        let allowed = match by_organiser {
            true => row.actor == Some(event.creator.id),
            false => (event.entrants.len() as u32) < event.setup.min_entrants,
        };
        return match !event.started && allowed {
            true => Ok(()),
            false => wrong_as(seq, "verify-event-called-off-wrongly"),
        };
    }
    if seed.is_some_and(|seed| decide::is_over(event, seed)) {
        return Ok(());
    }
    let undecided: Vec<&str> = (event.running_games().into_iter())
        .map(|(_, table)| table.game.as_str())
        .collect();
    let problem = match undecided.is_empty() {
        true => Message::new("verify-event-ended-early")
            .with("rounds", event.rounds.len())
            .with("next", event.rounds.len() + 1),
        false => Message::new("verify-event-ended-undecided")
            .with("count", undecided.len())
            .text("games", undecided.join(", ")),
    };
    wrong(seq, problem)
}

/// An event starts with everyone signed up, and at least the fewest it needs: when sign-up
/// closes (the server), or earlier when its organiser starts it.
fn check_start(event: &Event, row: &EventRow, entrants: &[Participant]) -> Result<(), Discrepancy> {
    let asked: Option<Asked> = row.command.decode().ok();
    let by_whom = match asked {
        Some(Asked::StartNow) => row.actor == Some(event.creator.id),
        _ => row.actor.is_none(),
    };
    let enough = entrants.len() >= event.setup.min_entrants as usize;
    let everyone = (entrants.iter().map(|p| p.id)).eq(event.entrants.iter().map(|p| p.id));
    match by_whom && enough && !event.started && everyone {
        true => Ok(()),
        false => wrong_as(row.seq, "verify-event-started-wrongly"),
    }
}

/// A round's pairing must be the one the documented rules give from the event before it, and
/// its deadline the round's time after the row that started it.
fn check_round(
    event: &Event,
    row: &EventRow,
    seed: Option<&[u8]>,
    round: u32,
    tables: &[crate::tournaments::log::facts::Table],
    bye: Option<usize>,
    deadline: &Option<String>,
) -> Result<(), Discrepancy> {
    if round as usize != event.rounds.len() + 1
        || !(event.rounds.is_empty() || event.round_complete())
    {
        return wrong(
            row.seq,
            Message::new("verify-event-round-early").with("round", round as usize),
        );
    }
    let expected_deadline =
        (event.setup.round_seconds).map(|s| format_time(row.recorded_at + Duration::seconds(s)));
    if *deadline != expected_deadline {
        return wrong(
            row.seq,
            Message::new("verify-event-deadline").with("round", round as usize),
        );
    }
    let Some(seed) = seed else {
        return Ok(());
    };
    let recorded: Vec<Vec<usize>> = tables.iter().map(|t| t.seats.clone()).collect();
    let expected = decide::next_round(event, seed);
    let same = expected
        .as_ref()
        .is_some_and(|p| p.tables == recorded && p.bye == bye);
    if !same {
        let show = |tables: &[Vec<usize>], bye: Option<usize>| {
            let mut text: Vec<String> = (tables.iter())
                .map(|seats| {
                    let names: Vec<&str> = seats.iter().map(|&e| event.name_of(e)).collect();
                    names.join("–")
                })
                .collect();
            if let Some(bye) = bye {
                text.push(format!("bye {}", event.name_of(bye)));
            }
            text.join(", ")
        };
        return wrong(
            row.seq,
            Message::new("verify-event-pairing")
                .with("round", round as usize)
                .text("recorded", show(&recorded, bye))
                .text(
                    "expected",
                    expected.map_or("-".into(), |p| show(&p.tables, p.bye)),
                ),
        );
    }
    Ok(())
}

/// A result must match its game's own log: the log verifies, it is the game the pairing opened
/// (this event, round and table, these players in these seats), the row with the recorded hash
/// ends the game, and the places are the ones that game's end gives.
fn check_result(
    export: &EventExport,
    event: &Event,
    seq: i64,
    game_id: &str,
    places: &[u32],
    head: &str,
) -> Result<(), Discrepancy> {
    let missing = || {
        wrong(
            seq,
            Message::new("verify-event-game-missing").text("game", game_id),
        )
    };
    let Some(game) = export.games.iter().find(|g| g.game_id == game_id) else {
        return missing();
    };
    let Some((round, table)) = event.table_of(game_id) else {
        return missing();
    };
    if let Err(problem) = verify(game) {
        return wrong(
            seq,
            Message::new("verify-event-game-log")
                .text("game", game_id)
                .with("problem", problem.message()),
        );
    }
    let Some(ending) = game.rows.iter().find(|r| r.hash == head) else {
        return wrong(seq, Message::new("verify-event-head").text("game", game_id));
    };
    if !ends_game(&LogJson::new(&ending.events)) {
        return wrong(seq, Message::new("verify-event-head").text("game", game_id));
    }
    let seating: Vec<_> = table
        .seats
        .iter()
        .map(|&e| event.entrants[e].clone())
        .collect();
    let found = with_rules!(game.kind, |R| game_facts::<R>(game))?;
    let (their_table, their_places) = found;
    let same_table = their_table
        .as_ref()
        .is_some_and(|t| t.event == event.id && t.round == round && t.seating == seating);
    if !same_table {
        return wrong(
            seq,
            Message::new("verify-event-game-other").text("game", game_id),
        );
    }
    if their_places != places {
        return wrong(
            seq,
            Message::new("verify-event-places")
                .text("game", game_id)
                .text("recorded", format!("{places:?}"))
                .text("expected", format!("{their_places:?}")),
        );
    }
    Ok(())
}

/// The event table a game's log names and the places its end gives.
fn game_facts<R: Rules>(game: &Export) -> Result<(Option<EventTable>, Vec<u32>), Discrepancy> {
    let rows = (game.rows.iter())
        .map(|row| stored_row_of(&game.game_id, row))
        .collect::<Result<Vec<_>, _>>()?;
    let replayed = replay::<R>(&rows, None).or_else(|e| unreadable(e.seq, e.problem))?;
    Ok((replayed.event.clone(), replayed.seat_places()))
}
