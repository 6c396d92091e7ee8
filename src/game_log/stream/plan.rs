//! A plan made in advance, as the log proves it: a commitment written when the plan is made,
//! and, in the row of each planned answer, just enough revealed to check that the answer was
//! in that commitment — and nothing of the rest of the plan.
//!
//! A plan is a set of lines, each the commands expected and answered, in turn, from the
//! position it was made in. For each of the player's own commands in a line there is one
//! digest: SHA-256 over a salt of its own and the line up to that command. The commitment is
//! the SHA-256 of every digest, sorted, one a line. An answer's row reveals its line up to the
//! answer, that prefix's salt and the sorted digests: anyone can recompute the digest, find it
//! among the digests and the digests' hash in the commitment row, which the chain dates before
//! the opponent's move. Each prefix has a salt derived from its line's secret salt, so a
//! revealed salt opens nothing else, and the digests' order says nothing of the lines.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::chain::canonical_json;

/// One line of a plan as the server keeps it, secret until used: the commands in the order
/// they are to be played, the opponent's and the planner's, and the line's own secret salt.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlanLine {
    pub salt: String,
    pub plies: Vec<Value>,
}

impl PlanLine {
    /// A line with a fresh salt from the operating system.
    pub fn new(plies: Vec<Value>) -> PlanLine {
        let mut salt = [0; 16];
        getrandom::fill(&mut salt).expect("the operating system's random source is available");
        PlanLine {
            salt: hex::encode(salt),
            plies,
        }
    }

    /// The salt of the prefix that ends with ply `ply`: SHA-256(line salt ‖ ply), 16 bytes.
    pub fn salt_of(&self, ply: usize) -> String {
        let mut hasher = Sha256::new();
        hasher.update(self.salt.as_bytes());
        hasher.update((ply as u64).to_be_bytes());
        let digest: [u8; 32] = hasher.finalize().into();
        hex::encode(&digest[..16])
    }

    /// The digest of the prefix that ends with ply `ply`.
    pub fn digest_of(&self, ply: usize) -> String {
        prefix_digest(&self.salt_of(ply), &self.plies[..=ply])
    }
}

/// SHA-256 of `salt`, a newline and the canonical JSON of `plies`, hex.
pub fn prefix_digest(salt: &str, plies: &[Value]) -> String {
    let mut hasher = Sha256::new();
    hasher.update(salt.as_bytes());
    hasher.update(b"\n");
    hasher.update(canonical_json(&Value::Array(plies.to_vec())).as_bytes());
    hex::encode(hasher.finalize())
}

/// The commitment to a plan's digests: SHA-256 of them sorted, a line each, hex.
pub fn commitment(digests: &[String]) -> String {
    let mut sorted: Vec<&str> = digests.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    let mut hasher = Sha256::new();
    for digest in sorted {
        hasher.update(digest.as_bytes());
        hasher.update(b"\n");
    }
    hex::encode(hasher.finalize())
}

/// What the row of a planned answer reveals: the plan's commitment row, the line up to this
/// answer (the opponent's commands that were foreseen, and the answers), the prefix's salt and
/// all the plan's digests, sorted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Followed {
    pub planned_at: i64,
    pub plies: Vec<Value>,
    pub salt: String,
    pub digests: Vec<String>,
}

impl Followed {
    /// Whether what is revealed was committed to by `committed`.
    pub fn was_committed(&self, committed: &str) -> bool {
        let digest = prefix_digest(&self.salt, &self.plies);
        self.digests.contains(&digest) && commitment(&self.digests) == committed
    }
}

/// A player's plan as the server keeps it, apart from the log.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub player: i64,
    /// The log row of the commitment.
    pub planned_at: i64,
    /// The lines still open, whole from the position of the commitment.
    pub lines: Vec<PlanLine>,
    /// Every digest the commitment covers, sorted.
    pub digests: Vec<String>,
    /// How many commands of each open line have been played.
    pub followed: usize,
    /// The row of the opponent's move that no line foresaw, when that cleared the plan.
    pub missed_at: Option<i64>,
}

impl Kept {
    /// The open lines from the position now: each one's commands not yet played.
    pub fn open_lines(&self) -> Vec<Vec<Value>> {
        (self.lines.iter())
            .map(|line| line.plies.get(self.followed..).unwrap_or_default().to_vec())
            .filter(|plies| !plies.is_empty())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn line() -> PlanLine {
        PlanLine::new(vec![
            json!({"pit": 3}),
            json!({"pit": 4}),
            json!({"pit": 1}),
            json!({"pit": 2}),
        ])
    }

    #[test]
    fn a_revealed_prefix_is_checked_against_the_commitment() {
        let (a, b) = (line(), line());
        let mut digests = vec![a.digest_of(1), a.digest_of(3), b.digest_of(1)];
        digests.sort();
        let committed = commitment(&digests);
        let followed = Followed {
            planned_at: 7,
            plies: a.plies[..=1].to_vec(),
            salt: a.salt_of(1),
            digests: digests.clone(),
        };
        assert!(followed.was_committed(&committed));

        let mut altered = followed.clone();
        altered.plies[1] = json!({"pit": 5});
        assert!(!altered.was_committed(&committed));
        let mut other_salt = followed.clone();
        other_salt.salt = a.salt_of(3);
        assert!(!other_salt.was_committed(&committed));
        let mut dropped = followed.clone();
        dropped.digests.remove(2);
        assert!(!dropped.was_committed(&committed));
        assert!(!followed.was_committed(&commitment(&digests[..2])));
    }

    #[test]
    fn lines_have_their_own_salts_and_each_prefix_its_own() {
        let (a, b) = (line(), line());
        assert_ne!(a.salt, b.salt);
        assert_ne!(a.digest_of(1), b.digest_of(1));
        assert_ne!(a.salt_of(1), a.salt_of(3));
        assert_eq!(a.digest_of(1), prefix_digest(&a.salt_of(1), &a.plies[..2]));
    }

    #[test]
    fn the_commitment_does_not_depend_on_the_digests_order() {
        let digests = vec!["b".to_string(), "a".to_string()];
        let reversed = vec!["a".to_string(), "b".to_string()];
        assert_eq!(commitment(&digests), commitment(&reversed));
    }
}
