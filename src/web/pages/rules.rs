//! A page per game (the rules in short and the table options) and the list of games.

use actix_session::Session;
use actix_web::HttpRequest;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::games::{Kind, with_rules};
use crate::present::codes::MoveCodes;
use crate::rules::Message;
use crate::web::AppState;
use crate::web::error::WebError;
use crate::web::layout::{Layout, page};
use crate::web::session::visitor;
use crate::web::ui::guide::{Guide, guide};

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
            .map(|&kind| (kind.as_str(), kind.name_in(visitor.lang), guide(kind)))
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
                .arg("game", kind.name_in(visitor.lang))
                .to_string(),
            &visitor,
        ),
        slug: kind.as_str(),
        name: kind.name_in(visitor.lang),
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
                (kind.name_in(visitor.lang), kind.as_str(), help)
            })
            .collect(),
    })
}
