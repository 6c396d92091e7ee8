//! What each game is, its rules in short and its table options, in our own words (written from
//! the specifications the engines implement): for the rules pages, the new-game page and the
//! invitation email. Every field is a message key; the words are in each game's `.ftl` file.

use crate::games::Kind;

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
    match kind {
        Kind::Kalah => &KALAH,
        Kind::Quarto => &QUARTO,
        Kind::Kabaleo => &KABALEO,
        Kind::Azul => &AZUL,
        Kind::Gype => &GYPE,
    }
}

static KALAH: Guide = Guide {
    summary: "kalah-guide-summary",
    players: "kalah-guide-players",
    length: "kalah-guide-length",
    rules: &[
        "kalah-guide-rule-1",
        "kalah-guide-rule-2",
        "kalah-guide-rule-3",
        "kalah-guide-rule-4",
        "kalah-guide-rule-5",
    ],
    options: &[
        ("kalah-guide-option-1", "kalah-guide-option-meaning-1"),
        ("kalah-guide-option-2", "kalah-guide-option-meaning-2"),
        ("kalah-guide-option-3", "kalah-guide-option-meaning-3"),
        ("kalah-guide-option-4", "kalah-guide-option-meaning-4"),
    ],
};

static QUARTO: Guide = Guide {
    summary: "quarto-guide-summary",
    players: "quarto-guide-players",
    length: "quarto-guide-length",
    rules: &[
        "quarto-guide-rule-1",
        "quarto-guide-rule-2",
        "quarto-guide-rule-3",
        "quarto-guide-rule-4",
    ],
    options: &[("quarto-guide-option-1", "quarto-guide-option-meaning-1")],
};

static KABALEO: Guide = Guide {
    summary: "kabaleo-guide-summary",
    players: "kabaleo-guide-players",
    length: "kabaleo-guide-length",
    rules: &[
        "kabaleo-guide-rule-1",
        "kabaleo-guide-rule-2",
        "kabaleo-guide-rule-3",
        "kabaleo-guide-rule-4",
        "kabaleo-guide-rule-5",
    ],
    options: &[("kabaleo-guide-option-1", "kabaleo-guide-option-meaning-1")],
};

static AZUL: Guide = Guide {
    summary: "azul-guide-summary",
    players: "azul-guide-players",
    length: "azul-guide-length",
    rules: &[
        "azul-guide-rule-1",
        "azul-guide-rule-2",
        "azul-guide-rule-3",
        "azul-guide-rule-4",
    ],
    options: &[("azul-guide-option-1", "azul-guide-option-meaning-1")],
};

static GYPE: Guide = Guide {
    summary: "gype-guide-summary",
    players: "gype-guide-players",
    length: "gype-guide-length",
    rules: &[
        "gype-guide-rule-1",
        "gype-guide-rule-2",
        "gype-guide-rule-3",
        "gype-guide-rule-4",
    ],
    options: &[
        ("gype-guide-option-1", "gype-guide-option-meaning-1"),
        ("gype-guide-option-2", "gype-guide-option-meaning-2"),
    ],
};
