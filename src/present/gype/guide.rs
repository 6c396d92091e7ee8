//! What Gype is, in short, as message keys.

use crate::present::guide::Guide;

pub(super) static GUIDE: Guide = Guide {
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
