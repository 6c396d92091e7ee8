//! Commands from people, each in one transaction that takes the way every command takes, once
//! and in order: load the game folded to its head ([`load`](super::fold::load)), decide the row
//! the command adds ([`decide`](super::decide::play)), seal it ([`seal`](super::decide::seal)) and
//! record it with the read models and the notifications it causes
//! ([`record`](super::record::write)). A move can also take that way outside a
//! transaction, on a game held folded in memory (`web::pages::play::game_move`).

use diesel::pg::PgConnection;
use diesel::prelude::*;
use serde_json::Value;

use crate::auth::Player;
use crate::game_log::decide;
use crate::game_log::decide::plan_answer::{self, Answer};
use crate::game_log::decide::play::{Asked, NewRow, decide_play, load_seated};
use crate::game_log::decide::seal::Closed;
use crate::game_log::decide::seal::close;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::load::{load, load_seed, lock_game};
use crate::game_log::fold::replay::{Game, Phase};
use crate::game_log::record::plans;
use crate::game_log::record::write::store_row;
use crate::game_log::stream::plan::Kept;
use crate::game_log::stream::seed;
use crate::game_log::stream::{Entry, Submitted, participant};
use crate::metrics::Channel;
use crate::rules::message::Message;
use crate::rules::{Kind, Rules, with_rules};
use crate::store::events::EventRow;
use crate::store::notifications::Kind as Notice;

/// Appends a row and updates the read models; ends the game (revealing the seed) when the rules
/// say it is over; and tells the players who must now act, or that the game is over — everyone
/// but the actor, and nobody twice for the same turn.
pub fn commit<R: Rules>(
    conn: &mut PgConnection,
    game: Game<R>,
    previous: Option<&EventRow>,
    actor: Option<i64>,
    submitted: Submitted<R::Command>,
    entries: Vec<Entry<R::Event>>,
) -> Result<i64> {
    let game_seed = load_seed(conn, &game)?;
    let new_row = NewRow {
        previous,
        actor,
        submitted,
        entries,
    };
    commit_with_seed(conn, game, new_row, &game_seed)
}

/// As [`commit`], with the game's seed already loaded.
pub fn commit_with_seed<R: Rules>(
    conn: &mut PgConnection,
    game: Game<R>,
    new_row: NewRow<'_, R>,
    game_seed: &seed::Seed,
) -> Result<i64> {
    let now = crate::store::database_now(conn)?;
    let moved = match (&new_row.submitted, new_row.actor) {
        (Submitted::Play { command }, Some(actor)) if !game.plans.is_empty() => Some((
            actor,
            serde_json::to_value(command).expect("commands serialize"),
        )),
        _ => None,
    };
    let mut closed = close(game, new_row, game_seed, now);
    let answers = match moved {
        Some((mover, moved)) => follow_plan(conn, &mut closed, mover, &moved, game_seed)?,
        None => Vec::new(),
    };
    store_row(conn, &closed.row, &closed.game, &closed.tell)?;
    for answer in &answers {
        store_row(conn, &answer.row, &answer.game, &answer.tell)?;
    }
    Ok(closed.row.seq)
}

/// After `after`, the row of a move by `mover` (`moved`, as submitted): the plan of the other
/// player followed. Returns the rows of its answer, to be stored after `after`, whose your-turn
/// notice for that player is withdrawn when they answer. Plans end with the game.
fn follow_plan<R: Rules>(
    conn: &mut PgConnection,
    after: &mut Closed<R>,
    mover: i64,
    moved: &Value,
    seed: &seed::Seed,
) -> Result<Vec<Closed<R>>> {
    let game_id = after.game.id.clone();
    if after.game.ended.is_some() {
        plans::forget_game(conn, &game_id)?;
        return Ok(Vec::new());
    }
    // A plan cleared by a move it missed is told until its player moves.
    plans::forget(conn, &game_id, mover)?;
    // Plans are made in games of two seats in play: the planner is the one who did not move.
    let game = &after.game;
    let others: Vec<(usize, i64)> = (game.remaining_seats().into_iter())
        .filter_map(|seat| Some((seat, game.seating.get(seat)?.id)))
        .filter(|&(_, id)| id != mover)
        .collect();
    let [(me, player)] = others[..] else {
        return Ok(Vec::new());
    };
    let Some(kept) = plans::read(conn, &game_id, player, true)? else {
        return Ok(Vec::new());
    };
    if kept.missed_at.is_some() {
        return Ok(Vec::new());
    }
    match plan_answer::follow(after, moved, me, kept.clone(), seed) {
        Answer::Missed => {
            let missed = Kept {
                lines: Vec::new(),
                missed_at: Some(after.row.seq),
                ..kept
            };
            plans::write(conn, &game_id, &missed)?;
            Ok(Vec::new())
        }
        Answer::Waiting(left) => {
            plans::write(conn, &game_id, &left)?;
            Ok(Vec::new())
        }
        Answer::Played { rows, left } => {
            match left {
                Some(left) => plans::write(conn, &game_id, &left)?,
                None => plans::forget(conn, &game_id, player)?,
            }
            after
                .tell
                .retain(|&(id, kind)| !(id == player && kind == Notice::YourTurn));
            crate::metrics::moves_asked(R::KIND, Channel::Plan, true, rows.len() as u64);
            Ok(rows)
        }
    }
}

/// Plays a rules command for `player`, made on the page showing sequence `expected_seq`.
/// Returns the sequence number of the row it appended. Uncounted: for a move inside a larger
/// transaction, whose caller counts it once that commits.
pub fn play(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
    command: Value,
) -> Result<i64> {
    play_as_kind(conn, game_id, player, expected_seq, command).1
}

/// [`play`], counted in the metrics as a move that came by `channel`.
pub fn play_via(
    channel: Channel,
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
    command: Value,
) -> Result<i64> {
    let (kind, played) = play_as_kind(conn, game_id, player, expected_seq, command);
    if let Some(kind) = kind {
        count_move(kind.as_str(), channel, &played);
    }
    played
}

/// Counts a move in the metrics: made, or refused (a database failure is neither).
pub fn count_move<T>(kind: &str, channel: Channel, played: &Result<T>) {
    match played {
        Ok(_) => crate::metrics::moves_asked(kind, channel, true, 1),
        Err(ServiceError::Database(_) | ServiceError::Corrupt(_) | ServiceError::Damaged(_)) => {}
        Err(_) => crate::metrics::moves_asked(kind, channel, false, 1),
    }
}

/// [`play`], and the kind of the game if it was found.
fn play_as_kind(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
    command: Value,
) -> (Option<Kind>, Result<i64>) {
    let mut found = None;
    let played = conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        found = Some(kind);
        with_rules!(kind, |R| play_locked::<R>(
            conn,
            game_id,
            player,
            expected_seq,
            command
        ))
    });
    (found, played)
}

fn play_locked<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
    command: Value,
) -> Result<i64> {
    let (game, rows) = load::<R>(conn, game_id)?;
    let asked = Asked {
        player,
        expected_seq,
        command,
    };
    let (new_row, game_seed) = decide_play(&game, &rows, asked, |game| load_seed(conn, game))?;
    commit_with_seed::<R>(conn, game, new_row, &game_seed)
}

/// `player` gives up their seat, on the page showing sequence `expected_seq`.
pub fn resign(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
) -> Result<()> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| resign_locked::<R>(
            conn,
            game_id,
            player,
            expected_seq
        ))
    })
}

pub fn resign_locked<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
) -> Result<()> {
    let (game, rows, seat) = load_seated::<R>(conn, game_id, player, expected_seq)?;
    if game.phase() != Phase::Active {
        return Err(ServiceError::Rule(Message::new("resign-only-in-progress")));
    }
    if game.resigned.contains(&seat) {
        return Err(ServiceError::Rule(Message::new("resigned-already")));
    }
    let previous = rows.last();
    let seq = previous.map_or(1, |row| row.seq + 1);
    let game_seed = load_seed(conn, &game)?;
    let mut entries = decide::resign_entries(&game, seat, participant(player));
    decide::salt_secrets(&game, None, None, &mut entries, &game_seed, seq);
    let new_row = NewRow {
        previous,
        actor: Some(player.id),
        submitted: Submitted::Resign,
        entries,
    };
    commit_with_seed::<R>(conn, game, new_row, &game_seed).map(|_| ())
}
