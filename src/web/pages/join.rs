//! Invitation links: see what the game is, then take the seat.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::auth::accounts;
use crate::games::service::{self, InvitationInfo};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::form::Form;
use crate::web::layout::{Layout, page, see_other};
use crate::web::session::{self, check_form_csrf, visitor};

#[derive(Template)]
#[template(path = "join.html")]
struct JoinPage {
    layout: Layout,
    token: String,
    game_id: String,
    game_name: &'static str,
    invited_by: String,
    email: String,
    signed_in_as_other: bool,
}

fn invalid_link() -> WebError {
    WebError::new(
        StatusCode::NOT_FOUND,
        "This invitation link is not valid. Please check that you copied all of it.",
    )
}

/// The invitation page. The link was emailed to the invited address, so opening it signs that
/// address in when nobody is signed in yet.
pub async fn show(
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let token = path.into_inner();
    let pool = state.pool.clone();
    let lookup = token.clone();
    let found = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        let info = match service::invitation(conn, &lookup) {
            Ok(info) => info,
            Err(service::ServiceError::NotFound) => return Err(invalid_link()),
            Err(e) => return Err(e.into()),
        };
        let invitee = if info.accepted {
            None
        } else {
            Some(accounts::find_or_create(conn, &info.email)?)
        };
        Ok((info, invitee))
    })
    .await??;
    let (info, invitee): (InvitationInfo, _) = found;
    if info.accepted {
        return Ok(see_other(&format!("/games/{}", info.game_id)));
    }
    let mut visitor = visitor(&session, &state).await?;
    if visitor.player.is_none()
        && let Some(invitee) = invitee
    {
        session::sign_in(&session, &invitee);
        visitor = session::visitor(&session, &state).await?;
    }
    let signed_in_as_other = visitor
        .player
        .as_ref()
        .is_some_and(|p| p.email != info.email);
    page(&JoinPage {
        layout: Layout::new(format!("Join {}", info.kind.name()), &visitor),
        token,
        game_id: info.game_id,
        game_name: info.kind.name(),
        invited_by: info.invited_by,
        email: info.email,
        signed_in_as_other,
    })
}

pub async fn accept(
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, WebError> {
    let form = Form::parse(&body)?;
    check_form_csrf(&session, &form)?;
    let visitor = visitor(&session, &state).await?;
    let player = visitor.require_player()?.clone();
    let token = path.into_inner();
    let pool = state.pool.clone();
    let joined = web::block(move || -> Result<_, WebError> {
        Ok(service::join(&mut *pool.get()?, &token, &player))
    })
    .await??;
    match joined {
        Ok(game_id) => Ok(see_other(&format!("/games/{game_id}"))),
        Err(service::ServiceError::NotFound) => Err(invalid_link()),
        Err(e) => Err(e.into()),
    }
}
