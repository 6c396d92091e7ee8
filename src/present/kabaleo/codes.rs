use crate::present::codes::MoveCodes;
use crate::rules::kabaleo::{Command, Kabaleo, State};

impl MoveCodes for Kabaleo {
    fn code(_state: &State, command: &Command) -> String {
        let Command::Place { pile, colour } = command;
        format!("{} {}", colour.name(), pile + 1)
    }

    const FILLERS: &'static [&'static str] = &["place", "put", "on", "pile", "the", "a", "piece"];

    const HELP: &'static [&'static str] = &["kabaleo-codes-1"];
}
