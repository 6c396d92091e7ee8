//! Blocking: `/people/{id}/block` sets what the visitor blocks of one person (their talk, their
//! games, or nothing); `/settings/blocks` lists everyone the visitor blocks. The blocked person
//! is never told.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use diesel::prelude::*;

use crate::auth::blocks::{self, Block};
use crate::rules::Message;
use crate::store::schema::players;
use crate::web::AppState;
use crate::web::frame::layout::{Layout, render_page};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::session::{Visitor, posted_form, visitor};

#[derive(Template)]
#[template(path = "block.html")]
struct BlockPage {
    layout: Layout,
    id: i64,
    name: String,
    block: Block,
    saved: bool,
}

pub struct BlockedLine {
    pub id: i64,
    pub name: String,
    pub what: String,
}

#[derive(Template)]
#[template(path = "blocks.html")]
struct BlocksPage {
    layout: Layout,
    blocked: Vec<BlockedLine>,
}

fn person(path: &str) -> Result<i64, WebError> {
    path.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| WebError::new(StatusCode::NOT_FOUND, Message::new("player-no-such-player")))
}

/// The name of the open account `id`, someone other than `me`.
fn other_person(conn: &mut PgConnection, me: i64, id: i64) -> Result<String, WebError> {
    if id == me {
        return Err(WebError::bad_request(Message::new("block-yourself")));
    }
    players::table
        .find(id)
        .filter(players::closed_at.is_null())
        .select(players::display_name)
        .first(conn)
        .optional()?
        .ok_or_else(|| WebError::new(StatusCode::NOT_FOUND, Message::new("player-no-such-player")))
}

async fn block_page(
    state: &web::Data<AppState>,
    visitor: &Visitor,
    id: i64,
    change: Option<Block>,
) -> Result<HttpResponse, WebError> {
    let me = visitor.require_player()?.id;
    let pool = state.pool.clone();
    let (name, block) = web::block(move || -> Result<(String, Block), WebError> {
        let conn = &mut *pool.get()?;
        let name = other_person(conn, me, id)?;
        if let Some(block) = change {
            blocks::set(conn, me, id, block)?;
        }
        Ok((name, blocks::of(conn, me, id)?))
    })
    .await??;
    let page = BlockPage {
        layout: Layout::new(
            visitor
                .lang
                .tr("block-title")
                .arg("player", &name)
                .to_string(),
            visitor,
        ),
        id,
        name,
        block,
        saved: change.is_some(),
    };
    render_page(StatusCode::OK, &page)
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    block_page(&state, &visitor, person(&path)?, None).await
}

pub async fn save(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (visitor, form) = posted_form(&req, &session, &state, &body).await?;
    let block = Block {
        talk: form.get("talk") == Some("on"),
        games: form.get("games") == Some("on"),
    };
    block_page(&state, &visitor, person(&path)?, Some(block)).await
}

/// Settings → the people the visitor blocks.
pub async fn list(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let me = visitor.require_player()?.id;
    let pool = state.pool.clone();
    let found = web::block(move || -> Result<Vec<(i64, String, Block)>, WebError> {
        Ok(blocks::list(&mut *pool.get()?, me)?)
    })
    .await??;
    let lang = visitor.lang;
    let blocked = found
        .into_iter()
        .map(|(id, name, block)| BlockedLine {
            id,
            name,
            what: lang.t(match (block.talk, block.games) {
                (true, true) => "blocks-talk-and-games",
                (true, false) => "blocks-talk",
                _ => "blocks-games",
            }),
        })
        .collect();
    let page = BlocksPage {
        layout: Layout::titled("blocks-title", &visitor),
        blocked,
    };
    render_page(StatusCode::OK, &page)
}
