//! Entity tags for a game's pages, so that a browser or a polling bot that already holds the
//! page gets `304 Not Modified` instead of it again.
//!
//! A tag is a digest of everything the page is made from: the log's head, who is looking (their
//! session's form token included), in which language, time zone and format, the players' names,
//! and this build. Pages that show relative times or running clocks add the time, to the minute
//! or to the second, so that a 304 never keeps a stale "2 min ago" or a stale clock.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use sha2::{Digest, Sha256};

use crate::web::request::session::Visitor;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntityTag(String);

impl EntityTag {
    /// The tag of a page `visitor` sees, made from `parts` besides who they are.
    pub fn of(visitor: &Visitor, parts: &[&str]) -> EntityTag {
        let mut digest = Sha256::new();
        let player = visitor.player.as_ref();
        let viewer = [
            env!("CARGO_PKG_VERSION"),
            super::layout::stylesheet_url(),
            &player.map(|p| p.id.to_string()).unwrap_or_default(),
            player.map_or("", |p| p.display_name.as_str()),
            player.map_or("", |p| p.time_zone.as_str()),
            &visitor.csrf,
            visitor.lang.code(),
            &visitor.here,
        ];
        for part in viewer.iter().chain(parts) {
            digest.update(part.as_bytes());
            digest.update([0]);
        }
        EntityTag(format!("\"{}\"", &hex::encode(digest.finalize())[..32]))
    }

    /// The tags a request's `If-None-Match` names.
    pub fn held(req: &HttpRequest) -> Vec<String> {
        req.headers()
            .get_all(header::IF_NONE_MATCH)
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(|tag| tag.trim().trim_start_matches("W/").to_string())
            .collect()
    }

    /// Whether this tag is among `held`.
    pub fn held_in(&self, held: &[String]) -> bool {
        held.iter().any(|tag| *tag == self.0 || tag == "*")
    }

    /// Marks a response with this tag; the browser asks again each time, sending it.
    pub fn mark(&self, response: &mut HttpResponse) {
        let headers = response.headers_mut();
        if let Ok(value) = header::HeaderValue::from_str(&self.0) {
            headers.insert(header::ETAG, value);
        }
        headers.insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("private, no-cache"),
        );
    }

    pub fn not_modified(&self) -> HttpResponse {
        let mut response = HttpResponse::NotModified().finish();
        self.mark(&mut response);
        response
    }
}

/// The entity tags a client says it holds (`If-None-Match`), and whether it asks for JSON.
#[derive(Default)]
pub struct HeldTags {
    pub tags: Vec<String>,
    pub json: bool,
}

impl HeldTags {
    pub fn of(req: &HttpRequest, json: bool) -> HeldTags {
        HeldTags {
            tags: EntityTag::held(req),
            json,
        }
    }
}

/// A page the client holds already, or a fresh one.
pub enum Answer<T> {
    Unchanged(EntityTag),
    Fresh(T),
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn visitor(csrf: &str) -> Visitor {
        Visitor {
            player: None,
            csrf: csrf.into(),
            session_id: None,
            lang: crate::i18n::Lang::En,
            here: "/games/abc".into(),
        }
    }

    #[test]
    fn a_tag_changes_with_the_page_and_with_who_is_looking() {
        let tag = EntityTag::of(&visitor("t1"), &["abc", "12"]);
        assert_eq!(tag, EntityTag::of(&visitor("t1"), &["abc", "12"]));
        assert_ne!(tag, EntityTag::of(&visitor("t1"), &["abc", "13"]));
        assert_ne!(tag, EntityTag::of(&visitor("t2"), &["abc", "12"]));
        assert_ne!(tag, EntityTag::of(&visitor("t1"), &["ab", "c12"]));
    }

    #[test]
    fn if_none_match_is_read_as_a_list_of_tags() {
        let tag = EntityTag::of(&visitor("t1"), &["abc"]);
        let listed = format!("\"x\", W/{}", tag.0);
        let asks = |value: &str| {
            let req = TestRequest::default()
                .insert_header((header::IF_NONE_MATCH, value))
                .to_http_request();
            tag.held_in(&EntityTag::held(&req))
        };
        assert!(asks(&listed));
        assert!(asks("*"));
        assert!(!asks("\"x\""));
        let none = EntityTag::held(&TestRequest::default().to_http_request());
        assert!(!tag.held_in(&none));
    }
}
