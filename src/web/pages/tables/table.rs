//! A table's business besides the moves: calling it off, withdrawing a player out of time, and
//! table talk. Each is a plain form that answers with the game page (303), or the page again
//! with the reason when it was refused.

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};
use diesel::Connection;

use crate::auth::Player;
use crate::clocks::timeout;
use crate::game_log::decide;
use crate::rules::Message;
use crate::store::limits::Limit;
use crate::tables::{table, talk};
use crate::web::AppState;
use crate::web::frame::layout::see_other;
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::ids::{GameId, RowSeq};
use crate::web::request::limits;
use crate::web::request::session::{check_post_csrf, visitor};

/// The form, checked, and the signed-in player who sent it.
async fn posted(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
    body: &[u8],
) -> Result<(Form, Player), WebError> {
    let form = Form::read(req, body)?;
    check_post_csrf(req, session, &form)?;
    let visitor = visitor(req, session, state).await?;
    let player = visitor.require_player()?.clone();
    Ok((form, player))
}

/// Runs `work` on a pooled connection off the async executor, then shows the game.
async fn then_show_game<F>(
    state: &web::Data<AppState>,
    game_id: &str,
    work: F,
) -> Result<HttpResponse, WebError>
where
    F: FnOnce(&mut diesel::PgConnection) -> Result<(), WebError> + Send + 'static,
{
    let pool = state.pool.clone();
    web::block(move || work(&mut *pool.get()?)).await??;
    Ok(see_other(&format!("/games/{game_id}")))
}

pub async fn cancel(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (_, player) = posted(&req, &session, &state, &body).await?;
    let id = game_id.clone();
    then_show_game(&state, &game_id, move |conn| {
        table::cancel(conn, &id, &player)?;
        Ok(())
    })
    .await
}

pub async fn withdraw_late(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (form, player) = posted(&req, &session, &state, &body).await?;
    let seq = form.number::<i64>("seq")?;
    let seat = form.number::<usize>("seat")?;
    let id = game_id.clone();
    then_show_game(&state, &game_id, move |conn| {
        timeout::withdraw_late(conn, &id, &player, seq, seat)?;
        Ok(())
    })
    .await
}

pub async fn say(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (form, player) = posted(&req, &session, &state, &body).await?;
    let text = decide::tidy_message(form.get("text").unwrap_or_default())
        .map_err(WebError::bad_request)?;
    let settings = state.settings.limits.clone();
    let id = game_id.clone();
    then_show_game(&state, &game_id, move |conn| {
        conn.transaction(|conn| {
            limits::check(
                Limit::chat_per_player(&settings).take(conn, &player.id.to_string(), 1)?,
                Message::new("limit-chat"),
            )?;
            talk::say(conn, &id, &player, text)?;
            Ok(())
        })
    })
    .await
}

/// The author deletes their own message; the board shows that a message was removed.
pub async fn remove_talk(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    RowSeq(seq): RowSeq,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (_, player) = posted(&req, &session, &state, &body).await?;
    let id = game_id.clone();
    then_show_game(&state, &game_id, move |conn| {
        talk::remove_own(conn, &id, &player, seq)?;
        Ok(())
    })
    .await
}

pub async fn sit(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (_, player) = posted(&req, &session, &state, &body).await?;
    let id = game_id.clone();
    then_show_game(&state, &game_id, move |conn| {
        table::sit(conn, &id, &player)?;
        Ok(())
    })
    .await
}

/// Proposes the same table again to the same players: a new game with the same options and
/// time limit, inviting the others by email, within the usual limits.
pub async fn rematch(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (_, player) = posted(&req, &session, &state, &body).await?;
    let pool = state.pool.clone();
    let settings = state.settings.clone();
    let new_game = web::block(move || -> Result<String, WebError> {
        let mut conn = pool.get()?;
        conn.transaction(|conn| {
            let made = table::propose_rematch(
                conn,
                &settings.limits,
                settings.auth.invitation_days,
                &game_id,
                &player,
            )?;
            crate::web::request::limits::reached(made)
        })
    })
    .await??;
    Ok(see_other(&format!("/games/{new_game}")))
}
