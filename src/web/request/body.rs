//! Reading a request's body: at most [`MAX_BODY_BYTES`], and within `server.body_timeout_seconds`
//! of asking, so a client that trickles its body (or never sends it) is cut off instead of
//! holding a connection for ever.

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::web::{self, Bytes, BytesMut};
use actix_web::{FromRequest, HttpRequest, dev::Payload};
use futures_util::StreamExt;
use futures_util::future::LocalBoxFuture;

use super::error::WebError;
use crate::rules::Message;
use crate::web::AppState;

/// Forms here are small; this leaves ample room.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

const DEFAULT_TIMEOUT_SECONDS: u64 = 10;

/// The whole body of a request.
pub struct Body(pub Bytes);

fn too_large() -> WebError {
    WebError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        Message::new("request-too-large"),
    )
}

impl FromRequest for Body {
    type Error = WebError;
    type Future = LocalBoxFuture<'static, Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let seconds = req
            .app_data::<web::Data<AppState>>()
            .map_or(DEFAULT_TIMEOUT_SECONDS, |s| {
                s.settings.server.body_timeout_seconds
            });
        let declared = req
            .headers()
            .get("Content-Length")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        let mut payload = payload.take();
        Box::pin(async move {
            if declared.is_some_and(|n| n > MAX_BODY_BYTES) {
                return Err(too_large());
            }
            let read = async {
                let mut body = BytesMut::new();
                while let Some(chunk) = payload.next().await {
                    let chunk = chunk
                        .map_err(|_| WebError::bad_request(Message::new("request-unreadable")))?;
                    if body.len() + chunk.len() > MAX_BODY_BYTES {
                        return Err(too_large());
                    }
                    body.extend_from_slice(&chunk);
                }
                Ok(Body(body.freeze()))
            };
            match tokio::time::timeout(Duration::from_secs(seconds.max(1)), read).await {
                Ok(read) => read,
                Err(_) => Err(WebError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    Message::new("request-timeout"),
                )),
            }
        })
    }
}
