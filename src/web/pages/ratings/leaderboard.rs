//! The leaderboards: one per game, of its established players, best first.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;
use serde_json::json;

use crate::glicko2::Rating;
use crate::glicko2::parameters::{
    ESTABLISHED_DEVIATION, ESTABLISHED_GAMES, ESTABLISHED_WITHIN_DAYS,
};
use crate::ratings::rate::shown;
use crate::ratings::read::{Leader, leaderboard};
use crate::rules::{Kind, Message};
use crate::store::replica::Need;
use crate::web::AppState;
use crate::web::asks_for_json;
use crate::web::frame::layout::{Layout, page};
use crate::web::pages::json::json_response;
use crate::web::pages::named::player_path;
use crate::web::request::error::WebError;
use crate::web::request::session::visitor;

/// Lines on one page of a leaderboard.
const PER_PAGE: i64 = 50;

#[derive(Template)]
#[template(path = "ratings_index.html")]
struct IndexPage {
    layout: Layout,
    games: Vec<(&'static str, String)>,
}

pub async fn index(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    page(&IndexPage {
        layout: Layout::titled("ratings-title", &visitor),
        games: (Kind::ALL.iter())
            .map(|&kind| (kind.as_str(), visitor.lang.game_name(kind)))
            .collect(),
    })
}

pub struct Line {
    rank: i64,
    name: String,
    path: String,
    rating: String,
    games: i32,
}

#[derive(Template)]
#[template(path = "leaderboard.html")]
struct BoardPage {
    layout: Layout,
    game: String,
    slug: &'static str,
    lines: Vec<Line>,
    total: i64,
    page: i64,
    pages: i64,
    rule: String,
}

#[derive(Deserialize)]
pub struct Paging {
    pub page: Option<String>,
}

/// A page number as typed: 1 if none, 400 in words if it is not a whole number from 1.
pub fn page_number(typed: Option<&str>) -> Result<i64, WebError> {
    match typed {
        None | Some("") => Ok(1),
        Some(typed) => typed
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=1_000_000).contains(n))
            .ok_or_else(|| WebError::bad_request(Message::new("ratings-bad-page"))),
    }
}

pub fn unknown_kind() -> WebError {
    WebError::new(StatusCode::NOT_FOUND, Message::new("ratings-no-such-game"))
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    paging: web::Query<Paging>,
) -> Result<HttpResponse, WebError> {
    let kind = Kind::parse(&slug).ok_or_else(unknown_kind)?;
    let number = page_number(paging.page.as_deref())?;
    let visitor = visitor(&req, &session, &state).await?;
    let reads = state.reads.clone();
    let offset = (number - 1) * PER_PAGE;
    let (leaders, total) = web::block(move || -> Result<_, WebError> {
        Ok(leaderboard(
            &mut reads.get(Need::Any)?.0,
            kind,
            offset,
            PER_PAGE,
        )?)
    })
    .await??;
    let pages = ((total + PER_PAGE - 1) / PER_PAGE).max(1);
    let rating = |l: &Leader| Rating {
        rating: l.rating,
        deviation: l.deviation,
        volatility: 0.0,
    };
    if asks_for_json(&req) {
        let body = json!({
            "kind": kind.as_str(),
            "page": number,
            "pages": pages,
            "players": total,
            "leaders": leaders.iter().enumerate().map(|(i, l)| json!({
                "rank": offset + i as i64 + 1,
                "name": l.name,
                "rating": l.rating,
                "deviation": l.deviation,
                "shown": shown(&rating(l)),
                "games": l.games,
                "player": player_path(&l.name),
            })).collect::<Vec<_>>(),
        });
        return Ok(json_response(StatusCode::OK, &body));
    }
    let lang = visitor.lang;
    page(&BoardPage {
        layout: Layout::new(
            lang.tr("leaderboard-title")
                .arg("game", lang.game_name(kind))
                .to_string(),
            &visitor,
        ),
        game: lang.game_name(kind),
        slug: kind.as_str(),
        lines: (leaders.iter().enumerate())
            .map(|(i, l)| Line {
                rank: offset + i as i64 + 1,
                name: l.name.clone(),
                path: player_path(&l.name),
                rating: shown(&rating(l)),
                games: l.games,
            })
            .collect(),
        total,
        page: number,
        pages,
        rule: lang
            .tr("leaderboard-rule")
            .arg("deviation", ESTABLISHED_DEVIATION as i64)
            .arg("games", ESTABLISHED_GAMES)
            .arg("days", ESTABLISHED_WITHIN_DAYS)
            .to_string(),
    })
}
