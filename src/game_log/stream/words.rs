//! What a player wrote at a table, as the log keeps it: a commitment inside the row's hash, and
//! the words and their salt beside it (see `crate::chain`), so that the words can be removed and
//! the log still verifies.

use serde::{Deserialize, Serialize};

use crate::chain::words_commitment;

/// A message's words in a row of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Talk {
    Committed(Words),
    /// Written before talk was committed to (kept in exports downloaded then): the text itself,
    /// inside the hash.
    Plain(String),
}

/// The commitment to a message, and its salt and text until they are removed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Words {
    pub commitment: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

impl Talk {
    /// `text` committed to under a fresh random salt. The salt is never drawn from the game's
    /// seed: the seed is revealed when the game ends, and a known salt would let anyone test
    /// guesses of a removed short message against its commitment.
    pub fn commit(text: String) -> Talk {
        let mut salt = [0u8; 16];
        getrandom::fill(&mut salt).expect("the operating system's random source is available");
        Talk::Committed(Words {
            commitment: words_commitment(&salt, &text),
            salt: Some(hex::encode(salt)),
            text: Some(text),
        })
    }

    /// The words, unless they were removed.
    pub fn text(&self) -> Option<&str> {
        match self {
            Talk::Plain(text) => Some(text),
            Talk::Committed(words) => words.text.as_deref(),
        }
    }

    /// Whether the words (where they are kept) are the ones committed to: salt and text both
    /// present and hashing to the commitment, or both removed.
    pub fn holds(&self) -> bool {
        match self {
            Talk::Plain(_) => true,
            Talk::Committed(Words {
                salt: None,
                text: None,
                ..
            }) => true,
            Talk::Committed(Words {
                commitment,
                salt: Some(salt),
                text: Some(text),
            }) => hex::decode(salt).is_ok_and(|salt| words_commitment(&salt, text) == *commitment),
            Talk::Committed(_) => false,
        }
    }
}

/// Who removed a message's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RemovedBy {
    /// The person who wrote it (the row's actor).
    Author,
    /// A moderator, for a reason of the site's rules; the moderation log's row says which.
    Moderator,
}

/// Why a message's words were removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RemovalReason {
    /// Its author deleted it.
    AuthorsChoice,
    /// Its author closed their account.
    AccountClosed,
    Spam,
    /// Harassment or hate.
    Harassment,
    /// Cheating or stalling.
    Cheating,
    OffensiveName,
    Other,
}

impl RemovalReason {
    /// Whether this is a reason its author gives rather than a moderator.
    pub fn is_authors(self) -> bool {
        matches!(
            self,
            RemovalReason::AuthorsChoice | RemovalReason::AccountClosed
        )
    }

    pub fn as_str(self) -> &'static str {
        match self {
            RemovalReason::AuthorsChoice => "authors_choice",
            RemovalReason::AccountClosed => "account_closed",
            RemovalReason::Spam => "spam",
            RemovalReason::Harassment => "harassment",
            RemovalReason::Cheating => "cheating",
            RemovalReason::OffensiveName => "offensive_name",
            RemovalReason::Other => "other",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_words_hold_until_one_of_them_changes_and_still_hold_once_removed() {
        let Talk::Committed(words) = Talk::commit("good game".into()) else {
            panic!("committed")
        };
        assert!(Talk::Committed(words.clone()).holds());
        let altered = Words {
            text: Some("bad game".into()),
            ..words.clone()
        };
        assert!(!Talk::Committed(altered).holds());
        let removed = Words {
            salt: None,
            text: None,
            ..words.clone()
        };
        assert!(Talk::Committed(removed.clone()).holds());
        assert_eq!(Talk::Committed(removed).text(), None);
        let half = Words {
            salt: None,
            ..words
        };
        assert!(!Talk::Committed(half).holds());
    }

    #[test]
    fn a_message_of_an_earlier_log_reads_as_plain_text() {
        let talk: Talk = serde_json::from_value(serde_json::json!("hi")).unwrap();
        assert_eq!(talk, Talk::Plain("hi".into()));
        let Talk::Committed(words) = Talk::commit("hi".into()) else {
            panic!("committed")
        };
        let stored = serde_json::to_value(&words).unwrap();
        let back: Talk = serde_json::from_value(stored).unwrap();
        assert_eq!(back, Talk::Committed(words));
    }
}
