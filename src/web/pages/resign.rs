//! Resigning: a confirmation page, then the resignation itself.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::games::service;
use crate::web::AppState;
use crate::web::body::Body;
use crate::web::error::WebError;
use crate::web::form::Form;
use crate::web::ids::GameId;
use crate::web::layout::{Layout, page, see_other};
use crate::web::session::{check_form_csrf, visitor};

#[derive(Template)]
#[template(path = "resign.html")]
struct ResignPage {
    layout: Layout,
    id: String,
    seq: i64,
    /// "Kalah".
    game_name: String,
    /// "Bo", "Bo and Cy".
    opponents: String,
}

/// Asks first: resigning cannot be undone.
pub async fn confirm(
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&session, &state).await?;
    let rendered = super::game::rendered(
        &state,
        game_id.clone(),
        visitor.clone(),
        Default::default(),
        None,
    )
    .await?;
    let json = rendered.json();
    if json["can_resign"] != true {
        return Err(WebError::forbidden(
            "You can only resign from a game in progress in which you play.",
        ));
    }
    let game_name = crate::games::Kind::parse(json["kind"].as_str().unwrap_or_default())
        .map_or("this game", |kind| kind.name())
        .to_string();
    let opponents: Vec<&str> = json["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["you"] != true && p["resigned"] != true)
        .filter_map(|p| p["name"].as_str())
        .collect();
    let opponents = match opponents.as_slice() {
        [] => "nobody".to_string(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    page(&ResignPage {
        layout: Layout::new(format!("Resign from {game_name}?"), &visitor),
        id: game_id,
        seq: json["seq"].as_i64().unwrap_or_default(),
        game_name,
        opponents,
    })
}

pub async fn resign(
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::parse(&body)?;
    check_form_csrf(&session, &form)?;
    let seq = form.number::<i64>("seq")?;
    let visitor = visitor(&session, &state).await?;
    let player = visitor.require_player()?.clone();
    let pool = state.pool.clone();
    let id = game_id.clone();
    web::block(move || -> Result<_, WebError> {
        Ok(service::resign(&mut *pool.get()?, &id, &player, seq)?)
    })
    .await??;
    Ok(see_other(&format!("/games/{game_id}")))
}
