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
use crate::rules::azul::{Awaiting, Azul, Phase, PlayerView, View, wild_message};

/// The round, the wild colour and who is to do what: the first line of the text and of the
/// words.
fn heading(board: &Board<'_, Azul>) -> Message {
    let view = board.view;
    let what = match view.awaiting {
        Awaiting::Take => "take",
        Awaiting::PlaceOrPass => "place",
        Awaiting::ChooseBonus { .. } => "bonus",
        Awaiting::Keep { .. } => "keep",
        Awaiting::Nothing => "none",
    };
    match view.phase {
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
    }
}

fn centre_message(view: &View) -> Message {
    Message::new("azul-text-centre")
        .with(
            "tiles",
            tile_words(&view.centre, view.wild, "azul-board-empty"),
        )
        .with("token", view.start_player_token_in_centre)
}

fn covered(player: &PlayerView) -> usize {
    (player.stars.iter().flat_map(|s| &s.spaces))
        .filter(|space| space.tile.is_some())
        .count()
}

/// What the player is doing now, as the messages select on it.
fn now(view: &View, player: &PlayerView) -> &'static str {
    if view.to_act == Some(player.seat) {
        "act"
    } else if player.passed && view.phase == Phase::Place {
        "passed"
    } else {
        "none"
    }
}

/// The position in sentences, for the page's words: the factories, the centre, the supply and
/// every player's score, tiles and covered spaces.
pub fn in_words(board: &Board<'_, Azul>) -> Vec<String> {
    let view = board.view;
    let mut lines = vec![board.say(&heading(board))];
    if view.phase == Phase::Acquire {
        let factories = (view.factories.iter().enumerate()).map(|(i, tiles)| {
            Message::new("azul-words-factory")
                .with(
                    "factory",
                    Message::new("azul-board-factory").with("factory", i + 1),
                )
                .with("tiles", tile_words(tiles, view.wild, "azul-board-empty"))
        });
        lines
            .push(board.say(&Message::new("azul-words-factories").clauses("factories", factories)));
        lines.push(board.say(&centre_message(view)));
    }
    lines.push(
        board.say(
            &Message::new("azul-words-supply")
                .with(
                    "tiles",
                    tile_words(&view.supply, view.wild, "azul-board-empty"),
                )
                .with("bag", view.bag.total)
                .with("tower", view.tower.total),
        ),
    );
    lines.extend(view.players.iter().map(|player| {
        board.say(
            &Message::new("azul-words-player")
                .text("player", board.name(player.seat))
                .with("score", player.score)
                .with("hand", tile_words(&player.hand, view.wild, "azul-nothing"))
                .with(
                    "corner",
                    tile_words(&player.corner, view.wild, "azul-nothing"),
                )
                .with("covered", covered(player))
                .text("now", now(view, player)),
        )
    }));
    lines
}

pub fn render(board: &Board<'_, Azul>) -> String {
    let view = board.view;
    let mut out = String::new();
    let heading = heading(board);
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
        out.push_str(&board.say(&centre_message(view)));
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
        let line = Message::new("azul-text-player")
            .text("player", board.name(player.seat))
            .with("score", player.score)
            .with("hand", player.hand.total())
            .with("corner", player.corner.total())
            .with("covered", covered(player))
            .text("now", now(view, player));
        out.push_str(&board.say(&line));
        out.push('\n');
    }
    out
}
