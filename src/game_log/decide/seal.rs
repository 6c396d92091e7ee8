//! Sealing a decided row: the game folded through it (ended, with its seed revealed, when the
//! rules say it is over), the row stamped with the database's time and chained to the one before,
//! and who must be told. Nothing is stored here.

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::play::NewRow;
use crate::game_log::fold::replay::Game;
use crate::game_log::stream::seed;
use crate::game_log::stream::time_control::TimeControl;
use crate::game_log::stream::{Entry, Participant, RatingRange, Submitted};
use crate::rules::{Kind, Rules};
use crate::store::events::{self, EventRow};
use crate::store::notifications;

/// The row `submitted` and `entries` make after `previous`, stamped with the database's time
/// `now` and chained, not yet stored.
pub fn seal<C: serde::Serialize, E: serde::Serialize>(
    now: DateTime<Utc>,
    game_id: &str,
    previous: Option<&EventRow>,
    actor: Option<i64>,
    submitted: &Submitted<C>,
    entries: &[Entry<E>],
) -> EventRow {
    let command = serde_json::to_value(submitted).expect("commands serialize");
    let events = serde_json::to_value(entries).expect("events serialize");
    events::seal(now, game_id, previous, actor, command, events)
}

/// Everything a command writes: its row, the game folded through it, and who must be told.
pub struct Closed<R: Rules> {
    pub row: EventRow,
    pub game: Game<R>,
    pub tell: Vec<(i64, notifications::Kind)>,
}

/// What a new table is set up with.
pub struct TableSetup {
    pub kind: Kind,
    /// The rules' options, as they serialize.
    pub options: Value,
    pub players: usize,
    pub private: bool,
    pub time_control: Option<TimeControl>,
    pub rated: bool,
    pub rating_range: Option<RatingRange>,
}

/// The first row of a new game's log, stamped `now`: the table created by `creator`, who takes
/// its first seat, committed to `game_seed`.
pub fn creation_row<R: Rules>(
    now: DateTime<Utc>,
    game_id: &str,
    creator: Participant,
    table: TableSetup,
    game_seed: &seed::Seed,
) -> EventRow {
    let entries: Vec<Entry<R::Event>> = vec![
        Entry::GameCreated {
            kind: table.kind,
            options: table.options.clone(),
            players: table.players,
            private: table.private,
            seed_commitment: seed::commitment(game_seed),
            creator: creator.clone(),
            time_control: table.time_control,
            rated: table.rated,
            rating_range: table.rating_range,
            event: None,
        },
        Entry::PlayerJoined {
            player: creator.clone(),
        },
    ];
    let submitted = Submitted::<R::Command>::CreateGame {
        kind: table.kind,
        options: table.options,
        players: table.players,
        private: table.private,
        time_control: table.time_control,
        rated: table.rated,
    };
    seal(now, game_id, None, Some(creator.id), &submitted, &entries)
}

/// What [`commit_with_seed`] writes, decided without the database but for its time `now`.
pub fn close<R: Rules>(
    mut game: Game<R>,
    new_row: NewRow<'_, R>,
    game_seed: &seed::Seed,
    now: DateTime<Utc>,
) -> Closed<R> {
    let NewRow {
        previous,
        actor,
        submitted,
        mut entries,
    } = new_row;
    let acting_before = game.to_act_ids();
    let ended_before = game.ended.is_some();
    super::settle(&mut game, &mut entries, game_seed);
    let row = seal(now, &game.id, previous, actor, &submitted, &entries);
    let mover = match &submitted {
        Submitted::Play { .. } => actor.and_then(|id| game.seat_of(id)),
        _ => None,
    };
    game.close_row(row.seq, row.recorded_at, mover, submitted.leaves_board());
    let tell = to_tell(&game, actor, &submitted, &acting_before, ended_before);
    Closed { row, game, tell }
}

/// Who a new row must be told to: everyone but the actor when it ends the game, and the
/// players it leaves to act who were not acting before — nobody twice for the same turn, and
/// nobody for talk after the end.
fn to_tell<R: Rules>(
    game: &Game<R>,
    actor: Option<i64>,
    submitted: &Submitted<R::Command>,
    acting_before: &[i64],
    ended_before: bool,
) -> Vec<(i64, notifications::Kind)> {
    if ended_before {
        return Vec::new();
    }
    if game.ended.is_some() {
        // Those who left a seat to a computer learn how it ended too.
        let left = game.handed_over.iter().map(|h| &h.left);
        return (game.seating.iter().chain(left))
            .filter(|p| Some(p.id) != actor)
            .map(|p| (p.id, notifications::Kind::GameOver))
            .collect();
    }
    // The player whose arrival starts the game is told too if they are to move: should they
    // leave the page, the email (sent after the coalescing window, and only if they have not
    // moved by then) is how they learn it and can reply with their move.
    let starts = matches!(submitted, Submitted::Join);
    (game.to_act_ids().into_iter())
        .filter(|&player| (starts || Some(player) != actor) && !acting_before.contains(&player))
        .map(|player| (player, notifications::Kind::YourTurn))
        .collect()
}
