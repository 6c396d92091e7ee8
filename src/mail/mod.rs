//! Email: composing notifications into messages ([`compose`]), the outbox worker and the
//! transport that carries them (SMTP, or one file per message), reply addresses, and reading the
//! mail that comes back ([`inbound`]).
//!
//! Game emails show boards through the same per-game presentation code as the pages
//! (`present`), so that a board reads the same in a browser and in a mailbox.

pub mod bounces;
pub mod compose;
pub mod dkim;
pub mod inbound;
pub mod reply_address;
pub mod return_path;
pub mod transport;
pub mod worker;

pub use transport::{SendError, Transport};
