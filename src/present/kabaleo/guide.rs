//! What Kabaleo is, in short, as message keys.

use crate::present::guide::Guide;

pub(super) static GUIDE: Guide = Guide {
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
