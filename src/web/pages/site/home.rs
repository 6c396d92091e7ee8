use std::collections::BTreeMap;

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde_json::json;

use crate::game_log::record::read_model::{self, EndedAfter, GameSummary, Seated};
use crate::i18n::Lang;
use crate::rules::Kind;
use crate::rules::Message;
use crate::store::events::format_time;
use crate::web::AppState;
use crate::web::frame::clock_text::{local, zone_of};
use crate::web::frame::layout::{Layout, page};
use crate::web::pages::json::json_response;
use crate::web::pages::named::{NAMES, Piece, name_piece, plain, with_names};
use crate::web::request::error::WebError;
use crate::web::request::session::visitor;

pub struct GameLine {
    pub id: String,
    pub kind: String,
    pub kind_name: String,
    pub players: Vec<Piece>,
    pub state: String,
    pub updated: String,
    pub updated_at: String,
    pub my_turn: bool,
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    layout: Layout,
    games: Vec<GameLine>,
    ended: Vec<GameLine>,
    /// Showing a later page of the ended games.
    paging: bool,
    older: Option<String>,
    next: String,
    email: String,
}

/// How many ended games one page of "Your games" lists.
const ENDED_PER_PAGE: i64 = 20;

/// The player's games: those not ended (on the first page only) and one page of the ended ones.
struct Listed {
    current: Vec<GameLine>,
    ended: Vec<GameLine>,
    older: Option<String>,
}

/// `?ended_after=MICROS.ID`: where a page of ended games starts.
fn ended_after(query: &BTreeMap<String, String>) -> Result<Option<EndedAfter>, WebError> {
    let Some(value) = query.get("ended_after") else {
        return Ok(None);
    };
    let bad = || WebError::bad_request(Message::new("home-bad-page"));
    let (micros, game_id) = value.split_once('.').ok_or_else(bad)?;
    let ended_at = micros
        .parse::<i64>()
        .ok()
        .and_then(DateTime::<Utc>::from_timestamp_micros)
        .ok_or_else(bad)?;
    if !crate::web::request::ids::is_game_id(game_id) {
        return Err(bad());
    }
    Ok(Some(EndedAfter {
        ended_at,
        game_id: game_id.to_string(),
    }))
}

fn older_link(after: &EndedAfter) -> String {
    format!(
        "/?ended_after={}.{}",
        after.ended_at.timestamp_micros(),
        after.game_id
    )
}

/// The signed-in player's games (or, for a guest, the sign-in form); its JSON twin lists the games
/// for tools.
pub async fn home(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    query: web::Query<BTreeMap<String, String>>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let zone = zone_of(&visitor);
    let after = ended_after(&query)?;
    let paging = after.is_some();
    let listed = match visitor.player_id() {
        Some(me) => {
            let pool = state.pool.clone();
            let lang = visitor.lang;
            web::block(move || list(&mut *pool.get()?, me, after.as_ref(), zone, lang)).await??
        }
        None => Listed {
            current: Vec::new(),
            ended: Vec::new(),
            older: None,
        },
    };
    if crate::web::asks_for_json(&req) {
        let Some(player) = &visitor.player else {
            return Ok(json_response(
                StatusCode::UNAUTHORIZED,
                &json!({"error": visitor.lang.t("home-sign-in-to-see")}),
            ));
        };
        let games: Vec<_> = (listed.current.iter().chain(&listed.ended))
            .map(|g| {
                json!({
                    "id": g.id, "kind": g.kind, "url": format!("/games/{}", g.id),
                    "your_turn": g.my_turn, "state": g.state, "players": plain(&g.players),
                    "updated_at": g.updated_at,
                })
            })
            .collect();
        return Ok(json_response(
            StatusCode::OK,
            &json!({
                "player": player.display_name, "csrf": visitor.csrf, "games": games,
                "older": listed.older,
            }),
        ));
    }
    page(&HomePage {
        layout: Layout::titled("nav-your-games", &visitor),
        games: listed.current,
        ended: listed.ended,
        paging,
        older: listed.older,
        next: "/".into(),
        email: String::new(),
    })
}

fn list(
    conn: &mut diesel::PgConnection,
    me: i64,
    after: Option<&EndedAfter>,
    zone: Tz,
    lang: Lang,
) -> Result<Listed, WebError> {
    let current = match after {
        Some(_) => Vec::new(),
        None => read_model::current_games_of(conn, me)?,
    };
    let (ended, next) = read_model::ended_games_of(conn, me, after, ENDED_PER_PAGE)?;
    let ids: Vec<String> = current.iter().chain(&ended).map(|g| g.id.clone()).collect();
    let mut tables = crate::computers::tables_in(conn, &ids, lang)?;
    let mut line = |game: GameSummary| {
        let table = tables.remove(&game.id).unwrap_or_default();
        game_line(game, &table, me, zone, lang)
    };
    Ok(Listed {
        current: current.into_iter().map(&mut line).collect(),
        ended: ended.into_iter().map(&mut line).collect(),
        older: next.as_ref().map(older_link),
    })
}

fn game_line(game: GameSummary, table: &[Seated], me: i64, zone: Tz, lang: Lang) -> GameLine {
    let others: Vec<Piece> = table
        .iter()
        .filter(|p| p.player_id != me)
        .map(name_piece)
        .collect();
    let waiting_for: Vec<&str> = table
        .iter()
        .filter(|p| p.to_act)
        .map(|p| p.name.as_str())
        .collect();
    let state = match (game.phase.as_str(), game.result_in(lang)) {
        ("cancelled", Some(why)) => why,
        ("finished", Some(result)) => lang
            .tr("home-state-finished")
            .arg("result", result)
            .to_string(),
        ("waiting", _) => lang.t("home-state-waiting"),
        ("cancelled", None) => lang.t("home-state-called-off"),
        _ if !waiting_for.is_empty() => lang
            .tr("home-state-waiting-for")
            .arg("players", waiting_for.join(&lang.t("list-separator")))
            .to_string(),
        _ => lang.t("home-state-in-progress"),
    };
    GameLine {
        kind_name: Kind::parse(&game.kind).map_or_else(|| lang.t("game"), |k| lang.game_name(k)),
        kind: game.kind,
        id: game.id,
        players: match others.is_empty() {
            true => with_names("—", &[], ""),
            false => with_names(
                &lang
                    .tr("home-players-with")
                    .arg("players", NAMES)
                    .to_string(),
                &others,
                &lang.t("list-separator"),
            ),
        },
        state,
        updated: local(game.updated_at, zone),
        updated_at: format_time(game.updated_at),
        my_turn: game.my_turn,
    }
}
