//! What Kalah is, in short, as message keys.

use crate::present::guide::Guide;

pub(super) static GUIDE: Guide = Guide {
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
