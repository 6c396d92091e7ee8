//! The game page's endpoints: showing it (the board, its JSON twin, the board as it was after any
//! row) and playing a move.

use std::collections::BTreeMap;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{game_move, game_read};
use crate::game_log::commands;
use crate::metrics::Channel;
use crate::rules::Message;
use crate::web::AppState;
use crate::web::frame::error_page::request_id;
use crate::web::frame::etag::{Answer, HeldTags};
use crate::web::frame::layout::see_other;
use crate::web::pages::json::{json_response, wants_json};
use crate::web::pages::play::board::page::{
    Rendered, answer_on, rendered, respond, respond_refused,
};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::ids::GameId;
use crate::web::request::session::{
    CSRF_HEADER, Caller, Visitor, by_api_token, check_csrf, check_post_csrf, settle,
};

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    query: web::Query<BTreeMap<String, String>>,
) -> Result<HttpResponse, WebError> {
    let caller = Caller::of(&req, &session, &state);
    let mut lang = caller.lang();
    let query = query.into_inner();
    let json = wants_json(&req, query.get("format").map(String::as_str));
    let held = HeldTags::of(&req, json);
    let read = game_read::answer(&state, caller.clone(), &game_id, &query, &held).await;
    let (answer, visitor) = match read {
        Some((answer, visitor)) => (answer, Some(visitor)),
        None => answer_through_pool(&state, caller, game_id, query, held).await?,
    };
    if let Some(visitor) = &visitor {
        settle(&session, visitor);
        lang = visitor.lang;
    }
    match answer {
        Ok(Answer::Unchanged(tag)) => Ok(tag.not_modified()),
        Ok(Answer::Fresh(rendered)) => respond(rendered, StatusCode::OK),
        Err(error) if json => Ok(error.json_in(lang, &req)),
        Err(error) => Err(error),
    }
}

/// The game page for `caller`, with the session checked and the page built on one connection
/// of the pool; the visitor, unless the database could not be asked.
async fn answer_through_pool(
    state: &web::Data<AppState>,
    caller: Caller,
    game_id: String,
    query: BTreeMap<String, String>,
    held: HeldTags,
) -> Result<(Result<Answer<Rendered>, WebError>, Option<Visitor>), WebError> {
    let pool = state.pool.clone();
    Ok(web::block(move || {
        let shown = pool.get().map_err(WebError::from).and_then(|mut conn| {
            let visitor = caller.visitor(&mut conn)?;
            Ok((conn, visitor))
        });
        match shown {
            Ok((mut conn, visitor)) => {
                let answer = answer_on(&mut conn, &game_id, &visitor, query, None, &held);
                (answer, Some(visitor))
            }
            Err(error) => (Err(error), None),
        }
    })
    .await?)
}

/// The move `read`, made or refused with the session checked on one connection of the pool.
async fn play_through_pool(
    state: &web::Data<AppState>,
    caller: Caller,
    game_id: String,
    read: Result<(i64, Value), WebError>,
    channel: Channel,
) -> Result<(Visitor, Result<i64, WebError>), WebError> {
    let pool = state.pool.clone();
    web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        let visitor = caller.visitor(conn)?;
        let attempt = read.and_then(|(seq, command)| {
            let player = visitor.require_player()?;
            Ok(commands::play_via(
                channel, conn, &game_id, player, seq, command,
            )?)
        });
        Ok((visitor, attempt))
    })
    .await?
}

/// A move as a JSON body, for tools and bots (with the CSRF token in the X-CSRF-Token header).
#[derive(Deserialize)]
struct JsonMove {
    seq: i64,
    command: Value,
}

/// How a move was sent.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MoveBody {
    Form,
    Json,
    /// Anything else: refused with 415.
    Other,
}

fn move_body(req: &HttpRequest) -> MoveBody {
    let content_type = req
        .headers()
        .get("Content-Type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    if content_type.starts_with("application/json") {
        MoveBody::Json
    } else if content_type.starts_with("application/x-www-form-urlencoded") {
        MoveBody::Form
    } else {
        MoveBody::Other
    }
}

fn read_move(req: &HttpRequest, session: &Session, body: &[u8]) -> Result<(i64, Value), WebError> {
    let sent = move_body(req);
    if sent == MoveBody::Other {
        return Err(WebError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Message::new("move-unsupported-type"),
        ));
    }
    if sent == MoveBody::Json {
        let header = req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok());
        if !by_api_token(req) {
            check_csrf(session, header)?;
        }
        let parsed: JsonMove = serde_json::from_slice(body).map_err(|e| {
            WebError::bad_request(Message::new("move-unreadable").text("reason", e.to_string()))
        })?;
        return Ok((parsed.seq, parsed.command));
    }
    let form = Form::read(req, body)?;
    check_post_csrf(req, session, &form)?;
    let seq = form.number::<i64>("seq")?;
    let command = serde_json::from_str(form.required("command")?)
        .map_err(|_| WebError::bad_request(Message::new("move-unreadable-form")))?;
    Ok((seq, command))
}

pub async fn play(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    // A JSON body is answered in JSON, as is anyone who asks for it.
    let json = wants_json(&req, None) || move_body(&req) == MoveBody::Json;
    let channel = match move_body(&req) {
        MoveBody::Json => Channel::Json,
        _ => Channel::Web,
    };
    let caller = Caller::of(&req, &session, &state);
    let read = read_move(&req, &session, &body);
    let made = match &read {
        Ok(asked) => game_move::attempt(&state, caller.clone(), &game_id, asked, channel).await,
        Err(_) => None,
    };
    let (visitor, attempt) = match made {
        Some((attempt, visitor)) => (visitor, attempt),
        None => play_through_pool(&state, caller, game_id.clone(), read, channel).await?,
    };
    settle(&session, &visitor);
    let lang = visitor.lang;
    let error = match attempt {
        // The move is committed: whatever happens while showing the new board, it is answered
        // as made.
        Ok(seq) if json => {
            let board = rendered(
                &state,
                game_id.clone(),
                visitor,
                BTreeMap::new(),
                None,
                true,
            );
            return match board.await {
                Ok(fresh) => respond(fresh, StatusCode::OK),
                Err(e) => {
                    tracing::error!("game {game_id}: move {seq} made, but the board failed: {e}");
                    Ok(json_response(
                        StatusCode::OK,
                        &json!({"id": game_id, "seq": seq, "made": true}),
                    ))
                }
            };
        }
        Ok(_) => return Ok(see_other(&format!("/games/{game_id}"))),
        Err(error) => error,
    };
    // Refusals that concern the game itself come back with the fresh board.
    // A move that could not be read comes back with the legal ones too.
    let with_board = matches!(
        error.status,
        StatusCode::CONFLICT
            | StatusCode::UNPROCESSABLE_ENTITY
            | StatusCode::FORBIDDEN
            | StatusCode::BAD_REQUEST
    ) && visitor.player.is_some();
    if with_board {
        let message = if error.status == StatusCode::CONFLICT {
            visitor.lang.t("move-stale")
        } else {
            visitor.lang.say(&error.message, &[])
        };
        let board = rendered(
            &state,
            game_id,
            visitor,
            BTreeMap::new(),
            Some(message),
            json,
        );
        if let Ok(fresh) = board.await {
            return respond_refused(fresh, error.status, request_id(&req));
        }
    }
    if json {
        return Ok(error.json_in(lang, &req));
    }
    Err(error)
}
