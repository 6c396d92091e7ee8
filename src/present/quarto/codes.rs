use crate::present::codes::MoveCodes;
use crate::rules::quarto::{Quarto, QuartoCommand, QuartoState};

impl MoveCodes for Quarto {
    fn code(_state: &QuartoState, command: &QuartoCommand) -> String {
        match command {
            QuartoCommand::Place { cell } => cell.name(),
            QuartoCommand::Give { piece } => format!("give {}", piece.code()),
        }
    }

    const FILLERS: &'static [&'static str] = &["place", "on", "at", "the", "piece"];

    const HELP: &'static [&'static str] = &["quarto-codes-1", "quarto-codes-2", "quarto-codes-3"];
}
