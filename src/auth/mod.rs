//! Accounts and sign-in: players identified by email, single-use emailed links, and the tokens
//! behind links (only their SHA-256 is stored).

pub mod accounts;
pub mod address_change;
pub mod api_tokens;
pub mod blocks;
pub mod feed_tokens;
pub mod names;
pub mod reply_tokens;
pub mod reply_topics;
pub mod sessions;
pub mod sign_in;
pub mod tokens;

pub use accounts::Player;
