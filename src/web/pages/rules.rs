//! A page per game (the rules in short and the table options) and the list of games.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use askama::Template;

use crate::games::{Kind, with_rules};
use crate::present::codes::MoveCodes;
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
    name: &'static str,
    guide: &'static Guide,
}

#[derive(Template)]
#[template(path = "rules_index.html")]
struct RulesIndex {
    layout: Layout,
    games: Vec<(&'static str, &'static str, &'static Guide)>,
}

pub async fn index(session: Session, state: web::Data<AppState>) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&session, &state).await?;
    page(&RulesIndex {
        layout: Layout::new("The games", &visitor),
        games: Kind::ALL
            .iter()
            .map(|&kind| (kind.as_str(), kind.name(), guide(kind)))
            .collect(),
    })
}

pub async fn show(
    session: Session,
    state: web::Data<AppState>,
    slug: web::Path<String>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&session, &state).await?;
    let kind = Kind::parse(&slug).ok_or_else(|| {
        WebError::new(
            actix_web::http::StatusCode::NOT_FOUND,
            "There is no such game here. The games are listed at /rules.",
        )
    })?;
    page(&RulesPage {
        layout: Layout::new(format!("How to play {}", kind.name()), &visitor),
        slug: kind.as_str(),
        name: kind.name(),
        guide: guide(kind),
    })
}

#[derive(Template)]
#[template(path = "help_email.html")]
struct ByEmailPage {
    layout: Layout,
    /// Each game's name, slug and how its moves are written.
    games: Vec<(&'static str, &'static str, &'static [&'static str])>,
}

/// "Playing by email": how replies work, and every game's move codes.
pub async fn by_email(
    session: Session,
    state: web::Data<AppState>,
) -> Result<HttpResponse, WebError> {
    let visitor = visitor(&session, &state).await?;
    page(&ByEmailPage {
        layout: Layout::new("Playing by email", &visitor),
        games: Kind::ALL
            .iter()
            .map(|&kind| {
                let help = with_rules!(kind, |R| <R as MoveCodes>::HELP);
                (kind.name(), kind.as_str(), help)
            })
            .collect(),
    })
}
