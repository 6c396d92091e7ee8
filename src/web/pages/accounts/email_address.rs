//! The account's address: changed by a link sent to the new address (whose page's button makes
//! the change), and confirmed by a sign-in link sent to the current one when mail to it stopped.
//! Opening a link changes nothing (mail scanners open links too).

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use diesel::Connection;

use crate::auth::accounts;
use crate::auth::address_change::{self, ChangeError};
use crate::rules::Message;
use crate::store::limits::Limit;
use crate::web::AppState;
use crate::web::frame::layout::{Layout, page};
use crate::web::pages::accounts::auth::send_link;
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::ids::Token;
use crate::web::request::limits;
use crate::web::request::session::{Visitor, posted_form, visitor};

/// A change waiting for its button.
pub struct Change {
    token: String,
    name: String,
    old: String,
    new: String,
}

#[derive(Template)]
#[template(path = "email_change.html")]
struct EmailPage {
    layout: Layout,
    notice: Option<String>,
    change: Option<Change>,
}

fn notice_page(visitor: &Visitor, notice: String) -> Result<HttpResponse, WebError> {
    page(&EmailPage {
        layout: Layout::titled("email-change-title", visitor),
        notice: Some(notice),
        change: None,
    })
}

/// Settings' form: sends the link to the new address, within the sign-in links' limit for
/// that address.
pub async fn request_change(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (visitor, form) = posted_form(&req, &session, &state, &body).await?;
    let player = visitor.require_player()?.clone();
    let new_email =
        accounts::normalize_email(form.required("email")?).map_err(WebError::bad_request)?;
    if new_email == player.email {
        return Err(WebError::bad_request(
            Message::new("email-change-same").text("email", new_email),
        ));
    }
    let minutes = state.settings.auth.sign_in_link_minutes;
    let (pool, limit_settings) = (state.pool.clone(), state.settings.limits.clone());
    let address = new_email.clone();
    web::block(move || -> Result<_, WebError> {
        let mut conn = pool.get()?;
        conn.transaction(|conn| -> Result<_, WebError> {
            limits::check(
                Limit::sign_in_per_address(&limit_settings).take(conn, &address, 1)?,
                Message::new("limit-sign-in-address"),
            )?;
            Ok(address_change::request(conn, player.id, &address, minutes)?)
        })
    })
    .await??;
    let notice = (visitor.lang.tr("email-change-sent"))
        .arg("email", &new_email)
        .arg("minutes", minutes)
        .to_string();
    notice_page(&visitor, notice)
}

/// The banner's way back: a sign-in link to the current address; following it shows the
/// address reads mail, and mail to it starts again.
pub async fn check_current(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (visitor, _) = posted_form(&req, &session, &state, &body).await?;
    let email = visitor.require_player()?.email.clone();
    let client = limits::client_of(&req, &state.settings.server);
    send_link(&state, &email, "/settings#email", &client, visitor.lang).await?;
    let notice = (visitor.lang.tr("email-check-sent"))
        .arg("email", &email)
        .arg("minutes", state.settings.auth.sign_in_link_minutes)
        .to_string();
    notice_page(&visitor, notice)
}

fn link_error(error: ChangeError) -> WebError {
    match error {
        ChangeError::Database(e) => e.into(),
        ChangeError::Unknown => WebError::new(
            StatusCode::NOT_FOUND,
            Message::new("email-change-link-unknown"),
        ),
        ChangeError::Spent => {
            WebError::new(StatusCode::GONE, Message::new("email-change-link-spent"))
        }
        ChangeError::Taken => {
            WebError::new(StatusCode::CONFLICT, Message::new("email-change-taken"))
        }
    }
}

/// The owner of the change, unless someone else is signed in (who would change another
/// person's account).
fn owner_of(
    visitor: &Visitor,
    owner: Option<accounts::Player>,
) -> Result<accounts::Player, WebError> {
    let owner = owner.ok_or_else(|| link_error(ChangeError::Unknown))?;
    visitor.refuse_unless(owner.id, |_| Message::new("email-change-other-account"))?;
    Ok(owner)
}

/// The link's page: what will change, and the button that changes it.
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
        let Some(pending) = address_change::peek(conn, &lookup)? else {
            return Err(link_error(ChangeError::Unknown));
        };
        let owner = accounts::find(conn, pending.player)?;
        Ok((pending, owner))
    })
    .await??;
    if !pending.usable {
        return Err(link_error(ChangeError::Spent));
    }
    let owner = owner_of(&visitor, owner)?;
    page(&EmailPage {
        layout: Layout::titled("email-change-title", &visitor),
        notice: None,
        change: Some(Change {
            token,
            name: owner.display_name,
            old: owner.email,
            new: pending.new_email,
        }),
    })
}

/// The button: the account takes the new address.
pub async fn confirm(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Token(token): Token,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (visitor, _) = posted_form(&req, &session, &state, &body).await?;
    let pool = state.pool.clone();
    let checked = visitor.clone();
    let (_, new_email) = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        if let Some(pending) = address_change::peek(conn, &token)? {
            owner_of(&checked, accounts::find(conn, pending.player)?)?;
        }
        address_change::confirm(conn, &token).map_err(link_error)
    })
    .await??;
    let notice = (visitor.lang.tr("email-change-done"))
        .arg("email", &new_email)
        .to_string();
    notice_page(&visitor, notice)
}
