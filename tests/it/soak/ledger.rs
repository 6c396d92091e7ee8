//! What the soak's people were told: every move they sent and the server's answer to it, every
//! reply they mailed and whether the listener took it, and the answers' statuses by kind.

use std::collections::BTreeMap;
use std::sync::Mutex;

use serde_json::Value;

use super::person::{Answer, Channel};

/// What a move's sender was told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// Made: the form's redirect to the board, or the JSON answer 200.
    Made,
    /// Refused, with the answer's status: a 4xx, or a 5xx that says nothing was changed.
    Refused(u16),
    /// No answer that says either way (a 5xx without that promise, a cut connection).
    Unknown(String),
}

impl Said {
    pub fn of(answer: Result<Answer, String>, channel: Channel) -> Said {
        match answer {
            Ok(Answer { status: 303, .. }) if channel == Channel::Form => Said::Made,
            Ok(Answer { status: 200, .. }) if channel == Channel::Json => Said::Made,
            Ok(Answer { status, .. }) if (400..500).contains(&status) => Said::Refused(status),
            Ok(Answer { status, body, .. }) if promises_nothing_changed(&body) => {
                Said::Refused(status)
            }
            Ok(Answer { status, .. }) => Said::Unknown(format!("answered {status}")),
            Err(error) => Said::Unknown(error),
        }
    }
}

/// Whether an answer tells its reader that nothing was changed (as Turnpost's 503 says when it
/// could not reach its database before writing anything).
pub fn promises_nothing_changed(body: &str) -> bool {
    let body = body.to_lowercase();
    body.contains("nothing was changed") || body.contains("nothing was sent or changed")
}

#[derive(Clone, Debug)]
pub struct Attempt {
    pub game_id: String,
    pub player_id: i64,
    /// The row the board showed when the move was sent.
    pub expected_seq: i64,
    pub command: Value,
    pub said: Said,
}

/// A reply mailed to the inbound listener.
#[derive(Clone, Debug)]
pub struct MailedReply {
    pub message_id: String,
    pub player_id: i64,
    /// Whether the listener said 250 to the message's data.
    pub taken: bool,
}

#[derive(Default)]
pub struct Ledger {
    attempts: Mutex<Vec<Attempt>>,
    replies: Mutex<Vec<MailedReply>>,
    /// Answers by status, and requests no server answered.
    statuses: Mutex<BTreeMap<u16, u64>>,
    unanswered: Mutex<u64>,
    /// Things a person did that are not moves, by name (talk, resignations, games created…).
    actions: Mutex<BTreeMap<&'static str, u64>>,
    /// What a person could not do within the soak's patience, by what it was.
    stuck: Mutex<Vec<String>>,
}

impl Ledger {
    pub fn attempt(&self, attempt: Attempt) {
        self.attempts.lock().unwrap().push(attempt);
    }

    pub fn attempts(&self) -> Vec<Attempt> {
        self.attempts.lock().unwrap().clone()
    }

    pub fn mailed(&self, reply: MailedReply) {
        self.replies.lock().unwrap().push(reply);
    }

    pub fn replies(&self) -> Vec<MailedReply> {
        self.replies.lock().unwrap().clone()
    }

    pub fn answered(&self, status: u16) {
        *self.statuses.lock().unwrap().entry(status).or_default() += 1;
    }

    pub fn unanswered(&self) {
        *self.unanswered.lock().unwrap() += 1;
    }

    pub fn did(&self, action: &'static str) {
        *self.actions.lock().unwrap().entry(action).or_default() += 1;
    }

    pub fn stuck(&self, what: String) {
        self.stuck.lock().unwrap().push(what);
    }

    pub fn stuck_list(&self) -> Vec<String> {
        self.stuck.lock().unwrap().clone()
    }

    pub fn statuses(&self) -> BTreeMap<u16, u64> {
        self.statuses.lock().unwrap().clone()
    }

    pub fn unanswered_count(&self) -> u64 {
        *self.unanswered.lock().unwrap()
    }

    pub fn actions(&self) -> BTreeMap<&'static str, u64> {
        self.actions.lock().unwrap().clone()
    }
}
