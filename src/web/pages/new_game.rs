//! Starting a game: choose the game, set its table options, invite the other players.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use diesel::Connection;

use crate::auth::accounts;
use crate::config::LimitSettings;
use crate::games::clock::{DAY_CHOICES, OnTimeout, TimeControl};
use crate::games::service;
use crate::games::{Kind, with_rules};
use crate::rules::Rules;
use crate::web::AppState;
use crate::web::body::Body;
use crate::web::error::WebError;
use crate::web::form::Form;
use crate::web::layout::{Layout, page, render_page, see_other};
use crate::web::limits;
use crate::web::session::{Visitor, check_form_csrf, visitor};
use crate::web::ui::GameUi;

pub struct KindLine {
    slug: &'static str,
    name: &'static str,
    players: String,
    guide: &'static crate::web::ui::guide::Guide,
}

#[derive(Template)]
#[template(path = "new_game.html")]
struct ChooseKindPage {
    layout: Layout,
    kinds: Vec<KindLine>,
}

fn player_range<R: Rules>() -> (usize, usize) {
    let counts = R::player_counts(&R::Options::default());
    (*counts.start(), *counts.end())
}

fn players_text<R: Rules>() -> String {
    match player_range::<R>() {
        (min, max) if min == max => format!("{min} players"),
        (min, max) => format!("{min} to {max} players"),
    }
}

pub async fn choose_kind(
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&session, &state).await?;
    let kinds = Kind::ALL
        .iter()
        .map(|&kind| KindLine {
            slug: kind.as_str(),
            name: kind.name(),
            players: with_rules!(kind, |R| players_text::<R>()),
            guide: crate::web::ui::guide::guide(kind),
        })
        .collect();
    page(&ChooseKindPage {
        layout: Layout::new("New game", &visitor),
        kinds,
    })
}

#[derive(Template)]
#[template(path = "new_game_options.html")]
struct OptionsPage {
    layout: Layout,
    slug: &'static str,
    name: &'static str,
    players: String,
    options_fields: String,
    invites: Vec<Invite>,
    min_invites: usize,
    days: Vec<DayChoice>,
    open_choices: Vec<DayChoice>,
    bank: bool,
    others_decide: bool,
    error: Option<String>,
}

/// One choice of a list on the form.
pub struct DayChoice {
    value: String,
    label: String,
    selected: bool,
}

pub struct Invite {
    field: String,
    number: usize,
    value: String,
}

fn options_form<R: GameUi>(
    visitor: &Visitor,
    kind: Kind,
    typed: &Form,
    error: Option<String>,
) -> Result<OptionsPage, WebError> {
    let (min, max) = player_range::<R>();
    let invites = (1..max)
        .map(|number| {
            let field = format!("invite_{number}");
            Invite {
                value: typed
                    .get(&field)
                    .unwrap_or_default()
                    .chars()
                    .take(254)
                    .collect(),
                field,
                number,
            }
        })
        .collect();
    Ok(OptionsPage {
        layout: Layout::new(format!("New {} game", R::NAME), visitor),
        slug: kind.as_str(),
        name: R::NAME,
        players: players_text::<R>(),
        options_fields: R::options_fields()?,
        invites,
        min_invites: min - 1,
        days: day_choices(typed.get("days").unwrap_or("none")),
        open_choices: (0..max)
            .map(|n| DayChoice {
                value: n.to_string(),
                label: match n {
                    0 => "None: only the players I invite".to_string(),
                    1 => "1 open seat".to_string(),
                    n => format!("{n} open seats"),
                },
                selected: typed.get("open_seats").unwrap_or("0") == n.to_string(),
            })
            .collect(),
        bank: typed.get("clock") == Some("bank"),
        others_decide: typed.get("on_timeout") == Some("others"),
        error,
    })
}

fn day_choices(chosen: &str) -> Vec<DayChoice> {
    let none = DayChoice {
        value: "none".into(),
        label: "No time limit".into(),
        selected: chosen == "none",
    };
    std::iter::once(none)
        .chain(DAY_CHOICES.iter().map(|days| DayChoice {
            value: days.to_string(),
            label: format!("{days} day{} per move", if *days == 1 { "" } else { "s" }),
            selected: chosen == days.to_string(),
        }))
        .collect()
}

fn parse_kind(slug: &str) -> Result<Kind, WebError> {
    Kind::parse(slug).ok_or_else(|| {
        WebError::new(
            StatusCode::NOT_FOUND,
            "Turnpost does not host a game by that name.",
        )
    })
}

pub async fn options_page_handler(
    session: &Session,
    state: &web::Data<AppState>,
    slug: &str,
) -> Result<HttpResponse, WebError> {
    let kind = parse_kind(slug)?;
    let visitor = visitor(session, state).await?;
    if visitor.player.is_none() {
        return Ok(see_other(&format!("/sign-in?next=/games/new/{slug}")));
    }
    let empty = Form::parse(b"")?;
    let page_data = with_rules!(kind, |R| options_form::<R>(&visitor, kind, &empty, None))?;
    page(&page_data)
}

pub async fn options_page(
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    options_page_handler(&session, &state, &path).await
}

/// The invited addresses, checked; the message names the first bad one.
fn invitees(form: &Form, max_players: usize) -> Result<Vec<String>, String> {
    (1..max_players)
        .filter_map(|n| form.get(&format!("invite_{n}")))
        .filter(|typed| !typed.trim().is_empty())
        .map(accounts::normalize_email)
        .collect()
}

struct Request {
    options: serde_json::Value,
    invitees: Vec<String>,
    open_seats: usize,
    time_control: Option<TimeControl>,
}

fn read_request<R: GameUi>(form: &Form, day_seconds: i64) -> Result<Request, String> {
    let options = R::options_from_form(form)?;
    let max = player_range::<R>().1;
    let invitees = invitees(form, max)?;
    let open_seats = match form.get("open_seats").unwrap_or("0") {
        "" => 0,
        typed => typed
            .parse::<usize>()
            .ok()
            .filter(|n| *n < max)
            .ok_or("Choose how many seats to leave open from the list.")?,
    };
    Ok(Request {
        options: serde_json::to_value(options).expect("options serialize"),
        invitees,
        open_seats,
        time_control: time_control(form, day_seconds)?,
    })
}

/// The table's time control: `days` per move (or none), as a deadline or a bank, and what
/// happens to a player out of time.
fn time_control(form: &Form, day_seconds: i64) -> Result<Option<TimeControl>, String> {
    let days = match form.get("days").unwrap_or("none") {
        "none" | "" => return Ok(None),
        typed => typed
            .parse::<i64>()
            .ok()
            .filter(|d| DAY_CHOICES.contains(d)),
    };
    let Some(days) = days else {
        return Err("Choose a time limit from the list.".into());
    };
    let bank = match form.get("clock").unwrap_or("move") {
        "move" => false,
        "bank" => true,
        _ => return Err("Choose a deadline per move or a time bank.".into()),
    };
    let on_timeout = match form.get("on_timeout").unwrap_or("withdraw") {
        "withdraw" => OnTimeout::Withdraw,
        "others" => OnTimeout::OthersDecide,
        _ => return Err("Choose what happens when a player runs out of time.".into()),
    };
    Ok(Some(TimeControl::from_days(
        days,
        bank,
        on_timeout,
        day_seconds,
    )))
}

/// Why a game was not created: a mistake on the form (shown on the form again), or anything else.
enum Refused {
    Form(String),
    Web(WebError),
}

impl From<WebError> for Refused {
    fn from(error: WebError) -> Self {
        Refused::Web(error)
    }
}

impl From<diesel::result::Error> for Refused {
    fn from(error: diesel::result::Error) -> Self {
        Refused::Web(error.into())
    }
}

/// Takes the creator's game and invitation allowances and each invited address's; in the
/// transaction that creates the game, so a game not created takes nothing.
pub(super) fn take_limits(
    conn: &mut diesel::PgConnection,
    settings: &LimitSettings,
    creator: i64,
    invited: &[String],
) -> Result<(), WebError> {
    let me = creator.to_string();
    limits::check(
        limits::games_per_player(settings).take(conn, &me, 1)?,
        "You have created as many games as we allow in an hour.",
    )?;
    limits::take_invitations(conn, settings, creator, invited)
}

pub async fn create(
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let form = Form::parse(&body)?;
    check_form_csrf(&session, &form)?;
    let kind = parse_kind(&path)?;
    let visitor = visitor(&session, &state).await?;
    let player = visitor.require_player()?.clone();
    let private = form.checked("private");
    let refuse = |message: String| -> Result<HttpResponse, WebError> {
        let page_data = with_rules!(kind, |R| options_form::<R>(
            &visitor,
            kind,
            &form,
            Some(message)
        ))?;
        render_page(StatusCode::BAD_REQUEST, &page_data)
    };
    let day_seconds = state.settings.clock.day_seconds;
    let request = match with_rules!(kind, |R| read_request::<R>(&form, day_seconds)) {
        Ok(request) => request,
        Err(message) => return refuse(message),
    };
    let pool = state.pool.clone();
    let creator = player;
    let invited = request.invitees;
    let settings = state.settings.clone();
    let created = web::block(move || -> Result<_, Refused> {
        let mut conn = pool.get().map_err(WebError::from)?;
        conn.transaction(|conn| -> Result<_, Refused> {
            take_limits(conn, &settings.limits, creator.id, &invited)?;
            service::create_game(
                conn,
                &creator,
                service::NewTable {
                    kind,
                    options: request.options,
                    private,
                    invitees: &invited,
                    open_seats: request.open_seats,
                    time_control: request.time_control,
                    invitation_days: settings.auth.invitation_days,
                },
            )
            .map_err(|e| match e {
                service::ServiceError::BadRequest(message) => Refused::Form(message),
                other => Refused::Web(other.into()),
            })
        })
    })
    .await?;
    let game_id = match created {
        Ok(game_id) => game_id,
        Err(Refused::Form(message)) => return refuse(message),
        Err(Refused::Web(error)) => return Err(error),
    };
    Ok(see_other(&format!("/games/{game_id}")))
}
