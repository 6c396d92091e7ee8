use crate::present::codes::MoveCodes;
use crate::rules::gype::{Command, Gype, State, hat_path_squares};

impl MoveCodes for Gype {
    fn code(_state: &State, command: &Command) -> String {
        match command {
            Command::Swap { a, b } => {
                let (a, b) = (a.to_string(), b.to_string());
                let (a, b) = if a <= b { (a, b) } else { (b, a) };
                format!("swap {a} {b}")
            }
            Command::Confirm => "done".into(),
            Command::Step { from, to } => format!("move {from} {to}"),
            Command::Jump { from, to } => format!("jump {from} {to}"),
            Command::Hat { from, to, path } => match hat_path_squares(*from, *to, *path) {
                Some([p, q]) => format!("hat {from} {to} via {p} {q}"),
                None => format!("hat {from} {to}"),
            },
            Command::EndMove => "end".into(),
            Command::Roll { at } => format!("roll {at}"),
        }
    }

    const FILLERS: &'static [&'static str] = &["from", "to", "with", "and", "the", "die", "on"];

    /// The two squares of a swap are a pair, written in either order.
    fn canonical(words: &mut [String]) {
        for i in 0..words.len() {
            if words[i] == "swap" && i + 2 < words.len() && words[i + 1] > words[i + 2] {
                words.swap(i + 1, i + 2);
            }
        }
    }

    const HELP: &'static [&'static str] = &["gype-codes-1", "gype-codes-2", "gype-codes-3"];
}
