//! Reading url-encoded form bodies with errors a person can act on, instead of extractor
//! failures.

use std::ops::Deref;

use actix_web::HttpRequest;
use actix_web::http::StatusCode;
use actix_web::http::header::CONTENT_TYPE;

use super::error::WebError;
use crate::present::form::FormFields;
use crate::rules::Message;

/// The fields of a submitted form, with a 400 for a body that cannot be read and for a missing
/// or malformed field.
pub struct Form(FormFields);

impl Deref for Form {
    type Target = FormFields;

    fn deref(&self) -> &FormFields {
        &self.0
    }
}

/// How a request's body is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BodyKind {
    /// A url-encoded form, as browsers send one (or no body and no type at all).
    Form,
    Json,
    /// Anything else: refused with 415.
    Other,
}

impl BodyKind {
    pub fn of(req: &HttpRequest, body: &[u8]) -> BodyKind {
        let content_type = (req.headers().get(CONTENT_TYPE))
            .and_then(|v| v.to_str().ok())
            .map(str::to_ascii_lowercase);
        match content_type {
            Some(t) if t.starts_with("application/json") => BodyKind::Json,
            Some(t) if t.starts_with("application/x-www-form-urlencoded") => BodyKind::Form,
            None if body.is_empty() => BodyKind::Form,
            _ => BodyKind::Other,
        }
    }
}

impl Form {
    pub fn parse(body: &[u8]) -> Result<Form, WebError> {
        FormFields::parse(body)
            .map(Form)
            .map_err(WebError::bad_request)
    }

    /// The fields of a POST: a url-encoded form, or for programs a JSON object whose members
    /// are the same fields; any other body is refused with 415, and nothing is done.
    pub fn read(req: &HttpRequest, body: &[u8]) -> Result<Form, WebError> {
        match BodyKind::of(req, body) {
            BodyKind::Form => Form::parse(body),
            BodyKind::Json => {
                (FormFields::from_json(body).map(Form)).map_err(WebError::bad_request)
            }
            BodyKind::Other => Err(WebError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                Message::new("request-unsupported-type"),
            )),
        }
    }

    /// A field that must be present (it may be empty).
    pub fn required(&self, name: &str) -> Result<&str, WebError> {
        self.get(name).ok_or_else(|| {
            WebError::bad_request(Message::new("form-missing-field").text("field", name))
        })
    }

    /// A whole number field.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<T, WebError> {
        self.required(name)?.trim().parse().map_err(|_| {
            WebError::bad_request(Message::new("form-not-a-number").text("field", name))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_parse_and_missing_or_malformed_ones_are_bad_requests() {
        let form =
            Form::parse(b"seq=12&pie_rule=on&name=Ann+Lee&big=99999999999999999999").unwrap();
        assert_eq!(form.number::<i64>("seq").unwrap(), 12);
        assert!(form.checked("pie_rule"));
        assert!(!form.checked("empty_capture"));
        assert_eq!(form.get("name"), Some("Ann Lee"));
        assert_eq!(form.number::<i64>("big").unwrap_err().status.as_u16(), 400);
        assert_eq!(form.number::<i64>("nope").unwrap_err().status.as_u16(), 400);
        assert_eq!(form.number::<i64>("name").unwrap_err().status.as_u16(), 400);
    }
}
