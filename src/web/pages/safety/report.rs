//! Reporting: `/report?about=TARGET` shows what is reported and asks why; posting it files the
//! report (merged with the reporter's open report of the same thing), within the hourly limit.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::moderation::reports::{self, Reason, Refused, Target};
use crate::rules::Message;
use crate::store::limits::Limit;
use crate::web::AppState;
use crate::web::frame::layout::{Layout, render_page};
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::limits;
use crate::web::request::session::{Visitor, posted_form, visitor};

pub struct ReasonChoice {
    pub value: &'static str,
    pub label: String,
}

#[derive(Template)]
#[template(path = "report.html")]
struct ReportPage {
    layout: Layout,
    about: String,
    /// What is reported, in a sentence.
    what: String,
    /// The game to go back to, if the report is about one.
    back: Option<String>,
    reasons: Vec<ReasonChoice>,
    filed: bool,
    error: Option<String>,
}

fn target_of(text: Option<&str>) -> Result<Target, WebError> {
    text.and_then(Target::parse)
        .ok_or_else(|| WebError::new(StatusCode::NOT_FOUND, Message::new("report-no-target")))
}

/// What `target` is, in a sentence, when there is such a thing to report.
fn describe(conn: &mut diesel::PgConnection, target: &Target) -> Result<Message, WebError> {
    let found = reports::find(conn, target)?
        .ok_or_else(|| WebError::new(StatusCode::NOT_FOUND, Message::new("report-no-target")))?;
    Ok(match target {
        Target::Talk { game, seq } => Message::new("report-about-talk")
            .text("player", found.subject_name)
            .text("game", game.as_str())
            .with("seq", *seq),
        Target::Play { game, .. } => Message::new("report-about-play")
            .text("player", found.subject_name)
            .text("game", game.as_str()),
        Target::Player(_) => Message::new("report-about-player").text("player", found.subject_name),
    })
}

async fn show_page(
    state: &web::Data<AppState>,
    visitor: &Visitor,
    target: Target,
    status: StatusCode,
    filed: bool,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    visitor.require_player()?;
    let pool = state.pool.clone();
    let asked = target.clone();
    let what = web::block(move || describe(&mut *pool.get()?, &asked)).await??;
    let lang = visitor.lang;
    let page = ReportPage {
        layout: Layout::titled("report-title", visitor),
        about: target.key(),
        what: lang.say(&what, &[]),
        back: target.game().map(|game| format!("/games/{game}")),
        reasons: (Reason::ALL.iter())
            .map(|reason| ReasonChoice {
                value: reason.as_str(),
                label: lang.say(
                    &Message::new("removal-reason").text("reason", reason.as_str()),
                    &[],
                ),
            })
            .collect(),
        filed,
        error,
    };
    render_page(status, &page)
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    query: web::Query<std::collections::BTreeMap<String, String>>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let target = target_of(query.get("about").map(String::as_str))?;
    show_page(&state, &visitor, target, StatusCode::OK, false, None).await
}

pub async fn file(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (visitor, form) = posted_form(&req, &session, &state, &body).await?;
    let reporter = visitor.require_player()?.id;
    let target = target_of(form.get("about"))?;
    let reason = (form.get("reason").and_then(Reason::parse))
        .ok_or_else(|| WebError::bad_request(Message::new("report-choose-reason")))?;
    let words = form.get("words").unwrap_or_default().to_string();
    let pool = state.pool.clone();
    let settings = state.settings.limits.clone();
    let asked = target.clone();
    let filed = web::block(move || -> Result<Result<i64, Refused>, WebError> {
        let conn = &mut *pool.get()?;
        diesel::Connection::transaction(conn, |conn| {
            let limit = Limit::reports_per_player(&settings);
            limits::check(
                limit.take(conn, &reporter.to_string(), 1)?,
                Message::new("limit-reports"),
            )?;
            Ok(reports::file(conn, reporter, &asked, reason, &words))
        })
    })
    .await??;
    match filed {
        Ok(_) => show_page(&state, &visitor, target, StatusCode::OK, true, None).await,
        Err(Refused::NotFound) => Err(WebError::new(
            StatusCode::NOT_FOUND,
            Message::new("report-no-target"),
        )),
        Err(Refused::Said(why)) => {
            let why = visitor.lang.say(&why, &[]);
            show_page(
                &state,
                &visitor,
                target,
                StatusCode::BAD_REQUEST,
                false,
                Some(why),
            )
            .await
        }
        Err(Refused::Database(e)) => Err(e.into()),
    }
}
