//! Checking an exported log: nothing here trusts the server or needs a database.

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::export::{Export, ExportRow, FORMAT};
use super::plans::{self, Played};
use crate::chain::{GENESIS, Hash, RowContent};
use crate::game_log::decide;
use crate::game_log::fold::load;
use crate::game_log::fold::replay::{Game, Phase};
use crate::game_log::stream::seed::{self, Seed};
use crate::game_log::stream::time_control::OnTimeout;
use crate::game_log::stream::{CancelReason, Entry, Submitted};
use crate::ratings::rate;
use crate::rules::with_rules;
use crate::rules::{Message, Rules};
use crate::store::events::{EventRow, format_time};
use crate::store::log_json::LogJson;

/// The first thing found wrong, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Discrepancy {
    /// The row (its sequence number), or 0 for the export as a whole.
    pub seq: i64,
    pub problem: Message,
}

impl Discrepancy {
    /// "row 12: …", or the problem alone for the export as a whole.
    pub fn message(&self) -> Message {
        if self.seq == 0 {
            self.problem.clone()
        } else {
            Message::new("verify-at-row")
                .with("seq", self.seq)
                .with("problem", self.problem.clone())
        }
    }
}

/// English, for logs and tests; people read [`Discrepancy::message`] in their own language.
impl std::fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message())
    }
}

/// What was checked, a sentence a line.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub lines: Vec<Message>,
}

pub(super) fn wrong<T>(seq: i64, problem: Message) -> Result<T, Discrepancy> {
    Err(Discrepancy { seq, problem })
}

/// A problem without details, by its message key.
pub(super) fn wrong_as<T>(seq: i64, key: &'static str) -> Result<T, Discrepancy> {
    wrong(seq, Message::new(key))
}

fn parse_hash(seq: i64, text: &str, what: &str) -> Result<Hash, Discrepancy> {
    match hex::decode(text).ok().and_then(|b| Hash::try_from(b).ok()) {
        Some(hash) => Ok(hash),
        None => wrong(seq, Message::new("verify-not-hex").text("field", what)),
    }
}

/// Checks the rows' numbering, their links, and (for rows not withheld) their hashes.
fn check_chain(export: &Export) -> Result<Hash, Discrepancy> {
    check_rows(&export.game_id, &export.rows)
}

/// [`check_chain`] for the rows of any log: a game's, or an event's (whose id takes the game's
/// place in each hashed row).
pub(super) fn check_rows(log_id: &str, rows: &[ExportRow]) -> Result<Hash, Discrepancy> {
    let mut previous = GENESIS;
    for (expected, row) in (1..).zip(rows) {
        let link = Link {
            seq: row.seq,
            prev: parse_hash(row.seq, &row.prev_hash, "prev_hash")?,
            hash: parse_hash(row.seq, &row.hash, "hash")?,
        };
        let content = (!row.redacted).then(|| RowContent {
            game_id: log_id,
            seq: row.seq,
            actor: row.actor,
            command: &row.command,
            events: &row.events,
            recorded_at: &row.recorded_at,
        });
        previous = link.check(expected, &previous, content)?;
    }
    Ok(previous)
}

/// A row's place in its chain: its number, the hash it links to and its own.
pub(super) struct Link {
    pub seq: i64,
    pub prev: Hash,
    pub hash: Hash,
}

impl Link {
    /// Checks that the row is the `expected`th, links to `previous`, and (when its content is
    /// given: rows withheld from the reader are not) hashes to its hash; returns that hash.
    pub(super) fn check(
        &self,
        expected: i64,
        previous: &Hash,
        content: Option<RowContent<'_>>,
    ) -> Result<Hash, Discrepancy> {
        if self.seq != expected {
            return wrong(
                expected,
                Message::new("verify-misnumbered").with("found", self.seq),
            );
        }
        if self.prev != *previous {
            return wrong_as(self.seq, "verify-prev-hash");
        }
        if let Some(content) = content
            && !content.hashes_to(&self.prev, &self.hash)
        {
            let computed = content.hash(&self.prev);
            return wrong(
                self.seq,
                Message::new("verify-row-hash")
                    .text("computed", hex::encode(computed))
                    .text("recorded", hex::encode(self.hash)),
            );
        }
        Ok(self.hash)
    }
}

fn stored_row(export: &Export, row: &ExportRow) -> Result<EventRow, Discrepancy> {
    stored_row_of(&export.game_id, row)
}

/// An exported row as the store holds it (its hashes left out).
pub(super) fn stored_row_of(log_id: &str, row: &ExportRow) -> Result<EventRow, Discrepancy> {
    let recorded_at: DateTime<Utc> = match DateTime::parse_from_rfc3339(&row.recorded_at) {
        Ok(time) => time.with_timezone(&Utc),
        Err(_) => return wrong_as(row.seq, "verify-recorded-at"),
    };
    Ok(EventRow {
        game_id: log_id.to_string(),
        seq: row.seq,
        actor: row.actor,
        command: LogJson::new(&row.command),
        events: LogJson::new(&row.events),
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
        return wrong_as(0, "verify-seed-not-hex");
    };
    let commitment = hex::encode(Sha256::digest(seed));
    if commitment != export.seed_commitment {
        return wrong(
            0,
            Message::new("verify-seed-commitment")
                .text("hash", commitment)
                .text("commitment", &export.seed_commitment),
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
    let show = |v: Option<&Value>| v.map_or_else(|| "-".to_string(), Value::to_string);
    wrong(
        seq,
        Message::new("verify-event-differs")
            .with("event", at + 1)
            .text("recorded", show(got.and_then(|g| g.get(at))))
            .text("expected", show(want.and_then(|w| w.get(at)))),
    )
}

/// Re-runs one row against the game so far.
fn rerun<R: Rules>(
    game: &Game<R>,
    row: &EventRow,
    seed: Option<&Seed>,
    recorded: &[Entry<R::Event>],
    recorded_json: &Value,
) -> Result<bool, Discrepancy> {
    let submitted: Submitted<R::Command> = match row.command.decode() {
        Ok(submitted) => submitted,
        Err(e) => {
            return wrong(
                row.seq,
                Message::new("verify-command-unreadable").text("detail", e.to_string()),
            );
        }
    };
    check_table_business(game, row, &submitted, recorded)?;
    let Some(seed) = seed else {
        // Without the seed, outcomes cannot be re-derived; the commands' legality still can.
        if let Submitted::Play { command } = &submitted {
            let seat = seat_of(game, row)?;
            let state = game.state.as_ref().ok_or(Discrepancy {
                seq: row.seq,
                problem: Message::new("verify-move-before-start"),
            })?;
            if !R::legal_commands(state, seat).contains(command) {
                return wrong(
                    row.seq,
                    Message::new("verify-illegal-move").text("command", row.command.to_string()),
                );
            }
        }
        return Ok(false);
    };
    let mut after = game.clone();
    let mut expected = match &submitted {
        Submitted::CreateGame { .. } => return wrong_as(row.seq, "verify-second-creation"),
        Submitted::Join => {
            let Some(Entry::PlayerJoined { player }) = recorded.first() else {
                return wrong_as(row.seq, "verify-empty-join");
            };
            if Some(player.id) != row.actor {
                return wrong_as(row.seq, "verify-join-actor");
            }
            if (game.event.as_ref())
                .is_some_and(|event| !event.seating.iter().any(|p| p.id == player.id))
            {
                return wrong_as(row.seq, "verify-join-not-seated");
            }
            let mut entries = decide::join_entries(game, player.clone(), seed, row.seq);
            decide::salt_secrets(game, None, None, &mut entries, seed, row.seq);
            entries
        }
        Submitted::Resign => {
            let seat = seat_of(game, row)?;
            let Some(Entry::Resigned { player, .. }) = recorded.first() else {
                return wrong_as(row.seq, "verify-empty-resignation");
            };
            let mut entries = decide::resign_entries(game, seat, player.clone());
            decide::salt_secrets(game, None, None, &mut entries, seed, row.seq);
            entries
        }
        Submitted::TimeOut { seat } => {
            let due = game.clock.as_ref().and_then(|c| c.due_at(*seat));
            let due = format_time(due.expect("checked by check_table_business"));
            let mut entries = match recorded.first() {
                Some(Entry::TimedOut { player, .. }) => {
                    decide::timeout_entries(game, *seat, player.clone(), due)
                }
                Some(Entry::SeatTakenOver { left, computer, .. }) => {
                    decide::hand_over_entries(*seat, left.clone(), computer.clone(), Some(due))
                }
                _ => return wrong_as(row.seq, "verify-empty-timeout"),
            };
            decide::salt_secrets(game, None, None, &mut entries, seed, row.seq);
            entries
        }
        Submitted::HandOver => {
            let seat = seat_of(game, row)?;
            let Some(Entry::SeatTakenOver { left, computer, .. }) = recorded.first() else {
                return wrong_as(row.seq, "verify-empty-hand-over");
            };
            let mut entries = decide::hand_over_entries(seat, left.clone(), computer.clone(), None);
            decide::salt_secrets(game, None, None, &mut entries, seed, row.seq);
            entries
        }
        // The server calls a table off when its invitations expired or when the one it waited for
        // left; which, the log alone cannot tell, since invitations are kept out of it.
        Submitted::Cancel => decide::cancel_entries(match row.actor {
            Some(actor) if actor == game.creator.id => CancelReason::ByCreator,
            Some(_) => CancelReason::PlayerLeft,
            None if matches!(
                recorded.first(),
                Some(Entry::Cancelled {
                    reason: CancelReason::InviteeLeft
                })
            ) =>
            {
                CancelReason::InviteeLeft
            }
            None => CancelReason::InvitationsExpired,
        }),
        Submitted::Say { text } => {
            let Some(Entry::Said { player, .. }) = recorded.first() else {
                return wrong_as(row.seq, "verify-empty-talk");
            };
            decide::say_entries(player.clone(), text.clone())
        }
        Submitted::RemoveTalk {
            seqs,
            reason,
            action,
        } => decide::remove_talk_entries(row.actor.is_some(), seqs.clone(), *reason, *action),
        Submitted::Away { until } => match recorded.first() {
            Some(Entry::Away { player, .. }) => vec![Entry::Away {
                player: player.clone(),
                until: until.clone(),
            }],
            _ => return wrong_as(row.seq, "verify-empty-vacation"),
        },
        Submitted::Back => match recorded.first() {
            Some(Entry::Back { player }) => vec![Entry::Back {
                player: player.clone(),
            }],
            _ => return wrong_as(row.seq, "verify-empty-return"),
        },
        Submitted::Rate => rating_entries(game, row.seq, recorded)?,
        // Checked as recorded by `check_table_business`.
        Submitted::Plan { .. } => recorded.to_vec(),
        Submitted::Play { command } => {
            let seat = seat_of(game, row)?;
            let Some(state) = game.state.as_ref() else {
                return wrong_as(row.seq, "verify-move-before-start");
            };
            let mut entries = match decide::play_entries::<R>(state, seat, command, seed, row.seq) {
                Ok(entries) => entries,
                Err(e) => {
                    return wrong(
                        row.seq,
                        Message::new("verify-rules-refuse").with("reason", e.0),
                    );
                }
            };
            decide::salt_secrets(game, Some(seat), Some(command), &mut entries, seed, row.seq);
            // What a planned answer reveals is checked by `plans::check_answer`.
            if let Some(followed @ Entry::PlanFollowed { .. }) = recorded.first() {
                entries.insert(0, followed.clone());
            }
            entries
        }
    };
    decide::settle(&mut after, &mut expected, seed);
    compare(row.seq, &expected, recorded_json)?;
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
                return wrong_as(row.seq, "verify-timeout-untimed");
            };
            let Some(due) = game.clock.as_ref().and_then(|c| c.due_at(*seat)) else {
                return wrong_as(row.seq, "verify-timeout-idle");
            };
            if row.recorded_at < due {
                return wrong(
                    row.seq,
                    Message::new("verify-early-timeout")
                        .text("at", format_time(row.recorded_at))
                        .text("due", format_time(due)),
                );
            }
            let holder = game.seating.get(*seat).map(|p| p.id);
            match recorded.first() {
                Some(Entry::TimedOut { player, .. }) if holder != Some(player.id) => {
                    return wrong_as(row.seq, "verify-timeout-seat");
                }
                Some(Entry::TimedOut { .. })
                    if control.on_timeout == OnTimeout::ComputerTakesOver
                        && decide::may_hand_over(game, *seat, &late_at(game, row)) =>
                {
                    return wrong_as(row.seq, "verify-take-over-skipped");
                }
                Some(Entry::SeatTakenOver { .. }) => {
                    if control.on_timeout != OnTimeout::ComputerTakesOver {
                        return wrong_as(row.seq, "verify-timeout-way");
                    }
                    check_take_over(game, row, *seat, &late_at(game, row), recorded)?;
                }
                _ => {}
            }
            let by_player = match row.actor {
                None => false,
                Some(_) => {
                    let by = seat_of(game, row)?;
                    if by == *seat || game.resigned.contains(&by) {
                        return wrong_as(row.seq, "verify-timeout-caller");
                    }
                    true
                }
            };
            if by_player != (control.on_timeout == OnTimeout::OthersDecide) {
                return wrong_as(row.seq, "verify-timeout-way");
            }
        }
        Submitted::HandOver => {
            let seat = seat_of(game, row)?;
            check_take_over(game, row, seat, &[], recorded)?;
        }
        Submitted::Rate if row.actor.is_some() || !game.awaits_rating() => {
            return wrong_as(row.seq, "verify-rating-unasked");
        }
        Submitted::Cancel => {
            if game.phase() != Phase::Waiting {
                return wrong_as(row.seq, "verify-cancel-started");
            }
            if row
                .actor
                .is_some_and(|id| id != game.creator.id && !game.has_joined(id))
            {
                return wrong_as(row.seq, "verify-cancel-creator");
            }
        }
        Submitted::Say { text } => {
            if !row.actor.is_some_and(|id| game.has_joined(id)) {
                return wrong_as(row.seq, "verify-talk-stranger");
            }
            if !text.holds() {
                return wrong_as(row.seq, "verify-talk-commitment");
            }
            let tidy = |words: &str| decide::tidy_message(words).as_deref() == Ok(words);
            if !text.text().is_none_or(tidy) {
                return wrong_as(row.seq, "verify-talk-shape");
            }
            if !matches!(recorded.first(), Some(Entry::Said { player, .. }) if Some(player.id) == row.actor)
            {
                return wrong_as(row.seq, "verify-talk-name");
            }
        }
        Submitted::RemoveTalk { seqs, reason, .. } => {
            if let Some(why) = decide::refuse_removal(game, row.actor, seqs, *reason) {
                return wrong(
                    row.seq,
                    Message::new("verify-talk-removal").with("why", why),
                );
            }
        }
        Submitted::Away { until } => {
            let at_table = row.actor.is_some_and(|id| game.has_joined(id));
            let recorded_for_actor = matches!(recorded.first(), Some(Entry::Away { player, .. }) if Some(player.id) == row.actor);
            if !at_table || !recorded_for_actor {
                return wrong_as(row.seq, "verify-vacation-stranger");
            }
            let ends = DateTime::parse_from_rfc3339(until).map(|t| t.with_timezone(&Utc));
            if !ends.is_ok_and(|ends| ends > row.recorded_at) {
                return wrong_as(row.seq, "verify-vacation-end");
            }
        }
        Submitted::Plan { commitment } => {
            plans::check_commitment(game, row, commitment, recorded)
                .or_else(|problem| wrong_as(row.seq, problem))?;
        }
        Submitted::Back => {
            let away = row.actor.and_then(|id| game.away.get(&id));
            if away.is_none_or(|until| *until <= row.recorded_at) {
                return wrong_as(row.seq, "verify-return-idle");
            }
            if !matches!(recorded.first(), Some(Entry::Back { player }) if Some(player.id) == row.actor)
            {
                return wrong_as(row.seq, "verify-return-name");
            }
        }
        _ => {}
    }
    Ok(())
}

/// The seats whose time had run out when `row` was made: the server judges a timeout by the time
/// of the transaction that records it.
fn late_at<R: Rules>(game: &Game<R>, row: &EventRow) -> Vec<usize> {
    (game.clock.as_ref()).map_or_else(Vec::new, |clock| clock.out_of_time(row.recorded_at))
}

/// A computer takes `seat` over: from the person who holds it, where the table lets a computer do
/// so while `leaving` leave with it, and a computer that has never sat at this table.
fn check_take_over<R: Rules>(
    game: &Game<R>,
    row: &EventRow,
    seat: usize,
    leaving: &[usize],
    recorded: &[Entry<R::Event>],
) -> Result<(), Discrepancy> {
    let Some(Entry::SeatTakenOver {
        seat: taken,
        left,
        computer,
        ..
    }) = recorded.first()
    else {
        return wrong_as(row.seq, "verify-empty-hand-over");
    };
    if *taken != seat || game.seating.get(seat).map(|p| p.id) != Some(left.id) {
        return wrong_as(row.seq, "verify-take-over-seat");
    }
    if !decide::may_hand_over(game, seat, leaving) {
        return wrong_as(row.seq, "verify-take-over-not-here");
    }
    if !decide::may_stand_in(game, computer) {
        return wrong_as(row.seq, "verify-take-over-not-computer");
    }
    Ok(())
}

fn seat_of<R: Rules>(game: &Game<R>, row: &EventRow) -> Result<usize, Discrepancy> {
    match row.actor.and_then(|id| game.seat_of(id)) {
        Some(seat) => Ok(seat),
        None => wrong_as(row.seq, "verify-seatless"),
    }
}

/// A row for [`rerun_log`]: as the store holds it, its events as JSON, and whether parts of it
/// were withheld from the reader.
pub(super) struct LogRow<'a> {
    pub stored: Cow<'a, EventRow>,
    pub events: Cow<'a, Value>,
    pub redacted: bool,
}

/// What re-running a log found.
pub(super) struct Rerun<R: Rules> {
    /// The game the whole log leaves.
    pub game: Game<R>,
    /// The seed outcomes were re-derived from, if there was one.
    pub seed: Option<Seed>,
    /// How many rows were re-run through the rules, withheld, and answered by a plan.
    pub rerun: usize,
    pub withheld: usize,
    pub answered: usize,
}

/// Folds a log's rows in order, re-running each row after the first against the game so far:
/// with the seed that `created` gives (after checking the game the first row makes) every
/// outcome is re-derived, without it each move's legality is checked.
pub(super) fn rerun_log<'a, R: Rules>(
    rows: impl IntoIterator<Item = Result<LogRow<'a>, Discrepancy>>,
    created: impl FnOnce(&Game<R>) -> Result<Option<Seed>, Discrepancy>,
) -> Result<Rerun<R>, Discrepancy> {
    let mut rows = rows.into_iter();
    let Some(first) = rows.next() else {
        return wrong_as(0, "verify-empty-log");
    };
    let first = first?;
    let game =
        crate::game_log::fold::replay::replay::<R>(std::slice::from_ref(&first.stored), None)
            .map_err(|e| Discrepancy {
                seq: first.stored.seq,
                problem: Message::new("verify-unreadable").text("detail", e.problem),
            })?;
    let seed = created(&game)?;
    let mut done = Rerun {
        game,
        seed,
        rerun: 0,
        withheld: 0,
        answered: 0,
    };
    let mut played: Vec<Played> = Vec::new();
    for row in rows {
        let LogRow {
            stored,
            events,
            redacted,
        } = row?;
        let recorded = Vec::<Entry<R::Event>>::deserialize(&*events).map_err(|e| Discrepancy {
            seq: stored.seq,
            problem: Message::new("verify-unreadable")
                .text("detail", format!("events do not parse: {e}")),
        })?;
        let current = &mut done.game;
        if redacted {
            done.withheld += 1;
        } else {
            if rerun(current, &stored, done.seed.as_ref(), &recorded, &events)? {
                done.rerun += 1;
            }
            if stored.command.type_tag() == Some("play") {
                let command = stored.command.value()["command"].clone();
                let answer = plans::check_answer(current, &stored, &command, &recorded, &played);
                if answer.or_else(|problem| wrong_as(stored.seq, problem))? {
                    done.answered += 1;
                }
                played.push(Played {
                    seq: stored.seq,
                    actor: stored.actor,
                    command,
                });
            }
        }
        for entry in &recorded {
            current.apply(entry);
        }
        current.close_stored_row(&stored);
    }
    Ok(done)
}

fn verify_as<R: Rules>(export: &Export, head: Hash) -> Result<Report, Discrepancy> {
    let seed = check_seed(export)?;
    let rows = (export.rows.iter()).map(|row| {
        Ok(LogRow {
            stored: Cow::Owned(stored_row(export, row)?),
            events: Cow::Borrowed(&row.events),
            redacted: row.redacted,
        })
    });
    let done = rerun_log::<R>(rows, |first| {
        check_creation(export, first)?;
        Ok(seed)
    })?;
    let game = &done.game;
    if let Some(ended) = &game.ended
        && export.seed.as_deref() != Some(ended.seed.as_str())
    {
        return wrong_as(0, "verify-seed-mismatch");
    }
    let mut lines = vec![
        Message::new("verify-game")
            .text("id", &export.game_id)
            .with("game", Message::new(R::NAME))
            .with("rows", export.rows.len())
            .with("players", game.players),
        Message::new("verify-chain-intact").text("head", hex::encode(head)),
    ];
    lines.push(match &done.seed {
        Some(_) => Message::new("verify-seed-rerun").with("rows", done.rerun),
        None => Message::new("verify-seed-hidden"),
    });
    if done.withheld > 0 {
        lines.push(Message::new("verify-withheld").with("rows", done.withheld));
    }
    if done.answered > 0 {
        lines.push(Message::new("verify-plans-followed").with("rows", done.answered));
    }
    for taken in &game.handed_over {
        lines.push(
            Message::new("verify-taken-over")
                .with("seat", taken.seat + 1)
                .text("computer", &taken.computer.name)
                .with("row", taken.since)
                .text("player", &taken.left.name),
        );
    }
    if let Some(rated) = &game.rating {
        lines.push(
            Message::new("verify-rated")
                .with("row", rated.seq)
                .with("order", rated.order),
        );
    }
    lines.push(match game.end_message() {
        Some(result) => {
            Message::new("verify-result").with("result", result.naming(&game.seat_names()))
        }
        None if game.phase() == Phase::Waiting => Message::new("verify-waiting"),
        None => Message::new("verify-running"),
    });
    Ok(Report { lines })
}

/// The rating row a finished game should have, from its places and the ratings before it that
/// the row records: the arithmetic of every change is checked, and the places against the
/// result.
fn rating_entries<R: Rules>(
    game: &Game<R>,
    seq: i64,
    recorded: &[Entry<R::Event>],
) -> Result<Vec<Entry<R::Event>>, Discrepancy> {
    let Some(Entry::Rated { order, players }) = recorded.first() else {
        return wrong_as(seq, "verify-rating-empty");
    };
    let places = game.rated_places();
    let same_people = places.len() == players.len()
        && (places.iter().zip(players))
            .all(|((p, place), c)| p.id == c.player.id && *place == c.place);
    if !same_people {
        return wrong_as(seq, "verify-rating-places");
    }
    let before: Vec<_> = players.iter().map(|c| c.before).collect();
    let expected = rate::changes(&places, &before);
    for (want, got) in expected.iter().zip(players) {
        if want.after != got.after {
            return wrong(
                seq,
                Message::new("verify-rating-arithmetic")
                    .text("player", &got.player.name)
                    .text("recorded", format!("{:?}", got.after))
                    .text("expected", format!("{:?}", want.after)),
            );
        }
    }
    Ok(vec![Entry::Rated {
        order: *order,
        players: players.clone(),
    }])
}

fn check_creation<R: Rules>(export: &Export, game: &Game<R>) -> Result<(), Discrepancy> {
    if game.seed_commitment != export.seed_commitment {
        return wrong_as(1, "verify-commitment-mismatch");
    }
    if game.options_json != export.options || game.players != export.players {
        return wrong_as(1, "verify-options-mismatch");
    }
    if game.id != export.game_id {
        return wrong_as(1, "verify-id-mismatch");
    }
    Ok(())
}

/// Checks an export: format, hash chain, the rules, and the seed.
pub fn verify(export: &Export) -> Result<Report, Discrepancy> {
    if export.format != FORMAT {
        return wrong(
            0,
            Message::new("verify-format")
                .text("format", &export.format)
                .text("expected", FORMAT),
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
    let kind = load::kind_of(conn, game_id).map_err(|e| anyhow::anyhow!("game {game_id}: {e}"))?;
    with_rules!(kind, |R| {
        let (game, rows) =
            load::load::<R>(conn, game_id).map_err(|e| anyhow::anyhow!("game {game_id}: {e}"))?;
        Ok(super::export(&game, &rows, crate::rules::Viewer::Everyone)?)
    })
}
