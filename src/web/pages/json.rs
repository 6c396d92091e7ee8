//! JSON answers: whether a request asks for one, and the answer itself.

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use serde_json::Value;

pub fn wants_json(req: &HttpRequest, format: Option<&str>) -> bool {
    format == Some("json") || crate::web::asks_for_json(req)
}

pub fn json_response(status: StatusCode, body: &Value) -> HttpResponse {
    HttpResponse::build(status).json(body)
}

/// A JSON answer already serialized.
pub fn json_text_response(status: StatusCode, body: Vec<u8>) -> HttpResponse {
    HttpResponse::build(status)
        .content_type(actix_web::http::header::ContentType::json())
        .body(body)
}
