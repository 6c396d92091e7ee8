use super::MoveCodes;
use crate::rules::kalah::{Command, Kalah, State};

impl MoveCodes for Kalah {
    fn code(_state: &State, command: &Command) -> String {
        match command {
            Command::Sow { pit } => (u32::from(*pit) + 1).to_string(),
            Command::Swap => "swap".into(),
        }
    }

    const FILLERS: &'static [&'static str] = &["sow", "pit", "sides"];

    const HELP: &'static [&'static str] = &[
        "Write the number of the pit to sow, 1 to 6 from your left: \"3\" (or \"sow pit 3\").",
        "To take the pie-rule swap, when it is offered: \"swap\".",
    ];
}
