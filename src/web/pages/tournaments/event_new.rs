//! Creating a tournament: first the game, then a form with that game's table options, its
//! time control, the formats the game can be played in, and the sign-up.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use chrono::{Duration, Utc};
use diesel::Connection;
use serde_json::json;

use super::event_new_json;
use crate::auth::Player;
use crate::game_log::error::ServiceError;
use crate::game_log::stream::time_control::{DAY_CHOICES, OnTimeout, TimeControl};
use crate::i18n::Lang;
use crate::present::GameUi;
use crate::rules::{Kind, Message, Rules, with_rules};
use crate::store::limits::Limit;
use crate::tournaments::log::facts::{Format, Setup, SwissPairing};
use crate::tournaments::service;
use crate::web::AppState;
use crate::web::frame::layout::{Layout, page, render_page, see_other};
use crate::web::pages::tables::new_game::{Refused, check_json_caller, is_json_body, parse_kind};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::limits;
use crate::web::request::session::{Visitor, check_post_csrf, visitor};

/// The days a sign-up may stay open.
const SIGN_UP_DAYS: [i64; 5] = [1, 2, 3, 7, 14];

/// Every format: its value on the form, the seats at each of its tables, and its name.
const FORMATS: [(&str, usize, &str); 5] = [
    ("round_robin", 2, "event-format-name-round-robin"),
    (
        "double_round_robin",
        2,
        "event-format-name-double-round-robin",
    ),
    ("swiss", 2, "event-format-name-swiss"),
    ("tables3", 3, "event-new-tables-three"),
    ("tables4", 4, "event-new-tables-four"),
];

/// The formats `kind` can be played in with its standard options: two-player formats need a
/// game for two, tables need a game for three or four.
fn formats_of(kind: Kind) -> Vec<(&'static str, &'static str)> {
    let counts = with_rules!(
        kind,
        |R| R::player_counts(&<R as Rules>::Options::default())
    );
    let tables = matches!(kind, Kind::Kabaleo | Kind::Azul | Kind::Gype);
    (FORMATS.iter())
        .filter(|(_, seats, _)| counts.contains(seats) && (*seats == 2 || tables))
        .map(|&(value, _, key)| (value, key))
        .collect()
}

/// A game to hold a tournament of, on the first page.
pub struct GameChoice {
    slug: &'static str,
    name: String,
    formats: String,
}

#[derive(Template)]
#[template(path = "event_choose.html")]
struct ChoosePage {
    layout: Layout,
    games: Vec<GameChoice>,
}

#[derive(Template)]
#[template(path = "event_new.html")]
struct NewPage {
    layout: Layout,
    slug: &'static str,
    error: Option<String>,
    options_fields: String,
    formats: Vec<(&'static str, String)>,
    day_choices: &'static [i64],
    sign_up_days: &'static [i64],
    form: Fields,
}

/// The form's fields as typed, to show again with a mistake.
struct Fields {
    title: String,
    format: String,
    rounds: String,
    days: String,
    bank: bool,
    round_days: String,
    sign_up_days: String,
    min: String,
    max: String,
    rated: bool,
    timeouts: String,
}

impl Fields {
    fn of(form: Option<&Form>, first_format: &str) -> Fields {
        let get = |name: &str, default: &str| {
            form.and_then(|f| f.get(name))
                .unwrap_or(default)
                .to_string()
        };
        Fields {
            title: get("title", ""),
            format: get("format", first_format),
            rounds: get("rounds", "4"),
            days: get("days", "3"),
            bank: form.is_some_and(|f| f.get("clock") == Some("bank")),
            round_days: get("round_days", "14"),
            sign_up_days: get("sign_up_days", "3"),
            min: get("min", "4"),
            max: get("max", "8"),
            rated: form.is_none_or(|f| f.get("rated") != Some("casual")),
            timeouts: get("timeouts", "2"),
        }
    }
}

fn formats_text(kind: Kind, lang: Lang) -> String {
    let names: Vec<String> = (formats_of(kind).iter())
        .map(|(_, key)| lang.t(key))
        .collect();
    names.join(&lang.t("event-format-separator"))
}

fn new_page<R: GameUi>(
    kind: Kind,
    visitor: &Visitor,
    form: Option<&Form>,
    error: Option<String>,
) -> Result<NewPage, WebError> {
    let lang = visitor.lang;
    let formats: Vec<(&'static str, String)> = (formats_of(kind).into_iter())
        .map(|(value, key)| (value, lang.t(key)))
        .collect();
    let first_format = formats.first().map_or("round_robin", |(value, _)| value);
    Ok(NewPage {
        layout: Layout::new(
            lang.tr("event-new-title-game")
                .arg("game", lang.game_name(kind))
                .to_string(),
            visitor,
        ),
        slug: kind.as_str(),
        error,
        options_fields: R::options_fields(lang)?,
        day_choices: &DAY_CHOICES,
        sign_up_days: &SIGN_UP_DAYS,
        form: Fields::of(form, first_format),
        formats,
    })
}

/// The first step: which game the tournament is of.
pub async fn choose_game(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    visitor.require_player()?;
    let games = (Kind::ALL.iter())
        .map(|&kind| GameChoice {
            slug: kind.as_str(),
            name: visitor.lang.game_name(kind),
            formats: formats_text(kind, visitor.lang),
        })
        .collect();
    page(&ChoosePage {
        layout: Layout::titled("event-new-title", &visitor),
        games,
    })
}

/// The second step: the whole form for one game.
pub async fn new_form(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let kind = parse_kind(&slug)?;
    let visitor = visitor(&req, &session, &state).await?;
    visitor.require_player()?;
    page(&with_rules!(kind, |R| new_page::<R>(
        kind, &visitor, None, None
    ))?)
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

fn read_format(form: &Form, kind: Kind) -> Result<Format, Message> {
    let chosen = form.get("format").unwrap_or("");
    if !formats_of(kind).iter().any(|(value, _)| *value == chosen) {
        return Err(Message::new("event-new-format"));
    }
    let rounds = || whole(form, "rounds", 1..=i64::from(service::ROUNDS_MAX)).map(|r| r as u32);
    Ok(match chosen {
        "round_robin" => Format::RoundRobin { double: false },
        "double_round_robin" => Format::RoundRobin { double: true },
        "swiss" => Format::Swiss { rounds: rounds()? },
        "tables3" => Format::Tables {
            seats: 3,
            rounds: rounds()?,
        },
        _ => Format::Tables {
            seats: 4,
            rounds: rounds()?,
        },
    })
}

/// Days per move as a deadline for each move or a time bank. A seat out of time in a
/// tournament always loses the game.
fn read_time_control(form: &Form, day_seconds: i64) -> Result<TimeControl, Message> {
    let days = whole(form, "days", 1..=14)?;
    if !DAY_CHOICES.contains(&days) {
        return Err(Message::new("new-game-choose-time-limit"));
    }
    let bank = match form.get("clock").unwrap_or("move") {
        "move" => false,
        "bank" => true,
        _ => return Err(Message::new("new-game-choose-clock")),
    };
    Ok(TimeControl::from_days(
        days,
        bank,
        OnTimeout::Withdraw,
        day_seconds,
    ))
}

/// The setup a submitted form asks for, or the mistake in words.
fn read_setup<R: GameUi>(form: &Form, kind: Kind, day_seconds: i64) -> Result<Setup, Message> {
    let format = read_format(form, kind)?;
    let options = R::options_from_form(form)?;
    let time_control = read_time_control(form, day_seconds)?;
    let round_days = whole(form, "round_days", 1..=60)?;
    let sign_up_days = whole(form, "sign_up_days", 1..=14)?;
    let rated = match form.get("rated").unwrap_or("rated") {
        "rated" => true,
        "casual" => false,
        _ => return Err(Message::new("new-game-choose-rated")),
    };
    Ok(Setup {
        title: form.get("title").unwrap_or("").to_string(),
        kind,
        options: serde_json::to_value(options).expect("options serialize"),
        format,
        rated,
        time_control,
        sign_up_closes: (Utc::now() + Duration::seconds(sign_up_days * day_seconds)).to_rfc3339(),
        min_entrants: whole(form, "min", 2..=i64::from(service::EVENT_MAX))? as u32,
        max_entrants: whole(form, "max", 2..=i64::from(service::EVENT_MAX))? as u32,
        round_seconds: Some(round_days * day_seconds),
        timeouts_to_withdraw: whole(form, "timeouts", 1..=10)? as u32,
        swiss_pairing: SwissPairing::Matching,
    })
}

pub async fn create(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    if is_json_body(&req) {
        return create_from_json(&req, &session, &state, &slug, &body).await;
    }
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let kind = parse_kind(&slug)?;
    let visitor = visitor(&req, &session, &state).await?;
    let player = visitor.require_player()?.clone();
    let lang = visitor.lang;
    let refuse = |message: String| -> Result<HttpResponse, WebError> {
        let again = with_rules!(kind, |R| new_page::<R>(
            kind,
            &visitor,
            Some(&form),
            Some(message)
        ))?;
        render_page(StatusCode::BAD_REQUEST, &again)
    };
    let day_seconds = state.settings.clock.day_seconds;
    let setup = match with_rules!(kind, |R| read_setup::<R>(&form, kind, day_seconds)) {
        Ok(setup) => setup,
        Err(message) => return refuse(lang.say(&message, &[])),
    };
    match open_event(&state, player, setup, lang).await? {
        Ok(id) => Ok(see_other(&format!("/events/{id}"))),
        Err(message) => refuse(message),
    }
}

/// A tournament asked for in JSON, with the session's token in the `X-CSRF-Token` header or an
/// API token: 201 and the event's address, or 400 with the reason.
async fn create_from_json(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
    slug: &str,
    body: &[u8],
) -> Result<HttpResponse, WebError> {
    check_json_caller(req, session)?;
    let kind = parse_kind(slug)?;
    let visitor = visitor(req, session, state).await?;
    let player = visitor.require_player()?.clone();
    let setup = event_new_json::read(body, kind, state.settings.clock.day_seconds)
        .map_err(WebError::bad_request)?;
    let id = open_event(state, player, setup, visitor.lang)
        .await?
        .map_err(|reason| WebError::bad_request(Message::new("refusal").text("reason", reason)))?;
    let url = format!("/events/{id}");
    Ok(HttpResponse::Created()
        .insert_header(("Location", url.clone()))
        .json(json!({"id": id, "url": url})))
}

/// Creates the event within the creator's daily allowance, in one transaction, so a refused
/// event takes nothing. The inner error is a mistake in the setup, in words.
async fn open_event(
    state: &web::Data<AppState>,
    player: Player,
    setup: Setup,
    lang: Lang,
) -> Result<Result<String, String>, WebError> {
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
    Refused::split(created)
}
