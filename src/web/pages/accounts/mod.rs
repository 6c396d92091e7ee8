pub mod api_tokens;
pub mod auth;
pub mod closure;
pub mod email_address;
pub mod feed_addresses;
pub mod settings;
pub mod unsubscribe;
