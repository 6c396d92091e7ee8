//! The moderators' desk at `/moderation`: open reports oldest first and the appeals that came
//! by email; a report's page with the row it quotes (checked against the log) and the person's
//! recent talk, a claim, and the actions. Anyone who is not a moderator gets a plain 404 from
//! every address here, as if it did not exist.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

use crate::moderation::desk::{self, Asked, Detail, Refused};
use crate::moderation::people;
use crate::moderation::reports::Reason;
use crate::rules::Message;
use crate::web::AppState;
use crate::web::frame::clock_text::{local, zone_of};
use crate::web::frame::layout::{Layout, render_page, see_other};
use crate::web::pages::safety::report::ReasonChoice;
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::session::{Visitor, posted_form, visitor};

pub struct ReportLine {
    pub id: i64,
    pub subject: String,
    pub reason: String,
    pub reporter: String,
    pub times: i32,
    pub when: String,
    pub claimed_by: Option<String>,
}

pub struct AppealLine {
    pub player: String,
    pub action: i64,
    pub words: String,
    pub when: String,
}

#[derive(Template)]
#[template(path = "moderation.html")]
struct DeskPage {
    layout: Layout,
    reports: Vec<ReportLine>,
    appeals: Vec<AppealLine>,
}

pub struct TalkLine {
    pub game: String,
    pub seq: i64,
    pub when: String,
    pub words: Option<String>,
}

#[derive(Template)]
#[template(path = "moderation_report.html")]
struct ReportPage {
    layout: Layout,
    line: ReportLine,
    words: String,
    target: String,
    quoted: Option<crate::moderation::desk::QuotedRow>,
    talk: Vec<TalkLine>,
    appeals: Vec<AppealLine>,
    mine: bool,
    closed: bool,
    reasons: Vec<ReasonChoice>,
    error: Option<String>,
}

/// The visitor, if they are a moderator; a 404 for anyone else.
async fn moderator(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
) -> Result<(Visitor, i64), WebError> {
    let visitor = visitor(req, session, state).await?;
    let me = moderator_id(state, &visitor).await?;
    Ok((visitor, me))
}

/// The visitor's account number, if they are a moderator; a 404 for anyone else.
async fn moderator_id(state: &web::Data<AppState>, visitor: &Visitor) -> Result<i64, WebError> {
    let Some(id) = visitor.player_id() else {
        return Err(WebError::not_found());
    };
    let pool = state.pool.clone();
    let is = web::block(move || -> Result<bool, WebError> {
        Ok(people::is_moderator(&mut *pool.get()?, id)?)
    })
    .await??;
    match is {
        true => Ok(id),
        false => Err(WebError::not_found()),
    }
}

fn reason_words(visitor: &Visitor, reason: &str) -> String {
    (visitor.lang).say(&Message::new("removal-reason").text("reason", reason), &[])
}

fn report_line(visitor: &Visitor, report: &desk::Report) -> ReportLine {
    ReportLine {
        id: report.id,
        subject: report.subject_name.clone(),
        reason: reason_words(visitor, &report.reason),
        reporter: report.reporter_name.clone(),
        times: report.times,
        when: local(report.created_at, zone_of(visitor)),
        claimed_by: report.claimed_by_name.clone(),
    }
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let (visitor, _) = moderator(&req, &session, &state).await?;
    let pool = state.pool.clone();
    let (reports, appeals) = web::block(move || -> Result<_, WebError> {
        let conn = &mut *pool.get()?;
        Ok((desk::open_reports(conn)?, desk::open_appeals(conn)?))
    })
    .await??;
    let zone = zone_of(&visitor);
    let page = DeskPage {
        layout: Layout::titled("desk-title", &visitor),
        reports: reports.iter().map(|r| report_line(&visitor, r)).collect(),
        appeals: (appeals.into_iter())
            .map(|(player, appeal)| AppealLine {
                player,
                action: appeal.action,
                words: appeal.words,
                when: local(appeal.received_at, zone),
            })
            .collect(),
    };
    render_page(StatusCode::OK, &page)
}

fn report_id(path: &str) -> Result<i64, WebError> {
    path.parse().map_err(|_| WebError::not_found())
}

async fn report_page(
    state: &web::Data<AppState>,
    visitor: &Visitor,
    me: i64,
    id: i64,
    status: StatusCode,
    error: Option<String>,
) -> Result<HttpResponse, WebError> {
    let pool = state.pool.clone();
    let found = web::block(move || -> Result<Option<Detail>, WebError> {
        Ok(desk::detail(&mut *pool.get()?, id)?)
    })
    .await??;
    let Some(detail) = found else {
        return Err(WebError::new(
            StatusCode::NOT_FOUND,
            Message::new("desk-no-report"),
        ));
    };
    let zone = zone_of(visitor);
    let lang = visitor.lang;
    let page = ReportPage {
        layout: Layout::new(
            lang.tr("desk-report-title").arg("id", id).to_string(),
            visitor,
        ),
        line: report_line(visitor, &detail.report),
        words: detail.report.words.clone(),
        target: detail.report.target.clone(),
        quoted: detail.quoted,
        talk: (detail.recent_talk.into_iter())
            .map(|t| TalkLine {
                game: t.game_id,
                seq: t.seq,
                when: local(t.recorded_at, zone),
                words: t.words,
            })
            .collect(),
        appeals: (detail.appeals.into_iter())
            .map(|appeal| AppealLine {
                player: detail.report.subject_name.clone(),
                action: appeal.action,
                words: appeal.words,
                when: local(appeal.received_at, zone),
            })
            .collect(),
        mine: detail.report.claimed_by == Some(me),
        closed: detail.report.closed_at.is_some(),
        reasons: (Reason::ALL.iter())
            .map(|reason| ReasonChoice {
                value: reason.as_str(),
                label: reason_words(visitor, reason.as_str()),
            })
            .collect(),
        error,
    };
    render_page(status, &page)
}

pub async fn report(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let (visitor, me) = moderator(&req, &session, &state).await?;
    report_page(
        &state,
        &visitor,
        me,
        report_id(&path)?,
        StatusCode::OK,
        None,
    )
    .await
}

/// A refusal of the desk, as a status and words.
fn refusal(refused: Refused) -> Result<(StatusCode, Message), WebError> {
    Ok(match refused {
        Refused::NotFound => (StatusCode::NOT_FOUND, Message::new("desk-no-report")),
        Refused::Closed => (StatusCode::CONFLICT, Message::new("desk-report-closed")),
        Refused::ClaimedByOther(name) => (
            StatusCode::CONFLICT,
            Message::new("desk-claimed-by-other").text("moderator", name),
        ),
        Refused::OwnAccount => (StatusCode::FORBIDDEN, Message::new("desk-own-account")),
        Refused::Said(why) => (StatusCode::BAD_REQUEST, why),
        Refused::Database(e) => return Err(e.into()),
    })
}

async fn posted(
    req: &HttpRequest,
    session: &Session,
    state: &web::Data<AppState>,
    body: &[u8],
) -> Result<(Visitor, i64, Form), WebError> {
    let (visitor, form) = posted_form(req, session, state, body).await?;
    let me = moderator_id(state, &visitor).await?;
    Ok((visitor, me, form))
}

/// Runs a desk's step on report `id`, then shows the report (with the refusal, if any).
async fn then_show<F>(
    state: &web::Data<AppState>,
    visitor: &Visitor,
    me: i64,
    id: i64,
    step: F,
) -> Result<HttpResponse, WebError>
where
    F: FnOnce(&mut diesel::PgConnection) -> Result<(), Refused> + Send + 'static,
{
    let pool = state.pool.clone();
    let done = web::block(move || -> Result<Result<(), Refused>, WebError> {
        Ok(step(&mut *pool.get()?))
    })
    .await??;
    match done {
        Ok(()) => Ok(see_other(&format!("/moderation/reports/{id}"))),
        Err(refused) => {
            let (status, why) = refusal(refused)?;
            let why = visitor.lang.say(&why, &[]);
            report_page(state, visitor, me, id, status, Some(why)).await
        }
    }
}

pub async fn claim(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (visitor, me, _) = posted(&req, &session, &state, &body).await?;
    let id = report_id(&path)?;
    then_show(&state, &visitor, me, id, move |conn| {
        desk::claim(conn, id, me)
    })
    .await
}

pub async fn act(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    path: web::Path<String>,
    Body(body): Body,
) -> Result<HttpResponse, WebError> {
    let (visitor, me, form) = posted(&req, &session, &state, &body).await?;
    let id = report_id(&path)?;
    let days = || {
        form.get("days")
            .and_then(|d| d.trim().parse::<i64>().ok())
            .unwrap_or(0)
    };
    let asked = match form.get("action") {
        Some("remove_message") => Asked::RemoveMessage,
        Some("mute") => Asked::Mute(days()),
        Some("reset_name") => Asked::ResetName,
        Some("suspend") => Asked::Suspend(days()),
        Some("dismiss") => Asked::Dismiss,
        _ => return Err(WebError::bad_request(Message::new("desk-choose-action"))),
    };
    let reason = (form.get("reason").and_then(Reason::parse))
        .ok_or_else(|| WebError::bad_request(Message::new("report-choose-reason")))?;
    then_show(&state, &visitor, me, id, move |conn| {
        desk::act(conn, id, me, asked, reason).map(|_| ())
    })
    .await
}
