//! What every page shares: the title, who is signed in, and the CSRF token for the forms in
//! the page header.

use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use askama::Template;

use crate::i18n::Lang;
use crate::web::request::error::WebError;
use crate::web::request::session::Visitor;

/// One stylesheet for the whole site: the shared rules, then each game's.
pub const STYLESHEET: &str = concat!(
    include_str!("../../../static/base.css"),
    include_str!("../../../static/kalah.css"),
    include_str!("../../../static/quarto.css"),
    include_str!("../../../static/kabaleo.css"),
    include_str!("../../../static/azul.css"),
    include_str!("../../../static/gype.css"),
);

/// The stylesheet's address, versioned by its content so browsers never keep a stale copy.
pub fn stylesheet_url() -> &'static str {
    static URL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        use sha2::Digest;
        let digest = sha2::Sha256::digest(STYLESHEET.as_bytes());
        format!("/static/style.css?v={}", &hex::encode(digest)[..12])
    });
    &URL
}

pub struct Layout {
    pub stylesheet: &'static str,
    pub title: String,
    pub player_name: Option<String>,
    pub csrf: String,
    pub lang: Lang,
    /// Links to this page in the other languages.
    pub switches: Vec<LangSwitch>,
    /// Where the skip link at the top of the page leads, and its words: the page's content, or
    /// on a game's page its board.
    pub skip_to: &'static str,
    pub skip_label: &'static str,
    /// The visitor's own address when mail to it is not sent (refused, or bounced too often):
    /// every page asks them to confirm or change it.
    pub undeliverable: Option<String>,
}

/// A plain link to the same page in another language.
pub struct LangSwitch {
    pub code: &'static str,
    /// The language's name for itself ("日本語").
    pub name: &'static str,
    /// Its name in the page's language ("Japanese"), for readers of this page.
    pub name_here: String,
    pub href: String,
}

impl Layout {
    pub fn new(title: impl Into<String>, visitor: &Visitor) -> Layout {
        Layout {
            stylesheet: stylesheet_url(),
            title: title.into(),
            player_name: visitor.player.as_ref().map(|p| p.display_name.clone()),
            csrf: visitor.csrf.clone(),
            lang: visitor.lang,
            switches: switches(visitor.lang, &visitor.here),
            skip_to: "content",
            skip_label: "skip-to-content",
            undeliverable: (visitor.player.as_ref())
                .filter(|p| p.email_rejected_at.is_some())
                .map(|p| p.email.clone()),
        }
    }

    /// The skip link leads to the board (the element with the id `board`).
    pub fn skipping_to_board(mut self) -> Layout {
        self.skip_to = "board";
        self.skip_label = "skip-to-board";
        self
    }

    /// A page whose title is the message `key` in the visitor's language.
    pub fn titled(key: &'static str, visitor: &Visitor) -> Layout {
        Layout::new(visitor.lang.t(key), visitor)
    }

    /// A page rendered without the visitor's session (an error page, an unsubscribe page).
    pub fn anonymous(title: impl Into<String>, lang: Lang) -> Layout {
        Layout {
            stylesheet: stylesheet_url(),
            title: title.into(),
            player_name: None,
            csrf: String::new(),
            lang,
            switches: Vec::new(),
            skip_to: "content",
            skip_label: "skip-to-content",
            undeliverable: None,
        }
    }
}

fn switches(current: Lang, here: &str) -> Vec<LangSwitch> {
    let joiner = if here.contains('?') { '&' } else { '?' };
    Lang::ALL
        .into_iter()
        .filter(|l| *l != current)
        .map(|l| LangSwitch {
            code: l.code(),
            name: l.native_name(),
            name_here: current.t(l.name_key()),
            href: format!("{here}{joiner}lang={}", l.code()),
        })
        .collect()
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
