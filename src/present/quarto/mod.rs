//! Quarto on a page: the 4×4 board as a table whose pieces are drawn (inline SVG) and described in
//! words, the piece waiting to be placed, and the pool of pieces still to give. Both commands are
//! one step each: a "Place on c2" button in every empty square, or a "Give the … piece" button
//! under every piece of the pool.

mod codes;
mod guide;

use askama::Template;

use super::guide::Guide;
use super::{Board, GameUi};
use crate::i18n::Lang;
use crate::present::form::FormFields;
use crate::rules::Message;
use crate::rules::quarto::{
    Action, CellView, PieceView, Quarto, QuartoCommand, QuartoOptions, QuartoView, Trait,
    shared_traits_message,
};

#[derive(Template)]
#[template(path = "quarto/options.html")]
struct OptionsFields {
    lang: Lang,
}

/// A piece as drawn: its picture and its words.
struct PieceHtml {
    /// "tall dark round hollow".
    label: String,
    /// Inline SVG (with its own text alternative).
    svg: String,
}

struct CellHtml {
    name: String,
    piece: Option<PieceHtml>,
    last: bool,
    winning: bool,
    /// The "Place on c2" form, when the viewer must place now.
    place: Option<String>,
}

struct RowHtml {
    number: usize,
    cells: Vec<CellHtml>,
}

struct PoolPiece {
    piece: PieceHtml,
    /// The "Give the … piece" form, when the viewer must give now.
    give: Option<String>,
}

struct ToPlace {
    piece: PieceHtml,
    placer: String,
}

#[derive(Template)]
#[template(path = "quarto/board.html")]
struct BoardHtml {
    lang: Lang,
    rows: Vec<RowHtml>,
    columns: [char; 4],
    /// What happens now, in one sentence.
    instruction: String,
    your_move: bool,
    to_place: Option<ToPlace>,
    pool: Vec<PoolPiece>,
    giving: bool,
    last: Option<String>,
    finished: bool,
    placements: usize,
    advanced: bool,
}

const COLUMNS: [char; 4] = ['a', 'b', 'c', 'd'];

/// The piece drawn from the side: a cylinder or a box, tall or short, dark or light wood, with a
/// hole in its top when hollow. The words are in its `<title>` and `aria-label` too.
pub(in crate::present) fn piece_svg(piece: &PieceView, title: &str) -> String {
    let has = |t: Trait| piece.traits.contains(&t);
    let (fill, side, hole) = if has(Trait::Dark) {
        ("#5a3821", "#3f2614", "#1c1008")
    } else {
        ("#f2d7a3", "#d4b077", "#a67c45")
    };
    let stroke = "#2e1d10";
    let top = if has(Trait::Tall) { 9.0 } else { 31.0 };
    let bottom = 57.0;
    let mut shapes = String::new();
    if has(Trait::Round) {
        shapes.push_str(&format!(
            r#"<path d="M8 {top} L8 {bottom} A16 5 0 0 0 40 {bottom} L40 {top} Z" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/><path d="M30 {t2} L30 {b2}" stroke="{side}" stroke-width="5" opacity="0.55"/><ellipse cx="24" cy="{top}" rx="16" ry="5" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#,
            t2 = top + 4.0,
            b2 = bottom + 3.0,
        ));
        if has(Trait::Hollow) {
            shapes.push_str(&format!(
                r#"<ellipse cx="24" cy="{top}" rx="8" ry="2.6" fill="{hole}" stroke="{stroke}" stroke-width="1"/>"#
            ));
        }
    } else {
        let front_top = top + 6.0;
        shapes.push_str(&format!(
            r#"<rect x="6" y="{front_top}" width="29" height="{h}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/><polygon points="35,{front_top} 42,{top2} 42,{side_bottom} 35,{bottom}" fill="{side}" stroke="{stroke}" stroke-width="1.5"/><polygon points="6,{front_top} 35,{front_top} 42,{top2} 13,{top2}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>"#,
            h = bottom - front_top,
            top2 = front_top - 6.0,
            side_bottom = bottom - 6.0,
        ));
        if has(Trait::Hollow) {
            shapes.push_str(&format!(
                r#"<ellipse cx="24" cy="{cy}" rx="8" ry="2.2" fill="{hole}" stroke="{stroke}" stroke-width="1"/>"#,
                cy = front_top - 3.0,
            ));
        }
    }
    // The same escaping the templates apply.
    let Ok(title) = askama::filters::escape(title, askama::filters::Html);
    format!(
        r#"<svg class="piece-svg" viewBox="0 0 48 64" width="48" height="64" role="img" aria-label="{title}"><title>{title}</title><g stroke-linejoin="round">{shapes}</g></svg>"#,
    )
}
/// "tall dark round hollow", in the board's language.
fn piece_words(board: &Board<'_, Quarto>, piece: &PieceView) -> String {
    board.say(&piece.piece.traits_in("quarto-piece-words"))
}

fn piece_html(board: &Board<'_, Quarto>, piece: &PieceView) -> PieceHtml {
    let label = piece_words(board, piece);
    let title = board.say(&Message::new("quarto-piece-title").text("words", &label));
    PieceHtml {
        svg: piece_svg(piece, &title),
        label,
    }
}

fn cell_html(board: &Board<'_, Quarto>, cell: &CellView) -> CellHtml {
    let place = board.actions.and_then(|actions| {
        let choice = actions.find(&QuartoCommand::Place { cell: cell.cell })?;
        // The button shows the square; its name says the piece too.
        let name = match &board.view.piece_to_place {
            Some(to_place) => board.say(
                &Message::new("quarto-board-place-named")
                    .text("action", &choice.label)
                    .with("piece", to_place.piece.piece.message()),
            ),
            None => choice.label.clone(),
        };
        Some(actions.named_form(choice, name))
    });
    CellHtml {
        name: cell.name.clone(),
        piece: cell.piece.as_ref().map(|piece| piece_html(board, piece)),
        last: cell.last_placed,
        winning: cell.winning,
        place,
    }
}

fn rows(board: &Board<'_, Quarto>) -> Vec<RowHtml> {
    board
        .view
        .cells
        .chunks(4)
        .enumerate()
        .map(|(row, cells)| RowHtml {
            number: row + 1,
            cells: cells.iter().map(|cell| cell_html(board, cell)).collect(),
        })
        .collect()
}

/// Who must do what now, in words, addressed to the viewer when it is their turn.
fn instruction(board: &Board<'_, Quarto>) -> String {
    let view = board.view;
    if view.finished {
        return describe_result(board).unwrap_or_default();
    }
    let Some(seat) = view.to_act else {
        return board.t("quarto-board-not-started");
    };
    let other = 1 - seat.min(1);
    let you = board.me == Some(seat);
    let message = match (view.action, &view.piece_to_place) {
        (Some(Action::Place), Some(to_place)) => Message::new(if you {
            "quarto-board-you-place"
        } else {
            "quarto-board-they-place"
        })
        .with("piece", to_place.piece.piece.message()),
        _ => Message::new(if you {
            "quarto-board-you-give"
        } else {
            "quarto-board-they-give"
        }),
    };
    // Names as the board writes them, "(you)" included: "Ann is choosing a piece for Bo (you)".
    board.say(
        &message
            .text("player", board.name(seat))
            .text("other", board.name(other)),
    )
}

fn describe_result(board: &Board<'_, Quarto>) -> Option<String> {
    let view = board.view;
    if !view.finished {
        return None;
    }
    if view.draw {
        return Some(board.t("quarto-board-draw"));
    }
    let seat = view.winner?;
    let groups = view
        .winning_groups
        .iter()
        .map(|group| shared_traits_message(&group.cells, &group.shared));
    Some(
        board.say(
            &Message::new("quarto-board-won")
                .seat("player", seat)
                .list("groups", groups),
        ),
    )
}

fn last_move(board: &Board<'_, Quarto>, view: &QuartoView) -> Option<String> {
    let last = view.last_placement.as_ref()?;
    Some(
        board.say(
            &Message::new("quarto-board-last-move")
                .seat("player", last.seat)
                .with("piece", last.piece.piece.message())
                .text("cell", &last.cell_name),
        ),
    )
}

impl GameUi for Quarto {
    fn guide() -> &'static Guide {
        &guide::GUIDE
    }

    fn options_fields(lang: Lang) -> Result<String, askama::Error> {
        OptionsFields { lang }.render()
    }

    fn options_from_form(form: &FormFields) -> Result<QuartoOptions, Message> {
        let advanced = match form.get("advanced").map(str::trim) {
            None | Some("" | "off") => false,
            Some("on") => true,
            Some(_) => return Err(Message::new("quarto-form-advanced")),
        };
        Ok(QuartoOptions { advanced })
    }

    fn describe_options(options: &QuartoOptions) -> Vec<Message> {
        vec![Message::new(if options.advanced {
            "quarto-option-advanced"
        } else {
            "quarto-option-standard"
        })]
    }

    fn board(board: &Board<'_, Quarto>) -> Result<String, askama::Error> {
        let view = board.view;
        let giving = view.action == Some(Action::Give) && board.actions.is_some();
        let pool = view
            .available
            .iter()
            .map(|piece| PoolPiece {
                piece: piece_html(board, piece),
                give: board.actions.and_then(|actions| {
                    let choice = actions.find(&QuartoCommand::Give { piece: piece.piece })?;
                    Some(actions.form(choice))
                }),
            })
            .collect();
        BoardHtml {
            lang: board.lang,
            rows: rows(board),
            columns: COLUMNS,
            instruction: instruction(board),
            your_move: board.actions.is_some(),
            to_place: view.piece_to_place.as_ref().map(|p| ToPlace {
                piece: piece_html(board, &p.piece),
                placer: board.name(p.placer),
            }),
            pool,
            giving,
            last: last_move(board, view),
            finished: view.finished,
            placements: view.placements,
            advanced: view.advanced,
        }
        .render()
    }

    fn in_words(board: &Board<'_, Quarto>) -> Vec<String> {
        let view = board.view;
        let (placed, empty): (Vec<&CellView>, Vec<&CellView>) =
            view.cells.iter().partition(|cell| cell.piece.is_some());
        let counts = (placed.len(), empty.len());
        let placed = placed.iter().filter_map(|cell| {
            let piece = cell.piece.as_ref()?;
            Some(
                Message::new("quarto-words-piece-on")
                    .text("cell", &cell.name)
                    .with("piece", piece.piece.traits_in("quarto-piece-words")),
            )
        });
        let empty = (empty.iter()).map(|cell| Message::new("list").text("items", &cell.name));
        vec![
            board.say(
                &Message::new("quarto-words-placed")
                    .with("count", counts.0)
                    .clauses("pieces", placed),
            ),
            board.say(
                &Message::new("quarto-words-empty")
                    .with("count", counts.1)
                    .commas("squares", empty),
            ),
            board.say(&Message::new("quarto-words-to-give").with("count", view.available.len())),
            instruction(board),
        ]
    }

    fn text_board(board: &Board<'_, Quarto>) -> String {
        let view = board.view;
        let mut text = String::from("      a     b     c     d\n");
        for (row, cells) in view.cells.chunks(4).enumerate() {
            let line: Vec<String> = cells
                .iter()
                .map(|cell| match &cell.piece {
                    Some(piece) if cell.last_placed => format!("{}*", piece.piece.code()),
                    Some(piece) => format!("{} ", piece.piece.code()),
                    None => " .   ".into(),
                })
                .collect();
            text.push_str(&format!("{}  {}\n", row + 1, line.join(" ").trim_end()));
        }
        text.push_str(&board.say(
            &Message::new("quarto-text-legend").with("marked", view.last_placement.is_some()),
        ));
        text.push('\n');
        if let Some(to_place) = &view.piece_to_place {
            text.push_str(
                &board.say(
                    &Message::new("quarto-text-to-place")
                        .with("piece", to_place.piece.piece.message())
                        .text("code", to_place.piece.piece.code())
                        .text("player", board.name(to_place.placer)),
                ),
            );
            text.push('\n');
        }
        text.push_str(&instruction(board));
        text.push('\n');
        text
    }
}

/// The cell a command names, for tests.
#[cfg(test)]
fn cell(name: &str) -> crate::rules::quarto::Cell {
    let bytes = name.as_bytes();
    let column = usize::from(bytes[0] - b'a');
    let row = usize::from(bytes[1] - b'1');
    crate::rules::quarto::Cell::at(row, column).unwrap()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::present::{Actions, Choice};
    use crate::rules::quarto::{Cell, Piece, QuartoEvent};
    use crate::rules::{Rules, Viewer, fold};

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Bo".into()]
    }

    fn state_after(events: &[QuartoEvent]) -> crate::rules::quarto::QuartoState {
        fold::<Quarto>(&QuartoOptions::default(), 2, events)
    }

    fn actions_for(state: &crate::rules::quarto::QuartoState, seat: usize) -> Actions {
        Actions {
            game_id: "g".into(),
            seq: 9,
            csrf: "t".into(),
            choices: Quarto::legal_commands(state, seat)
                .into_iter()
                .map(|command| Choice {
                    label: crate::i18n::Lang::En.say(&Quarto::command_label(state, &command), &[]),
                    command: serde_json::to_value(&command).unwrap(),
                })
                .collect(),
        }
    }

    fn render(state: &crate::rules::quarto::QuartoState, me: Option<usize>) -> (String, String) {
        let view = Quarto::view(state, Viewer::Spectator);
        let names = names();
        let query = BTreeMap::new();
        let actions = me.map(|seat| actions_for(state, seat));
        let board = Board::<Quarto> {
            view: &view,
            path: "/games/g",
            query: &query,
            names: &names,
            me,
            actions: actions.as_ref().filter(|a| !a.choices.is_empty()),
            lang: crate::i18n::Lang::En,
        };
        (Quarto::board(&board).unwrap(), Quarto::text_board(&board))
    }

    fn words(state: &crate::rules::quarto::QuartoState, me: usize) -> Vec<String> {
        let view = Quarto::view(state, Viewer::Seat(me));
        let names = names();
        let query = BTreeMap::new();
        Quarto::in_words(&Board::<Quarto> {
            view: &view,
            path: "/games/g",
            query: &query,
            names: &names,
            me: Some(me),
            actions: None,
            lang: crate::i18n::Lang::En,
        })
    }

    fn piece(number: u8) -> Piece {
        Piece::new(number).unwrap()
    }

    #[test]
    fn the_giver_gets_one_give_button_per_piece_and_the_other_player_none() {
        let state = state_after(&[QuartoEvent::FirstGiverChosen { seat: 0 }]);
        let (html, _) = render(&state, Some(0));
        assert_eq!(html.matches("<form").count(), 16, "{html}");
        assert!(html.contains("Give the tall dark round hollow piece"));
        assert!(html.contains("Your turn: choose the piece Bo must place"));
        let (html, _) = render(&state, Some(1));
        assert_eq!(html.matches("<form").count(), 0);
        assert!(html.contains("Ann (you) is choosing") || html.contains("Ann is choosing"));
    }

    #[test]
    fn the_placer_gets_a_place_button_in_every_empty_square_and_sees_the_piece_in_words() {
        let state = state_after(&[
            QuartoEvent::FirstGiverChosen { seat: 0 },
            QuartoEvent::PieceGiven {
                seat: 0,
                piece: piece(0),
            },
            QuartoEvent::PiecePlaced {
                seat: 1,
                piece: piece(0),
                cell: cell("c2"),
            },
            QuartoEvent::PieceGiven {
                seat: 1,
                piece: piece(9),
            },
        ]);
        let (html, text) = render(&state, Some(0));
        assert_eq!(html.matches("<form").count(), 15, "{html}");
        assert!(html.contains("Place on a1"));
        assert!(!html.contains("Place on c2"));
        assert!(html.contains("short light square solid"), "{html}");
        assert!(html.contains("tall light square hollow"), "{html}");
        assert!(text.contains("SLQF*"), "{text}");
        assert!(
            text.contains("To place: the tall light square hollow piece (TLQH), by Ann (you)"),
            "{text}"
        );
        let words = words(&state, 0);
        assert_eq!(
            words[0], "On the board: c2, short light square solid.",
            "{words:?}"
        );
        assert!(
            words[1].starts_with("Empty squares: a1, b1, c1, d1, a2, b2, d2,"),
            "{words:?}"
        );
        assert_eq!(words[2], "14 pieces are left to give.", "{words:?}");
        assert!(words[3].contains("tall light square hollow"), "{words:?}");
    }

    #[test]
    fn a_won_board_names_the_winner_and_the_group() {
        let mut events = vec![QuartoEvent::FirstGiverChosen { seat: 0 }];
        // Ann gives, Bo places on row 1: four tall pieces (1, 3, 5, 7).
        let mut giver = 0;
        for (i, number) in [1u8, 3, 5, 7].into_iter().enumerate() {
            events.push(QuartoEvent::PieceGiven {
                seat: giver,
                piece: piece(number),
            });
            events.push(QuartoEvent::PiecePlaced {
                seat: 1 - giver,
                piece: piece(number),
                cell: Cell::at(0, i).unwrap(),
            });
            giver = 1 - giver;
        }
        let state = state_after(&events);
        let groups = crate::rules::quarto::winning_groups(state.board(), false);
        let winner = state.last_placement().unwrap().seat;
        let state = Quarto::evolve(
            state,
            &QuartoEvent::GameWon {
                seat: winner,
                groups,
            },
        );
        let (html, text) = render(&state, None);
        assert!(html.contains("completed row 1 (all tall"), "{html}");
        assert!(html.contains("class=\"cell winning"), "{html}");
        assert!(text.contains("completed row 1"), "{text}");
        assert_eq!(html.matches("<form").count(), 0);
    }

    #[test]
    fn the_advanced_option_reads_from_the_form_and_refuses_nonsense() {
        let read =
            |body: &str| Quarto::options_from_form(&FormFields::parse(body.as_bytes()).unwrap());
        assert_eq!(read(""), Ok(QuartoOptions { advanced: false }));
        assert_eq!(read("advanced=on"), Ok(QuartoOptions { advanced: true }));
        assert!(read("advanced=yes%20please").is_err());
        assert!(
            Quarto::describe_options(&QuartoOptions { advanced: true })[0]
                .to_string()
                .contains("2×2 block")
        );
    }

    #[test]
    fn every_piece_is_drawn_differently_and_labelled() {
        let drawings: std::collections::BTreeSet<String> = Piece::all()
            .map(|p| piece_svg(&PieceView::of(p), ""))
            .collect();
        assert_eq!(drawings.len(), 16);
        assert!(
            piece_svg(&PieceView::of(Piece::all().next().unwrap()), "a <b>")
                .contains("<title>a &#60;b&#62;</title>")
        );
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let events = Quarto::setup(&QuartoOptions::default(), 2, &mut rng);
        let (html, _) = render(&state_after(&events), None);
        assert_eq!(html.matches("<svg").count(), 16, "the whole pool is drawn");
        for p in Piece::all() {
            assert!(
                html.contains(&format!("<title>{} piece</title>", p.describe())),
                "{html}"
            );
        }
    }
}
