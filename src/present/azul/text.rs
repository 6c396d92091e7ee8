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
use crate::rules::Message;
use crate::rules::azul::{Awaiting, Azul, Phase, wild_message};

pub fn render(board: &Board<'_, Azul>) -> String {
    let view = board.view;
    let mut out = String::new();
    let what = match view.awaiting {
        Awaiting::Take => "take",
        Awaiting::PlaceOrPass => "place",
        Awaiting::ChooseBonus { .. } => "bonus",
        Awaiting::Keep { .. } => "keep",
        Awaiting::Nothing => "none",
    };
    let heading = match view.phase {
        Phase::Ended => Message::new("azul-text-over"),
        Phase::Setup => Message::new("azul-board-setting-up"),
        Phase::Acquire | Phase::Place => {
            let wild = wild_message(view.wild);
            let who = view.to_act.map_or_else(String::new, |s| board.name(s));
            Message::new("azul-text-round")
                .with("round", view.round)
                .with("wild", wild)
                .text("doing", what)
                .with("acting", view.to_act.is_some())
                .text("player", who)
        }
    };
    out.push_str(&board.say(&heading));
    out.push('\n');
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
        out.push_str(&board.t("azul-text-factories"));
        out.push('\n');
        for row in factories.chunks(3) {
            out.push_str(&format!("  {}\n", row.join("  ")));
        }
        let centre = Message::new("azul-text-centre")
            .with(
                "tiles",
                tile_words(&view.centre, view.wild, "azul-board-empty"),
            )
            .with("token", view.start_player_token_in_centre);
        out.push_str(&board.say(&centre));
        out.push('\n');
    }
    let supply = tile_letters(&view.supply);
    let supply = Message::new("azul-text-supply")
        .with("stocked", !supply.is_empty())
        .text("letters", supply)
        .with("bag", view.bag.total)
        .with("tower", view.tower.total);
    out.push_str(&board.say(&supply));
    out.push('\n');
    for player in &view.players {
        let covered = player
            .stars
            .iter()
            .flat_map(|s| &s.spaces)
            .filter(|sp| sp.tile.is_some())
            .count();
        let now = if view.to_act == Some(player.seat) {
            "act"
        } else if player.passed && view.phase == Phase::Place {
            "passed"
        } else {
            "none"
        };
        let line = Message::new("azul-text-player")
            .text("player", board.name(player.seat))
            .with("score", player.score)
            .with("hand", player.hand.total())
            .with("corner", player.corner.total())
            .with("covered", covered)
            .text("now", now);
        out.push_str(&board.say(&line));
        out.push('\n');
    }
    out
}
