//! The game page read over the HTTP worker's own connection ([`crate::store::pipelined`]): the
//! session and the game's new rows in one round trip, and the page built on the worker thread,
//! with no hand-off to a blocking thread.
//!
//! Only for a game this process holds folded, shown as it is now, at a table that has begun.
//! Anything else (a game to fold from its whole log, a past position, a waiting table, a
//! player renamed out of reach, any failure) returns `None` and is answered through the pool,
//! so no answer differs from the pool's.

use std::collections::BTreeMap;
use std::rc::Rc;

use actix_web::web;
use diesel_async::AsyncPgConnection;

use crate::game_log::fold::cache;
use crate::game_log::fold::load;
use crate::game_log::fold::replay::Phase;
use crate::present::GameUi;
use crate::rules::with_rules;
use crate::store::events;
use crate::web::AppState;
use crate::web::frame::etag::{Answer, HeldTags};
use crate::web::pages::play::board::page::{Asked, Rendered, render_visible};
use crate::web::pages::play::game_view::visible;
use crate::web::request::error::WebError;
use crate::web::request::session::{Caller, Visitor};

/// The game page (or its JSON twin) for `caller`, if it can be read here.
pub async fn answer(
    state: &web::Data<AppState>,
    caller: Caller,
    game_id: &str,
    query: &BTreeMap<String, String>,
    held: &HeldTags,
) -> Option<(Result<Answer<Rendered>, WebError>, Visitor)> {
    if query.contains_key("at") {
        return None;
    }
    let kind = cache::shared().kind(game_id)?;
    with_rules!(kind, |R| {
        answer_as::<R>(state, caller, game_id, query, held).await
    })
}

async fn answer_as<R: GameUi>(
    state: &web::Data<AppState>,
    caller: Caller,
    game_id: &str,
    query: &BTreeMap<String, String>,
    held: &HeldTags,
) -> Option<(Result<Answer<Rendered>, WebError>, Visitor)> {
    let games = cache::shared();
    let (known, head) = games.held::<R>(game_id)?;
    let named = known.game.participant_ids();
    let reads = |conn: Rc<AsyncPgConnection>| async move {
        futures_util::try_join!(
            caller.visitor_pipelined(&conn),
            events::load_from_naming_pipelined(&conn, game_id, head, &named),
        )
    };
    let (visitor, (newer, names)) = state.pipelined.read(reads).await?;
    // A damaged log is reported through the pool, which finds it again.
    let folded = games.advance(game_id, known, newer).ok()??;
    if !load::names_everyone(&folded, &names) {
        return None;
    }
    let (game, rows) = load::named(&folded, &names);
    if game.phase() == Phase::Waiting {
        return None;
    }
    // Talk a signed-in visitor may block is answered through the pool, which reads their blocks.
    if !game.talk.is_empty() && visitor.player.is_some() {
        return None;
    }
    let mut selection = query.clone();
    selection.remove("format");
    let asked = Asked {
        visitor: &visitor,
        at: None,
        selection: &selection,
        error: None,
        held,
        talk_hidden: &Default::default(),
    };
    let answer = visible(game, rows, visitor.player_id()).and_then(|shown| {
        render_visible(shown, asked, || {
            unreachable!("a waiting table is answered through the pool")
        })
    });
    Some((answer, visitor))
}
