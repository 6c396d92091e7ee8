pub mod api_tokens;
pub mod auth;
pub mod closure;
pub mod email_address;
pub mod settings;
pub mod unsubscribe;
