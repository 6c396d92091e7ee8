use super::MoveCodes;
use crate::rules::quarto::{Quarto, QuartoCommand, QuartoState};

impl MoveCodes for Quarto {
    fn code(_state: &QuartoState, command: &QuartoCommand) -> String {
        match command {
            QuartoCommand::Place { cell } => cell.name(),
            QuartoCommand::Give { piece } => format!("give {}", piece.code()),
        }
    }

    const FILLERS: &'static [&'static str] = &["place", "on", "at", "the", "piece"];

    const HELP: &'static [&'static str] = &[
        "Place the piece you were given by naming a cell, column a-d then row 1-4: \"c3\".",
        "Give a piece by its four letters (T/S tall/short, D/L dark/light, R/Q round/square, \
         H/F hollow/solid): \"give TDRH\".",
        "Both on one line: \"c3 then give TDRH\".",
    ];
}
