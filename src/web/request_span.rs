//! The span every request is logged in: its method, route pattern, status and id, but never its
//! path or query, which can carry a sign-in token (`/sign-in/{token}`), nor who sent it.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};

pub struct RequestSpan;

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let route = request.match_pattern();
        let id = request.extensions().get::<RequestId>().copied();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = route.as_deref().unwrap_or("unmatched"),
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
            request_id = id.map(tracing::field::display),
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}
