//! Email: rendering notifications into messages, the outbox worker, and the transport that
//! carries them (SMTP, or one file per message).
//!
//! Game emails show boards through the same per-game presentation code as the pages
//! (`web::ui`), so that a board reads the same in a browser and in a mailbox.

pub mod compose;
pub mod inbound;
pub mod messages;
pub mod transport;
pub mod worker;

pub use transport::{SendError, Transport};
