//! Settings → Calendar and feeds: secret addresses of the player's deadlines (iCalendar) and
//! turns (Atom), made (shown once), listed and revoked.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::auth::feed_tokens::{self, FeedToken};
use crate::rules::Message;
use crate::web::AppState;
use crate::web::frame::clock_text::{local, zone_of};
use crate::web::frame::layout::{Layout, render_page, see_other};
use crate::web::pages::feeds::addresses;
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::session::{Visitor, posted_form, visitor};

pub struct AddressLine {
    id: i64,
    number: usize,
    made: String,
    used: Option<String>,
    revoked: Option<String>,
}

#[derive(Template)]
#[template(path = "feeds.html")]
struct FeedsPage {
    layout: Layout,
    lines: Vec<AddressLine>,
    /// The addresses just made, shown this once: the calendar's and the Atom feed's.
    made: Option<(String, String)>,
}

async fn page(
    state: &web::Data<AppState>,
    visitor: &Visitor,
    made: Option<(String, String)>,
) -> Result<HttpResponse, WebError> {
    let player = visitor.require_player()?.id;
    let pool = state.pool.clone();
    let tokens = web::block(move || -> Result<Vec<FeedToken>, WebError> {
        Ok(feed_tokens::list(&mut *pool.get()?, player)?)
    })
    .await??;
    let zone = zone_of(visitor);
    let count = tokens.len();
    let lines = (tokens.into_iter().enumerate())
        .map(|(i, t)| AddressLine {
            id: t.id,
            number: count - i,
            made: local(t.created_at, zone),
            used: t.last_used_at.map(|at| local(at, zone)),
            revoked: t.revoked_at.map(|at| local(at, zone)),
        })
        .collect();
    let page = FeedsPage {
        layout: Layout::titled("feeds-title", visitor),
        lines,
        made,
    };
    render_page(StatusCode::OK, &page)
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    page(&state, &visitor, None).await
}

pub async fn create(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (visitor, _) = posted_form(&req, &session, &state, &body).await?;
    let player = visitor.require_player()?.id;
    let pool = state.pool.clone();
    let made = web::block(move || -> Result<_, WebError> {
        Ok(feed_tokens::create(&mut *pool.get()?, player)?)
    })
    .await??;
    let Some(token) = made else {
        return Err(WebError::bad_request(
            Message::new("feeds-too-many").with("count", feed_tokens::MOST_PER_PLAYER),
        ));
    };
    let made = addresses(state.settings.base_url(), &token);
    page(&state, &visitor, Some(made)).await
}

pub async fn revoke(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (visitor, _) = posted_form(&req, &session, &state, &body).await?;
    let player = visitor.require_player()?.id;
    let no_such = || WebError::new(StatusCode::NOT_FOUND, Message::new("feeds-no-such"));
    let id: i64 = path.parse().map_err(|_| no_such())?;
    let pool = state.pool.clone();
    let revoked = web::block(move || -> Result<_, WebError> {
        Ok(feed_tokens::revoke(&mut *pool.get()?, player, id)?)
    })
    .await??;
    if !revoked {
        return Err(no_such());
    }
    Ok(see_other("/settings/feeds"))
}
