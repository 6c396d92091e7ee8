use crate::present::codes::MoveCodes;
use crate::rules::azul::{Azul, Colour, Command, Pending, Source, State, Tiles, star_colour};

impl MoveCodes for Azul {
    fn code(state: &State, command: &Command) -> String {
        match command {
            Command::Take { source, colour } => match source {
                Source::Centre => format!("take centre {}", colour.name()),
                Source::Factory(n) => format!("take {n} {}", colour.name()),
            },
            Command::Place {
                star,
                space,
                colour,
                wild_count,
            } => {
                let star = star_word(state, *star);
                let mut code = format!("place {} {star} {space}", colour.name());
                if *wild_count > 0 {
                    code += &format!(" {wild_count} wild");
                }
                code
            }
            Command::ChooseBonus { tiles } => format!("bonus {}", tile_list(tiles)),
            Command::Pass if state.pending == Some(Pending::NextRound) => "next round".into(),
            Command::Pass => "pass".into(),
            Command::Keep { tiles } if tiles.is_empty() => "keep nothing".into(),
            Command::Keep { tiles } => format!("keep {}", tile_list(tiles)),
        }
    }

    const FILLERS: &'static [&'static str] = &[
        "on", "the", "star", "space", "from", "factory", "tile", "tiles", "with", "of",
    ];

    /// The colours after "keep" or "bonus" are a set: sorted in the order codes list them.
    fn canonical(words: &mut [String]) {
        let mut i = 0;
        while i < words.len() {
            if words[i] == "keep" || words[i] == "bonus" {
                let start = i + 1;
                let end = (start..words.len())
                    .find(|&j| colour_named(&words[j]).is_none())
                    .unwrap_or(words.len());
                words[start..end].sort_by_key(|w| colour_named(w).map(Colour::index));
                i = end;
            } else {
                i += 1;
            }
        }
    }

    const HELP: &'static [&'static str] = &["azul-codes-1", "azul-codes-2", "azul-codes-3"];
}

/// The word for a star: "centre", its colour, or its number on the grey side.
fn star_word(state: &State, star: u8) -> String {
    match (star, star_colour(state.options.board, star)) {
        (0, _) => "centre".into(),
        (_, Some(colour)) => colour.name().into(),
        (_, None) => star.to_string(),
    }
}

/// "green green red": one word a tile, in colour order.
fn tile_list(tiles: &Tiles) -> String {
    tiles
        .to_list()
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(" ")
}

fn colour_named(word: &str) -> Option<Colour> {
    Colour::ALL.into_iter().find(|c| c.name() == word)
}
