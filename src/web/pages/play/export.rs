//! The game's log as a JSON download, for `turnpost verify`. It is sent as it is written, a
//! hundred rows at a time, so that a long game's file is never built whole.

use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::web::Bytes;
use actix_web::{HttpResponse, web};

use crate::audit::export::Written;
use crate::game_log::error::ReplayError;
use crate::game_log::fold::load;
use crate::rules::Rules;
use crate::rules::with_rules;
use crate::web::AppState;
use crate::web::pages::play::game_view::{Visible, load_visible};
use crate::web::pages::play::history::seen;
use crate::web::request::error::WebError;
use crate::web::request::ids::GameId;
use crate::web::request::session::{Visitor, visitor};

/// The pieces of an export's text; the kind of game is known only once it is loaded.
type Pieces = Box<dyn Iterator<Item = Result<String, ReplayError>> + Send>;

fn pieces<R: Rules>(
    conn: &mut diesel::PgConnection,
    game_id: &str,
    visitor: &Visitor,
) -> Result<Pieces, WebError> {
    let Visible { game, rows } = load_visible::<R>(conn, game_id, visitor.player_id())?;
    let viewer = game.viewer_for(visitor.player_id());
    Ok(Box::new(Written::new(game, rows, viewer)))
}

#[derive(serde::Deserialize)]
pub struct ExportQuery {
    /// The row of the log the reader has already seen, which the export must hold too.
    seen: Option<i64>,
}

pub async fn download(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    query: web::Query<ExportQuery>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let disposition = format!("attachment; filename=\"turnpost-{game_id}.json\"");
    let reads = state.reads.clone();
    let id = game_id.clone();
    let pieces = web::block(move || -> Result<Pieces, WebError> {
        let (mut conn, _) = reads.get(seen(&id, query.seen))?;
        let conn = &mut *conn;
        let kind = load::kind_of(conn, &id)?;
        with_rules!(kind, |R| pieces::<R>(conn, &id, &visitor))
    })
    .await??;
    // A row that cannot be shown (a corrupt log) cuts the download short, so that the file
    // is never taken for a whole one; the log was read and folded before the first byte.
    let body = futures_util::stream::iter(pieces.map(move |piece| {
        piece.map(Bytes::from).inspect_err(|e| {
            tracing::error!("export of game {game_id} cut short: {e}");
        })
    }));
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header(("Content-Disposition", disposition))
        .streaming(body))
}
