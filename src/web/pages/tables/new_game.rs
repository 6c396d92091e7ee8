//! Starting a game: choose the game, set its table options, invite the other players.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use diesel::Connection;
use serde_json::json;

use super::new_game_json;
use crate::auth::Player;
use crate::bots::Level;
use crate::computers;
use crate::config::LimitSettings;
use crate::game_log::error::ServiceError;
use crate::game_log::stream::time_control::DAY_CHOICES;
use crate::i18n::Lang;
use crate::present::GameUi;
use crate::rules::Message;
use crate::rules::Rules;
use crate::rules::{Kind, with_rules};
use crate::tables::request::{self, Request, player_range};
use crate::tables::seating;
use crate::web::AppState;
use crate::web::asks_for_json;
use crate::web::frame::layout::{Layout, page, render_page, see_other};
use crate::web::pages::json::json_response;
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::limits;
use crate::web::request::session::{
    CSRF_HEADER, Visitor, by_api_token, check_csrf, check_post_csrf, visitor,
};

pub struct KindLine {
    slug: &'static str,
    name: String,
    players: String,
    guide: &'static crate::present::guide::Guide,
}

#[derive(Template)]
#[template(path = "new_game.html")]
struct ChooseKindPage {
    layout: Layout,
    kinds: Vec<KindLine>,
    levels: Vec<DayChoice>,
}

/// The computer's levels to choose from, Medium first chosen.
pub fn level_choices(lang: Lang) -> Vec<DayChoice> {
    Level::ALL
        .iter()
        .map(|&level| DayChoice {
            value: level.as_str().to_string(),
            label: computers::level_name(level, lang),
            selected: level == Level::Medium,
        })
        .collect()
}

fn players_text<R: Rules>(lang: Lang) -> String {
    match player_range::<R>() {
        (min, max) if min == max => lang.tr("players-exactly").arg("count", min).to_string(),
        (min, max) => lang
            .tr("players-between")
            .arg("min", min)
            .arg("max", max)
            .to_string(),
    }
}

pub async fn choose_kind(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    if asks_for_json(&req) {
        let lang = crate::web::request::session::page_lang(&req);
        return Ok(json_response(StatusCode::OK, &new_game_json::kinds(lang)));
    }
    let visitor = visitor(&req, &session, &state).await?;
    let kinds = Kind::ALL
        .iter()
        .map(|&kind| KindLine {
            slug: kind.as_str(),
            name: visitor.lang.game_name(kind),
            players: with_rules!(kind, |R| players_text::<R>(visitor.lang)),
            guide: crate::present::guide::guide(kind),
        })
        .collect();
    page(&ChooseKindPage {
        layout: Layout::titled("nav-new-game", &visitor),
        kinds,
        levels: level_choices(visitor.lang),
    })
}

#[derive(Template)]
#[template(path = "new_game_options.html")]
struct OptionsPage {
    layout: Layout,
    slug: &'static str,
    name: String,
    players: String,
    options_fields: String,
    invites: Vec<Invite>,
    min_invites: usize,
    days: Vec<DayChoice>,
    open_choices: Vec<DayChoice>,
    computer_seats: Vec<ComputerSeat>,
    bank: bool,
    /// The chosen answer to a seat out of time: "withdraw", "others" or "computer".
    on_timeout: String,
    /// Whether "casual" is chosen rather than "rated".
    casual: bool,
    /// The rating range typed for the open seats.
    rating_min: String,
    rating_max: String,
    error: Option<String>,
}

/// One choice of a list on the form.
pub struct DayChoice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

pub struct Invite {
    field: String,
    number: usize,
    value: String,
}

/// A seat the computer may take, with the choices for it.
pub struct ComputerSeat {
    field: String,
    label: String,
    choices: Vec<DayChoice>,
}

fn computer_seats(typed: &Form, max: usize, lang: Lang) -> Vec<ComputerSeat> {
    (1..max)
        .map(|n| {
            let field = format!("computer_{n}");
            let chosen = typed.get(&field).unwrap_or("");
            let person = DayChoice {
                value: String::new(),
                label: lang.t("new-game-computer-none"),
                selected: chosen.is_empty(),
            };
            let levels = Level::ALL.iter().map(|&level| DayChoice {
                value: level.as_str().to_string(),
                label: lang
                    .tr("new-game-computer-choice")
                    .arg("level", computers::level_name(level, lang))
                    .to_string(),
                selected: chosen == level.as_str(),
            });
            ComputerSeat {
                label: lang
                    .tr("new-game-computer-seat")
                    .arg("number", n + 1)
                    .to_string(),
                field,
                choices: std::iter::once(person).chain(levels).collect(),
            }
        })
        .collect()
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
        layout: Layout::new(
            visitor
                .lang
                .tr("new-game-title")
                .arg("game", visitor.lang.t(R::NAME))
                .to_string(),
            visitor,
        ),
        slug: kind.as_str(),
        name: visitor.lang.t(R::NAME),
        players: players_text::<R>(visitor.lang),
        options_fields: R::options_fields(visitor.lang)?,
        invites,
        min_invites: min - 1,
        days: day_choices(typed.get("days").unwrap_or("none"), visitor.lang),
        open_choices: (0..max)
            .map(|n| DayChoice {
                value: n.to_string(),
                label: visitor
                    .lang
                    .tr("new-game-open-seat-choice")
                    .arg("count", n)
                    .to_string(),
                selected: typed.get("open_seats").unwrap_or("0") == n.to_string(),
            })
            .collect(),
        computer_seats: computer_seats(typed, max, visitor.lang),
        bank: typed.get("clock") == Some("bank"),
        on_timeout: typed.get("on_timeout").unwrap_or("withdraw").to_string(),
        casual: typed.get("rated") == Some("casual"),
        rating_min: typed
            .get("rating_min")
            .unwrap_or("")
            .chars()
            .take(6)
            .collect(),
        rating_max: typed
            .get("rating_max")
            .unwrap_or("")
            .chars()
            .take(6)
            .collect(),
        error,
    })
}

fn day_choices(chosen: &str, lang: Lang) -> Vec<DayChoice> {
    let none = DayChoice {
        value: "none".into(),
        label: lang.t("clock-none"),
        selected: chosen == "none",
    };
    std::iter::once(none)
        .chain(DAY_CHOICES.iter().map(|days| {
            DayChoice {
                value: days.to_string(),
                label: lang
                    .tr("new-game-days-per-move")
                    .arg("days", days)
                    .to_string(),
                selected: chosen == days.to_string(),
            }
        }))
        .collect()
}

pub fn parse_kind(slug: &str) -> Result<Kind, WebError> {
    Kind::parse(slug)
        .ok_or_else(|| WebError::new(StatusCode::NOT_FOUND, Message::new("new-game-unknown-kind")))
}

pub async fn options_page_handler(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
    slug: &str,
) -> Result<HttpResponse, WebError> {
    let kind = parse_kind(slug)?;
    let visitor = visitor(req, session, state).await?;
    if visitor.player.is_none() {
        return Ok(see_other(&format!("/sign-in?next=/games/new/{slug}")));
    }
    let empty = Form::parse(b"")?;
    let page_data = with_rules!(kind, |R| options_form::<R>(&visitor, kind, &empty, None))?;
    page(&page_data)
}

/// The options form, or for tools (asking for JSON) what a JSON new-game body may hold.
pub async fn options_page(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    if asks_for_json(&req) {
        let kind = parse_kind(&path)?;
        let lang = crate::web::request::session::page_lang(&req);
        let form = with_rules!(kind, |R| new_game_json::form::<R>(kind, lang));
        return Ok(json_response(StatusCode::OK, &form));
    }
    options_page_handler(&req, &session, &state, &path).await
}

/// Why a game (or a tournament) was not created: a mistake on the form (shown on the form again),
/// or anything else. Either way the transaction rolls back, so nothing of a limit is taken.
pub enum Refused {
    Form(String),
    Web(WebError),
}

impl Refused {
    /// What was created, or the mistake to show in words; any other error is the answer.
    pub fn split<T>(outcome: Result<T, Refused>) -> Result<Result<T, String>, WebError> {
        match outcome {
            Ok(created) => Ok(Ok(created)),
            Err(Refused::Form(message)) => Ok(Err(message)),
            Err(Refused::Web(error)) => Err(error),
        }
    }
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
pub fn take_limits(
    conn: &mut diesel::PgConnection,
    settings: &LimitSettings,
    creator: i64,
    invited: &[String],
) -> Result<(), WebError> {
    limits::reached(crate::store::limits::take_new_table(
        conn, settings, creator, invited,
    )?)
}

pub async fn create(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    if is_json_body(&req) {
        return create_from_json(&req, &session, &state, &path, &body).await;
    }
    let form = Form::read(&req, &body)?;
    check_post_csrf(&req, &session, &form)?;
    let kind = parse_kind(&path)?;
    let visitor = visitor(&req, &session, &state).await?;
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
    let request = match with_rules!(kind, |R| request::read::<R>(&form, day_seconds)) {
        Ok(request) => request,
        Err(message) => return refuse(visitor.lang.say(&message, &[])),
    };
    match open_table(&state, player, kind, request, private, visitor.lang).await? {
        Ok(game_id) => Ok(see_other(&format!("/games/{game_id}"))),
        Err(message) => refuse(message),
    }
}

/// A JSON body comes with an API token, or with the session's token in the `X-CSRF-Token`
/// header.
pub fn check_json_caller(req: &HttpRequest, session: &Session) -> Result<(), WebError> {
    if by_api_token(req) {
        return Ok(());
    }
    check_csrf(
        session,
        req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok()),
    )
}

pub fn is_json_body(req: &HttpRequest) -> bool {
    req.headers()
        .get("Content-Type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.to_ascii_lowercase().starts_with("application/json"))
}

/// A table asked for in JSON, with the session's token in the `X-CSRF-Token` header: 201 and
/// the game's address, or 400 with the reason.
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
    let day_seconds = state.settings.clock.day_seconds;
    let (request, private) = with_rules!(kind, |R| request::from_json::<R>(body, day_seconds))
        .map_err(|reason| {
            WebError::bad_request(Message::new("options-invalid").with("reason", reason))
        })?;
    let game_id = open_table(state, player, kind, request, private, visitor.lang)
        .await?
        .map_err(|reason| {
            WebError::bad_request(Message::new("options-invalid").text("reason", reason))
        })?;
    let url = format!("/games/{game_id}");
    Ok(HttpResponse::Created()
        .insert_header(("Location", url.clone()))
        .json(json!({"id": game_id, "url": url})))
}

/// Creates the table within the creator's and the invitees' limits. The inner error is a
/// mistake in what was asked for, in words.
async fn open_table(
    state: &web::Data<AppState>,
    creator: Player,
    kind: Kind,
    request: Request,
    private: bool,
    lang: Lang,
) -> Result<Result<String, String>, WebError> {
    let pool = state.pool.clone();
    let settings = state.settings.clone();
    let created = web::block(move || -> Result<_, Refused> {
        let mut conn = pool.get().map_err(WebError::from)?;
        conn.transaction(|conn| -> Result<_, Refused> {
            take_limits(conn, &settings.limits, creator.id, &request.invitees)?;
            seating::create_game(
                conn,
                &creator,
                request.table(kind, private, settings.auth.invitation_days),
            )
            .map_err(|e| match e {
                ServiceError::BadRequest(message) => Refused::Form(lang.say(&message, &[])),
                other => Refused::Web(other.into()),
            })
        })
    })
    .await?;
    Refused::split(created)
}
