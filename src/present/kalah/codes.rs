use crate::present::codes::MoveCodes;
use crate::rules::kalah::{Command, Kalah, State};

impl MoveCodes for Kalah {
    fn code(_state: &State, command: &Command) -> String {
        match command {
            Command::Sow { pit } => (u32::from(*pit) + 1).to_string(),
            Command::Swap => "swap".into(),
        }
    }

    const FILLERS: &'static [&'static str] = &["sow", "pit", "sides"];

    const HELP: &'static [&'static str] = &["kalah-codes-1", "kalah-codes-2"];
}
