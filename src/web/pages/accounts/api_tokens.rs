//! Settings → API tokens: tokens for tools and bots (made with a name, shown once, listed,
//! revoked), and marking the account as a bot.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::auth::accounts::RenameError;
use crate::auth::api_tokens::{self, ApiToken, Refused};
use crate::rules::Message;
use crate::web::AppState;
use crate::web::frame::clock_text::{local, zone_of};
use crate::web::frame::layout::{Layout, render_page, see_other};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::session::{Visitor, check_post_csrf, visitor};

pub struct TokenLine {
    id: i64,
    name: String,
    made: String,
    used: Option<String>,
    revoked: Option<String>,
}

#[derive(Template)]
#[template(path = "api_tokens.html")]
struct TokensPage {
    layout: Layout,
    tokens: Vec<TokenLine>,
    bot: bool,
    /// A token just made, shown this once.
    made: Option<String>,
    error: Option<String>,
}

async fn page(
    state: &web::Data<AppState>,
    visitor: &Visitor,
    status: StatusCode,
    made: Option<String>,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let player = visitor.require_player()?.id;
    let pool = state.pool.clone();
    let (tokens, bot) = web::block(move || -> Result<(Vec<ApiToken>, bool), WebError> {
        let mut conn = pool.get()?;
        Ok((
            api_tokens::list(&mut conn, player)?,
            api_tokens::is_bot(&mut conn, player)?,
        ))
    })
    .await??;
    let zone = zone_of(visitor);
    let tokens = tokens
        .into_iter()
        .map(|t| TokenLine {
            id: t.id,
            name: t.name,
            made: local(t.created_at, zone),
            used: t.last_used_at.map(|at| local(at, zone)),
            revoked: t.revoked_at.map(|at| local(at, zone)),
        })
        .collect();
    let page = TokensPage {
        layout: Layout::titled("tokens-title", visitor),
        tokens,
        bot,
        made,
        error,
    };
    render_page(status, &page)
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    page(&state, &visitor, StatusCode::OK, None, None).await
}

/// The signed-in player who posted a form on this page, with the form.
async fn poster(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
    body: &[u8],
) -> Result<(Visitor, i64, Form), WebError> {
    let form = Form::read(req, body)?;
    check_post_csrf(req, session, &form)?;
    let visitor = visitor(req, session, state).await?;
    let player = visitor.require_player()?.id;
    Ok((visitor, player, form))
}

pub async fn create(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (visitor, player, form) = poster(&req, &session, &state, &body).await?;
    let name = form.get("name").unwrap_or_default().to_string();
    let pool = state.pool.clone();
    let made = web::block(move || -> Result<_, WebError> {
        Ok(api_tokens::create(&mut *pool.get()?, player, &name)?)
    })
    .await??;
    match made {
        Ok(token) => page(&state, &visitor, StatusCode::OK, Some(token), None).await,
        Err(refused) => {
            let why = match refused {
                Refused::NoName => Message::new("tokens-name-needed"),
                Refused::TooMany => {
                    Message::new("tokens-too-many").with("count", api_tokens::MOST_PER_PLAYER)
                }
            };
            let why = visitor.lang.say(&why, &[]);
            page(&state, &visitor, StatusCode::BAD_REQUEST, None, Some(why)).await
        }
    }
}

pub async fn revoke(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (_, player, _) = poster(&req, &session, &state, &body).await?;
    let id: i64 = path
        .parse()
        .map_err(|_| WebError::new(StatusCode::NOT_FOUND, Message::new("tokens-no-such")))?;
    let pool = state.pool.clone();
    let revoked = web::block(move || -> Result<_, WebError> {
        Ok(api_tokens::revoke(&mut *pool.get()?, player, id)?)
    })
    .await??;
    if !revoked {
        return Err(WebError::new(
            StatusCode::NOT_FOUND,
            Message::new("tokens-no-such"),
        ));
    }
    Ok(see_other("/settings/tokens"))
}

pub async fn set_bot(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (_, player, form) = poster(&req, &session, &state, &body).await?;
    let bot = form.checked("bot");
    let pool = state.pool.clone();
    let marked = web::block(move || -> Result<_, WebError> {
        Ok(api_tokens::set_bot(&mut *pool.get()?, player, bot))
    })
    .await??;
    match marked {
        Ok(()) => Ok(see_other("/settings/tokens")),
        Err(RenameError::Taken(name)) => Err(WebError::new(
            StatusCode::CONFLICT,
            Message::new("tokens-bot-name-taken").text("name", name),
        )),
        Err(RenameError::Database(e)) => Err(e.into()),
    }
}
