//! The invitations of a table that has not started, for its creator: who accepted, and sending
//! an invitation again or to a corrected address.

use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use diesel::Connection;

use crate::auth::{Player, accounts};
use crate::rules::Message;
use crate::tables::invitations::{self, Line};
use crate::web::AppState;
use crate::web::frame::layout::{Layout, render_page};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::ids::GameId;
use crate::web::request::limits;
use crate::web::request::session::{Visitor, check_post_csrf, visitor};

pub struct LineView {
    id: String,
    email: String,
    accepted_by: Option<String>,
    expired: bool,
    declined: bool,
    expires: String,
}

impl From<Line> for LineView {
    fn from(line: Line) -> Self {
        LineView {
            id: line.id,
            email: line.email,
            accepted_by: line.accepted_by,
            expired: line.expired,
            declined: line.declined,
            expires: line.expires_at.format("%Y-%m-%d %H:%M UTC").to_string(),
        }
    }
}

#[derive(Template)]
#[template(path = "invitations.html")]
struct InvitationsPage {
    layout: Layout,
    game_id: String,
    lines: Vec<LineView>,
    error: Option<String>,
    notice: Option<String>,
}

/// The creator's view of the invitations, or 403 for anyone else.
async fn answer(
    state: &web::Data<AppState>,
    visitor: &Visitor,
    game_id: String,
    status: StatusCode,
    error: Option<String>,
    notice: Option<String>,
) -> Result<HttpResponse, WebError> {
    let player = visitor.require_player()?.id;
    let pool = state.pool.clone();
    let id = game_id.clone();
    let lines = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        match invitations::creator_of(conn, &id)? {
            None => Err(WebError::not_found()),
            Some(creator) if creator != player => Err(WebError::forbidden(Message::new(
                "invitations-only-creator-sees",
            ))),
            Some(_) => Ok(invitations::list(conn, &id)?),
        }
    })
    .await??;
    render_page(
        status,
        &InvitationsPage {
            layout: Layout::titled("invitations-title", visitor),
            game_id,
            lines: lines.into_iter().map(LineView::from).collect(),
            error,
            notice,
        },
    )
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    answer(&state, &visitor, game_id, StatusCode::OK, None, None).await
}

fn send(
    conn: &mut diesel::PgConnection,
    state: &AppState,
    game_id: &str,
    creator: &Player,
    invitation: &str,
    new_email: Option<&str>,
) -> Result<String, WebError> {
    conn.transaction(|conn| -> Result<_, WebError> {
        let address = match new_email {
            Some(email) => email.to_string(),
            None => {
                invitations::email_of(conn, game_id, invitation)?.ok_or_else(WebError::not_found)?
            }
        };
        limits::take_invitations(conn, &state.settings.limits, creator.id, &[address])?;
        // A refusal is an error here, so the allowance it took is rolled back with it.
        invitations::send_again(
            conn,
            game_id,
            creator,
            invitation,
            new_email,
            state.settings.auth.invitation_days,
        )
        .map_err(WebError::from)
    })
}

pub async fn send_again(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    GameId(game_id): GameId,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let visitor = visitor(&req, &session, &state).await?;
    let creator = visitor.require_player()?.clone();
    let invitation = form.required("invitation")?.to_string();
    let new_email = match form.get("email").map(str::trim).filter(|e| !e.is_empty()) {
        None => None,
        Some(typed) => match accounts::normalize_email(typed) {
            Ok(email) => Some(email),
            Err(message) => {
                return answer(
                    &state,
                    &visitor,
                    game_id,
                    StatusCode::BAD_REQUEST,
                    Some(visitor.lang.say(&message, &[])),
                    None,
                )
                .await;
            }
        },
    };
    let pool = state.pool.clone();
    let app = state.clone();
    let id = game_id.clone();
    let sent = web::block(move || -> Result<_, WebError> {
        send(
            &mut *pool.get()?,
            &app,
            &id,
            &creator,
            &invitation,
            new_email.as_deref(),
        )
    })
    .await?;
    match sent {
        Ok(email) => {
            let notice = visitor
                .lang
                .tr("invitations-sent-again")
                .arg("email", &email)
                .to_string();
            answer(
                &state,
                &visitor,
                game_id,
                StatusCode::OK,
                None,
                Some(notice),
            )
            .await
        }
        Err(error) if error.status == StatusCode::BAD_REQUEST => {
            answer(
                &state,
                &visitor,
                game_id,
                StatusCode::BAD_REQUEST,
                Some(visitor.lang.say(&error.message, &[])),
                None,
            )
            .await
        }
        Err(error) => Err(error),
    }
}
