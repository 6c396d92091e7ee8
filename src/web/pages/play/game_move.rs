//! A move made over the HTTP worker's own connections ([`crate::store::pipelined`]): the
//! session checked, with the database's time, in one statement on the reads connection; the
//! move decided on the worker thread against the game as this process holds it folded; and its
//! row written in one statement on the writes connection, which writes nothing unless the row
//! it follows, by sequence number and hash, is still the head of the log
//! ([`crate::game_log::record::write`]). The log is not read again: that guard is the check that the game
//! is as folded. Two round trips, and no hand-off to a blocking thread.
//!
//! Only for a game this process holds folded with its seed, without a time control (whose
//! clocks are written apart) or a plan made in it (followed in the move's transaction), and
//! for a move the rules accept that does not end the game (whose result names the players as
//! they are now). Anything else (a refusal, a game that
//! moved on, a statement the database refused, any failure to read) returns `None` with
//! nothing written, and the move is made or refused through the pool, so no answer differs
//! from the pool's. A write whose fate a broken connection leaves unknown is answered as such.

use std::rc::Rc;

use actix_web::web;
use diesel_async::AsyncPgConnection;
use serde_json::Value;

use crate::game_log::decide::play;
use crate::game_log::decide::play::Asked;
use crate::game_log::decide::seal;
use crate::game_log::fold::cache;
use crate::game_log::record::read_model::GameRow;
use crate::game_log::record::write;
use crate::metrics::Channel;
use crate::rules::Rules;
use crate::rules::with_rules;
use crate::store::pipelined::Written;
use crate::web::AppState;
use crate::web::request::error::WebError;
use crate::web::request::session::{Caller, Visitor};

/// The move `command`, made by `caller` on the page showing `expected_seq`, if it can be made
/// here: the sequence number of its row, or why its fate is unknown.
pub async fn attempt(
    state: &web::Data<AppState>,
    caller: Caller,
    game_id: &str,
    (expected_seq, command): &(i64, Value),
    channel: Channel,
) -> Option<(Result<i64, WebError>, Visitor)> {
    let kind = cache::shared().kind(game_id)?;
    let made = with_rules!(kind, |R| {
        attempt_as::<R>(state, caller, game_id, *expected_seq, command).await
    });
    if let Some((Ok(_), _)) = &made {
        crate::metrics::moves_asked(kind.as_str(), channel, true, 1);
    }
    made
}

async fn attempt_as<R: Rules>(
    state: &web::Data<AppState>,
    caller: Caller,
    game_id: &str,
    expected_seq: i64,
    command: &Value,
) -> Option<(Result<i64, WebError>, Visitor)> {
    let games = cache::shared();
    let (known, _) = games.held::<R>(game_id)?;
    // A plan is followed in the transaction of the opponent's move, which the pool takes.
    if known.game.time_control.is_some() || !known.game.plans.is_empty() {
        return None;
    }
    let seed = games.held_seed(&known.game)?;
    let checked =
        |conn: Rc<AsyncPgConnection>| async move { caller.visitor_at_pipelined(&conn).await };
    let (visitor, now) = state.pipelined.read(checked).await?;
    let now = now?;
    let asked = Asked {
        player: visitor.player.as_ref()?,
        expected_seq,
        command: command.clone(),
    };
    let decided = play::decide_play(&known.game, &known.rows, asked, |_| Ok(seed));
    let (new_row, seed) = decided.ok()?;
    let closed = seal::close(known.game.clone(), new_row, &seed, now);
    if closed.game.ended.is_some() {
        // The result names the players as they are now, which the pool reads.
        return None;
    }
    let game_row = GameRow::of(&closed.game);
    let write = |conn: Rc<AsyncPgConnection>| async move {
        write::record_pipelined(&conn, &closed.row, &game_row, &closed.tell).await
    };
    match state.pipelined.write(write).await? {
        Written::Done(Some(seq)) => Some((Ok(seq), visitor)),
        // The game moved on since it was read: the pool decides the move afresh.
        Written::Done(None) => None,
        Written::Refused(error) => {
            tracing::warn!("game {game_id}: a move's write was refused: {error}");
            None
        }
        Written::Unknown(error) => Some((Err(WebError::database_lost(error)), visitor)),
    }
}
