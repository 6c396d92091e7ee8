//! The configured rate limits, who they count against, and the page a refusal gets.

use actix_web::HttpRequest;
use actix_web::http::StatusCode;

use super::error::WebError;
use crate::config::{LimitSettings, ServerSettings};
use crate::rules::Message;
use crate::store::limits::{self, Exceeded, Reached, wait_message};

/// Takes the allowances for `inviter` sending one invitation to each of `addresses`, and each
/// address's own. Call it in the transaction that sends them.
pub fn take_invitations(
    conn: &mut diesel::PgConnection,
    settings: &LimitSettings,
    inviter: i64,
    addresses: &[String],
) -> Result<(), WebError> {
    reached(limits::take_invitations(
        conn, settings, inviter, addresses,
    )?)
}

/// A reached limit as the 429 [`check`] gives.
pub fn reached<T>(taken: Result<T, Reached>) -> Result<T, WebError> {
    taken.map_err(|(exceeded, what)| too_many(exceeded, what))
}

/// Turns a reached limit into a 429 whose page says what happened and when to try again.
pub fn check(taken: Result<(), Exceeded>, what: Message) -> Result<(), WebError> {
    taken.map_err(|exceeded| too_many(exceeded, what))
}

fn too_many(exceeded: Exceeded, what: Message) -> WebError {
    WebError::new(
        StatusCode::TOO_MANY_REQUESTS,
        Message::new("limit-reached")
            .with("what", what)
            .with("wait", wait_message(exceeded.retry_after_seconds)),
    )
    .with_retry_after(exceeded.retry_after_seconds.max(1) as u64)
}

/// The client a request comes from, for limits per client: the peer address, or behind a
/// configured reverse proxy the last address in the header it writes.
pub fn client_of(req: &HttpRequest, server: &ServerSettings) -> String {
    if !server.client_ip_header.is_empty()
        && let Some(value) = req
            .headers()
            .get(server.client_ip_header.as_str())
            .and_then(|v| v.to_str().ok())
        && let Some(last) = value.rsplit(',').next().map(str::trim)
        && !last.is_empty()
    {
        return last.to_string();
    }
    req.peer_addr()
        .map(|addr| addr.ip().to_string())
        .unwrap_or_else(|| "unknown".into())
}
