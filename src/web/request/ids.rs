//! Identifiers taken from the path, checked before they reach the database: anything that cannot
//! be a game id or a token (a NUL byte, a megabyte of text, stray punctuation) is simply not
//! found.

use std::future::{Ready, ready};

use actix_web::{FromRequest, HttpRequest, dev::Payload};

use super::error::WebError;

/// Whether `text` could be a game id: lower-case letters and digits, as ids are made.
pub fn is_game_id(text: &str) -> bool {
    crate::auth::tokens::is_id(text)
}

/// Whether `text` could be a token from a link: URL-safe base64 or an id, at most 128 long.
pub fn is_token(text: &str) -> bool {
    (1..=128).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn segment(req: &HttpRequest, name: &str, valid: fn(&str) -> bool) -> Result<String, WebError> {
    match req.match_info().get(name) {
        Some(text) if valid(text) => Ok(text.to_string()),
        _ => Err(WebError::not_found()),
    }
}

/// The `{id}` of a game route.
pub struct GameId(pub String);

impl FromRequest for GameId {
    type Error = WebError;
    type Future = Ready<Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(segment(req, "id", is_game_id).map(GameId))
    }
}

/// The `{id}` of a tournament's route (made as game ids are).
pub struct EventId(pub String);

impl FromRequest for EventId {
    type Error = WebError;
    type Future = Ready<Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(segment(req, "id", is_game_id).map(EventId))
    }
}

/// The `{token}` of a link from an email.
pub struct Token(pub String);

impl FromRequest for Token {
    type Error = WebError;
    type Future = Ready<Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(segment(req, "token", is_token).map(Token))
    }
}

/// The `{seq}` of a route about one row of a game's log: a positive number.
pub struct RowSeq(pub i64);

impl FromRequest for RowSeq {
    type Error = WebError;
    type Future = Ready<Result<Self, WebError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let is_seq = |text: &str| text.len() <= 18 && text.parse::<i64>().is_ok_and(|n| n > 0);
        ready(
            segment(req, "seq", is_seq)
                .and_then(|text| text.parse().map(RowSeq).map_err(|_| WebError::not_found())),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_well_formed_ids_and_tokens_pass() {
        assert!(is_game_id("k3mz8q2xrw"));
        assert!(!is_game_id(""));
        assert!(!is_game_id("abc\0"));
        assert!(!is_game_id("ABC"));
        assert!(!is_game_id(&"a".repeat(33)));
        assert!(is_token("aZ09-_"));
        assert!(!is_token("a b"));
        assert!(!is_token("a\0b"));
        assert!(!is_token(&"a".repeat(129)));
    }
}
