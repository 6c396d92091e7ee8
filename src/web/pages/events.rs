//! The tournaments: the list (open for sign-up, running, finished), the form that creates one,
//! and its JSON twin.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono::{Duration, Utc};
use diesel::Connection;
use serde_json::json;

use crate::events::log::{Format, Setup};
use crate::events::read::{Listed, list};
use crate::events::service;
use crate::games::clock::{DAY_CHOICES, OnTimeout, TimeControl};
use crate::games::error::ServiceError;
use crate::rules::{Kind, Message, Rules, with_rules};
use crate::store::limits::Limit;
use crate::web::AppState;
use crate::web::asks_for_json;
use crate::web::body::Body;
use crate::web::clock_text::{local, zone_of};
use crate::web::error::WebError;
use crate::web::form::Form;
use crate::web::layout::{Layout, page, render_page, see_other};
use crate::web::limits;
use crate::web::session::{Visitor, check_form_csrf, visitor};

use super::game_view::json_response;
use super::new_game::Refused;

/// An event as a line of the list.
pub struct Line {
    pub path: String,
    pub title: String,
    pub game: String,
    pub format: String,
    pub status: String,
}

#[derive(Template)]
#[template(path = "events.html")]
struct ListPage {
    layout: Layout,
    sections: Vec<(String, Vec<Line>)>,
}

/// The format in words: "Round robin", "Swiss, 4 rounds", "Tables of 4, 2 rounds".
pub fn format_message(format: &Format) -> Message {
    match *format {
        Format::RoundRobin { double: false } => Message::new("event-format-round-robin"),
        Format::RoundRobin { double: true } => Message::new("event-format-double-round-robin"),
        Format::Swiss { rounds } => {
            Message::new("event-format-swiss").with("rounds", rounds as usize)
        }
        Format::Tables { seats, rounds } => Message::new("event-format-tables")
            .with("seats", seats as usize)
            .with("rounds", rounds as usize),
    }
}

fn format_key(name: &str) -> &'static str {
    match name {
        "round_robin" => "event-format-name-round-robin",
        "double_round_robin" => "event-format-name-double-round-robin",
        "swiss" => "event-format-name-swiss",
        _ => "event-format-name-tables",
    }
}

fn line(listed: &Listed, visitor: &Visitor) -> Line {
    let lang = visitor.lang;
    let status = match listed.phase.as_str() {
        "open" => lang
            .tr("events-open-line")
            .arg("entrants", listed.entrants)
            .arg("max", listed.max_entrants)
            .arg("closes", local(listed.sign_up_closes_at, zone_of(visitor)))
            .to_string(),
        "running" => lang
            .tr("events-running-line")
            .arg("round", listed.round)
            .arg("entrants", listed.entrants)
            .to_string(),
        _ => lang
            .tr("events-finished-line")
            .arg("entrants", listed.entrants)
            .to_string(),
    };
    Line {
        path: format!("/events/{}", listed.id),
        title: listed.title.clone(),
        game: Kind::parse(&listed.kind).map_or(listed.kind.clone(), |k| lang.game_name(k)),
        format: lang.t(format_key(&listed.format)),
        status,
    }
}

pub async fn index(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let pool = state.pool.clone();
    let lists = web::block(move || -> Result<_, WebError> {
        let conn = &mut pool.get()?;
        Ok([
            list(conn, "open")?,
            list(conn, "running")?,
            list(conn, "finished")?,
        ])
    })
    .await??;
    if asks_for_json(&req) {
        let section = |events: &[Listed]| -> Vec<serde_json::Value> {
            (events.iter())
                .map(|e| {
                    json!({
                        "id": e.id,
                        "url": format!("/events/{}", e.id),
                        "title": e.title,
                        "kind": e.kind,
                        "format": e.format,
                        "entrants": e.entrants,
                        "max_entrants": e.max_entrants,
                        "round": e.round,
                        "sign_up_closes_at": e.sign_up_closes_at.to_rfc3339(),
                    })
                })
                .collect()
        };
        let body = json!({
            "open": section(&lists[0]),
            "running": section(&lists[1]),
            "finished": section(&lists[2]),
        });
        return Ok(json_response(StatusCode::OK, &body));
    }
    let titles = ["events-open", "events-running", "events-finished"];
    let sections = (titles.iter().zip(&lists))
        .map(|(title, events)| {
            let lines = events.iter().map(|e| line(e, &visitor)).collect();
            (visitor.lang.t(title), lines)
        })
        .collect();
    page(&ListPage {
        layout: Layout::titled("events-title", &visitor),
        sections,
    })
}

/// The days a sign-up may stay open.
const SIGN_UP_DAYS: [i64; 5] = [1, 2, 3, 7, 14];

#[derive(Template)]
#[template(path = "event_new.html")]
struct NewPage {
    layout: Layout,
    error: Option<String>,
    games: Vec<(&'static str, String)>,
    day_choices: &'static [i64],
    sign_up_days: &'static [i64],
    form: Fields,
}

/// The form's fields as typed, to show again with a mistake.
struct Fields {
    title: String,
    kind: String,
    format: String,
    rounds: String,
    days: String,
    round_days: String,
    sign_up_days: String,
    min: String,
    max: String,
    rated: bool,
    timeouts: String,
}

impl Fields {
    fn of(form: Option<&Form>) -> Fields {
        let get = |name: &str, default: &str| {
            form.and_then(|f| f.get(name))
                .unwrap_or(default)
                .to_string()
        };
        Fields {
            title: get("title", ""),
            kind: get("kind", "kalah"),
            format: get("format", "round_robin"),
            rounds: get("rounds", "4"),
            days: get("days", "3"),
            round_days: get("round_days", "14"),
            sign_up_days: get("sign_up_days", "3"),
            min: get("min", "4"),
            max: get("max", "8"),
            rated: form.is_none_or(|f| f.get("rated") != Some("casual")),
            timeouts: get("timeouts", "2"),
        }
    }
}

fn new_page(visitor: &Visitor, form: Option<&Form>, error: Option<String>) -> NewPage {
    NewPage {
        layout: Layout::titled("event-new-title", visitor),
        error,
        games: (Kind::ALL.iter())
            .map(|&kind| (kind.as_str(), visitor.lang.game_name(kind)))
            .collect(),
        day_choices: &DAY_CHOICES,
        sign_up_days: &SIGN_UP_DAYS,
        form: Fields::of(form),
    }
}

pub async fn new_form(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    visitor.require_player()?;
    page(&new_page(&visitor, None, None))
}

/// A whole number field within `range`, or the message to show.
fn whole(form: &Form, name: &str, range: std::ops::RangeInclusive<i64>) -> Result<i64, Message> {
    form.get(name)
        .and_then(|text| text.trim().parse::<i64>().ok())
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            Message::new("event-new-number")
                .with("field", Message::new(field_key(name)))
                .with("min", *range.start())
                .with("max", *range.end())
        })
}

fn field_key(name: &str) -> &'static str {
    match name {
        "rounds" => "event-new-rounds",
        "days" => "event-new-days",
        "round_days" => "event-new-round-days",
        "sign_up_days" => "event-new-sign-up-days",
        "min" => "event-new-min",
        "max" => "event-new-max",
        _ => "event-new-timeouts",
    }
}

/// The setup a submitted form asks for, or the mistake in words.
fn read_setup(form: &Form, day_seconds: i64) -> Result<Setup, Message> {
    let kind = Kind::parse(form.get("kind").unwrap_or("")).ok_or(Message::new("event-new-kind"))?;
    let rounds = whole(form, "rounds", 1..=i64::from(service::ROUNDS_MAX))? as u32;
    let format = match form.get("format").unwrap_or("") {
        "round_robin" => Format::RoundRobin { double: false },
        "double_round_robin" => Format::RoundRobin { double: true },
        "swiss" => Format::Swiss { rounds },
        "tables3" => Format::Tables { seats: 3, rounds },
        "tables4" => Format::Tables { seats: 4, rounds },
        _ => return Err(Message::new("event-new-format")),
    };
    let days = whole(form, "days", 1..=14)?;
    if !DAY_CHOICES.contains(&days) {
        return Err(Message::new("new-game-choose-time-limit"));
    }
    let round_days = whole(form, "round_days", 1..=60)?;
    let sign_up_days = whole(form, "sign_up_days", 1..=14)?;
    let rated = match form.get("rated").unwrap_or("rated") {
        "rated" => true,
        "casual" => false,
        _ => return Err(Message::new("new-game-choose-rated")),
    };
    let options = with_rules!(kind, |R| serde_json::to_value(
        <R as Rules>::Options::default()
    )
    .expect("options serialize"));
    Ok(Setup {
        title: form.get("title").unwrap_or("").to_string(),
        kind,
        options,
        format,
        rated,
        time_control: TimeControl::from_days(days, false, OnTimeout::Withdraw, day_seconds),
        sign_up_closes: (Utc::now() + Duration::seconds(sign_up_days * day_seconds)).to_rfc3339(),
        min_entrants: whole(form, "min", 2..=64)? as u32,
        max_entrants: whole(form, "max", 2..=64)? as u32,
        round_seconds: Some(round_days * day_seconds),
        timeouts_to_withdraw: whole(form, "timeouts", 1..=10)? as u32,
    })
}

pub async fn create(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::parse(&body)?;
    check_form_csrf(&session, &form)?;
    let visitor = visitor(&req, &session, &state).await?;
    let player = visitor.require_player()?.clone();
    let lang = visitor.lang;
    let refuse = |message: String| {
        let again = new_page(&visitor, Some(&form), Some(message));
        render_page(StatusCode::BAD_REQUEST, &again)
    };
    let setup = match read_setup(&form, state.settings.clock.day_seconds) {
        Ok(setup) => setup,
        Err(message) => return refuse(lang.say(&message, &[])),
    };
    let pool = state.pool.clone();
    let settings = state.settings.limits.clone();
    let created = web::block(move || -> Result<String, Refused> {
        let mut conn = pool.get().map_err(WebError::from)?;
        conn.transaction(|conn| {
            let taken = Limit::events_per_player(&settings).take(conn, &player.id.to_string(), 1);
            limits::check(taken.map_err(WebError::from)?, Message::new("limit-events"))?;
            service::create(conn, &player, setup).map_err(|e| match e {
                ServiceError::BadRequest(message) => Refused::Form(lang.say(&message, &[])),
                other => Refused::Web(other.into()),
            })
        })
    })
    .await?;
    match created {
        Ok(id) => Ok(see_other(&format!("/events/{id}"))),
        Err(Refused::Form(message)) => refuse(message),
        Err(Refused::Web(error)) => Err(error),
    }
}
