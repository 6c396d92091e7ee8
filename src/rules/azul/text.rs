//! English sentences for the history page, emails and buttons.

use super::board::{self, BoardSide, Space};
use super::commands::{Command, Source};
use super::events::Event;
use super::legal::{source_name, tiles_word};
use super::state::{Pending, State};
use super::tiles::{Colour, Tiles, describe_tiles};

fn name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Player {}", seat + 1))
}

fn list(tiles: &[Colour]) -> String {
    describe_tiles(&Tiles::from(tiles.to_vec()))
}

fn points(n: i64) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

fn wild_name(round: u8) -> &'static str {
    Colour::wild_of_round(round).map_or("none", Colour::name)
}

/// The board side is not in the event; the sentence names stars so that it reads on both sides.
fn star_label(star: u8) -> String {
    match star {
        0 => "the centre star".to_string(),
        n => format!("star {n}"),
    }
}

pub fn describe(event: &Event, names: &[String]) -> String {
    match event {
        Event::RoundStarted {
            round,
            start_player,
        } => format!(
            "Round {round} began ({} is wild); {} starts.",
            wild_name(*round),
            name(names, *start_player)
        ),
        Event::FactoriesFilled { tiles } => {
            let parts: Vec<String> = tiles
                .iter()
                .enumerate()
                .filter(|(_, t)| !t.is_empty())
                .map(|(i, t)| format!("factory {}: {}", i + 1, list(t)))
                .collect();
            format!("The factories were filled ({}).", parts.join("; "))
        }
        Event::SupplyRefilled { tiles } => {
            format!("The supply was refilled with {}.", list(tiles))
        }
        Event::TowerEmptied { tiles } => format!(
            "The bag ran out: the {} tiles of the tower were poured into it.",
            tiles.total()
        ),
        Event::TilesTaken {
            seat,
            source,
            colour,
            taken,
            to_centre,
            start_player_token,
            points_lost,
        } => {
            let chosen = Tiles::of(*colour, taken.count(*colour));
            let mut wild = *taken;
            wild.remove_all(&chosen);
            let mut what = describe_tiles(&chosen);
            if let Some(w) = wild.colours().next() {
                what += &format!(" and 1 {} (wild)", w.name());
            }
            let mut text = format!(
                "{} took {what} from {}",
                name(names, *seat),
                source_name(*source)
            );
            if !to_centre.is_empty() {
                text += &format!(" ({} went to the centre)", describe_tiles(to_centre));
            }
            if *start_player_token {
                text += &format!(
                    " and the start player token, losing {}",
                    points(*points_lost)
                );
            }
            text + "."
        }
        Event::PlacingStarted { start_player } => format!(
            "All tiles are taken; {} places first.",
            name(names, *start_player)
        ),
        Event::TilePlaced {
            seat,
            star,
            space,
            colour,
            wild_count,
            points: scored,
            completed,
            bonus_tiles,
        } => {
            let mut text = format!(
                "{} placed {} on space {space} of {}",
                name(names, *seat),
                colour.name(),
                star_label(*star)
            );
            if *wild_count > 0 {
                text += &format!(" using {wild_count} wild");
            }
            text += &format!(", scoring {}", points(*scored));
            if !completed.is_empty() {
                let done: Vec<String> = completed
                    .iter()
                    .map(|s| s.name(BoardSide::Variant))
                    .collect();
                text += &format!(
                    ", and completed {} (bonus: {})",
                    done.join(" and "),
                    tiles_word(*bonus_tiles)
                );
            }
            text + "."
        }
        Event::BonusTaken { seat, tiles } => format!(
            "{} took {} from the supply as a bonus.",
            name(names, *seat),
            describe_tiles(tiles)
        ),
        Event::Passed { seat } => format!("{} passed.", name(names, *seat)),
        Event::TilesKept {
            seat,
            kept,
            discarded,
            points_lost,
        } => {
            let who = name(names, *seat);
            match (kept.is_empty(), discarded.is_empty()) {
                (true, true) => format!("{who} had no tiles left."),
                (false, true) => format!("{who} kept {}.", describe_tiles(kept)),
                (keep_none, false) => format!(
                    "{who} {}discarded {}, losing {}.",
                    if keep_none {
                        String::new()
                    } else {
                        format!("kept {} and ", describe_tiles(kept))
                    },
                    describe_tiles(discarded),
                    points(*points_lost)
                ),
            }
        }
        Event::FinalScored {
            seat,
            stars,
            numbers,
            points: total,
        } => {
            let mut parts: Vec<String> = stars
                .iter()
                .map(|s| format!("{} full ({})", star_label(s.star), points(s.points)))
                .collect();
            parts.extend(
                numbers
                    .iter()
                    .map(|n| format!("all {}s covered ({})", n.value, points(n.points))),
            );
            if parts.is_empty() {
                format!("{} scored no end-game bonus.", name(names, *seat))
            } else {
                format!(
                    "{} scored {} at the end: {}.",
                    name(names, *seat),
                    points(*total),
                    parts.join(", ")
                )
            }
        }
        Event::SeatResigned {
            seat,
            hand,
            corner,
            bonus_forfeited,
            token_passed_to,
            start_player_passed_to,
        } => {
            let mut parts = Vec::new();
            let mut returned = *hand;
            returned.add_all(corner);
            if !returned.is_empty() {
                parts.push(format!("{} went to the tower", describe_tiles(&returned)));
            }
            if *bonus_forfeited > 0 {
                parts.push(format!(
                    "the {} owed as a bonus stayed in the supply",
                    tiles_word(*bonus_forfeited)
                ));
            }
            if let Some(to) = token_passed_to {
                parts.push(format!(
                    "{} took over the start player token",
                    name(names, *to)
                ));
            } else if let Some(to) = start_player_passed_to {
                parts.push(format!("{} took over as start player", name(names, *to)));
            }
            let mut text = format!("{} left the game", name(names, *seat));
            match parts.len() {
                0 => {}
                1 => text += &format!(": {}", parts[0]),
                n => {
                    text += &format!(": {} and {}", parts[..n - 1].join(", "), parts[n - 1]);
                }
            }
            text + "."
        }
        Event::RoundOver {
            round,
            next_start_player,
        } => format!(
            "Nobody still playing has tiles to place: round {round} is over, and {} starts round {}.",
            name(names, *next_start_player),
            round + 1
        ),
        Event::GameEnded { winners, scores } => {
            let who: Vec<String> = winners.iter().map(|&s| name(names, s)).collect();
            let best = winners.first().and_then(|&s| scores.get(s)).copied();
            let with = best
                .map(|b| format!(" with {}", points(b)))
                .unwrap_or_default();
            match who.len() {
                1 => format!("Game over: {} won{with}.", who[0]),
                _ => format!("Game over: {} share the victory{with}.", who.join(" and ")),
            }
        }
    }
}

pub fn command_label(state: &State, command: &Command) -> String {
    let side = state.options.board;
    match command {
        Command::Take { source, colour } => {
            let from = match source {
                Source::Centre => "the centre".to_string(),
                Source::Factory(n) => format!("factory {n}"),
            };
            if Some(*colour) == state.wild() {
                format!("Take one {} (wild) from {from}", colour.name())
            } else {
                format!("Take {} from {from}", colour.name())
            }
        }
        Command::Place {
            star,
            space,
            colour,
            wild_count,
        } => {
            let cost = board::value(side, Space::new(*star, *space)).unwrap_or(0);
            let mut text = format!(
                "Place {} on {} space {space} (costs {cost})",
                colour.name(),
                board::star_name(side, *star).trim_start_matches("the ")
            );
            if *wild_count > 0 {
                text += &format!(" with {wild_count} wild");
            }
            text
        }
        Command::ChooseBonus { tiles } => format!("Take {} as bonus", describe_tiles(tiles)),
        Command::Pass if state.pending == Some(Pending::NextRound) => {
            format!("Start round {}", state.round + 1)
        }
        Command::Pass => "Pass".to_string(),
        Command::Keep { tiles } if tiles.is_empty() => "Keep nothing".to_string(),
        Command::Keep { tiles } => format!("Keep {}", describe_tiles(tiles)),
    }
}
