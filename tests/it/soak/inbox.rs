//! A person's mail as it reached the relay, read a message once.

use crate::smtp::SmtpServer;
use crate::support::Mail;

/// How many of the owners' messages are kept.
const KEPT: usize = 100;

pub struct Inbox {
    owners: Vec<String>,
    /// How many of the relay's messages have been looked at.
    seen: usize,
    /// The owners' messages, numbered in the order the relay took them.
    mail: Vec<(usize, Mail)>,
}

impl Inbox {
    pub fn of(owners: &[&str]) -> Inbox {
        Inbox {
            owners: owners.iter().map(|o| o.to_string()).collect(),
            seen: 0,
            mail: Vec::new(),
        }
    }

    /// Reads what the relay took since the last look.
    pub fn refresh(&mut self, relay: &SmtpServer) {
        for received in relay.received_since(self.seen) {
            self.seen += 1;
            if received.recipients.iter().any(|r| self.owners.contains(r)) {
                let mail = Mail::parse(&received.data, received.recipients.clone());
                self.mail.push((self.seen, mail));
            }
        }
        // Only the newest are ever asked for: a long run keeps its memory.
        let excess = self.mail.len().saturating_sub(KEPT);
        self.mail.drain(..excess);
    }

    /// The newest message to `to` that `wanted` accepts, with its number.
    pub fn newest(&self, to: &str, wanted: impl Fn(&Mail) -> bool) -> Option<(usize, &Mail)> {
        (self.mail.iter().rev())
            .find(|(_, m)| m.envelope_to.iter().any(|r| r == to) && wanted(m))
            .map(|(n, m)| (*n, m))
    }
}
