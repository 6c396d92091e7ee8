//! An error as a page: the status in words as its title and the sentence that says what
//! happened, in the reader's language.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, ResponseError};

use super::layout::{Layout, render_page};
use crate::i18n::Lang;
use crate::web::request::error::WebError;

#[derive(askama::Template)]
#[template(path = "message.html")]
struct MessagePage {
    layout: Layout,
    message: String,
    /// The request's id, which the server's log carries with everything it wrote about it.
    reference: Option<String>,
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    /// The page in English; the `error_pages` middleware answers again in the reader's
    /// language (or in JSON) where it knows them, and logs the reason then.
    fn error_response(&self) -> HttpResponse {
        self.page_in(Lang::En, None)
    }
}

impl WebError {
    /// The error as a page in `lang`, with the request's id as a `reference` the reader can
    /// quote, its reason logged. Error pages carry no session details.
    pub fn response_in(&self, lang: Lang, reference: Option<String>) -> HttpResponse {
        self.log_reason();
        self.page_in(lang, reference)
    }

    fn page_in(&self, lang: Lang, reference: Option<String>) -> HttpResponse {
        let page = MessagePage {
            layout: Layout::anonymous(status_title(self.status, lang), lang),
            message: lang.say(&self.message, &[]),
            reference,
        };
        let mut response = render_page(self.status, &page).unwrap_or_else(|_| {
            HttpResponse::build(self.status).body(lang.say(&self.message, &[]))
        });
        self.add_headers(response.headers_mut());
        response
    }

    /// The error in JSON (`{"error": "…", "request_id": "…"}`), its words in `lang`.
    pub fn json_in(&self, lang: Lang, req: &HttpRequest) -> HttpResponse {
        self.log_reason();
        let mut answer = HttpResponse::build(self.status).json(serde_json::json!({
            "error": lang.say(&self.message, &[]),
            "request_id": request_id(req),
        }));
        self.add_headers(answer.headers_mut());
        answer
    }

    /// The headers the error carries: Retry-After, Allow.
    pub fn add_headers(&self, headers: &mut actix_web::http::header::HeaderMap) {
        use actix_web::http::header::{ALLOW, HeaderValue, RETRY_AFTER};
        if let Some(seconds) = self.retry_after {
            headers.insert(RETRY_AFTER, HeaderValue::from(seconds));
        }
        if let Some(allow) = self.allow {
            headers.insert(ALLOW, HeaderValue::from_static(allow));
        }
    }
}

/// The id the server's log gives every line it writes about `req`, shown on its error page so
/// that an operator can find them.
pub fn request_id(req: &HttpRequest) -> Option<String> {
    actix_web::HttpMessage::extensions(req)
        .get::<tracing_actix_web::RequestId>()
        .map(|id| id.to_string())
}

/// The page title of an error: the status in words.
fn status_title(status: StatusCode, lang: Lang) -> String {
    lang.t(match status.as_u16() {
        400 => "status-bad-request",
        403 => "status-forbidden",
        404 => "status-not-found",
        405 => "status-method-not-allowed",
        409 => "status-conflict",
        410 => "status-gone",
        413 => "status-too-large",
        415 => "status-unsupported-type",
        422 => "status-refused",
        429 => "status-too-many",
        503 => "status-unavailable",
        _ => "status-error",
    })
}
