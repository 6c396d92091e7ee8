//! Errors as pages: every failure a person can cause gets a 4xx and a sentence that says what
//! happened; only faults of the server itself are 5xx.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};

use super::layout::{Layout, render_page};
use crate::games::service::ServiceError;

#[derive(Debug)]
pub struct WebError {
    pub status: StatusCode,
    pub message: String,
    /// Seconds to send in a Retry-After header.
    pub retry_after: Option<u64>,
}

impl WebError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        WebError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    pub fn with_retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds);
        self
    }

    /// No connection to PostgreSQL could be had, so nothing was attempted.
    pub fn database_unavailable(error: impl std::fmt::Display) -> Self {
        tracing::error!("database unavailable: {error}");
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "Turnpost cannot reach its database right now, so nothing was changed. Please try again in a minute.",
        )
        .with_retry_after(5)
    }

    /// The connection broke while a request was being answered: a commit may or may not have
    /// happened, so the message does not promise either.
    pub fn database_lost(error: impl std::fmt::Display) -> Self {
        tracing::error!("database connection lost: {error}");
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "Turnpost lost its connection to the database while answering. If you were making a move, reload the game in a minute to see whether it was made.",
        )
        .with_retry_after(5)
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "There is nothing at this address.")
    }

    pub fn internal(error: impl std::fmt::Display) -> Self {
        tracing::error!("internal error: {error}");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Something went wrong on our side. Nothing was changed; please try again.",
        )
    }
}

impl std::fmt::Display for WebError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<ServiceError> for WebError {
    fn from(error: ServiceError) -> Self {
        let error = match error {
            ServiceError::Database(e) => return e.into(),
            other => other,
        };
        let status = match &error {
            ServiceError::NotFound => StatusCode::NOT_FOUND,
            ServiceError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ServiceError::Forbidden(_) => StatusCode::FORBIDDEN,
            ServiceError::Stale => StatusCode::CONFLICT,
            ServiceError::Rule(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ServiceError::Gone(_) => StatusCode::GONE,
            ServiceError::Damaged(_) => {
                tracing::error!("{error}");
                return WebError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    format!(
                        "{error} The board is not shown, because it could not be trusted. The operators have been told; nothing you do here can change the log."
                    ),
                );
            }
            ServiceError::Corrupt(_) | ServiceError::Database(_) => {
                return WebError::internal(error);
            }
        };
        WebError::new(status, error.to_string())
    }
}

impl From<crate::games::replay::ReplayError> for WebError {
    fn from(error: crate::games::replay::ReplayError) -> Self {
        WebError::internal(error)
    }
}

impl From<diesel::result::Error> for WebError {
    fn from(error: diesel::result::Error) -> Self {
        if crate::store::is_connection_lost(&error) {
            WebError::database_lost(error)
        } else {
            WebError::internal(error)
        }
    }
}

impl From<diesel::r2d2::PoolError> for WebError {
    fn from(error: diesel::r2d2::PoolError) -> Self {
        WebError::database_unavailable(error)
    }
}

impl From<actix_web::error::BlockingError> for WebError {
    fn from(error: actix_web::error::BlockingError) -> Self {
        WebError::internal(error)
    }
}

impl From<askama::Error> for WebError {
    fn from(error: askama::Error) -> Self {
        WebError::internal(error)
    }
}

#[derive(askama::Template)]
#[template(path = "message.html")]
struct MessagePage<'a> {
    layout: Layout,
    message: &'a str,
}

impl ResponseError for WebError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let title = self
            .status
            .canonical_reason()
            .unwrap_or("Error")
            .to_string();
        // Error pages carry no session details: they are rendered without the request.
        let page = MessagePage {
            layout: Layout::anonymous(title),
            message: &self.message,
        };
        let mut response = render_page(self.status, &page)
            .unwrap_or_else(|_| HttpResponse::build(self.status).body(self.message.clone()));
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(
                actix_web::http::header::RETRY_AFTER,
                actix_web::http::header::HeaderValue::from(seconds),
            );
        }
        response
    }
}
