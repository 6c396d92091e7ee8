//! The tournaments: the list (open for sign-up, running, finished) and its JSON twin.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde_json::json;

use crate::rules::{Kind, Message};
use crate::tournaments::log::facts::Format;
use crate::tournaments::read::{Listed, list};
use crate::web::AppState;
use crate::web::asks_for_json;
use crate::web::frame::clock_text::{local, zone_of};
use crate::web::frame::layout::{Layout, page};
use crate::web::pages::json::json_response;
use crate::web::request::error::WebError;
use crate::web::request::session::{Visitor, visitor};

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
