//! Where one person reaches another, the ways to say no: reporting a message, a player or a
//! player's play ([`report`]), and blocking someone's talk or games ([`block`]). The moderators'
//! side is `super::moderation`.

pub mod block;
pub mod report;
