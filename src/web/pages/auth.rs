use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use crate::auth::accounts;
use crate::auth::sign_in::{self, LinkError, safe_next_path};
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::form::Form;
use crate::web::layout::{Layout, page, render_page, see_other};
use crate::web::session::{self, check_form_csrf, visitor};

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
struct SentPage {
    layout: Layout,
    email: String,
    minutes: i64,
}

#[derive(Deserialize)]
pub struct NextQuery {
    next: Option<String>,
}

pub async fn sign_in_page(
    session: Session,
    state: web::Data<AppState>,
    query: web::Query<NextQuery>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&session, &state).await?;
    page(&SignInPage {
        layout: Layout::new("Sign in", &visitor),
        error: None,
        next: safe_next_path(query.next.as_deref().unwrap_or("/")),
        email: String::new(),
    })
}

pub async fn request_link(
    session: Session,
    state: web::Data<AppState>,
    body: web::Bytes,
) -> Result<HttpResponse, WebError> {
    let form = Form::parse(&body)?;
    check_form_csrf(&session, &form)?;
    let visitor = visitor(&session, &state).await?;
    let next = safe_next_path(form.get("next").unwrap_or("/"));
    let typed = form.get("email").unwrap_or_default();
    let email = match accounts::normalize_email(typed) {
        Ok(email) => email,
        Err(error) => {
            let page = SignInPage {
                layout: Layout::new("Sign in", &visitor),
                error: Some(error),
                next,
                email: typed.chars().take(254).collect(),
            };
            return render_page(StatusCode::BAD_REQUEST, &page);
        }
    };
    let minutes = state.settings.auth.sign_in_link_minutes;
    let pool = state.pool.clone();
    let address = email.clone();
    web::block(move || -> Result<_, WebError> {
        Ok(sign_in::request_link(
            &mut *pool.get()?,
            &address,
            &next,
            minutes,
        )?)
    })
    .await??;
    page(&SentPage {
        layout: Layout::new("Check your email", &visitor),
        email,
        minutes,
    })
}

pub async fn redeem_link(
    session: Session,
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let pool = state.pool.clone();
    let token = token.into_inner();
    let redeemed = web::block(move || -> Result<_, WebError> {
        Ok(sign_in::redeem(&mut *pool.get()?, &token))
    })
    .await??;
    match redeemed {
        Ok((player, next)) => {
            session::sign_in(&session, &player);
            Ok(see_other(&next))
        }
        Err(LinkError::Database(e)) => Err(WebError::internal(e)),
        Err(LinkError::Unknown) => Err(WebError::new(
            StatusCode::NOT_FOUND,
            LinkError::Unknown.to_string(),
        )),
        Err(LinkError::Spent) => Err(WebError::new(
            StatusCode::GONE,
            LinkError::Spent.to_string(),
        )),
    }
}

pub async fn sign_out(session: Session, body: web::Bytes) -> Result<HttpResponse, WebError> {
    let form = Form::parse(&body)?;
    check_form_csrf(&session, &form)?;
    session::sign_out(&session);
    Ok(see_other("/"))
}
