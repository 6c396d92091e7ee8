//! The game's log as a JSON download, for `turnpost verify`.

use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::{HttpResponse, web};

use super::game::{Visible, load_visible};
use crate::audit::{self, Export};
use crate::games::{service, with_rules};
use crate::rules::Rules;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::ids::GameId;
use crate::web::session::{Visitor, visitor};

fn build<R: Rules>(
    conn: &mut diesel::PgConnection,
    game_id: &str,
    visitor: &Visitor,
) -> Result<Export, WebError> {
    let Visible { game, rows } = load_visible::<R>(conn, game_id, visitor.player_id())?;
    let viewer = game.viewer_for(visitor.player_id());
    Ok(audit::export(&game, &rows, viewer)?)
}

pub async fn download(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let pool = state.pool.clone();
    let id = game_id.clone();
    let export = web::block(move || -> Result<Export, WebError> {
        let conn = &mut pool.get()?;
        let kind = service::kind_of(conn, &id)?;
        with_rules!(kind, |R| build::<R>(conn, &id, &visitor))
    })
    .await??;
    let body = serde_json::to_string_pretty(&export).map_err(WebError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"turnpost-{game_id}.json\""),
        ))
        .body(body))
}
