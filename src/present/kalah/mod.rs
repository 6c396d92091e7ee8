mod codes;
mod guide;

use askama::Template;

use super::guide::Guide;
use super::{Actions, Board, Choice, GameUi};
use crate::i18n::Lang;
use crate::present::form::FormFields;
use crate::rules::Message;
use crate::rules::kalah::{Command, EndReason, EndRule, Kalah, Options, Side, SideView};

#[derive(Template)]
#[template(path = "kalah/options.html")]
struct OptionsFields {
    lang: Lang,
}

struct Pit {
    number: usize,
    seeds: u32,
    last: bool,
    sow: Option<String>,
}

struct Row {
    side: String,
    owner: String,
    store: u32,
    /// Pits in the order they are drawn, left to right.
    pits: Vec<Pit>,
    to_move: bool,
    can_sow: bool,
}

#[derive(Template)]
#[template(path = "kalah/board.html")]
struct BoardHtml {
    lang: Lang,
    top: Row,
    bottom: Row,
    swap: Option<String>,
    last: Option<String>,
    swapped: Option<String>,
    end: Option<String>,
    seeds_in_play: u32,
}

fn side_message(side: Side) -> Message {
    Message::new(match side {
        Side::South => "kalah-south",
        Side::North => "kalah-north",
    })
}

fn side_name(board: &Board<'_, Kalah>, side: Side) -> String {
    board.say(&side_message(side))
}

fn row(board: &Board<'_, Kalah>, side: &SideView, reversed: bool) -> Row {
    let view = board.view;
    let last = view
        .last_sowing
        .as_ref()
        .filter(|s| s.side == side.side)
        .map(|s| s.pit as usize);
    let mut pits: Vec<Pit> = side
        .pits
        .iter()
        .enumerate()
        .map(|(i, &seeds)| Pit {
            number: i + 1,
            seeds,
            last: last == Some(i),
            sow: board
                .actions
                .filter(|_| view.to_move == Some(side.seat))
                .and_then(|actions| {
                    let choice = actions.find(&Command::Sow { pit: i as u8 })?;
                    Some(actions.form(choice))
                }),
        })
        .collect();
    if reversed {
        pits.reverse();
    }
    Row {
        can_sow: pits.iter().any(|pit| pit.sow.is_some()),
        side: side_name(board, side.side),
        owner: board.name(side.seat),
        store: side.store,
        pits,
        to_move: view.to_move == Some(side.seat),
    }
}

/// The index of the viewer's own side in `View::sides`; South for spectators.
fn near_side(board: &Board<'_, Kalah>) -> usize {
    match board.me {
        Some(seat) => (board.view.sides.iter())
            .position(|s| s.seat == seat)
            .unwrap_or(0),
        None => 0,
    }
}

/// The far row (drawn right to left) and the near row. The viewer's own row is the near one;
/// spectators see South there.
fn rows(board: &Board<'_, Kalah>) -> (Row, Row) {
    let view = board.view;
    let near = near_side(board);
    (
        row(board, &view.sides[1 - near], true),
        row(board, &view.sides[near], false),
    )
}

fn describe_end(board: &Board<'_, Kalah>) -> Option<String> {
    let end = board.view.end.as_ref()?;
    let reason = Message::new(match end.reason {
        EndReason::NoMove => "kalah-board-end-no-move",
        EndReason::SideEmpty => "kalah-board-end-side-empty",
        EndReason::Majority => "kalah-board-end-majority",
    });
    let swept: u32 = end.swept.iter().sum();
    Some(
        board.say(
            &Message::new("kalah-board-ended")
                .with("reason", reason)
                .with("swept", swept),
        ),
    )
}

fn last_move(board: &Board<'_, Kalah>) -> Option<String> {
    let s = board.view.last_sowing.as_ref()?;
    Some(
        board.say(
            &Message::new("kalah-board-last-move")
                .seat("player", s.seat)
                .with("seeds", s.seeds)
                .with("pit", u32::from(s.pit) + 1)
                .with("side", side_message(s.side))
                .with("captured", s.captured)
                .with("again", s.extra_turn),
        ),
    )
}

fn swapped(board: &Board<'_, Kalah>) -> Option<String> {
    let view = board.view;
    let seat = view.swapped_by?;
    let side = view.sides.iter().find(|s| s.seat == seat)?.side;
    Some(
        board.say(
            &Message::new("kalah-board-swapped")
                .seat("player", seat)
                .with("side", side_message(side)),
        ),
    )
}

/// `[ 4]` cells for a row of pits.
fn text_cells(pits: &[Pit]) -> String {
    pits.iter()
        .map(|pit| format!("[{:>2}]", pit.seeds))
        .collect()
}

fn text_numbers(pits: &[Pit]) -> String {
    pits.iter()
        .map(|pit| format!("  {} ", pit.number))
        .collect()
}

impl GameUi for Kalah {
    fn guide() -> &'static Guide {
        &guide::GUIDE
    }

    fn text_board(board: &Board<'_, Kalah>) -> String {
        let (top, bottom) = rows(board);
        let pad = "       ";
        let stores = board.say(
            &Message::new("kalah-text-stores")
                .text("left", &top.side)
                .with("left_seeds", top.store)
                .text("right", &bottom.side)
                .with("right_seeds", bottom.store),
        );
        format!(
            "{pad}{} — {}\n{pad}{}\n{pad}{}\n  [{:>2}]{}[{:>2}]\n{pad}{}\n{pad}{}\n{pad}{} — {}\n{stores}\n",
            top.side,
            top.owner,
            text_numbers(&top.pits),
            text_cells(&top.pits),
            top.store,
            " ".repeat(top.pits.len() * 4 + 1),
            bottom.store,
            text_cells(&bottom.pits),
            text_numbers(&bottom.pits),
            bottom.side,
            bottom.owner,
        )
    }

    fn in_words(board: &Board<'_, Kalah>) -> Vec<String> {
        let view = board.view;
        let near = near_side(board);
        [&view.sides[near], &view.sides[1 - near]]
            .map(|side| {
                board.say(
                    &Message::new("kalah-words-side")
                        .with("side", side_message(side.side))
                        .text("player", board.name(side.seat))
                        .with("moving", view.to_move == Some(side.seat))
                        .commas(
                            "pits",
                            (side.pits.iter())
                                .map(|&seeds| Message::new("list").with("items", seeds)),
                        )
                        .with("store", side.store),
                )
            })
            .into()
    }

    fn options_fields(lang: Lang) -> Result<String, askama::Error> {
        OptionsFields { lang }.render()
    }

    fn options_from_form(form: &FormFields) -> Result<Options, Message> {
        let seeds_per_pit = form
            .get("seeds_per_pit")
            .unwrap_or("4")
            .trim()
            .parse()
            .map_err(|_| Message::new("kalah-form-seeds"))?;
        let end_rule = match form.get("end_rule").unwrap_or("no_move") {
            "no_move" => EndRule::NoMove,
            "either_side_empty" => EndRule::EitherSideEmpty,
            _ => return Err(Message::new("kalah-form-end-rule")),
        };
        Ok(Options {
            seeds_per_pit,
            pie_rule: form.checked("pie_rule"),
            empty_capture: form.checked("empty_capture"),
            end_rule,
        })
    }

    fn describe_options(options: &Options) -> Vec<Message> {
        vec![
            Message::new("kalah-option-seeds").with("seeds", options.seeds_per_pit),
            Message::new(if options.pie_rule {
                "kalah-option-pie-rule"
            } else {
                "kalah-option-no-pie-rule"
            }),
            Message::new(if options.empty_capture {
                "kalah-option-empty-capture"
            } else {
                "kalah-option-no-empty-capture"
            }),
            Message::new(match options.end_rule {
                EndRule::NoMove => "kalah-option-end-no-move",
                EndRule::EitherSideEmpty => "kalah-option-end-either-side",
            }),
        ]
    }

    fn board(board: &Board<'_, Kalah>) -> Result<String, askama::Error> {
        let view = board.view;
        let (top, bottom) = rows(board);
        let swap = board.actions.and_then(|actions: &Actions| {
            let choice: &Choice = actions.find(&Command::Swap)?;
            Some(actions.form(choice))
        });
        BoardHtml {
            lang: board.lang,
            seeds_in_play: view.sides.iter().flat_map(|s| s.pits.iter()).sum(),
            top,
            bottom,
            swap,
            last: last_move(board),
            swapped: swapped(board),
            end: describe_end(board),
        }
        .render()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::rules::{Rules, Viewer, fold};

    #[test]
    fn the_text_board_shows_every_pit_store_and_player() {
        let options = Options::default();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let state = fold::<Kalah>(&options, 2, &Kalah::setup(&options, 2, &mut rng));
        let view = Kalah::view(&state, Viewer::Seat(1));
        let names = ["Ann".to_string(), "Bo".to_string()];
        let query = BTreeMap::new();
        let text = Kalah::text_board(&Board {
            view: &view,
            path: "/games/x",
            query: &query,
            names: &names,
            me: Some(1),
            actions: None,
            lang: crate::i18n::Lang::En,
        });
        assert_eq!(text.matches("[ 4]").count(), 12, "{text}");
        assert_eq!(text.matches("[ 0]").count(), 2, "{text}");
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].contains("Ann"),
            "the opponent's row is on top: {text}"
        );
        assert!(lines[lines.len() - 2].contains("Bo (you)"), "{text}");
        assert!(lines.last().unwrap().starts_with("Stores:"), "{text}");
    }

    #[test]
    fn the_position_in_words_reads_each_side_pit_by_pit_the_viewers_first() {
        let options = Options::default();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut state = fold::<Kalah>(&options, 2, &Kalah::setup(&options, 2, &mut rng));
        let mover = (Kalah::view(&state, Viewer::Spectator).to_move).expect("someone moves first");
        for event in Kalah::decide(&state, mover, &Command::Sow { pit: 2 }, &mut rng).unwrap() {
            state = Kalah::evolve(state, &event);
        }
        let other = 1 - mover;
        let view = Kalah::view(&state, Viewer::Seat(other));
        let names = ["Ann".to_string(), "Bo".to_string()];
        let query = BTreeMap::new();
        let board = Board {
            view: &view,
            path: "/games/x",
            query: &query,
            names: &names,
            me: Some(other),
            actions: None,
            lang: crate::i18n::Lang::En,
        };
        let words = Kalah::in_words(&board);
        assert_eq!(words.len(), 2, "{words:?}");
        let you = format!("{} (you)", names[other]);
        assert!(
            words[0].contains(&you),
            "the viewer's side first: {words:?}"
        );
        // Sowing pit 3 of 4 seeds reaches the store: one seed there, pits 4 to 6 one more.
        assert!(
            words[1].ends_with("seeds in pits 1 to 6, 4, 4, 0, 5, 5, 5; in the store, 1."),
            "{words:?}"
        );
        assert!(words[1].contains(&names[mover]), "{words:?}");
        let japanese = Kalah::in_words(&Board {
            lang: crate::i18n::Lang::Ja,
            ..board
        });
        assert!(japanese[1].contains("4、4、0、5、5、5"), "{japanese:?}");
    }
}
