//! Composing the mail Turnpost sends: each notification rendered into its message
//! ([`notification`]), the parts every message shares ([`messages`]), the board's picture
//! ([`pictures`]) and the offer to play by replying ([`by_email`]).

pub mod by_email;
pub mod messages;
pub mod notification;
pub mod pictures;
