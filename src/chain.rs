//! The hash chain over a game's event log. Pure: used by the event store when appending and by
//! anyone checking a log offline.
//!
//! Each row's hash is `SHA-256(prev_hash ‖ canonical JSON of the row)`, where the row is the object
//! `{actor, command, events, game_id, recorded_at, seq}`, canonical JSON has its object keys sorted
//! and no insignificant white space, `recorded_at` is RFC 3339 in UTC with microseconds
//! (`2026-11-21T06:11:00.123456Z`), and the first row's `prev_hash` is 32 zero bytes.

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
    pub fn canonical_json(&self) -> String {
        let mut out = Vec::new();
        self.write_canonical(&mut out)
            .expect("writing to memory cannot fail");
        String::from_utf8(out).expect("JSON is UTF-8")
    }

    /// The row as one canonical JSON object. Its keys are written in sorted order by hand, so
    /// that hashing a row never copies the command and events into a new value.
    fn write_canonical(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(b"{\"actor\":")?;
        serde_json::to_writer(&mut *out, &self.actor)?;
        out.write_all(b",\"command\":")?;
        write_canonical(self.command, out)?;
        out.write_all(b",\"events\":")?;
        write_canonical(self.events, out)?;
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
        let mut hasher = Sha256::new();
        hasher.update(prev);
        self.write_canonical(&mut Hashing(&mut hasher))
            .expect("hashing cannot fail");
        hasher.finalize().into()
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
    write_canonical(value, &mut out).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("JSON is UTF-8")
}

fn write_canonical(value: &Value, out: &mut impl Write) -> io::Result<()> {
    match value {
        Value::Array(items) => {
            out.write_all(b"[")?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                write_canonical(item, out)?;
            }
            out.write_all(b"]")
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
                write_canonical(item, out)?;
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
        let computed = row.content.hash(&row.prev_hash);
        if computed != row.hash {
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
}
