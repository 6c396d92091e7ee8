//! What Azul is, in short, as message keys.

use crate::present::guide::Guide;

pub(super) static GUIDE: Guide = Guide {
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
