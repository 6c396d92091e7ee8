use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use diesel::Connection;
use serde::Deserialize;
use serde_json::json;

use crate::auth::accounts;
use crate::auth::sign_in::{self, LinkError, safe_next_path};
use crate::i18n::Lang;
use crate::rules::Message;
use crate::store::limits::Limit;
use crate::web::AppState;
use crate::web::frame::layout::{Layout, page, render_page, see_other};
use crate::web::pages::json::json_response;
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::ids::Token;
use crate::web::request::limits;
use crate::web::request::session::{self, check_post_csrf, visitor};

#[derive(Template)]
#[template(path = "sign_in.html")]
struct SignInPage {
    layout: Layout,
    error: Option<String>,
    next: String,
    email: String,
}

#[derive(Template)]
#[template(path = "sign_in_sent.html")]
pub struct SentPage {
    pub layout: Layout,
    pub email: String,
    pub minutes: i64,
}

#[derive(Template)]
#[template(path = "sign_in_link.html")]
struct LinkPage {
    layout: Layout,
    token: String,
    email: String,
}

#[derive(Deserialize)]
pub struct NextQuery {
    next: Option<String>,
}

pub async fn sign_in_page(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    query: web::Query<NextQuery>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    page(&SignInPage {
        layout: Layout::titled("sign-in-title", &visitor),
        error: None,
        next: safe_next_path(query.next.as_deref().unwrap_or("/")),
        email: String::new(),
    })
}

pub async fn request_link(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let visitor = visitor(&req, &session, &state).await?;
    let next = safe_next_path(form.get("next").unwrap_or("/"));
    let typed = form.get("email").unwrap_or_default();
    let email = match accounts::normalize_email(typed) {
        Ok(email) => email,
        Err(error) => {
            let page = SignInPage {
                layout: Layout::titled("sign-in-title", &visitor),
                error: Some(visitor.lang.say(&error, &[])),
                next,
                email: typed.chars().take(254).collect(),
            };
            return render_page(StatusCode::BAD_REQUEST, &page);
        }
    };
    let client = limits::client_of(&req, &state.settings.server);
    send_link(&state, &email, &next, &client, visitor.lang).await?;
    page(&SentPage {
        layout: Layout::titled("sign-in-sent-title", &visitor),
        email,
        minutes: state.settings.auth.sign_in_link_minutes,
    })
}

/// Queues a sign-in link to `email` leading to `next`, within the limits per address and per
/// client.
pub async fn send_link(
    state: &web::Data<AppState>,
    email: &str,
    next: &str,
    client: &str,
    lang: Lang,
) -> Result<(), WebError> {
    let minutes = state.settings.auth.sign_in_link_minutes;
    let limits = state.settings.limits.clone();
    let pool = state.pool.clone();
    let (email, next, client) = (email.to_string(), next.to_string(), client.to_string());
    web::block(move || -> Result<_, WebError> {
        let mut conn = pool.get()?;
        conn.transaction(|conn| -> Result<_, WebError> {
            limits::check(
                Limit::sign_in_per_address(&limits).take(conn, &email, 1)?,
                Message::new("limit-sign-in-address"),
            )?;
            limits::check(
                Limit::sign_in_per_client(&limits).take(conn, &client, 1)?,
                Message::new("limit-sign-in-network"),
            )?;
            Ok(sign_in::request_link(conn, &email, &next, minutes, lang)?)
        })
    })
    .await?
}

fn link_error(error: LinkError) -> WebError {
    match error {
        LinkError::Database(e) => e.into(),
        LinkError::Unknown => WebError::new(StatusCode::NOT_FOUND, Message::new("link-unknown")),
        LinkError::Spent => WebError::new(StatusCode::GONE, Message::new("link-spent")),
        LinkError::Suspended(why) => WebError::new(StatusCode::FORBIDDEN, why),
    }
}

/// The page an emailed link opens. Opening it spends nothing (mail scanners open links too);
/// its button does. Someone already signed in as that address goes straight on, unless mail to
/// it has stopped: then the button is how they show that it arrives again.
pub async fn link_page(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Token(token): Token,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let pool = state.pool.clone();
    let lookup = token.clone();
    let peeked = web::block(move || -> Result<_, WebError> {
        Ok(sign_in::peek(&mut *pool.get()?, &lookup)?)
    })
    .await??
    .ok_or_else(|| link_error(LinkError::Unknown))?;
    let undeliverable = (visitor.player.as_ref()).is_some_and(|p| p.email_rejected_at.is_some());
    if visitor.is(&peeked.email) && !(peeked.usable && undeliverable) {
        return Ok(see_other(&peeked.next));
    }
    if !peeked.usable {
        return Err(link_error(LinkError::Spent));
    }
    if crate::web::asks_for_json(&req) {
        // For tools: what a POST to this address needs to spend the link.
        return Ok(json_response(
            StatusCode::OK,
            &json!({"email": peeked.email, "csrf": visitor.csrf}),
        ));
    }
    page(&LinkPage {
        layout: Layout::titled("sign-in-title", &visitor),
        token,
        email: peeked.email,
    })
}

pub async fn redeem_link(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Token(token): Token,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let pool = state.pool.clone();
    let lang = session::page_lang(&req);
    let (player, next) = web::block(move || -> Result<_, WebError> {
        Ok(sign_in::redeem(&mut *pool.get()?, &token, lang))
    })
    .await??
    .map_err(link_error)?;
    session::sign_in(&req, &session, &state, &player).await?;
    Ok(see_other(&next))
}

pub async fn sign_out(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    session::sign_out(&session, &state).await?;
    Ok(see_other("/"))
}
