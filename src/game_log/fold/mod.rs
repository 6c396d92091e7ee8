//! A game rebuilt from its log: the fold of every row through the rules, how the game came to
//! its end, the folded games kept between requests, and loading a game through them.

pub mod cache;
pub mod ending;
pub mod load;
pub mod replay;
