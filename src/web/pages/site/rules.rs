//! A page per game (the rules in short and the table options) and the list of games.

use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::present::codes::MoveCodes;
use crate::present::guide::{Guide, guide};
use crate::rules::Message;
use crate::rules::{Kind, with_rules};
use crate::web::AppState;
use crate::web::frame::layout::{Layout, page};
use crate::web::request::error::WebError;
use crate::web::request::session::visitor;

#[derive(Template)]
#[template(path = "rules.html")]
struct RulesPage {
    layout: Layout,
    slug: &'static str,
    name: String,
    guide: &'static Guide,
}

#[derive(Template)]
#[template(path = "rules_index.html")]
struct RulesIndex {
    layout: Layout,
    games: Vec<(&'static str, String, &'static Guide)>,
}

pub async fn index(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    page(&RulesIndex {
        layout: Layout::titled("rules-index-title", &visitor),
        games: Kind::ALL
            .iter()
            .map(|&kind| (kind.as_str(), visitor.lang.game_name(kind), guide(kind)))
            .collect(),
    })
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    let kind = Kind::parse(&slug).ok_or_else(|| {
        WebError::new(
            actix_web::http::StatusCode::NOT_FOUND,
            Message::new("rules-no-such-game"),
        )
    })?;
    page(&RulesPage {
        layout: Layout::new(
            visitor
                .lang
                .tr("new-game-how-to-play")
                .arg("game", visitor.lang.game_name(kind))
                .to_string(),
            &visitor,
        ),
        slug: kind.as_str(),
        name: visitor.lang.game_name(kind),
        guide: guide(kind),
    })
}

#[derive(Template)]
#[template(path = "help_email.html")]
struct ByEmailPage {
    layout: Layout,
    /// Each game's name, slug and how its moves are written.
    games: Vec<(String, &'static str, &'static [&'static str])>,
}

/// "Playing by email": how replies work, and every game's move codes.
pub async fn by_email(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    page(&ByEmailPage {
        layout: Layout::titled("help-email-title", &visitor),
        games: Kind::ALL
            .iter()
            .map(|&kind| {
                let help = with_rules!(kind, |R| <R as MoveCodes>::HELP);
                (visitor.lang.game_name(kind), kind.as_str(), help)
            })
            .collect(),
    })
}

#[derive(Template)]
#[template(path = "privacy.html")]
struct PrivacyPage {
    layout: Layout,
    mail_days: i32,
    session_days: i64,
}

/// What is kept about a player, for how long and why, and how to get a copy.
pub async fn privacy(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&req, &session, &state).await?;
    page(&PrivacyPage {
        layout: Layout::titled("privacy-title", &visitor),
        mail_days: state.settings.retention.mail_days,
        session_days: state.settings.auth.session_days,
    })
}
