use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use chrono_tz::Tz;

use crate::auth::accounts;
use crate::auth::sessions;
use crate::auth::{reply_tokens, reply_topics};
use crate::clocks::vacation;
use crate::game_log::error::ServiceError;
use crate::i18n::Lang;
use crate::rules::Message;
use crate::store::notifications::Notify;
use crate::web::AppState;
use crate::web::frame::clock_text;
use crate::web::frame::layout::{Layout, render_page, see_other};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::session::{Visitor, check_post_csrf, choose_lang, visitor};

pub struct NotifyChoice {
    value: &'static str,
    label: String,
    checked: bool,
}

fn notify_choices(current: &str, lang: Lang) -> Vec<NotifyChoice> {
    Notify::ALL
        .into_iter()
        .map(|n| NotifyChoice {
            value: n.as_str(),
            label: lang.t(n.label_key()),
            checked: n.as_str() == current,
        })
        .collect()
}

/// A language a player may read Turnpost in, named in itself.
pub struct LanguageChoice {
    code: &'static str,
    name: &'static str,
    selected: bool,
}

fn language_choices(current: Lang) -> Vec<LanguageChoice> {
    Lang::ALL
        .into_iter()
        .map(|l| LanguageChoice {
            code: l.code(),
            name: l.native_name(),
            selected: l == current,
        })
        .collect()
}

/// A signed-in browser, as listed in Settings.
pub struct SessionLine {
    since: String,
    last_seen: String,
    /// The browser as it names itself (its user agent), if it did.
    browser: Option<String>,
    current: bool,
}

#[derive(Template)]
#[template(path = "settings.html")]
struct SettingsPage {
    layout: Layout,
    error: Option<String>,
    saved: bool,
    name: String,
    email: String,
    notify: Vec<NotifyChoice>,
    languages: Vec<LanguageChoice>,
    zones: Vec<ZoneChoice>,
    vacation: VacationView,
    sessions: Vec<SessionLine>,
    /// Reply addresses the player holds for games in play.
    reply_addresses: i64,
    /// Game emails carry a picture of the board.
    pictures: bool,
    /// Mail to the address is not sent: refused, or bounced too often.
    undeliverable: bool,
    /// When the person's mail provider reported a complaint, if it did (and they have not
    /// chosen emails again since).
    complained: Option<String>,
}

pub struct ZoneChoice {
    name: &'static str,
    selected: bool,
}

fn zone_choices(current: &str) -> Vec<ZoneChoice> {
    clock_text::zone_names()
        .map(|name| ZoneChoice {
            name,
            selected: name == current,
        })
        .collect()
}

/// The vacation part of the page.
pub struct VacationView {
    /// "2026-12-01 09:00 CET" while the player is away.
    away_until: Option<String>,
    days_left: i64,
    days_per_year: i64,
    /// The lengths the player may choose now.
    choices: Vec<i64>,
}

fn allowance(state: &AppState) -> vacation::Allowance {
    vacation::Allowance {
        days_per_year: state.settings.clock.vacation_days,
        day_seconds: state.settings.clock.day_seconds,
    }
}

async fn vacation_view(
    state: &web::Data<AppState>,
    visitor: &Visitor,
) -> Result<VacationView, WebError> {
    let player = visitor.require_player()?.id;
    let pool = state.pool.clone();
    let allowance = allowance(state);
    let standing = web::block(move || -> Result<_, WebError> {
        Ok(vacation::standing(&mut *pool.get()?, player, allowance)?)
    })
    .await??;
    let zone = clock_text::zone_of(visitor);
    Ok(VacationView {
        away_until: standing.away_until.map(|t| clock_text::local(t, zone)),
        days_left: standing.days_left,
        days_per_year: allowance.days_per_year,
        choices: (1..=standing.days_left).collect(),
    })
}

async fn session_lines(
    state: &web::Data<AppState>,
    visitor: &Visitor,
) -> Result<Vec<SessionLine>, WebError> {
    let (Some(player), Some(current)) = (visitor.player_id(), visitor.session_id.clone()) else {
        return Ok(Vec::new());
    };
    let pool = state.pool.clone();
    let idle_days = state.settings.auth.session_days;
    let listed = web::block(move || -> Result<_, WebError> {
        Ok(sessions::list(
            &mut *pool.get()?,
            player,
            &current,
            idle_days,
        )?)
    })
    .await??;
    let when = |t: chrono::DateTime<chrono::Utc>| t.format("%Y-%m-%d %H:%M UTC").to_string();
    Ok(listed
        .into_iter()
        .map(|s| SessionLine {
            since: when(s.created_at),
            last_seen: when(s.last_seen_at),
            browser: (!s.user_agent.is_empty()).then_some(s.user_agent),
            current: s.current,
        })
        .collect())
}

/// What the page says above its forms.
enum Outcome {
    Shown,
    Saved,
    Refused(StatusCode, String),
}

/// The whole page for `visitor`, with the name field holding `name`.
async fn settings_page(
    state: &web::Data<AppState>,
    visitor: &Visitor,
    outcome: Outcome,
    name: String,
) -> Result<HttpResponse, WebError> {
    let player = visitor.require_player()?;
    let (status, saved, error) = match outcome {
        Outcome::Shown => (StatusCode::OK, false, None),
        Outcome::Saved => (StatusCode::OK, true, None),
        Outcome::Refused(status, error) => (status, false, Some(error)),
    };
    let (reply_addresses, pictures) = mail_facts(state, player.id).await?;
    let page = SettingsPage {
        layout: Layout::titled("nav-settings", visitor),
        saved,
        error,
        name,
        email: player.email.clone(),
        notify: notify_choices(&player.notify, visitor.lang),
        languages: language_choices(player.lang()),
        zones: zone_choices(&player.time_zone),
        vacation: vacation_view(state, visitor).await?,
        sessions: session_lines(state, visitor).await?,
        reply_addresses,
        pictures,
        undeliverable: player.email_rejected_at.is_some(),
        complained: (player.complained_at).map(|at| at.format("%Y-%m-%d").to_string()),
    };
    render_page(status, &page)
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let name = visitor.require_player()?.display_name.clone();
    settings_page(&state, &visitor, Outcome::Shown, name).await
}

/// How many reply addresses the player holds, and whether their emails carry pictures.
async fn mail_facts(state: &web::Data<AppState>, player: i64) -> Result<(i64, bool), WebError> {
    let pool = state.pool.clone();
    web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        Ok((
            reply_tokens::live_count(conn, player)?,
            accounts::wants_pictures(conn, player)?,
        ))
    })
    .await?
}

/// Runs `act` for the player who posted a settings form (its CSRF token checked first).
async fn for_poster<T: Send + 'static>(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
    body: &[u8],
    act: fn(&mut diesel::PgConnection, i64) -> diesel::QueryResult<T>,
) -> Result<T, WebError> {
    let form = Form::read(req, body)?;
    check_post_csrf(req, session, &form)?;
    let visitor = visitor(req, session, state).await?;
    let player = visitor.require_player()?.id;
    let pool = state.pool.clone();
    web::block(move || -> Result<_, WebError> { Ok(act(&mut *pool.get()?, player)?) }).await?
}

/// Stops every reply address the player was sent: replies to them are refused from now on.
/// Emails sent later carry new ones.
pub async fn revoke_reply_addresses(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    for_poster(&req, &session, &state, &body, |conn, player| {
        Ok(reply_tokens::revoke_all(conn, player)? + reply_topics::revoke_all(conn, player)?)
    })
    .await?;
    Ok(see_other("/settings"))
}

/// Ends every session of the player, this one included.
pub async fn sign_out_everywhere(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    for_poster(&req, &session, &state, &body, sessions::revoke_all).await?;
    session.purge();
    Ok(see_other("/"))
}

/// The player's own data in one JSON file (see `audit::personal`), as many times a day as
/// `limits.data_downloads_per_player_per_day` allows.
pub async fn download_my_data(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let visitor = visitor(&req, &session, &state).await?;
    let player = visitor.require_player()?.id;
    let lang = visitor.lang;
    let (pool, limits) = (state.pool.clone(), state.settings.limits.clone());
    let data = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        let taken = crate::store::limits::Limit::data_downloads_per_player(&limits).take(
            conn,
            &player.to_string(),
            1,
        )?;
        crate::web::request::limits::check(taken, Message::new("limit-data-downloads"))?;
        crate::audit::personal::personal_data(conn, player, lang).map_err(|e| {
            tracing::error!("player {player}: their data could not be gathered: {e:#}");
            WebError::new(
                actix_web::http::StatusCode::INTERNAL_SERVER_ERROR,
                Message::new("my-data-failed"),
            )
        })
    })
    .await??;
    let body = serde_json::to_vec_pretty(&data).expect("personal data serializes");
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            "Content-Disposition",
            "attachment; filename=\"turnpost-my-data.json\"",
        ))
        .body(body))
}

pub async fn save(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let mut visitor = visitor(&req, &session, &state).await?;
    let player = visitor.require_player()?.clone();
    let typed = form.required("display_name")?;
    let notify = match form.get("notify") {
        None => Notify::parse(&player.notify).unwrap_or(Notify::EveryTurn),
        Some(value) => Notify::parse(value)
            .ok_or_else(|| WebError::bad_request(Message::new("settings-choose-notify")))?,
    };
    // A form from before the choice existed leaves it as it is.
    let pictures = match form.get("pictures") {
        None => None,
        Some("on") => Some(true),
        Some("off") => Some(false),
        Some(_) => {
            return Err(WebError::bad_request(Message::new(
                "settings-choose-pictures",
            )));
        }
    };
    let zone: Tz = match form.get("time_zone") {
        None => player.time_zone.parse().unwrap_or(Tz::UTC),
        Some(value) => value
            .parse()
            .map_err(|_| WebError::bad_request(Message::new("settings-choose-zone")))?,
    };
    let lang = match form.get("language") {
        None => player.lang(),
        Some(code) => Lang::from_code(code)
            .ok_or_else(|| WebError::bad_request(Message::new("settings-choose-language")))?,
    };
    let name = match accounts::normalize_name(typed) {
        Ok(name) => name,
        Err(error) => {
            let shown = typed.chars().take(80).collect();
            let refused = Outcome::Refused(StatusCode::BAD_REQUEST, visitor.lang.say(&error, &[]));
            return settings_page(&state, &visitor, refused, shown).await;
        }
    };
    let pool = state.pool.clone();
    let new_name = name.clone();
    let renamed = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        diesel::Connection::transaction(conn, |conn| {
            match accounts::rename(conn, player.id, &new_name) {
                Ok(()) => {}
                Err(accounts::RenameError::Taken(name)) => {
                    return Ok(Err(Message::new("name-taken").text("name", name)));
                }
                Err(accounts::RenameError::Database(e)) => return Err(e.into()),
            }
            accounts::set_notify(conn, player.id, notify)?;
            if let Some(pictures) = pictures {
                accounts::set_pictures(conn, player.id, pictures)?;
            }
            accounts::set_time_zone(conn, player.id, zone)?;
            accounts::set_language(conn, player.id, lang)?;
            Ok(Ok(()))
        })
    })
    .await??;
    if let Err(error) = renamed {
        let refused = Outcome::Refused(StatusCode::BAD_REQUEST, visitor.lang.say(&error, &[]));
        return settings_page(&state, &visitor, refused, name).await;
    }
    if let Some(p) = visitor.player.as_mut() {
        p.display_name = name.clone();
        p.notify = notify.as_str().to_string();
        if notify != Notify::Never {
            p.complained_at = None;
        }
        p.time_zone = zone.name().to_string();
        p.language = lang.code().to_string();
    }
    choose_lang(&session, lang);
    visitor.lang = lang;
    settings_page(&state, &visitor, Outcome::Saved, name).await
}

/// Starts a vacation of the chosen number of days.
pub async fn start_vacation(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let visitor = visitor(&req, &session, &state).await?;
    let player = visitor.require_player()?.clone();
    let days: i64 = form
        .required("days")?
        .trim()
        .parse()
        .map_err(|_| WebError::bad_request(Message::new("settings-choose-vacation")))?;
    let pool = state.pool.clone();
    let allowance = allowance(&state);
    let started = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        match vacation::start(conn, &player, days, allowance) {
            Ok(_) => Ok(None),
            Err(ServiceError::Rule(message)) => Ok(Some(message)),
            Err(e) => Err(e.into()),
        }
    })
    .await??;
    vacation_answer(&state, &visitor, started).await
}

/// Ends the player's vacation now.
pub async fn end_vacation(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let visitor = visitor(&req, &session, &state).await?;
    let player = visitor.require_player()?.clone();
    let pool = state.pool.clone();
    let allowance = allowance(&state);
    let ended = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        match vacation::end(conn, &player, allowance) {
            Ok(()) => Ok(None),
            Err(ServiceError::Rule(message)) => Ok(Some(message)),
            Err(e) => Err(e.into()),
        }
    })
    .await??;
    vacation_answer(&state, &visitor, ended).await
}

/// After a vacation change: back to Settings, or the page again with why it was refused.
async fn vacation_answer(
    state: &web::Data<AppState>,
    visitor: &Visitor,
    refused: Option<Message>,
) -> Result<HttpResponse, WebError> {
    let name = visitor.require_player()?.display_name.clone();
    match refused {
        None => Ok(see_other("/settings")),
        Some(message) => {
            let refused = Outcome::Refused(StatusCode::CONFLICT, visitor.lang.say(&message, &[]));
            settings_page(state, visitor, refused, name).await
        }
    }
}
