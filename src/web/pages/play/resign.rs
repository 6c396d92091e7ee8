//! Resigning: a confirmation page, then the resignation itself, or (in a game of three or four)
//! leaving the seat to a computer instead.

use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::clocks::hand_over;
use crate::computers;
use crate::game_log::commands;
use crate::rules::Message;
use crate::web::AppState;
use crate::web::frame::layout::{Layout, page, see_other};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::ids::GameId;
use crate::web::request::session::{check_post_csrf, visitor};

#[derive(Template)]
#[template(path = "resign.html")]
struct ResignPage {
    layout: Layout,
    id: String,
    seq: i64,
    /// "Kalah".
    game_name: String,
    /// "Or leave the game and let the computer (Medium) play your seat…", where it may.
    hand_over: Option<String>,
}

/// Asks first: resigning cannot be undone.
pub async fn confirm(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let rendered = crate::web::pages::play::board::page::rendered(
        &state,
        game_id.clone(),
        visitor.clone(),
        Default::default(),
        None,
        true,
    )
    .await?;
    let json = rendered.json().expect("the JSON twin was asked for");
    if json["can_resign"] != true {
        return Err(WebError::forbidden(Message::new("resign-not-playing")));
    }
    let game_name = crate::rules::Kind::parse(json["kind"].as_str().unwrap_or_default())
        .map_or_else(
            || visitor.lang.t("this-game"),
            |kind| visitor.lang.game_name(kind),
        )
        .to_string();
    let opponents: Vec<&str> = json["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["you"] != true && p["resigned"] != true)
        .filter_map(|p| p["name"].as_str())
        .collect();
    let opponents = if opponents.is_empty() {
        visitor.lang.t("resign-nobody")
    } else {
        let names = opponents
            .iter()
            .map(|name| Message::new("seat-name").text("player", *name));
        visitor
            .lang
            .say(&Message::new("list").list("items", names), &[])
    };
    page(&ResignPage {
        layout: Layout::new(
            visitor
                .lang
                .tr("resign-title")
                .arg("game", &game_name)
                .arg("opponents", &opponents)
                .to_string(),
            &visitor,
        ),
        id: game_id,
        seq: json["seq"].as_i64().unwrap_or_default(),
        game_name,
        hand_over: (json["can_hand_over"] == true).then(|| {
            let level = computers::level_name(hand_over::STAND_IN_LEVEL, visitor.lang);
            (visitor.lang.tr("hand-over-explained"))
                .arg("level", level)
                .to_string()
        }),
    })
}

pub async fn resign(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let seq = form.number::<i64>("seq")?;
    let visitor = visitor(&req, &session, &state).await?;
    let player = visitor.require_player()?.clone();
    let pool = state.pool.clone();
    let id = game_id.clone();
    let leave_to_computer = form.get("leave_to") == Some("computer");
    web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        match leave_to_computer {
            true => hand_over::hand_over(conn, &id, &player, seq).map(|_| ()),
            false => commands::resign(conn, &id, &player, seq),
        }
        .map_err(WebError::from)
    })
    .await??;
    Ok(see_other(&format!("/games/{game_id}")))
}
