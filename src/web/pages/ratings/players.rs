//! A page for every player: their ratings in each game with a chart of how each came to be,
//! their results, the reader's record against them, and their latest games.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono::Utc;
use serde_json::{Value, json};

use crate::i18n::Lang;
use crate::present::rating_chart::rating_chart;
use crate::ratings::rate::shown;
use crate::ratings::read::{
    self, KindRating, Point, RecentGame, Record, person_named, ratings_of, recent_games,
    record_between,
};
use crate::rules::{Kind, Message};
use crate::store::replica::Need;
use crate::web::AppState;
use crate::web::asks_for_json;
use crate::web::frame::clock_text::{local, zone_of};
use crate::web::frame::layout::{Layout, page};
use crate::web::pages::json::json_response;
use crate::web::request::error::WebError;
use crate::web::request::session::visitor;

/// How many of a rating's latest games its table lists.
const HISTORY_ROWS: usize = 10;
/// How many recent games the page lists.
const RECENT_GAMES: i64 = 20;

pub struct HistoryRow {
    when: String,
    game_id: String,
    place: String,
    rating: String,
}

pub struct KindSection {
    slug: &'static str,
    game: String,
    rating: String,
    games: i32,
    won: i64,
    shared: i64,
    lost: i64,
    chart: String,
    history: Vec<HistoryRow>,
}

pub struct GameLine {
    id: String,
    game: String,
    state: String,
    rated: bool,
}

#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    layout: Layout,
    name: String,
    bot: bool,
    /// The player's account number, when the visitor is someone else signed in (who may report
    /// or block them).
    others: Option<i64>,
    sections: Vec<KindSection>,
    record: Option<String>,
    games: Vec<GameLine>,
}

/// Everything the page shows, read in one go.
struct Read {
    person: read::Person,
    ratings: Vec<(KindRating, Vec<Point>)>,
    record: Option<Record>,
    games: Vec<RecentGame>,
}

fn read(
    conn: &mut diesel::PgConnection,
    name: &str,
    reader: Option<i64>,
) -> Result<Option<Read>, WebError> {
    let Some(person) = person_named(conn, name)? else {
        return Ok(None);
    };
    let mut ratings = Vec::new();
    for rating in ratings_of(conn, person.id, Utc::now())? {
        let history = read::history_of(conn, person.id, rating.kind)?;
        ratings.push((rating, history));
    }
    let record = match reader {
        Some(me) if me != person.id => Some(record_between(conn, me, person.id)?),
        _ => None,
    };
    let games = recent_games(conn, person.id, reader, RECENT_GAMES)?;
    Ok(Some(Read {
        person,
        ratings,
        record,
        games,
    }))
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let reads = state.reads.clone();
    let reader = visitor.player_id();
    let asked = name.into_inner();
    let found = web::block(move || read(&mut reads.get(Need::Any)?.0, &asked, reader)).await??;
    let Some(found) = found else {
        return Err(WebError::new(
            StatusCode::NOT_FOUND,
            Message::new("player-no-such-player"),
        ));
    };
    let lang = visitor.lang;
    if asks_for_json(&req) {
        return Ok(json_response(StatusCode::OK, &as_json(&found, lang)));
    }
    let zone = zone_of(&visitor);
    let sections = (found.ratings.iter())
        .map(|(rating, history)| section(rating, history, lang, zone))
        .collect();
    let record = found.record.map(|r| {
        lang.tr("player-record")
            .arg("player", found.person.name.as_str())
            .arg("ahead", r.ahead)
            .arg("level", r.level)
            .arg("behind", r.behind)
            .to_string()
    });
    let games = found.games.iter().map(|g| game_line(g, lang)).collect();
    page(&PlayerPage {
        layout: Layout::new(found.person.name.clone(), &visitor),
        others: (visitor.player_id())
            .filter(|me| *me != found.person.id)
            .map(|_| found.person.id),
        name: found.person.name,
        bot: found.person.bot,
        sections,
        record,
        games,
    })
}

fn section(rating: &KindRating, history: &[Point], lang: Lang, zone: chrono_tz::Tz) -> KindSection {
    let game = lang.game_name(rating.kind);
    let mut line: Vec<f64> = history.first().map(|p| p.before).into_iter().collect();
    line.extend(history.iter().map(|p| p.after));
    let title = lang
        .tr("player-chart-title")
        .arg("game", game.as_str())
        .to_string();
    KindSection {
        slug: rating.kind.as_str(),
        rating: shown(&rating.rating),
        games: rating.games,
        won: rating.won,
        shared: rating.shared,
        lost: rating.lost,
        chart: rating_chart(&line, &title),
        history: (history.iter().rev().take(HISTORY_ROWS))
            .map(|p| HistoryRow {
                when: local(p.rated_at, zone),
                game_id: p.game_id.clone(),
                place: lang
                    .tr("player-place")
                    .arg("place", p.place)
                    .arg("players", p.rated_players)
                    .to_string(),
                rating: format!("{:.0}", p.after),
            })
            .collect(),
        game,
    }
}

fn game_state(game: &RecentGame, lang: Lang) -> String {
    let result = (game.result_message.clone())
        .and_then(|v| serde_json::from_value::<Message>(v).ok())
        .map(|m| lang.say(&m, &[]));
    match (game.phase.as_str(), result) {
        ("finished", Some(result)) => lang
            .tr("home-state-finished")
            .arg("result", result)
            .to_string(),
        _ => lang.t("home-state-in-progress"),
    }
}

fn game_line(game: &RecentGame, lang: Lang) -> GameLine {
    GameLine {
        id: game.id.clone(),
        game: Kind::parse(&game.kind).map_or_else(|| lang.t("game"), |k| lang.game_name(k)),
        state: game_state(game, lang),
        rated: game.rated,
    }
}

fn as_json(found: &Read, lang: Lang) -> Value {
    json!({
        "name": found.person.name,
        "bot": found.person.bot,
        "ratings": found.ratings.iter().map(|(r, history)| json!({
            "kind": r.kind.as_str(),
            "rating": r.rating.rating,
            "deviation": r.rating.deviation,
            "provisional": r.rating.is_provisional(),
            "shown": shown(&r.rating),
            "games": r.games,
            "won": r.won,
            "shared_first": r.shared,
            "lost": r.lost,
            "leaderboard": format!("/ratings/{}", r.kind.as_str()),
            "history": history.iter().map(|p| json!({
                "game": format!("/games/{}", p.game_id),
                "at": p.rated_at,
                "place": p.place,
                "players": p.rated_players,
                "before": p.before,
                "after": p.after,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "record_with_you": found.record.map(|r| json!({
            "you_ahead": r.ahead, "level": r.level, "you_behind": r.behind,
        })),
        "recent_games": found.games.iter().map(|g| json!({
            "game": format!("/games/{}", g.id),
            "kind": g.kind,
            "phase": g.phase,
            "rated": g.rated,
            "state": game_state(g, lang),
        })).collect::<Vec<_>>(),
    })
}
