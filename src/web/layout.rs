//! What every page shares: the title, who is signed in, and the CSRF token for the forms in
//! the page header.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

use super::error::WebError;
use super::session::Visitor;

pub struct Layout {
    pub title: String,
    pub player_name: Option<String>,
    pub csrf: String,
}

impl Layout {
    pub fn new(title: impl Into<String>, visitor: &Visitor) -> Layout {
        Layout {
            title: title.into(),
            player_name: visitor.player.as_ref().map(|p| p.display_name.clone()),
            csrf: visitor.csrf.clone(),
        }
    }

    pub fn anonymous(title: impl Into<String>) -> Layout {
        Layout {
            title: title.into(),
            player_name: None,
            csrf: String::new(),
        }
    }
}

pub fn render_page(status: StatusCode, page: &impl Template) -> Result<HttpResponse, WebError> {
    Ok(HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(page.render()?))
}

pub fn page(page: &impl Template) -> Result<HttpResponse, WebError> {
    render_page(StatusCode::OK, page)
}

/// POST → 303 → GET.
pub fn see_other(location: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header(("Location", location))
        .finish()
}
