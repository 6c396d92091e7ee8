//! Seats that run out of time. The clocks are folded from the log, so whether a seat is late is
//! decided from the same rows the verifier reads; the time it is judged at is the database's.

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::Player;
use crate::clocks::hand_over;
use crate::game_log::commands::commit_with_seed;
use crate::game_log::decide;
use crate::game_log::decide::play::NewRow;
use crate::game_log::decide::play::load_seated;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::load;
use crate::game_log::fold::load::load;
use crate::game_log::fold::load::lock_game;
use crate::game_log::fold::replay::{Game, Phase};
use crate::game_log::stream::Submitted;
use crate::game_log::stream::time_control::OnTimeout;
use crate::rules::message::Message;
use crate::rules::with_rules;
use crate::rules::{Rules, Seat};
use crate::store::events::format_time;
use crate::store::notifications;
use crate::store::schema::turn_clocks;

/// What the scheduler did about one game's late seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expiry {
    /// A seat was withdrawn: its row is in the log.
    Withdrawn,
    /// A computer took a seat over: its row is in the log.
    TakenOver,
    /// The other players were told they may withdraw the late seats.
    Told,
    /// Nobody is late (any more).
    Nothing,
}

/// Acts on the late seats of a game whose row the caller has locked, judged at `now`.
pub fn expire_locked(conn: &mut PgConnection, game_id: &str, now: DateTime<Utc>) -> Result<Expiry> {
    let kind = load::kind_of(conn, game_id)?;
    with_rules!(kind, |R| expire::<R>(conn, game_id, now))
}

fn expire<R: Rules>(conn: &mut PgConnection, game_id: &str, now: DateTime<Utc>) -> Result<Expiry> {
    let (game, rows) = load::<R>(conn, game_id)?;
    let late = match (&game.clock, game.phase()) {
        (Some(clock), Phase::Active) => clock.out_of_time(now),
        _ => Vec::new(),
    };
    let Some(control) = game.time_control.filter(|_| !late.is_empty()) else {
        // The read model was behind the log: mark it so that it is not picked again.
        diesel::update(turn_clocks::table.filter(turn_clocks::game_id.eq(game_id)))
            .filter(turn_clocks::due_at.le(now))
            .set(turn_clocks::expiry_handled.eq(true))
            .execute(conn)?;
        return Ok(Expiry::Nothing);
    };
    match control.on_timeout {
        OnTimeout::ComputerTakesOver if decide::may_hand_over(&game, late[0], &late) => {
            let due = due_at(&game, late[0])?;
            hand_over::timed_out(conn, game, rows.last(), late[0], due)?;
            Ok(Expiry::TakenOver)
        }
        OnTimeout::Withdraw | OnTimeout::ComputerTakesOver => {
            time_out(conn, game, rows.last(), None, late[0])?;
            Ok(Expiry::Withdrawn)
        }
        OnTimeout::OthersDecide => {
            tell_others(conn, &game, &late)?;
            Ok(Expiry::Told)
        }
    }
}

/// Appends the row that withdraws `seat`, late at the time its clock gives.
fn time_out<R: Rules>(
    conn: &mut PgConnection,
    game: Game<R>,
    previous: Option<&crate::store::events::EventRow>,
    actor: Option<i64>,
    seat: Seat,
) -> Result<i64> {
    let due = due_at(&game, seat)?;
    let player = game.seating[seat].clone();
    let seq = previous.map_or(1, |row| row.seq + 1);
    let game_seed = load::load_seed(conn, &game)?;
    let mut entries = decide::timeout_entries(&game, seat, player, due);
    decide::salt_secrets(&game, None, None, &mut entries, &game_seed, seq);
    let new_row = NewRow {
        previous,
        actor,
        submitted: Submitted::TimeOut { seat },
        entries,
    };
    commit_with_seed::<R>(conn, game, new_row, &game_seed)
}

/// When the seat's time ran out, as the log records it.
fn due_at<R: Rules>(game: &Game<R>, seat: Seat) -> Result<String> {
    let due = game.clock.as_ref().and_then(|clock| clock.due_at(seat));
    due.map(format_time)
        .ok_or_else(|| ServiceError::Rule(Message::new("clock-not-running")))
}

/// Tells every other remaining player that the late seats may be withdrawn, once per turn.
fn tell_others<R: Rules>(conn: &mut PgConnection, game: &Game<R>, late: &[Seat]) -> Result<()> {
    let clock = game.clock.as_ref().expect("late seats have clocks");
    for &seat in late {
        let turn = clock.seats[seat].turn_seq;
        for other in game.remaining_seats() {
            if !late.contains(&other) {
                notifications::enqueue(
                    conn,
                    game.seating[other].id,
                    notifications::Kind::OutOfTime,
                    Some((game.id.as_str(), turn)),
                    serde_json::json!({ "seat": seat }),
                )?;
            }
        }
        diesel::update(turn_clocks::table.find((&game.id, seat as i32)))
            .set(turn_clocks::expiry_handled.eq(true))
            .execute(conn)?;
    }
    Ok(())
}

/// Another player withdraws a seat that is out of time, at a table that lets them, on the page
/// showing `expected_seq`.
pub fn withdraw_late(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
    seat: Seat,
) -> Result<i64> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| withdraw_late_locked::<R>(
            conn,
            game_id,
            player,
            expected_seq,
            seat
        ))
    })
}

fn withdraw_late_locked<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
    seat: Seat,
) -> Result<i64> {
    let (game, rows, mine) = load_seated::<R>(conn, game_id, player, expected_seq)?;
    let now = crate::store::database_now(conn)?;
    if game.phase() != Phase::Active || game.resigned.contains(&mine) {
        return Err(ServiceError::Rule(Message::new("no-longer-playing")));
    }
    if game.time_control.map(|c| c.on_timeout) != Some(OnTimeout::OthersDecide) {
        return Err(ServiceError::Forbidden(Message::new(
            "timeout-withdrawn-by-server",
        )));
    }
    let late = game
        .clock
        .as_ref()
        .is_some_and(|clock| clock.out_of_time(now).contains(&seat));
    if seat == mine || !late {
        return Err(ServiceError::Rule(Message::new("timeout-only-expired")));
    }
    let previous = rows.last();
    time_out(conn, game, previous, Some(player.id), seat)
}

/// The games with a seat out of time that nothing has been done about, by the database's clock.
pub fn games_with_late_seats(conn: &mut PgConnection, limit: i64) -> QueryResult<Vec<String>> {
    turn_clocks::table
        .filter(turn_clocks::due_at.le(diesel::dsl::now))
        .filter(turn_clocks::expiry_handled.eq(false))
        .select(turn_clocks::game_id)
        .distinct()
        .limit(limit)
        .load(conn)
}
