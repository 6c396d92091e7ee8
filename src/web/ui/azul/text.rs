//! The position in a few lines of plain text, for emails.
//!
//! ```text
//! Round 2 of 6, green is wild: taking tiles. Bo to act.
//! Factories:
//!   1 [RRBG]  2 [OOYP]  3 [----]
//!   4 [BBBB]  5 [GRYY]  6 [PPRY]
//!   7 [BGGO]
//! Centre: 2 red, 1 blue and the start player token
//! Supply: PGGORRRBBY; bag 84, tower 6
//! Ann (you): 12 points, hand 3, corner 0, 5 of 42 spaces covered
//! Bo: 9 points, hand 0, corner 1, 3 of 42 spaces covered - to act
//! ```

use super::super::Board;
use super::steps::tile_letters;
use super::tile_words;
use crate::rules::azul::{Awaiting, Azul, Colour, Phase};
use crate::rules::words::plural;

pub fn render(board: &Board<'_, Azul>) -> String {
    let view = board.view;
    let mut out = String::new();
    let what = match view.awaiting {
        Awaiting::Take => "taking tiles",
        Awaiting::PlaceOrPass => "placing tiles",
        Awaiting::ChooseBonus { .. } => "choosing bonus tiles",
        Awaiting::Keep { .. } => "choosing tiles to keep",
        Awaiting::Nothing => "",
    };
    match view.phase {
        Phase::Ended => out.push_str("The game is over.\n"),
        Phase::Setup => out.push_str("The game is being set up.\n"),
        Phase::Acquire | Phase::Place => {
            let wild = view.wild.map_or("no colour", Colour::name);
            let who = view
                .to_act
                .map(|s| format!(" {} to act.", board.name(s)))
                .unwrap_or_default();
            out.push_str(&format!(
                "Round {} of 6, {wild} is wild: {what}.{who}\n",
                view.round
            ));
        }
    }
    if view.phase == Phase::Acquire {
        let factories: Vec<String> = view
            .factories
            .iter()
            .enumerate()
            .map(|(i, tiles)| {
                let letters = tile_letters(tiles);
                format!("{} [{letters:-<4}]", i + 1)
            })
            .collect();
        // Three to a line, so that the columns fit a phone's mail reader.
        out.push_str("Factories:\n");
        for row in factories.chunks(3) {
            out.push_str(&format!("  {}\n", row.join("  ")));
        }
        let mut centre = tile_words(&view.centre, view.wild).replace("no tiles", "empty");
        if view.start_player_token_in_centre {
            centre += " and the start player token";
        }
        out.push_str(&format!("Centre: {centre}\n"));
    }
    let supply = tile_letters(&view.supply);
    out.push_str(&format!(
        "Supply: {}; bag {}, tower {}\n",
        if supply.is_empty() { "empty" } else { &supply },
        view.bag.total,
        view.tower.total
    ));
    for player in &view.players {
        let covered = player
            .stars
            .iter()
            .flat_map(|s| &s.spaces)
            .filter(|sp| sp.tile.is_some())
            .count();
        let mut line = format!(
            "{}: {}, hand {}, corner {}, {covered} of 42 spaces covered",
            board.name(player.seat),
            plural(player.score.max(0) as usize, "point", "points"),
            player.hand.total(),
            player.corner.total(),
        );
        if view.to_act == Some(player.seat) {
            line += " - to act";
        } else if player.passed && view.phase == Phase::Place {
            line += " - passed";
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}
