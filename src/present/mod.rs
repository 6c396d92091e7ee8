//! What pages and emails both show, beside the board drawings in `web::ui`: the short codes a
//! player writes to make a move in a reply to an email.

pub mod codes;
