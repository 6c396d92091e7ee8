//! Errors as pages: every failure a person can cause gets a 4xx and a sentence that says what
//! happened; only faults of the server itself are 5xx.

use actix_web::http::StatusCode;

use crate::game_log::error::ServiceError;
use crate::rules::Message;

#[derive(Debug)]
pub struct WebError {
    pub status: StatusCode,
    /// What the page (or JSON answer) says, in the reader's language.
    pub message: Message,
    /// Seconds to send in a Retry-After header.
    pub retry_after: Option<u64>,
    /// The methods an address takes, for the Allow header of a 405.
    pub allow: Option<&'static str>,
    /// What went wrong inside the server, for its log, never for the page: logged when the
    /// answer is written, inside the request's span, so that the reference the page shows
    /// finds this line.
    pub reason: Option<String>,
}

impl WebError {
    pub fn new(status: StatusCode, message: Message) -> Self {
        WebError {
            status,
            message,
            retry_after: None,
            allow: None,
            reason: None,
        }
    }

    /// A request by a method the address does not take: a 405 that says which it takes.
    pub fn method_not_allowed(allow: &'static str) -> Self {
        let key = match allow.contains("POST") {
            true => "method-post-only",
            false => "method-get-only",
        };
        WebError {
            allow: Some(allow),
            ..Self::new(StatusCode::METHOD_NOT_ALLOWED, Message::new(key))
        }
    }

    /// An extractor's refusal of a request's query, path, form or JSON body, as a 400 in words.
    pub fn unreadable(part: &'static str, error: impl std::fmt::Display) -> actix_web::Error {
        WebError::bad_request(Message::new(part).text("detail", error.to_string())).into()
    }

    pub fn with_retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds);
        self
    }

    /// The server's own account of a failure, logged with the answer (see [`WebError::reason`]).
    pub fn with_reason(mut self, reason: String) -> Self {
        self.reason = Some(reason);
        self
    }

    /// Logs the reason, if there is one; called as the answer is written.
    pub fn log_reason(&self) {
        if let Some(reason) = &self.reason {
            tracing::error!("{reason}");
        }
    }

    /// No connection to PostgreSQL could be had, so nothing was attempted.
    pub fn database_unavailable(error: impl std::fmt::Display) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            Message::new("database-unavailable"),
        )
        .with_retry_after(5)
        .with_reason(format!("database unavailable: {error}"))
    }

    /// The connection broke while a request was being answered: a commit may or may not have
    /// happened, so the message does not promise either.
    pub fn database_lost(error: impl std::fmt::Display) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            Message::new("database-lost"),
        )
        .with_retry_after(5)
        .with_reason(format!("database connection lost: {error}"))
    }

    pub fn bad_request(message: Message) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn forbidden(message: Message) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, Message::new("not-found"))
    }

    pub fn internal(error: impl std::fmt::Display) -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            Message::new("internal-error"),
        )
        .with_reason(format!("internal error: {error}"))
    }
}

impl std::fmt::Display for WebError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message.fmt(f)
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
            ServiceError::Damaged(broken) => {
                let message = Message::new("log-damaged").with("row", broken.seq);
                return WebError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
                    .with_reason(error.to_string());
            }
            ServiceError::Corrupt(_) | ServiceError::Database(_) => {
                return WebError::internal(error);
            }
        };
        let message = match error {
            ServiceError::NotFound => Message::new("no-such-game"),
            ServiceError::Stale => Message::new("game-moved-on"),
            ServiceError::BadRequest(m)
            | ServiceError::Forbidden(m)
            | ServiceError::Rule(m)
            | ServiceError::Gone(m) => m,
            ServiceError::Damaged(_) | ServiceError::Corrupt(_) | ServiceError::Database(_) => {
                unreachable!("answered above")
            }
        };
        WebError::new(status, message)
    }
}

impl From<crate::game_log::error::ReplayError> for WebError {
    fn from(error: crate::game_log::error::ReplayError) -> Self {
        WebError::internal(error)
    }
}

impl From<diesel::result::Error> for WebError {
    fn from(error: diesel::result::Error) -> Self {
        if crate::store::is_connection_lost(&error) {
            WebError::database_lost(error)
        } else if crate::store::is_conflict(&error) {
            tracing::warn!("transaction refused by a conflict: {error}");
            WebError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                Message::new("database-conflict"),
            )
            .with_retry_after(1)
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
