//! Email: rendering notifications into messages, the outbox worker, and the transport that
//! carries them (SMTP, or one file per message).
//!
//! Game emails show boards through the same per-game presentation code as the pages
//! (`present`), so that a board reads the same in a browser and in a mailbox.

pub mod by_email;
pub mod compose;
pub mod inbound;
pub mod messages;
pub mod pictures;
pub mod reply_address;
pub mod transport;
pub mod worker;

pub use transport::{SendError, Transport};
