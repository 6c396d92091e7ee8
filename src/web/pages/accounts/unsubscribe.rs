//! One-click unsubscribe (RFC 8058): the link in every email's List-Unsubscribe header works
//! without signing in. GET shows a confirmation button; POST (from that button or straight from
//! a mail client) turns game emails off.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::auth::accounts::{self, Player};
use crate::rules::message::Message;
use crate::store::notifications::Notify;
use crate::web::AppState;
use crate::web::frame::layout::{Layout, page};
use crate::web::request::error::WebError;
use crate::web::request::ids::Token;

#[derive(Template)]
#[template(path = "unsubscribe.html")]
struct UnsubscribePage {
    layout: Layout,
    token: String,
    email: String,
    done: bool,
}

async fn player_for(state: &web::Data<AppState>, token: String) -> Result<Player, WebError> {
    let pool = state.pool.clone();
    let found = web::block(move || -> Result<_, WebError> {
        Ok(accounts::by_unsubscribe_token(&mut *pool.get()?, &token)?)
    })
    .await??;
    found.ok_or_else(|| {
        WebError::new(
            StatusCode::NOT_FOUND,
            Message::new("unsubscribe-link-unknown"),
        )
    })
}

pub async fn confirm(
    state: web::Data<AppState>,
    Token(token): Token,
) -> Result<HttpResponse, WebError> {
    let player = player_for(&state, token.clone()).await?;
    page(&UnsubscribePage {
        layout: Layout::anonymous(player.lang().t("unsubscribe-title"), player.lang()),
        token,
        email: accounts::mask_email(&player.email),
        done: false,
    })
}

pub async fn unsubscribe(
    state: web::Data<AppState>,
    Token(token): Token,
) -> Result<HttpResponse, WebError> {
    let player = player_for(&state, token.clone()).await?;
    let pool = state.pool.clone();
    let id = player.id;
    web::block(move || -> Result<_, WebError> {
        Ok(accounts::set_notify(&mut *pool.get()?, id, Notify::Never)?)
    })
    .await??;
    page(&UnsubscribePage {
        layout: Layout::anonymous(player.lang().t("unsubscribe-done-title"), player.lang()),
        token,
        email: accounts::mask_email(&player.email),
        done: true,
    })
}
