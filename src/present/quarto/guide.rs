//! What Quarto is, in short, as message keys.

use crate::present::guide::Guide;

pub(super) static GUIDE: Guide = Guide {
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
