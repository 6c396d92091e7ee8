//! Deciding a command by a seated player: whether they may make it on the page they made it on,
//! and the row a move adds, decided without the database (the seed is asked for once the move is
//! the player's to make), so that a move can be decided on a game held folded in memory as well
//! as inside a transaction.

use diesel::pg::PgConnection;
use serde_json::Value;

use crate::auth::Player;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::cache::Log;
use crate::game_log::fold::load::load;
use crate::game_log::fold::replay::Game;
use crate::game_log::stream::seed;
use crate::game_log::stream::{Entry, Submitted};
use crate::rules::message::Message;
use crate::rules::{Rules, Seat, Status};
use crate::store::events::EventRow;

/// The row a command adds: after `previous`, by `actor`.
pub struct NewRow<'a, R: Rules> {
    pub previous: Option<&'a EventRow>,
    pub actor: Option<i64>,
    pub submitted: Submitted<R::Command>,
    pub entries: Vec<Entry<R::Event>>,
}

/// Loads a game for a command by `player` made on the page showing `expected_seq`: refused if
/// they have no seat, or if the game has moved on since.
pub fn load_seated<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
) -> Result<(Game<R>, Log, Seat)> {
    let (game, rows) = load::<R>(conn, game_id)?;
    let seat = seated(&game, player, expected_seq)?;
    Ok((game, rows, seat))
}

/// The seat of `player` in `game`, for a command made on the page showing `expected_seq`:
/// refused if they have none, or if the game has moved on since.
fn seated<R: Rules>(game: &Game<R>, player: &Player, expected_seq: i64) -> Result<Seat> {
    let Some(seat) = game.seat_of(player.id) else {
        return Err(ServiceError::Forbidden(Message::new("rule-not-seated")));
    };
    if expected_seq > game.seq {
        return Err(ServiceError::Rule(
            Message::new("seq-ahead")
                .with("seq", expected_seq)
                .with("events", game.seq),
        ));
    }
    // Table talk since the page was loaded changes nothing a move depends on.
    if expected_seq < game.board_seq {
        return Err(ServiceError::Stale);
    }
    Ok(seat)
}

/// A move as a player asks for it: a rules command, made on the page showing `expected_seq`.
pub struct Asked<'a> {
    pub player: &'a Player,
    pub expected_seq: i64,
    pub command: Value,
}

/// The row a move adds to `game`, folded to the head of its log `rows`, and the game's seed; or
/// why the move is refused. `seed` is asked for the seed once the move is the player's to make.
pub fn decide_play<'a, R: Rules>(
    game: &Game<R>,
    rows: &'a Log,
    asked: Asked<'_>,
    seed: impl FnOnce(&Game<R>) -> Result<seed::Seed>,
) -> Result<(NewRow<'a, R>, seed::Seed)> {
    let seat = seated(game, asked.player, asked.expected_seq)?;
    let (Some(state), Some(status)) = (game.state.as_ref(), game.status()) else {
        return Err(ServiceError::Rule(Message::new("rule-not-started")));
    };
    match status {
        Status::Finished { .. } => {
            return Err(ServiceError::Rule(Message::new("rule-game-over")));
        }
        Status::ToAct { seats } if !seats.contains(&seat) => {
            return Err(ServiceError::Forbidden(Message::new("rule-not-your-turn")));
        }
        Status::ToAct { .. } => {}
    }
    let command: R::Command = serde_json::from_value(asked.command)
        .map_err(|_| ServiceError::BadRequest(Message::new("not-a-move")))?;
    let previous = rows.last();
    let seq = previous.map_or(1, |row| row.seq + 1);
    let game_seed = seed(game)?;
    let mut entries = super::play_entries::<R>(state, seat, &command, &game_seed, seq)
        .map_err(|e| ServiceError::Rule(e.0))?;
    super::salt_secrets(
        game,
        Some(seat),
        Some(&command),
        &mut entries,
        &game_seed,
        seq,
    );
    let new_row = NewRow {
        previous,
        actor: Some(asked.player.id),
        submitted: Submitted::Play { command },
        entries,
    };
    Ok((new_row, game_seed))
}
