//! A row's command or events as the server holds them: compact JSON text.
//!
//! A folded game in the cache keeps every row of its log, and a row's JSON as a
//! `serde_json::Value` tree costs about 2.5 KB (each object a B-tree node of its own, each key
//! and string a separate allocation) where its text is a tenth of that. The text is the hash
//! chain's canonical JSON (compact, keys sorted), so two rows holding the same JSON hold the same
//! text, whichever order their keys came in.

use std::borrow::Cow;
use std::fmt;
use std::io::Write;

use diesel::deserialize::{self, FromSql, FromSqlRow};
use diesel::expression::AsExpression;
use diesel::pg::{Pg, PgValue};
use diesel::serialize::{self, IsNull, Output, ToSql};
use diesel::sql_types::Jsonb;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::chain;

/// JSON text of the log; valid JSON by construction.
#[derive(Clone, PartialEq, Eq, AsExpression, FromSqlRow)]
#[diesel(sql_type = Jsonb)]
pub struct LogJson {
    text: Box<str>,
    /// The member `type` of an object, kept apart: pages look it up in every row of a log.
    tag: Option<Box<str>>,
}

impl LogJson {
    pub fn new(value: &Value) -> LogJson {
        LogJson {
            text: chain::canonical_json(value).into_boxed_str(),
            tag: value.get("type").and_then(Value::as_str).map(Box::from),
        }
    }

    /// The JSON as a tree, for code that walks it.
    pub fn value(&self) -> Value {
        serde_json::from_str(&self.text).expect("a LogJson holds valid JSON")
    }

    /// The JSON read into `T`, with no tree in between.
    pub fn decode<T: DeserializeOwned>(&self) -> serde_json::Result<T> {
        serde_json::from_str(&self.text)
    }

    /// The member `type` of an object (what kind of command it is), if it is a string.
    pub fn type_tag(&self) -> Option<&str> {
        self.tag.as_deref()
    }

    /// Whether an array (a row's events) holds an object whose `type` is `tag`.
    pub fn has_entry(&self, tag: &str) -> bool {
        #[derive(serde::Deserialize)]
        struct Tagged<'a> {
            #[serde(rename = "type", borrow)]
            tag: Option<Cow<'a, str>>,
        }
        let entries: Vec<Tagged> = serde_json::from_str(&self.text).unwrap_or_default();
        entries
            .iter()
            .any(|entry| entry.tag.as_deref() == Some(tag))
    }

    pub fn is_null(&self) -> bool {
        &*self.text == "null"
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl From<Value> for LogJson {
    fn from(value: Value) -> LogJson {
        LogJson::new(&value)
    }
}

impl fmt::Debug for LogJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Display for LogJson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl FromSql<Jsonb, Pg> for LogJson {
    fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
        // PostgreSQL writes jsonb with spaces and its own key order: rewritten from the tree.
        let value = <Value as FromSql<Jsonb, Pg>>::from_sql(bytes)?;
        Ok(LogJson::new(&value))
    }
}

impl ToSql<Jsonb, Pg> for LogJson {
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
        // jsonb's binary format: a version byte, then the text.
        out.write_all(&[1])?;
        out.write_all(self.text.as_bytes())?;
        Ok(IsNull::No)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_text_is_compact_with_sorted_keys_whatever_order_the_json_came_in() {
        let parsed: Value = serde_json::from_str(r#"{"type": "sow", "pit": 3}"#).unwrap();
        assert_eq!(LogJson::new(&parsed).as_str(), r#"{"pit":3,"type":"sow"}"#);
        assert_eq!(
            LogJson::new(&parsed),
            LogJson::from(json!({"pit": 3, "type": "sow"}))
        );
    }

    #[test]
    fn the_tree_and_the_tag_come_back() {
        let command = json!({"type": "sow", "pit": 3, "say": [1.5, null, "x"]});
        let held = LogJson::new(&command);
        assert_eq!(held.value(), command);
        assert_eq!(held.type_tag(), Some("sow"));
        assert!(!held.is_null());
        assert!(LogJson::from(Value::Null).is_null());
    }

    #[test]
    fn an_entry_is_found_by_its_type_in_an_array_only() {
        let events = LogJson::from(
            json!([{"type": "said", "text": "game_ended"}, {"type": "game_ended", "n": {"type": "x"}}]),
        );
        assert!(events.has_entry("game_ended"));
        assert!(!events.has_entry("said_"));
        assert!(!events.has_entry("x"));
        assert!(!LogJson::from(json!({"type": "game_ended"})).has_entry("game_ended"));
        assert_eq!(LogJson::from(json!([1, 2])).type_tag(), None);
        assert_eq!(LogJson::from(json!({"pit": 1})).type_tag(), None);
    }
}
