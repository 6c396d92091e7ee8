//! A player's feeds at secret addresses (made in Settings → Calendar and feeds): their deadlines
//! as iCalendar (`/feeds/TOKEN/deadlines.ics`) and their turns and results as Atom
//! (`/feeds/TOKEN/turns.atom`). Each answer carries an ETag; a copy asked for with it is answered
//! 304 whenever it is unchanged, and a fresh copy waits `limits.feed_poll_seconds` (429 with
//! Retry-After in between). An unknown or revoked token is 404.

mod atom;
mod ical;
mod items;

use actix_web::http::StatusCode;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use chrono_tz::Tz;
use sha2::{Digest, Sha256};

use crate::auth::{accounts, feed_tokens};
use crate::rules::Message;
use crate::store::limits::Limit;
use crate::web::AppState;
use crate::web::request::error::WebError;
use crate::web::request::limits;

/// Who a feed is written for, and where the site is.
pub struct Reader<'a> {
    pub player: i64,
    pub name: &'a str,
    pub lang: crate::i18n::Lang,
    pub zone: Tz,
    pub base: &'a str,
    pub host: &'a str,
}

impl Reader<'_> {
    /// "Due 2026-12-10 21:00 JST (Asia/Tokyo).": a deadline in the reader's zone.
    pub fn due_words(&self, due: chrono::DateTime<chrono::Utc>) -> String {
        (self.lang.tr("feed-due-at"))
            .arg("time", crate::web::frame::clock_text::local(due, self.zone))
            .arg("zone", self.zone.name())
            .to_string()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Calendar,
    Atom,
}

impl Format {
    fn content_type(self) -> &'static str {
        match self {
            Format::Calendar => "text/calendar; charset=utf-8",
            Format::Atom => "application/atom+xml; charset=utf-8",
        }
    }

    fn file(self) -> &'static str {
        match self {
            Format::Calendar => "deadlines.ics",
            Format::Atom => "turns.atom",
        }
    }
}

/// The feed addresses of `token` on the site at `base`: the calendar's, and the Atom feed's.
pub fn addresses(base: &str, token: &str) -> (String, String) {
    let at = |format: Format| format!("{base}/feeds/{token}/{}", format.file());
    (at(Format::Calendar), at(Format::Atom))
}

pub async fn calendar(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    serve(req, state, token.into_inner(), Format::Calendar).await
}

pub async fn atom(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    serve(req, state, token.into_inner(), Format::Atom).await
}

async fn serve(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: String,
    format: Format,
) -> Result<HttpResponse, WebError> {
    let pool = state.pool.clone();
    let base = state.settings.base_url().to_string();
    let poll = Limit::feed_polls(&state.settings.limits);
    let (token_id, body) = web::block(move || -> Result<(i64, String), WebError> {
        let conn = &mut *pool.get()?;
        let unknown = || WebError::new(StatusCode::NOT_FOUND, Message::new("feed-unknown"));
        let (token_id, player) = feed_tokens::holder(conn, &token)?.ok_or_else(unknown)?;
        let player = accounts::find(conn, player)?.ok_or_else(unknown)?;
        let games = items::games_of(conn, &player)?;
        let host = url::Url::parse(&base)
            .ok()
            .and_then(|u| u.host_str().map(str::to_string))
            .unwrap_or_else(|| "localhost".into());
        let reader = Reader {
            player: player.id,
            name: &player.display_name,
            lang: player.lang(),
            zone: player.time_zone.parse().unwrap_or(Tz::UTC),
            base: &base,
            host: &host,
        };
        let body = match format {
            Format::Calendar => ical::calendar(&games, &reader),
            Format::Atom => {
                let (_, own) = addresses(&base, &token);
                atom::feed(&games, &reader, &own)
            }
        };
        Ok((token_id, body))
    })
    .await??;
    let tag = format!(
        "\"{}\"",
        &hex::encode(Sha256::digest(body.as_bytes()))[..32]
    );
    let asked = (req.headers().get(header::IF_NONE_MATCH)).and_then(|v| v.to_str().ok());
    if asked.is_some_and(|asked| asked.split(',').any(|t| t.trim() == tag)) {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, tag))
            .finish());
    }
    let pool = state.pool.clone();
    web::block(move || -> Result<(), WebError> {
        let conn = &mut *pool.get()?;
        let key = format!("{token_id}:{}", format.file());
        limits::check(poll.take(conn, &key, 1)?, Message::new("limit-feed"))?;
        Ok(feed_tokens::note_use(conn, token_id)?)
    })
    .await??;
    Ok(HttpResponse::Ok()
        .content_type(format.content_type())
        .insert_header((header::ETAG, tag))
        .insert_header((header::CACHE_CONTROL, "private, max-age=300"))
        .body(body))
}
