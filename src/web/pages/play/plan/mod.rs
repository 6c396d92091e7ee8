//! Planning ahead: the page where a player sees their plan, draws up a line a command at a time
//! and saves it, removes lines or clears the plan; its JSON twin; and the same for programs,
//! whose lines are commands as JSON.

pub mod view;

use std::collections::BTreeMap;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use diesel::Connection;
use serde::Deserialize;
use serde_json::Value;

use crate::auth::Player;
use crate::game_log::fold::load::kind_of;
use crate::rules::{Message, with_rules};
use crate::store::limits::Limit;
use crate::tables::plans as planning;
use crate::web::AppState;
use crate::web::frame::layout::{Layout, page, see_other};
use crate::web::pages::json::{json_response, wants_json};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::ids::GameId;
use crate::web::request::limits;
use crate::web::request::session::{CSRF_HEADER, by_api_token, check_csrf, posted_form, visitor};
use view::{PlanView, plan_view};

#[derive(Template)]
#[template(path = "plan.html")]
struct PlanPage {
    layout: Layout,
    plan: PlanView,
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    query: web::Query<BTreeMap<String, String>>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let player = visitor.require_player()?.clone();
    let json = wants_json(&req, query.get("format").map(String::as_str));
    let draft = query.get("line").cloned().unwrap_or_default();
    let lang = visitor.lang;
    let pool = state.pool.clone();
    let plan = web::block(move || -> Result<PlanView, WebError> {
        let conn = &mut *pool.get()?;
        let kind = kind_of(conn, &game_id)?;
        with_rules!(kind, |R| plan_view::<R>(
            conn, &game_id, &player, &draft, lang
        ))
    })
    .await??;
    if json {
        return Ok(json_response(StatusCode::OK, &twin(&plan)));
    }
    let title = (lang.tr("plan-title"))
        .arg("game", &plan.game_name)
        .arg("player", &plan.opponent)
        .to_string();
    page(&PlanPage {
        layout: Layout::new(title, &visitor),
        plan,
    })
}

fn twin(plan: &PlanView) -> Value {
    serde_json::to_value(plan).expect("the plan serializes")
}

/// Lines to add, as a program sends them: each the commands in turn, as the rules take them.
#[derive(Deserialize)]
struct JsonLines {
    lines: Vec<Vec<Value>>,
}

/// Adds a line: the draft's codes from the page's form, or lines of commands in a JSON body.
pub async fn add(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let is_json = (req.headers().get("Content-Type"))
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.to_ascii_lowercase().starts_with("application/json"));
    let (player, lang, asked) = match is_json {
        true => {
            if !by_api_token(&req) {
                let header = req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok());
                check_csrf(&session, header)?;
            }
            let visitor = visitor(&req, &session, &state).await?;
            let lines: JsonLines = serde_json::from_slice(&body).map_err(|e| {
                WebError::bad_request(Message::new("plan-unreadable").text("reason", e.to_string()))
            })?;
            let player = visitor.require_player()?.clone();
            (player, visitor.lang, Asked::Commands(lines.lines))
        }
        false => {
            let (visitor, form) = posted_form(&req, &session, &state, &body).await?;
            let codes = form.required("line")?.to_string();
            (
                visitor.require_player()?.clone(),
                visitor.lang,
                Asked::Codes(codes),
            )
        }
    };
    let limit = Limit::plans_per_player(&state.settings.limits);
    let pool = state.pool.clone();
    let id = game_id.clone();
    let added = web::block(move || -> Result<PlanView, WebError> {
        let conn = &mut *pool.get()?;
        conn.transaction(|conn| {
            limits::check(
                limit.take(conn, &player.id.to_string(), 1)?,
                Message::new("limit-plans"),
            )?;
            let kind = kind_of(conn, &id)?;
            with_rules!(kind, |R| {
                let lines = match asked {
                    Asked::Commands(lines) => lines,
                    Asked::Codes(codes) => {
                        vec![view::commands_of::<R>(conn, &id, &player, &codes)?]
                    }
                };
                planning::add_lines(conn, &id, &player, lines)?;
                plan_view::<R>(conn, &id, &player, "", lang)
            })
        })
    })
    .await;
    match (added, is_json) {
        (Ok(Ok(plan)), true) => Ok(json_response(StatusCode::OK, &twin(&plan))),
        (Ok(Ok(_)), false) => Ok(see_other(&format!("/games/{game_id}/plan"))),
        (Ok(Err(error)), true) => Ok(error.json_in(lang, &req)),
        (Ok(Err(error)), false) => Err(error),
        (Err(error), _) => Err(error.into()),
    }
}

/// What a request to add asks for.
enum Asked {
    Commands(Vec<Vec<Value>>),
    Codes(String),
}

/// Removes one line, by its number on the page.
pub async fn remove(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (player, form) = posted_player(&req, &session, &state, &body).await?;
    let line = form.number::<usize>("line")?;
    let id = game_id.clone();
    then_show_plan(&state, &game_id, move |conn| {
        Ok(planning::remove_line(conn, &id, player.id, line).map(|_| ())?)
    })
    .await
}

/// Clears the whole plan.
pub async fn clear(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (player, _) = posted_player(&req, &session, &state, &body).await?;
    let id = game_id.clone();
    then_show_plan(&state, &game_id, move |conn| {
        Ok(planning::clear(conn, &id, player.id)?)
    })
    .await
}

/// Does `work` on a connection of the pool, then shows the plan page.
async fn then_show_plan<F>(
    state: &web::Data<AppState>,
    game_id: &str,
    work: F,
) -> Result<HttpResponse, WebError>
where
    F: FnOnce(&mut diesel::PgConnection) -> Result<(), WebError> + Send + 'static,
{
    let pool = state.pool.clone();
    web::block(move || work(&mut *pool.get()?)).await??;
    Ok(see_other(&format!("/games/{game_id}/plan")))
}

async fn posted_player(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
    body: &[u8],
) -> Result<(Player, Form), WebError> {
    let (visitor, form) = posted_form(req, session, state, body).await?;
    Ok((visitor.require_player()?.clone(), form))
}
