//! A computer's turn, played: found among the games waiting for a computer, claimed, thought
//! about by `bots` from what its seat may know, and played through [`commands::play`] like
//! anyone's move: the same decision, the same stale guard, the same events.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::seats::level_of;
use crate::auth::{Player, accounts};
use crate::bots::{self, BotGame, Knowledge, Level};
use crate::game_log::commands;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::cache::Log;
use crate::game_log::fold::load;
use crate::game_log::fold::load::load;
use crate::game_log::fold::replay::{Game, entries};
use crate::game_log::stream::Entry;
use crate::metrics::Channel;
use crate::present::GameUi;
use crate::rules::Message;
use crate::rules::{Seat, Status, with_rules};
use crate::store::Pool;

/// Computers of each level one table may seat.
/// A computer's turn waiting to be played: the game, the computer, and the head of the log.
#[derive(Clone, Debug, PartialEq, Eq, QueryableByName)]
pub struct Turn {
    #[diesel(sql_type = Text)]
    pub game_id: String,
    #[diesel(sql_type = BigInt)]
    pub player_id: i64,
    #[diesel(sql_type = BigInt)]
    pub seq: i64,
}

/// Computers' turns that no server has claimed (or whose claim ran out), oldest first.
pub fn waiting_turns(conn: &mut PgConnection, limit: i64) -> QueryResult<Vec<Turn>> {
    diesel::sql_query(
        "SELECT p.game_id, p.player_id, g.last_seq AS seq
         FROM game_players p
         JOIN games g ON g.id = p.game_id
         LEFT JOIN computer_claims c ON c.game_id = p.game_id
         WHERE p.to_act AND p.player_id < 0 AND p.ended_at IS NULL AND g.phase = 'active'
           AND (c.game_id IS NULL OR c.seq < g.last_seq OR c.claimed_until < now())
         ORDER BY g.updated_at
         LIMIT $1",
    )
    .bind::<BigInt, _>(limit)
    .load(conn)
}

/// Claims `turn` for `seconds`, unless another server holds it; whether this one now does.
pub fn claim(conn: &mut PgConnection, turn: &Turn, seconds: i64) -> QueryResult<bool> {
    let claimed = diesel::sql_query(
        "INSERT INTO computer_claims (game_id, seq, claimed_until)
         VALUES ($1, $2, now() + make_interval(secs => $3))
         ON CONFLICT (game_id) DO UPDATE
             SET seq = excluded.seq, claimed_until = excluded.claimed_until
             WHERE computer_claims.seq < excluded.seq
                OR computer_claims.claimed_until < now()",
    )
    .bind::<Text, _>(&turn.game_id)
    .bind::<BigInt, _>(turn.seq)
    .bind::<diesel::sql_types::Double, _>(seconds as f64)
    .execute(conn)?;
    Ok(claimed == 1)
}

/// How a computer's turn went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Played {
    /// The move was made: the row it appended.
    Moved(i64),
    /// It is no longer the computer's turn (someone else acted first, or the game ended).
    NotItsTurn,
}

/// Thinks about `turn` for at most `time` and plays the move found, through the same command as
/// a person's move. No database connection is held while it thinks: the game is read with one
/// taken from `pool` and given back, and the move is played with another.
pub fn play_turn(pool: &Pool, turn: &Turn, time: Duration) -> anyhow::Result<Played> {
    let Some(level) = level_of(turn.player_id) else {
        return Ok(Played::NotItsTurn);
    };
    let connect = || pool.get();
    let kind = load::kind_of(&mut *connect()?, &turn.game_id)?;
    let found = with_rules!(kind, |R| {
        let (game, rows) = load::<R>(&mut *connect()?, &turn.game_id)?;
        think_about::<R>(&game, &rows, turn.player_id, level, time)?
    });
    let Some((seq, command)) = found else {
        tracing::debug!(game = %turn.game_id, "computers: nothing to do at row {}", turn.seq);
        return Ok(Played::NotItsTurn);
    };
    let conn = &mut *connect()?;
    let computer = accounts::find(conn, turn.player_id)?.ok_or(ServiceError::NotFound)?;
    match submit(conn, &turn.game_id, &computer, seq, command.clone()) {
        Err(ServiceError::Rule(why)) => {
            // Never expected: the computer's knowledge gives the seat's legal moves. Rather than
            // stall the game on the same refusal, the easiest level's move is played instead.
            tracing::error!(
                game = %turn.game_id,
                "computers: {command} was refused at row {seq}: {why}; playing another move"
            );
            let again = suggest(conn, &turn.game_id, turn.player_id, Level::Easy, time)?;
            match again {
                Some((seq, other)) if other != command => {
                    Ok(submit(conn, &turn.game_id, &computer, seq, other)?)
                }
                _ => Err(ServiceError::Rule(why).into()),
            }
        }
        played => Ok(played?),
    }
}

/// Plays `command` for `computer` on the game as it stood at row `seq`; a game that moved on
/// meanwhile is left for the next round to look at again.
fn submit(
    conn: &mut PgConnection,
    game_id: &str,
    computer: &Player,
    seq: i64,
    command: Value,
) -> Result<Played> {
    match commands::play_via(Channel::Computer, conn, game_id, computer, seq, command) {
        Ok(seq) => Ok(Played::Moved(seq)),
        Err(ServiceError::Stale) => Ok(Played::NotItsTurn),
        Err(e) => Err(e),
    }
}

/// The move the computer at `level` would make for `player_id`'s seat in `game_id` now, found in
/// at most `time`, and the head of the log it was found at; None when the seat has nothing to
/// do.
pub fn suggest(
    conn: &mut PgConnection,
    game_id: &str,
    player_id: i64,
    level: Level,
    time: Duration,
) -> Result<Option<(i64, Value)>> {
    let kind = load::kind_of(conn, game_id)?;
    with_rules!(kind, |R| think::<R>(conn, game_id, player_id, level, time))
}

fn think<R: BotGame>(
    conn: &mut PgConnection,
    game_id: &str,
    player_id: i64,
    level: Level,
    time: Duration,
) -> Result<Option<(i64, Value)>> {
    let (game, rows) = load::<R>(conn, game_id)?;
    think_about::<R>(&game, &rows, player_id, level, time)
}

/// The move the computer at `level` would make for `player_id`'s seat in `game` (folded from
/// `rows`), and the head of the log it was found at.
fn think_about<R: BotGame>(
    game: &Game<R>,
    rows: &Log,
    player_id: i64,
    level: Level,
    time: Duration,
) -> Result<Option<(i64, Value)>> {
    let Some(seat) = game.seat_of(player_id) else {
        return Ok(None);
    };
    let command = decide::<R>(game, rows, seat, level, time)?;
    Ok(command.map(|command| {
        let command = serde_json::to_value(&command).expect("commands serialize");
        (game.seq, command)
    }))
}

/// The command the computer at `level` plays for `seat` in `game` (folded to the head of its log
/// `rows`), found in at most `time`; None when the seat is not to act.
fn decide<R: BotGame>(
    game: &Game<R>,
    rows: &Log,
    seat: Seat,
    level: Level,
    time: Duration,
) -> Result<Option<R::Command>> {
    let Some(Status::ToAct { seats }) = game.status() else {
        return Ok(None);
    };
    if !seats.contains(&seat) {
        return Ok(None);
    }
    let mut events = Vec::new();
    for row in rows.iter() {
        for entry in entries::<R>(row)? {
            if let Entry::Game { event } = entry {
                events.push(event);
            }
        }
    }
    let knowledge = Knowledge::<R>::new(game.options.clone(), game.players, seat, &events);
    let seed = bot_seed(&game.id, game.seq, seat);
    let began = Instant::now();
    let deadline = began + time.min(bots::THINKING_TIME);
    let chosen = catch_unwind(AssertUnwindSafe(|| {
        bots::choose_within(&knowledge, level, seed, deadline)
    }));
    crate::metrics::computer_thought(R::KIND, began.elapsed());
    let command = match chosen {
        Ok(Some(choice)) => {
            if choice.cut_short {
                tracing::info!(
                    game = %game.id,
                    seq = game.seq,
                    "computer: the time bound cut the search short after {} samples",
                    choice.iterations
                );
            }
            choice.command
        }
        Ok(None) => return Ok(None),
        Err(_) => {
            tracing::error!(
                game = %game.id,
                seq = game.seq,
                "computer: the search failed; playing the first legal move"
            );
            match knowledge.legal_commands().into_iter().next() {
                Some(command) => command,
                None => return Ok(None),
            }
        }
    };
    Ok(Some(command))
}

/// Most computer moves [`follow`] makes in a row (the others at a table of four, a few times round
/// in a step they take together).
const MOST_FOLLOWING: usize = 12;

/// Plays at once, in the caller's transaction, every computer move that is due now in
/// `game_id`, one after another, each thought about for at most `time`: so that the answer to a
/// move made by email can carry the computer's reply. Returns what each computer played, in words
/// ("Hard computer played: sow pit 3.").
pub fn follow(conn: &mut PgConnection, game_id: &str, time: Duration) -> Result<Vec<Message>> {
    let kind = load::kind_of(conn, game_id)?;
    let mut played = Vec::new();
    for _ in 0..MOST_FOLLOWING {
        match with_rules!(kind, |R| follow_once::<R>(conn, game_id, time))? {
            Some(message) => played.push(message),
            None => break,
        }
    }
    Ok(played)
}

fn follow_once<R: BotGame + GameUi>(
    conn: &mut PgConnection,
    game_id: &str,
    time: Duration,
) -> Result<Option<Message>> {
    let (game, rows) = load::<R>(conn, game_id)?;
    let (Some(state), Some(Status::ToAct { seats })) = (game.state.as_ref(), game.status()) else {
        return Ok(None);
    };
    let Some((seat, level, id)) = (seats.iter())
        .filter_map(|&seat| {
            let id = game.seating.get(seat)?.id;
            Some((seat, level_of(id)?, id))
        })
        .next()
    else {
        return Ok(None);
    };
    let Some(command) = decide::<R>(&game, &rows, seat, level, time)? else {
        return Ok(None);
    };
    let label = R::command_label(state, &command);
    let command = serde_json::to_value(&command).expect("commands serialize");
    let player = accounts::find(conn, id)?.ok_or(ServiceError::NotFound)?;
    commands::play_via(Channel::Computer, conn, game_id, &player, game.seq, command)?;
    Ok(Some(
        Message::new("computer-played")
            .seat("name", seat)
            .with("move", label),
    ))
}

/// The seed a computer's move is searched with: public facts only (the game, the row and the
/// seat), never the game's secret seed, so anyone can reproduce the move from the log.
pub fn bot_seed(game_id: &str, seq: i64, seat: usize) -> u64 {
    let digest = Sha256::new()
        .chain_update(game_id.as_bytes())
        .chain_update(seq.to_be_bytes())
        .chain_update((seat as u64).to_be_bytes())
        .finalize();
    u64::from_be_bytes(digest[..8].try_into().expect("eight bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_depends_on_the_game_row_and_seat() {
        let base = bot_seed("g1", 5, 1);
        assert_eq!(base, bot_seed("g1", 5, 1));
        assert_ne!(base, bot_seed("g2", 5, 1));
        assert_ne!(base, bot_seed("g1", 6, 1));
        assert_ne!(base, bot_seed("g1", 5, 0));
    }
}
