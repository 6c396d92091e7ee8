//! Closing an account: asked for in Settings, confirmed by the emailed link's page, whose button
//! closes it. Opening the link changes nothing (mail scanners open links too).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use diesel::Connection;

use crate::audit::closure::{self, Closed, ClosureError, RunningGames};
use crate::auth::accounts::{self, Player};
use crate::rules::Message;
use crate::store::limits::Limit;
use crate::web::AppState;
use crate::web::frame::layout::{Layout, page};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::ids::Token;
use crate::web::request::limits;
use crate::web::request::session::{self, Visitor, check_post_csrf, visitor};

#[derive(Template)]
#[template(path = "closure_sent.html")]
struct SentPage {
    layout: Layout,
    minutes: i64,
}

#[derive(Template)]
#[template(path = "closure_confirm.html")]
struct ConfirmPage {
    layout: Layout,
    token: String,
    name: String,
    email: String,
    pseudonym: String,
    leave_to_computer: bool,
}

#[derive(Template)]
#[template(path = "closure_done.html")]
struct DonePage {
    layout: Layout,
    pseudonym: String,
    closed: Closed,
}

/// Settings → Close your account: emails the link that confirms it, within the day's limit.
pub async fn request(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let visitor = visitor(&req, &session, &state).await?;
    let player = visitor.require_player()?.clone();
    let running = RunningGames::parse(form.required("running_games")?)
        .ok_or_else(|| WebError::bad_request(Message::new("close-choose-running")))?;
    let minutes = state.settings.auth.closure_link_minutes;
    let (pool, settings) = (state.pool.clone(), state.settings.limits.clone());
    web::block(move || -> Result<_, WebError> {
        let mut conn = pool.get()?;
        conn.transaction(|conn| -> Result<_, WebError> {
            let taken = Limit::account_closures_per_player(&settings).take(
                conn,
                &player.id.to_string(),
                1,
            )?;
            limits::check(taken, Message::new("limit-account-closures"))?;
            Ok(closure::request(conn, &player, running, minutes)?)
        })
    })
    .await??;
    page(&SentPage {
        layout: Layout::titled("close-sent-title", &visitor),
        minutes,
    })
}

fn link_error(error: ClosureError) -> WebError {
    match error {
        ClosureError::Service(e) => e.into(),
        ClosureError::Unknown => {
            WebError::new(StatusCode::NOT_FOUND, Message::new("close-link-unknown"))
        }
        ClosureError::Spent => WebError::new(StatusCode::GONE, Message::new("close-link-spent")),
    }
}

/// The page the emailed link opens: whose account it closes, what closing does, and the button
/// that does it. Refused to anyone signed in as someone else.
pub async fn confirm_page(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Token(token): Token,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let pool = state.pool.clone();
    let lookup = token.clone();
    let (pending, owner) = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        let Some(pending) = closure::peek(conn, &lookup)? else {
            return Err(link_error(ClosureError::Unknown));
        };
        let owner = accounts::find(conn, pending.player)?;
        Ok((pending, owner))
    })
    .await??;
    if !pending.usable {
        return Err(link_error(ClosureError::Spent));
    }
    let owner = owner.ok_or_else(|| link_error(ClosureError::Unknown))?;
    refuse_someone_else(&visitor, &owner)?;
    page(&ConfirmPage {
        layout: Layout::titled("close-confirm-title", &visitor),
        token,
        name: owner.display_name,
        email: owner.email,
        pseudonym: closure::pseudonym(pending.player),
        leave_to_computer: pending.running == RunningGames::LeaveToComputer,
    })
}

/// A closure link is the account owner's: someone signed in as another person would close that
/// account and be signed out of their own.
fn refuse_someone_else(visitor: &Visitor, owner: &Player) -> Result<(), WebError> {
    visitor.refuse_unless(owner.id, |signed_in| {
        Message::new("close-link-other-account")
            .text("you", signed_in.display_name.clone())
            .text("name", owner.display_name.clone())
    })
}

/// The confirmation page's button: closes the account and signs this browser out.
pub async fn close(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Token(token): Token,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let visitor = visitor(&req, &session, &state).await?;
    let pool = state.pool.clone();
    let closed = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        let owner = closure::peek(conn, &token)?
            .map(|pending| accounts::find(conn, pending.player))
            .transpose()?
            .flatten();
        if let Some(owner) = owner {
            refuse_someone_else(&visitor, &owner)?;
        }
        Ok(closure::close(conn, &token))
    })
    .await??
    .map_err(link_error)?;
    session::sign_out(&session, &state).await?;
    let lang = session::page_lang(&req);
    page(&DonePage {
        layout: Layout::anonymous(lang.t("closed-title"), lang),
        pseudonym: closure::pseudonym(closed.player),
        closed,
    })
}
