//! What every page shares: the title, who is signed in, and the CSRF token for the forms in
//! the page header.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

use super::error::WebError;
use super::session::Visitor;

/// The stylesheet's address, versioned by its content so browsers never keep a stale copy.
pub fn stylesheet_url() -> &'static str {
    static URL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        use sha2::Digest;
        let digest = sha2::Sha256::digest(super::pages::STYLESHEET.as_bytes());
        format!("/static/style.css?v={}", &hex::encode(digest)[..12])
    });
    &URL
}

pub struct Layout {
    pub stylesheet: &'static str,
    pub title: String,
    pub player_name: Option<String>,
    pub csrf: String,
}

impl Layout {
    pub fn new(title: impl Into<String>, visitor: &Visitor) -> Layout {
        Layout {
            stylesheet: stylesheet_url(),
            title: title.into(),
            player_name: visitor.player.as_ref().map(|p| p.display_name.clone()),
            csrf: visitor.csrf.clone(),
        }
    }

    pub fn anonymous(title: impl Into<String>) -> Layout {
        Layout {
            stylesheet: stylesheet_url(),
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
