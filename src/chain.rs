//! The hash chain over a game's event log. Pure: used by the event store when appending and by
//! anyone checking a log offline.
//!
//! Each row's hash is `SHA-256(prev_hash ‖ canonical JSON of the row)`, where the row is the object
//! `{actor, command, events, game_id, recorded_at, seq}`, canonical JSON has its object keys sorted
//! and no insignificant white space, `recorded_at` is RFC 3339 in UTC with microseconds
//! (`2026-11-21T06:11:00.123456Z`), and the first row's `prev_hash` is 32 zero bytes.
//!
//! Personal data stays outside the hash: a participant, the object `{"id": …, "name": …}` (with
//! exactly those two members), is hashed as `{"id": …}`. The name shown beside an id can then be
//! replaced by a pseudonym when a person closes their account, and every hash still holds — for
//! the rows the server keeps and for exports downloaded earlier. Logs written before this rule
//! hashed the names too; [`RowContent::hash_with_names`] still checks those rows.
//!
//! Words people type stay outside the hash the same way: the words of a message, the object
//! `{"commitment": …, "salt": …, "text": …}` (exactly those three members, each a string), are
//! hashed as `{"commitment": …}`. The commitment is the SHA-256 of the salt and the text (see
//! [`words_commitment`]), so the hash still fixes the words while they are kept, and the salt
//! and text can be deleted — by their author, a moderator, or a closing account — without
//! breaking the chain.

use std::io::{self, Write};

use serde_json::Value;
use sha2::{Digest, Sha256};

pub type Hash = [u8; 32];

/// The hash that precedes the first row of every game.
pub const GENESIS: Hash = [0; 32];

/// The hashed content of one row of the log.
#[derive(Clone, Debug, PartialEq)]
pub struct RowContent<'a> {
    pub game_id: &'a str,
    pub seq: i64,
    pub actor: Option<i64>,
    pub command: &'a Value,
    pub events: &'a Value,
    pub recorded_at: &'a str,
}

impl RowContent<'_> {
    /// The text that is hashed: participants' names left out.
    pub fn canonical_json(&self) -> String {
        let mut out = Vec::new();
        self.write_canonical(&mut out, Names::LeftOut)
            .expect("writing to memory cannot fail");
        String::from_utf8(out).expect("JSON is UTF-8")
    }

    /// The row as one canonical JSON object. Its keys are written in sorted order by hand, so
    /// that hashing a row never copies the command and events into a new value.
    fn write_canonical(&self, out: &mut impl Write, names: Names) -> io::Result<()> {
        out.write_all(b"{\"actor\":")?;
        serde_json::to_writer(&mut *out, &self.actor)?;
        out.write_all(b",\"command\":")?;
        write_value(self.command, out, names)?;
        out.write_all(b",\"events\":")?;
        write_value(self.events, out, names)?;
        out.write_all(b",\"game_id\":")?;
        serde_json::to_writer(&mut *out, self.game_id)?;
        out.write_all(b",\"recorded_at\":")?;
        serde_json::to_writer(&mut *out, self.recorded_at)?;
        out.write_all(b",\"seq\":")?;
        serde_json::to_writer(&mut *out, &self.seq)?;
        out.write_all(b"}")
    }

    /// SHA-256 of `prev` followed by the canonical JSON, streamed into the hasher.
    pub fn hash(&self, prev: &Hash) -> Hash {
        self.hash_as(prev, Names::LeftOut)
    }

    /// The hash as logs written before names were left out computed it: with every
    /// participant's name inside.
    pub fn hash_with_names(&self, prev: &Hash) -> Hash {
        self.hash_as(prev, Names::Included)
    }

    /// Whether `recorded` is this row's hash, by the rule of today or by the earlier one.
    pub fn hashes_to(&self, prev: &Hash, recorded: &Hash) -> bool {
        self.hash(prev) == *recorded || self.hash_with_names(prev) == *recorded
    }

    fn hash_as(&self, prev: &Hash, names: Names) -> Hash {
        let mut hasher = Sha256::new();
        hasher.update(prev);
        self.write_canonical(&mut Hashing(&mut hasher), names)
            .expect("hashing cannot fail");
        hasher.finalize().into()
    }
}

/// Whether participants' names are written into the hashed text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Names {
    LeftOut,
    Included,
}

/// A participant's id, when `map` is one: exactly an integer `id` and a string `name`.
pub fn participant_id(map: &serde_json::Map<String, Value>) -> Option<&Value> {
    let id = map.get("id").filter(|id| id.is_i64())?;
    (map.len() == 2 && map.get("name").is_some_and(Value::is_string)).then_some(id)
}

/// The words of a message, when `map` is them with the salt and text still kept: exactly the
/// strings `commitment`, `salt` and `text`.
pub fn kept_words(map: &serde_json::Map<String, Value>) -> Option<(&str, &str, &str)> {
    let member = |key: &str| map.get(key).and_then(Value::as_str);
    match (
        map.len(),
        member("commitment"),
        member("salt"),
        member("text"),
    ) {
        (3, Some(commitment), Some(salt), Some(text)) => Some((commitment, salt, text)),
        _ => None,
    }
}

/// The commitment to `text` under `salt` (hex): the hex SHA-256 of the salt's bytes followed by
/// the text's UTF-8.
pub fn words_commitment(salt: &[u8], text: &str) -> String {
    let mut hasher = Sha256::new();
    hasher.update(salt);
    hasher.update(text.as_bytes());
    hex::encode(hasher.finalize())
}

/// `value` with every message's salt and text deleted, its commitment kept: what is left of a
/// row once its words are removed. Its hash is unchanged.
pub fn words_removed(value: &Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(words_removed).collect()),
        Value::Object(map) => match kept_words(map) {
            Some((commitment, _, _)) => serde_json::json!({ "commitment": commitment }),
            None => Value::Object(
                map.iter()
                    .map(|(key, item)| (key.clone(), words_removed(item)))
                    .collect(),
            ),
        },
        scalar => scalar.clone(),
    }
}

/// Feeds what is written into a hasher.
struct Hashing<'a>(&'a mut Sha256);

impl Write for Hashing<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Serializes JSON with object keys sorted (by their UTF-8 bytes) and no white space, whatever
/// order the value's maps keep.
pub fn canonical_json(value: &Value) -> String {
    let mut out = Vec::new();
    write_value(value, &mut out, Names::Included).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("JSON is UTF-8")
}

fn write_value(value: &Value, out: &mut impl Write, names: Names) -> io::Result<()> {
    match value {
        Value::Array(items) => {
            out.write_all(b"[")?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                write_value(item, out, names)?;
            }
            out.write_all(b"]")
        }
        Value::Object(map) if names == Names::LeftOut && participant_id(map).is_some() => {
            out.write_all(b"{\"id\":")?;
            serde_json::to_writer(&mut *out, &map["id"])?;
            out.write_all(b"}")
        }
        Value::Object(map) if names == Names::LeftOut && kept_words(map).is_some() => {
            out.write_all(b"{\"commitment\":")?;
            serde_json::to_writer(&mut *out, &map["commitment"])?;
            out.write_all(b"}")
        }
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            out.write_all(b"{")?;
            for (i, (key, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                serde_json::to_writer(&mut *out, key)?;
                out.write_all(b":")?;
                write_value(item, out, names)?;
            }
            out.write_all(b"}")
        }
        scalar => Ok(serde_json::to_writer(&mut *out, scalar)?),
    }
}

/// Where a chain of rows stops holding together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainBreak {
    pub seq: i64,
    pub problem: String,
}

impl std::fmt::Display for ChainBreak {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "row {}: {}", self.seq, self.problem)
    }
}

/// A stored row together with the hashes recorded for it.
pub struct ChainedRow<'a> {
    pub content: RowContent<'a>,
    pub prev_hash: Hash,
    pub hash: Hash,
}

/// Checks that rows are numbered 1, 2, 3, … with no gap, that each links to the one before and
/// that each recorded hash is the hash of its content. Returns the head hash.
pub fn verify<'a>(rows: impl IntoIterator<Item = ChainedRow<'a>>) -> Result<Hash, ChainBreak> {
    verify_after(0, GENESIS, rows)
}

/// Checks rows that continue a chain whose row `seq` has the hash `head` (row 0 and the
/// genesis hash for a whole log), as [`verify`] does. Returns the new head hash.
pub fn verify_after<'a>(
    seq: i64,
    head: Hash,
    rows: impl IntoIterator<Item = ChainedRow<'a>>,
) -> Result<Hash, ChainBreak> {
    let mut expected_prev = head;
    for (expected_seq, row) in (seq + 1..).zip(rows) {
        let seq = row.content.seq;
        let fail = |problem: String| Err(ChainBreak { seq, problem });
        if seq != expected_seq {
            return fail(format!("expected row {expected_seq} here"));
        }
        if row.prev_hash != expected_prev {
            return fail("prev_hash does not match the hash of the row before".into());
        }
        if !row.content.hashes_to(&row.prev_hash, &row.hash) {
            let computed = row.content.hash(&row.prev_hash);
            return fail(format!(
                "recorded hash {} but the row's content hashes to {}",
                hex::encode(row.hash),
                hex::encode(computed)
            ));
        }
        expected_prev = row.hash;
    }
    Ok(expected_prev)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn canonical_json_sorts_keys_at_every_depth_and_drops_spaces() {
        let value = json!({"b": 1, "a": {"z": [1, {"y": "é", "x": null}], "c": true}});
        assert_eq!(
            canonical_json(&value),
            r#"{"a":{"c":true,"z":[1,{"x":null,"y":"é"}]},"b":1}"#
        );
    }

    #[test]
    fn a_row_hashes_as_its_canonical_json_after_the_previous_hash() {
        let command = json!({"type": "play", "command": {"sow": 3, "note": "a \"quoted\" é"}});
        let events = json!([{"event": {"b": 2.5, "a": [null, false, -1]}}]);
        let content = row(4, &command, &events);
        let text = content.canonical_json();
        assert_eq!(
            text,
            r#"{"actor":7,"command":{"command":{"note":"a \"quoted\" é","sow":3},"type":"play"},"events":[{"event":{"a":[null,false,-1],"b":2.5}}],"game_id":"g1","recorded_at":"2026-11-21T06:11:00.123456Z","seq":4}"#
        );
        let prev = [9u8; 32];
        let mut hasher = Sha256::new();
        hasher.update(prev);
        hasher.update(text.as_bytes());
        let expected: Hash = hasher.finalize().into();
        assert_eq!(content.hash(&prev), expected);
    }

    fn row<'a>(seq: i64, command: &'a Value, events: &'a Value) -> RowContent<'a> {
        RowContent {
            game_id: "g1",
            seq,
            actor: Some(7),
            command,
            events,
            recorded_at: "2026-11-21T06:11:00.123456Z",
        }
    }

    fn chain<'a>(contents: Vec<RowContent<'a>>) -> Vec<ChainedRow<'a>> {
        let mut prev = GENESIS;
        contents
            .into_iter()
            .map(|content| {
                let hash = content.hash(&prev);
                let chained = ChainedRow {
                    content,
                    prev_hash: prev,
                    hash,
                };
                prev = hash;
                chained
            })
            .collect()
    }

    #[test]
    fn an_intact_chain_verifies_and_a_changed_row_is_named() {
        let (c, e1, e2) = (json!({"type": "play"}), json!([1]), json!([2]));
        let rows = chain(vec![row(1, &c, &e1), row(2, &c, &e2), row(3, &c, &e1)]);
        let head = rows[2].hash;
        assert_eq!(
            verify(chain(vec![
                row(1, &c, &e1),
                row(2, &c, &e2),
                row(3, &c, &e1)
            ])),
            Ok(head)
        );

        let tampered = json!([3]);
        let mut rows = chain(vec![row(1, &c, &e1), row(2, &c, &e2), row(3, &c, &e1)]);
        rows[1].content.events = &tampered;
        assert_eq!(verify(rows).unwrap_err().seq, 2);
    }

    #[test]
    fn a_missing_row_breaks_the_chain() {
        let (c, e) = (json!({}), json!([]));
        let mut rows = chain(vec![row(1, &c, &e), row(2, &c, &e), row(3, &c, &e)]);
        rows.remove(1);
        let broken = verify(rows).unwrap_err();
        assert_eq!(broken.seq, 3);
    }

    #[test]
    fn a_participants_name_is_outside_the_hash_and_their_id_inside() {
        let c = json!({"type": "join"});
        let named = |id: i64, name: &str| json!([{"type": "player_joined", "player": {"id": id, "name": name}}]);
        let (alice, former, other) = (
            named(7, "Alice"),
            named(7, "Former player 7"),
            named(8, "Alice"),
        );
        assert_eq!(
            row(1, &c, &alice).hash(&GENESIS),
            row(1, &c, &former).hash(&GENESIS)
        );
        assert_ne!(
            row(1, &c, &alice).hash(&GENESIS),
            row(1, &c, &other).hash(&GENESIS)
        );
        assert_eq!(
            row(1, &c, &alice).canonical_json(),
            r#"{"actor":7,"command":{"type":"join"},"events":[{"player":{"id":7},"type":"player_joined"}],"game_id":"g1","recorded_at":"2026-11-21T06:11:00.123456Z","seq":1}"#
        );
    }

    #[test]
    fn only_an_object_of_exactly_an_id_and_a_name_is_a_participant() {
        let c = json!({});
        let with_more = json!([{"id": 7, "name": "Alice", "seat": 0}]);
        let renamed = json!([{"id": 7, "name": "Bo", "seat": 0}]);
        assert_ne!(
            row(1, &c, &with_more).hash(&GENESIS),
            row(1, &c, &renamed).hash(&GENESIS)
        );
        let text_id = json!([{"id": "7", "name": "Alice"}]);
        assert!(row(1, &c, &text_id).canonical_json().contains("Alice"));
    }

    #[test]
    fn a_messages_words_are_outside_the_hash_and_their_commitment_inside() {
        let c = json!({"type": "say"});
        let said = |text: &str, commitment: &str| json!([{"type": "said", "text": {"commitment": commitment, "salt": "00", "text": text}}]);
        let commitment = words_commitment(&[0], "hello");
        let (kept, altered, other) = (
            said("hello", &commitment),
            said("goodbye", &commitment),
            said("hello", &words_commitment(&[0], "hullo")),
        );
        let removed = words_removed(&kept);
        assert_eq!(
            removed,
            json!([{"type": "said", "text": {"commitment": commitment}}])
        );
        let hash = |e: &Value| row(1, &c, e).hash(&GENESIS);
        assert_eq!(hash(&kept), hash(&removed));
        assert_eq!(hash(&kept), hash(&altered), "the verifier checks words");
        assert_ne!(hash(&kept), hash(&other));
        let with_more = json!([{"commitment": commitment, "salt": "00", "text": "hi", "x": 1}]);
        assert!(row(1, &c, &with_more).canonical_json().contains("hi"));
        assert_eq!(words_removed(&with_more), with_more);
    }

    #[test]
    fn rows_hashed_with_names_by_the_earlier_rule_still_verify() {
        let c = json!({"type": "join"});
        let e = json!([{"player": {"id": 7, "name": "Alice"}}]);
        let content = row(1, &c, &e);
        let earlier = content.hash_with_names(&GENESIS);
        assert_ne!(earlier, content.hash(&GENESIS));
        let rows = vec![ChainedRow {
            content: row(1, &c, &e),
            prev_hash: GENESIS,
            hash: earlier,
        }];
        assert_eq!(verify(rows), Ok(earlier));
        let renamed = json!([{"player": {"id": 7, "name": "Bo"}}]);
        let rows = vec![ChainedRow {
            content: row(1, &c, &renamed),
            prev_hash: GENESIS,
            hash: earlier,
        }];
        assert_eq!(verify(rows).unwrap_err().seq, 1);
    }
}
