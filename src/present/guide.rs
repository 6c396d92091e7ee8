//! What each game is, its rules in short and its table options, in our own words (written from
//! the specifications the engines implement): for the rules pages, the new-game page and the
//! invitation email. Every field is a message key; the words are in each game's `.ftl` file.

use super::GameUi;
use crate::rules::{Kind, with_rules};

/// What a newcomer needs to know about one game, as message keys.
pub struct Guide {
    /// One or two sentences: what the game is.
    pub summary: &'static str,
    pub players: &'static str,
    /// How long a game usually runs, in moves and at a day per move.
    pub length: &'static str,
    pub rules: &'static [&'static str],
    /// Each table option and what it changes.
    pub options: &'static [(&'static str, &'static str)],
}

pub fn guide(kind: Kind) -> &'static Guide {
    with_rules!(kind, |R| <R as GameUi>::guide())
}
