use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono_tz::Tz;
use serde_json::json;

use crate::games::read_model;
use crate::i18n::Lang;
use crate::rules::Kind;
use crate::store::events::format_time;
use crate::web::AppState;
use crate::web::clock_text::{local, zone_of};
use crate::web::error::WebError;
use crate::web::layout::{Layout, page};
use crate::web::session::visitor;

use super::game_view::json_response;
use super::named::{NAMES, Piece, name_piece, plain, with_names};

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
    next: String,
    email: String,
}

/// The signed-in player's games (or, for a guest, the sign-in form); its JSON twin lists the games
/// for tools.
pub async fn home(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let zone = zone_of(&visitor);
    let games = match visitor.player_id() {
        Some(me) => {
            let pool = state.pool.clone();
            let lang = visitor.lang;
            web::block(move || game_lines(&mut *pool.get()?, me, zone, lang)).await??
        }
        None => Vec::new(),
    };
    if crate::web::asks_for_json(&req) {
        let Some(player) = &visitor.player else {
            return Ok(json_response(
                StatusCode::UNAUTHORIZED,
                &json!({"error": visitor.lang.t("home-sign-in-to-see")}),
            ));
        };
        let listed: Vec<_> = games
            .iter()
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
            &json!({"player": player.display_name, "csrf": visitor.csrf, "games": listed}),
        ));
    }
    page(&HomePage {
        layout: Layout::titled("nav-your-games", &visitor),
        games,
        next: "/".into(),
        email: String::new(),
    })
}

fn game_lines(
    conn: &mut diesel::PgConnection,
    me: i64,
    zone: Tz,
    lang: Lang,
) -> Result<Vec<GameLine>, WebError> {
    let mut lines = Vec::new();
    for game in read_model::games_of(conn, me)? {
        let table = crate::games::computer::table_in(conn, &game.id, lang)?;
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
        lines.push(GameLine {
            kind_name: Kind::parse(&game.kind)
                .map_or_else(|| lang.t("game"), |k| lang.game_name(k)),
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
        });
    }
    Ok(lines)
}
