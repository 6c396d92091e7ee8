//! A computer taking a seat over from a person who leaves a game of three or four: one who runs
//! out of time at a table that says so, or one who chooses to leave rather than resign. The seat
//! plays on to its result; the log records who played it from which row on.

use diesel::Connection;
use diesel::pg::PgConnection;

use crate::auth::{Player, accounts};
use crate::bots::Level;
use crate::computers;
use crate::game_log::commands::commit_with_seed;
use crate::game_log::decide;
use crate::game_log::decide::play::NewRow;
use crate::game_log::decide::play::load_seated;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::load;
use crate::game_log::fold::load::lock_game;
use crate::game_log::fold::replay::{Game, Phase};
use crate::game_log::stream::participant;
use crate::game_log::stream::{Participant, Submitted};
use crate::rules::message::Message;
use crate::rules::{Rules, Seat, with_rules};
use crate::store::events::EventRow;

/// The level a computer that takes a seat over plays at: it should neither hand the seat's
/// result to the others nor take the game from them.
pub const STAND_IN_LEVEL: Level = Level::Medium;

/// The computer that takes a seat over at `game`: the first of [`STAND_IN_LEVEL`] that has never
/// sat there, else the first of another level.
pub fn stand_in<R: Rules>(conn: &mut PgConnection, game: &Game<R>) -> Result<Participant> {
    let levels = std::iter::once(STAND_IN_LEVEL).chain(Level::ALL);
    let seated = game.participant_ids();
    let id = levels
        .flat_map(|level| (0..computers::PER_LEVEL).map(move |n| computers::player_id(level, n)))
        .find(|id| !seated.contains(id))
        .ok_or_else(|| ServiceError::Rule(Message::new("hand-over-no-computer")))?;
    let player =
        accounts::find(conn, id)?.ok_or(ServiceError::Database(diesel::result::Error::NotFound))?;
    Ok(participant(&player))
}

/// Appends the row in which a computer takes `seat` over from its person, who ran out of time at
/// `due_at` (a row by the server) or chose to leave (a row by them).
fn take_over<R: Rules>(
    conn: &mut PgConnection,
    game: Game<R>,
    previous: Option<&EventRow>,
    seat: Seat,
    due_at: Option<String>,
) -> Result<i64> {
    let computer = stand_in(conn, &game)?;
    let left = game.seating[seat].clone();
    let (actor, submitted) = match due_at {
        Some(_) => (None, Submitted::TimeOut { seat }),
        None => (Some(left.id), Submitted::HandOver),
    };
    let game_seed = load::load_seed(conn, &game)?;
    let entries = decide::hand_over_entries(seat, left, computer, due_at);
    let new_row = NewRow {
        previous,
        actor,
        submitted,
        entries,
    };
    commit_with_seed::<R>(conn, game, new_row, &game_seed)
}

/// The seat's time ran out at `due_at` at a table where a computer then takes it over.
pub fn timed_out<R: Rules>(
    conn: &mut PgConnection,
    game: Game<R>,
    previous: Option<&EventRow>,
    seat: Seat,
    due_at: String,
) -> Result<i64> {
    take_over(conn, game, previous, seat, Some(due_at))
}

/// `player` leaves the game, on the page showing `expected_seq`, and a computer plays their
/// seat on.
pub fn hand_over(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
) -> Result<i64> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| hand_over_locked::<R>(
            conn,
            game_id,
            player,
            expected_seq
        ))
    })
}

fn hand_over_locked<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
) -> Result<i64> {
    let (game, rows, seat) = load_seated::<R>(conn, game_id, player, expected_seq)?;
    if game.phase() != Phase::Active || game.resigned.contains(&seat) {
        return Err(ServiceError::Rule(Message::new("resign-only-in-progress")));
    }
    if !decide::may_hand_over(&game, seat, &[]) {
        return Err(ServiceError::Rule(Message::new("hand-over-not-here")));
    }
    take_over(conn, game, rows.last(), seat, None)
}
