//! Invitation links: see what the game is, then take the seat. Opening the link changes nothing.
//! Only the invited address can take the seat: its owner signed in, or — for an address that has
//! never signed in — the invitation itself, spent once by the button.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::auth::{Player, accounts};
use crate::game_log::error::ServiceError;
use crate::rules::message::Message;
use crate::tables::invitations;
use crate::tables::seating::{self, InvitationInfo, called_off, expired_invitation};
use crate::web::AppState;
use crate::web::frame::layout::{Layout, page, see_other};
use crate::web::pages::accounts::auth::{SentPage, send_link};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::ids::Token;
use crate::web::request::limits;
use crate::web::request::session::{self, Visitor, check_post_csrf, visitor};

/// What the visitor can do with the invitation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum JoinStep {
    /// Signed in as the invited address.
    TakeSeat,
    /// Nobody signed in, and the address has never signed in: the invitation may sign it in.
    NewAccount,
    /// Nobody signed in, and the address has an account: its owner must sign in first.
    ProveAddress,
    SignedInAsOther,
}

#[derive(Template)]
#[template(path = "join.html")]
struct JoinPage {
    layout: Layout,
    token: String,
    game_id: String,
    game_name: String,
    invited_by: String,
    email: String,
    step: JoinStep,
}

fn invalid_link() -> WebError {
    WebError::new(
        StatusCode::NOT_FOUND,
        Message::new("invitation-link-unknown"),
    )
}

/// An invitation and the account of the address it was sent to (if any yet).
struct Found {
    info: InvitationInfo,
    invitee: Option<(Player, bool)>,
}

async fn find(state: &web::Data<AppState>, token: &str) -> Result<Found, WebError> {
    let pool = state.pool.clone();
    let token = token.to_string();
    web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        let info = match seating::invitation(conn, &token) {
            Ok(info) => info,
            Err(ServiceError::NotFound) => return Err(invalid_link()),
            Err(e) => return Err(e.into()),
        };
        let invitee = match accounts::by_email(conn, &info.email)? {
            Some(player) => {
                let confirmed = accounts::is_confirmed(conn, player.id)?;
                Some((player, confirmed))
            }
            None => None,
        };
        Ok(Found { info, invitee })
    })
    .await?
}

fn step(found: &Found, visitor: &Visitor) -> JoinStep {
    match &visitor.player {
        Some(_) if visitor.is(&found.info.email) => JoinStep::TakeSeat,
        Some(_) => JoinStep::SignedInAsOther,
        None if found
            .invitee
            .as_ref()
            .is_some_and(|(_, confirmed)| *confirmed) =>
        {
            JoinStep::ProveAddress
        }
        None => JoinStep::NewAccount,
    }
}

/// A used or expired invitation, or one to a table called off: its acceptor goes to the game, anyone else is told.
fn spent(info: &InvitationInfo, visitor: &Visitor) -> Option<Result<HttpResponse, WebError>> {
    if let Some(accepted_by) = info.accepted_by {
        if visitor.player_id() == Some(accepted_by) {
            return Some(Ok(see_other(&format!("/games/{}", info.game_id))));
        }
        return Some(Err(WebError::new(
            StatusCode::GONE,
            Message::new("invitation-used"),
        )));
    }
    if info.called_off {
        return Some(Err(WebError::new(StatusCode::GONE, called_off())));
    }
    if info.declined {
        return Some(Err(WebError::new(
            StatusCode::GONE,
            Message::new("invitation-declined"),
        )));
    }
    if info.expired {
        return Some(Err(WebError::new(StatusCode::GONE, expired_invitation())));
    }
    None
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Token(token): Token,
) -> Result<HttpResponse, WebError> {
    let found = find(&state, &token).await?;
    let visitor = visitor(&req, &session, &state).await?;
    if let Some(answer) = spent(&found.info, &visitor) {
        return answer;
    }
    let step = step(&found, &visitor);
    let email = if step == JoinStep::TakeSeat {
        found.info.email.clone()
    } else {
        accounts::mask_email(&found.info.email)
    };
    page(&JoinPage {
        layout: Layout::new(
            visitor
                .lang
                .tr("join-title")
                .arg("game", visitor.lang.game_name(found.info.kind))
                .to_string(),
            &visitor,
        ),
        token,
        game_id: found.info.game_id,
        game_name: visitor.lang.game_name(found.info.kind),
        invited_by: found.info.invited_by,
        email,
        step,
    })
}

/// A form posted on an invitation: its CSRF token checked, the invitation found, and who posted.
async fn posted(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
    token: &str,
    body: &[u8],
) -> Result<(Found, Visitor), WebError> {
    check_post_csrf(req, session, &Form::read(req, body)?)?;
    let found = find(state, token).await?;
    Ok((found, visitor(req, session, state).await?))
}

#[derive(Template)]
#[template(path = "join_declined.html")]
struct DeclinedPage {
    layout: Layout,
    invited_by: String,
    game_name: String,
}

/// The invitee says no: the seat stays free for the creator to offer someone else, and the
/// creator is told. Who may decline is who may take the seat.
pub async fn decline(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Token(token): Token,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (found, visitor) = posted(&req, &session, &state, &token, &body).await?;
    if let Some(answer) = spent(&found.info, &visitor) {
        return answer;
    }
    let player = invitee(&found, &visitor)?.0;
    let pool = state.pool.clone();
    let game_id = found.info.game_id.clone();
    web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        Ok(invitations::decline(conn, &game_id, &player)?)
    })
    .await??;
    let game_name = visitor.lang.game_name(found.info.kind);
    page(&DeclinedPage {
        layout: Layout::titled("join-declined-title", &visitor),
        invited_by: found.info.invited_by,
        game_name,
    })
}

/// The invited player, when the visitor may answer for them: signed in as them, or — for an
/// address that has never signed in — holding the invitation. Whether the answer signs them in.
fn invitee(found: &Found, visitor: &Visitor) -> Result<(Player, bool), WebError> {
    match (step(found, visitor), &found.invitee) {
        (JoinStep::TakeSeat, _) => Ok((visitor.require_player()?.clone(), false)),
        (JoinStep::NewAccount, Some((player, _))) => Ok((player.clone(), true)),
        _ => Err(WebError::forbidden(Message::new("invitation-for-another"))),
    }
}

pub async fn accept(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Token(token): Token,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (found, visitor) = posted(&req, &session, &state, &token, &body).await?;
    if let Some(answer) = spent(&found.info, &visitor) {
        return answer;
    }
    let (player, sign_in) = invitee(&found, &visitor)?;
    let pool = state.pool.clone();
    let seated = player.clone();
    let joined = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        let joined = seating::join(conn, &token, &seated);
        if joined.is_ok() && sign_in {
            accounts::confirm(conn, seated.id)?;
        }
        Ok(joined)
    })
    .await??;
    match joined {
        Ok(game_id) => {
            if sign_in {
                session::sign_in(&req, &session, &state, &player).await?;
            }
            Ok(see_other(&format!("/games/{game_id}")))
        }
        Err(ServiceError::NotFound) => Err(invalid_link()),
        Err(e) => Err(e.into()),
    }
}

/// Emails a sign-in link to the invited address that leads back to the invitation.
pub async fn send_sign_in(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Token(token): Token,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (found, visitor) = posted(&req, &session, &state, &token, &body).await?;
    if let Some(answer) = spent(&found.info, &visitor) {
        return answer;
    }
    let client = limits::client_of(&req, &state.settings.server);
    send_link(
        &state,
        &found.info.email,
        &format!("/join/{token}"),
        &client,
        visitor.lang,
    )
    .await?;
    page(&SentPage {
        layout: Layout::titled("sign-in-sent-title", &visitor),
        email: accounts::mask_email(&found.info.email),
        minutes: state.settings.auth.sign_in_link_minutes,
    })
}
