//! Reading an incoming message: what Turnpost needs of it, the lines the sender wrote above the
//! quote, and the words of commands in English and Japanese.

pub mod message;
pub mod reply_text;
pub mod sender_checks;
pub mod words;
