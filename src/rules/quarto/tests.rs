use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::*;
use crate::rules::playout::{checked_playout, random_playout};
use crate::rules::{Rules, Status, Viewer, fold};

/// The longest game: give, (place, give) × 15, place.
const MAX_COMMANDS: usize = 32;

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn options(advanced: bool) -> QuartoOptions {
    QuartoOptions { advanced }
}

fn names() -> Vec<String> {
    vec!["Alice".to_owned(), "Bob".to_owned()]
}

fn piece(number: u8) -> Piece {
    Piece::new(number).expect("a piece number from 0 to 15")
}

/// "c2" → the cell in column c (3rd), row 2, worked out here independently of `Cell::name`.
fn cell(name: &str) -> Cell {
    let bytes = name.as_bytes();
    assert_eq!(bytes.len(), 2, "cell name {name}");
    let column = usize::from(bytes[0] - b'a');
    let row = usize::from(bytes[1] - b'1');
    Cell::new((row * 4 + column) as u8).expect("a cell on the board")
}

fn give(piece_number: u8) -> QuartoCommand {
    QuartoCommand::Give {
        piece: piece(piece_number),
    }
}

fn place(name: &str) -> QuartoCommand {
    QuartoCommand::Place { cell: cell(name) }
}

/// A game in progress: seat 0 gave first, the players then took turns placing `placed` (cell name,
/// piece number) in that order, and whoever placed last must give next.
fn position(advanced: bool, placed: &[(&str, u8)]) -> QuartoState {
    let mut events = vec![QuartoEvent::FirstGiverChosen { seat: 0 }];
    let mut giver = 0;
    for &(name, number) in placed {
        let placer = 1 - giver;
        events.push(QuartoEvent::PieceGiven {
            seat: giver,
            piece: piece(number),
        });
        events.push(QuartoEvent::PiecePlaced {
            seat: placer,
            piece: piece(number),
            cell: cell(name),
        });
        giver = placer;
    }
    fold::<Quarto>(&options(advanced), 2, &events)
}

/// Submits a command that must be accepted; returns the new state and the events.
fn play(
    state: &QuartoState,
    seat: Seat,
    command: QuartoCommand,
) -> (QuartoState, Vec<QuartoEvent>) {
    let events = Quarto::decide(state, seat, &command, &mut rng(0))
        .unwrap_or_else(|e| panic!("seat {seat} {command:?} refused: {e}"));
    let state = events.iter().fold(state.clone(), Quarto::evolve);
    (state, events)
}

fn refusal(state: &QuartoState, seat: Seat, command: QuartoCommand) -> String {
    match Quarto::decide(state, seat, &command, &mut rng(0)) {
        Ok(events) => panic!("seat {seat} {command:?} accepted: {events:?}"),
        Err(error) => error.to_string(),
    }
}

fn to_act(state: &QuartoState) -> Seat {
    match Quarto::status(state) {
        Status::ToAct { seats } if seats.len() == 1 => seats[0],
        status => panic!("expected one seat to act, got {status:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Pieces and traits

/// Whether four pieces agree on some attribute, asked attribute by attribute through their words.
fn agree_on_an_attribute(pieces: &[Piece]) -> bool {
    (0..4).any(|attribute| {
        pieces
            .iter()
            .all(|p| p.traits()[attribute] == pieces[0].traits()[attribute])
    })
}

#[test]
fn of_the_1820_four_piece_sets_536_share_a_trait() {
    let mut sets = 0;
    let mut sharing = 0;
    for a in 0..16 {
        for b in a + 1..16 {
            for c in b + 1..16 {
                for d in c + 1..16 {
                    let four = [piece(a), piece(b), piece(c), piece(d)];
                    sets += 1;
                    if share_a_trait(&four) {
                        sharing += 1;
                    }
                    assert_eq!(
                        share_a_trait(&four),
                        agree_on_an_attribute(&four),
                        "{four:?}"
                    );
                }
            }
        }
    }
    assert_eq!((sets, sharing), (1820, 536));
}

#[test]
fn pieces_are_numbered_by_their_attribute_bits_and_described_in_words() {
    assert_eq!(describe_piece(piece(0)), "short light square solid");
    assert_eq!(describe_piece(piece(15)), "tall dark round hollow");
    assert_eq!(describe_piece(piece(1)), "tall light square solid");
    assert_eq!(describe_piece(piece(2)), "short dark square solid");
    assert_eq!(describe_piece(piece(4)), "short light round solid");
    assert_eq!(describe_piece(piece(8)), "short light square hollow");
    let labels: std::collections::HashSet<String> = Piece::all().map(describe_piece).collect();
    assert_eq!(labels.len(), 16, "every piece reads differently");
    assert_eq!(Piece::new(16), None);
}

#[test]
fn shared_traits_lists_every_common_trait_in_attribute_order() {
    // 1, 3, 5, 7 are all tall, and none is hollow.
    let four = [piece(1), piece(3), piece(5), piece(7)];
    assert_eq!(shared_traits(&four), vec![Trait::Tall, Trait::Solid]);
    // 0, 15, 3, 12 differ in every attribute.
    assert_eq!(
        shared_traits(&[piece(0), piece(15), piece(3), piece(12)]),
        vec![]
    );
}

#[test]
fn cells_are_named_by_column_letter_and_row_number() {
    assert_eq!(describe_cell(Cell::new(0).unwrap()), "a1");
    assert_eq!(describe_cell(Cell::new(6).unwrap()), "c2");
    assert_eq!(Cell::new(6).unwrap().label(), "row 2, column 3");
    assert_eq!(describe_cell(Cell::new(15).unwrap()), "d4");
    for c in Cell::all() {
        assert_eq!(cell(&c.name()), c);
    }
    assert_eq!(Cell::new(16), None);
}

// ---------------------------------------------------------------------------------------------
// Winning groups

/// All 19 groups written out by hand: 4 rows, 4 columns, 2 diagonals, then the 9 blocks.
const HAND_MADE_GROUPS: [(&str, [&str; 4], bool); 19] = [
    ("row 1", ["a1", "b1", "c1", "d1"], false),
    ("row 2", ["a2", "b2", "c2", "d2"], false),
    ("row 3", ["a3", "b3", "c3", "d3"], false),
    ("row 4", ["a4", "b4", "c4", "d4"], false),
    ("column a", ["a1", "a2", "a3", "a4"], false),
    ("column b", ["b1", "b2", "b3", "b4"], false),
    ("column c", ["c1", "c2", "c3", "c4"], false),
    ("column d", ["d1", "d2", "d3", "d4"], false),
    ("the diagonal a1-d4", ["a1", "b2", "c3", "d4"], false),
    ("the diagonal d1-a4", ["d1", "c2", "b3", "a4"], false),
    ("the block a1-b2", ["a1", "b1", "a2", "b2"], true),
    ("the block b1-c2", ["b1", "c1", "b2", "c2"], true),
    ("the block c1-d2", ["c1", "d1", "c2", "d2"], true),
    ("the block a2-b3", ["a2", "b2", "a3", "b3"], true),
    ("the block b2-c3", ["b2", "c2", "b3", "c3"], true),
    ("the block c2-d3", ["c2", "d2", "c3", "d3"], true),
    ("the block a3-b4", ["a3", "b3", "a4", "b4"], true),
    ("the block b3-c4", ["b3", "c3", "b4", "c4"], true),
    ("the block c3-d4", ["c3", "d3", "c4", "d4"], true),
];

/// Three tall pieces (1, 3, 13) on the first three cells of a group; tall piece 7 is given to the
/// next player, who places it on the fourth. The four share exactly one trait: tall.
fn complete_group(advanced: bool, cells: [&str; 4]) -> (Seat, QuartoState, Vec<QuartoEvent>) {
    let state = position(advanced, &[(cells[0], 1), (cells[1], 3), (cells[2], 13)]);
    let giver = to_act(&state);
    let (state, _) = play(&state, giver, give(7));
    let placer = to_act(&state);
    assert_ne!(placer, giver);
    let (state, events) = play(&state, placer, place(cells[3]));
    (placer, state, events)
}

#[test]
fn each_of_the_19_groups_wins_when_its_rules_count_it() {
    for (name, cells, block) in HAND_MADE_GROUPS {
        for advanced in [false, true] {
            let (placer, state, events) = complete_group(advanced, cells);
            let placed = QuartoEvent::PiecePlaced {
                seat: placer,
                piece: piece(7),
                cell: cell(cells[3]),
            };
            if block && !advanced {
                assert_eq!(
                    events,
                    vec![placed],
                    "{name} is no win without the advanced option"
                );
                assert_eq!(to_act(&state), placer, "after {name} the placer gives next");
                continue;
            }
            let mut group_cells = cells.map(cell);
            group_cells.sort();
            let won = QuartoEvent::GameWon {
                seat: placer,
                groups: vec![WinningGroup {
                    cells: group_cells,
                    shared: vec![Trait::Tall],
                }],
            };
            assert_eq!(events, vec![placed, won], "{name}, advanced {advanced}");
            assert_eq!(group_name(&group_cells), name);
            let outcome = Quarto::status(&state).outcome().cloned();
            assert_eq!(outcome.map(|o| o.winners), Some(vec![placer]), "{name}");
        }
    }
}

#[test]
fn the_engine_has_10_lines_and_9_blocks() {
    assert_eq!(winning_groups_for(false).len(), 10);
    assert_eq!(winning_groups_for(true).len(), 19);
    for (group, (name, cells, _)) in GROUPS.iter().zip(HAND_MADE_GROUPS) {
        let mut hand_made = cells.map(cell);
        hand_made.sort();
        assert_eq!((group.name, group.cells), (name, hand_made));
    }
}

#[test]
fn a_full_line_without_a_shared_trait_does_not_win() {
    // 0, 15, 3 and 12 differ in every attribute.
    let state = position(false, &[("a1", 0), ("b1", 15), ("c1", 3)]);
    let (state, _) = play(&state, to_act(&state), give(12));
    let placer = to_act(&state);
    let (state, events) = play(&state, placer, place("d1"));
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(state.action(), Some(Action::Give));
    assert_eq!(to_act(&state), placer);
}

#[test]
fn the_placer_wins_not_the_player_who_chose_the_piece() {
    let (placer, state, _) = complete_group(false, ["a2", "b2", "c2", "d2"]);
    let outcome = Quarto::status(&state).outcome().cloned().expect("finished");
    assert_eq!(outcome.winners, vec![placer]);
    let mut scores = vec![0, 0];
    scores[placer] = 1;
    assert_eq!(outcome.scores, scores);
    assert!(!outcome.is_draw());
    assert_eq!(state.last_placement().map(|p| p.seat), Some(placer));
}

#[test]
fn one_placement_completing_a_row_and_a_column_reports_both() {
    // Row 1 will hold 3, 1, 5, 9 (all tall); column a 3, 2, 6, 10 (all dark).
    let state = position(
        false,
        &[
            ("b1", 1),
            ("a2", 2),
            ("c1", 5),
            ("a3", 6),
            ("d1", 9),
            ("a4", 10),
        ],
    );
    let (state, _) = play(&state, to_act(&state), give(3));
    let placer = to_act(&state);
    let (state, events) = play(&state, placer, place("a1"));
    let groups = vec![
        WinningGroup {
            cells: ["a1", "b1", "c1", "d1"].map(cell),
            shared: vec![Trait::Tall],
        },
        WinningGroup {
            cells: ["a1", "a2", "a3", "a4"].map(cell),
            shared: vec![Trait::Dark],
        },
    ];
    assert_eq!(
        events[1],
        QuartoEvent::GameWon {
            seat: placer,
            groups
        }
    );
    assert_eq!(
        crate::i18n::Lang::En.say(&Quarto::describe(&events[1]), &names()),
        format!(
            "{} won the game with row 1 (all tall) and column a (all dark).",
            names()[placer]
        )
    );
    let view = Quarto::view(&state, Viewer::Spectator);
    let winning: Vec<String> = view
        .cells
        .iter()
        .filter(|c| c.winning)
        .map(|c| c.name.clone())
        .collect();
    assert_eq!(winning, ["a1", "b1", "c1", "d1", "a2", "a3", "a4"]);
    assert_eq!(view.winning_groups[0].name, "row 1");
    assert_eq!(view.winning_groups[1].shared, vec![Trait::Dark]);
}

/// Plays a whole game from setup, seat 0 giving first, the pieces of `board` (row by row) placed on
/// a1, b1, … d4 in that order. Returns the final state and the events of the last placement.
fn play_board_in_order(advanced: bool, board: [[u8; 4]; 4]) -> (QuartoState, Vec<QuartoEvent>) {
    let mut state = fold::<Quarto>(
        &options(advanced),
        2,
        &[QuartoEvent::FirstGiverChosen { seat: 0 }],
    );
    let mut last = Vec::new();
    for (index, number) in board.as_flattened().iter().enumerate() {
        assert!(
            Quarto::status(&state).outcome().is_none(),
            "the game ended early"
        );
        (state, _) = play(&state, to_act(&state), give(*number));
        let target = Cell::new(index as u8).unwrap();
        (state, last) = play(
            &state,
            to_act(&state),
            QuartoCommand::Place { cell: target },
        );
    }
    (state, last)
}

/// No line and no 2×2 block of this board shares a trait.
const DRAWN_BOARD: [[u8; 4]; 4] = [[15, 6, 0, 9], [2, 12, 7, 10], [4, 13, 1, 11], [8, 3, 14, 5]];

#[test]
fn a_full_board_without_a_winning_group_is_a_draw() {
    for advanced in [false, true] {
        let (state, last) = play_board_in_order(advanced, DRAWN_BOARD);
        assert_eq!(last.last(), Some(&QuartoEvent::GameDrawn));
        let outcome = Quarto::status(&state).outcome().cloned().expect("finished");
        assert!(outcome.is_draw());
        assert_eq!(outcome.winners, vec![0, 1]);
        assert_eq!(outcome.scores, vec![0, 0]);
        let view = Quarto::view(&state, Viewer::Everyone);
        assert!(view.finished && view.draw && view.winner.is_none());
        assert_eq!(view.placements, 16);
        assert!(view.available.is_empty() && view.piece_to_place.is_none());
        assert_eq!(Quarto::legal_commands(&state, 0), vec![]);
        assert_eq!(Quarto::legal_commands(&state, 1), vec![]);
    }
}

#[test]
fn a_win_with_the_sixteenth_piece_is_a_win_not_a_draw() {
    // Only row 4 (4, 2, 8, 10: all short) shares a trait; d4 is filled last.
    let board = [[6, 1, 15, 12], [3, 14, 5, 7], [9, 11, 13, 0], [4, 2, 8, 10]];
    let (state, last) = play_board_in_order(false, board);
    let placer = state.last_placement().unwrap().seat;
    assert_eq!(
        last[1..],
        [QuartoEvent::GameWon {
            seat: placer,
            groups: vec![WinningGroup {
                cells: ["a4", "b4", "c4", "d4"].map(cell),
                shared: vec![Trait::Short],
            }],
        }]
    );
}

// ---------------------------------------------------------------------------------------------
// Turns, refusals and legality

#[test]
fn setup_draws_the_first_giver_at_random() {
    let mut givers = [0; 2];
    for seed in 0..64 {
        let events = Quarto::setup(&options(false), 2, &mut rng(seed));
        let [QuartoEvent::FirstGiverChosen { seat }] = events[..] else {
            panic!("unexpected setup {events:?}");
        };
        givers[seat] += 1;
        let state = fold::<Quarto>(&options(false), 2, &events);
        assert_eq!(Quarto::status(&state), Status::ToAct { seats: vec![seat] });
        assert_eq!(state.action(), Some(Action::Give));
        assert_eq!(Quarto::legal_commands(&state, seat).len(), 16);
        assert_eq!(Quarto::legal_commands(&state, 1 - seat), vec![]);
    }
    assert!(givers[0] > 10 && givers[1] > 10, "{givers:?}");
}

#[test]
fn giving_hands_the_piece_to_the_other_player_who_then_places_and_gives() {
    let state = position(false, &[]);
    let (state, events) = play(&state, 0, give(13));
    assert_eq!(
        events,
        vec![QuartoEvent::PieceGiven {
            seat: 0,
            piece: piece(13)
        }]
    );
    assert_eq!(Quarto::status(&state), Status::ToAct { seats: vec![1] });
    assert_eq!(state.action(), Some(Action::Place));
    assert_eq!(state.piece_to_place(), Some(piece(13)));
    assert_eq!(Quarto::legal_commands(&state, 1).len(), 16);

    let (state, events) = play(&state, 1, place("c2"));
    assert_eq!(
        events,
        vec![QuartoEvent::PiecePlaced {
            seat: 1,
            piece: piece(13),
            cell: cell("c2")
        }]
    );
    assert_eq!(Quarto::status(&state), Status::ToAct { seats: vec![1] });
    assert_eq!(state.action(), Some(Action::Give));
    assert_eq!(state.board()[6], Some(piece(13)));
    assert_eq!(Quarto::legal_commands(&state, 1).len(), 15);
}

#[test]
fn refusals_explain_in_words() {
    let state = position(false, &[("b3", 15)]);
    // Seat 1 placed last, so seat 1 gives now.
    assert_eq!(
        refusal(&state, 0, give(2)),
        "It is not your turn: the other player is choosing a piece to give you."
    );
    assert_eq!(
        refusal(&state, 1, give(15)),
        "You cannot give the tall dark round hollow piece: it is already on b3."
    );
    assert_eq!(
        refusal(&state, 1, place("a1")),
        "You have no piece to place: first give the other player a piece."
    );
    let (given, _) = play(&state, 1, give(0));
    assert_eq!(
        refusal(&given, 1, place("a1")),
        "It is not your turn: the other player must place the piece you gave."
    );
    assert_eq!(
        refusal(&given, 0, give(3)),
        "You must first place the short light square solid piece you were given."
    );
    assert_eq!(
        refusal(&given, 0, place("b3")),
        "Cell b3 is already taken by the tall dark round hollow piece."
    );
    assert_eq!(
        refusal(&Quarto::initial_state(&options(false), 2), 0, give(0)),
        "The game has not started yet."
    );
    let (_, finished, _) = complete_group(false, ["a1", "b1", "c1", "d1"]);
    assert_eq!(refusal(&finished, 0, give(0)), "The game is over.");
    assert_eq!(refusal(&finished, 1, place("a4")), "The game is over.");
}

/// Every give of every piece and every place on every cell.
fn every_command() -> Vec<QuartoCommand> {
    Piece::all()
        .map(|piece| QuartoCommand::Give { piece })
        .chain(Cell::all().map(|cell| QuartoCommand::Place { cell }))
        .collect()
}

#[test]
fn decide_accepts_exactly_the_legal_commands_in_every_phase() {
    let (_, won, _) = complete_group(false, ["a1", "b1", "c1", "d1"]);
    let before_setup = Quarto::initial_state(&options(false), 2);
    let giving = position(false, &[("a1", 0), ("d4", 15)]);
    let (placing, _) = play(&giving, 0, give(5));
    for state in [before_setup, giving, placing, won] {
        for seat in 0..2 {
            let legal = Quarto::legal_commands(&state, seat);
            for command in every_command() {
                let accepted = Quarto::decide(&state, seat, &command, &mut rng(1)).is_ok();
                assert_eq!(
                    accepted,
                    legal.contains(&command),
                    "seat {seat} {command:?} in {state:?}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Random playouts

/// Wins found independently of the engine's group table: lines by coordinates, blocks by their
/// top-left corner, sharing by comparing words attribute by attribute.
fn independent_wins(board: &Board, advanced: bool) -> Vec<Vec<usize>> {
    let at = |row: usize, column: usize| row * 4 + column;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..4 {
        groups.push((0..4).map(|j| at(i, j)).collect());
        groups.push((0..4).map(|j| at(j, i)).collect());
    }
    groups.push((0..4).map(|i| at(i, i)).collect());
    groups.push((0..4).map(|i| at(i, 3 - i)).collect());
    if advanced {
        for row in 0..3 {
            for column in 0..3 {
                groups.push(vec![
                    at(row, column),
                    at(row, column + 1),
                    at(row + 1, column),
                    at(row + 1, column + 1),
                ]);
            }
        }
    }
    groups
        .into_iter()
        .filter(|group| {
            let pieces: Option<Vec<Piece>> = group.iter().map(|&c| board[c]).collect();
            pieces.is_some_and(|pieces| agree_on_an_attribute(&pieces))
        })
        .map(|mut group| {
            group.sort();
            group
        })
        .collect()
}

/// Everything that holds in every reachable state.
fn invariant(state: &QuartoState) -> Result<(), String> {
    for p in Piece::all() {
        let on_board = state.board().iter().filter(|&&c| c == Some(p)).count();
        let in_pool = usize::from(state.available().contains(&p));
        let in_hand = usize::from(state.piece_to_place() == Some(p));
        if on_board + in_pool + in_hand != 1 {
            return Err(format!("{p} is in {} places", on_board + in_pool + in_hand));
        }
    }
    let placements = state.placements();
    if placements > 16 {
        return Err(format!("{placements} placements"));
    }
    let mut wins = independent_wins(state.board(), state.options().advanced);
    wins.sort();
    let full = placements == 16;
    match (Quarto::status(state), state.result()) {
        (Status::ToAct { seats }, None) => {
            if !wins.is_empty() {
                return Err(format!(
                    "a winning group {wins:?} is on the board but play goes on"
                ));
            }
            if full {
                return Err("the board is full but play goes on".into());
            }
            let action = state.action().ok_or("nobody to act")?;
            if seats.len() != 1 || (action == Action::Place) != state.piece_to_place().is_some() {
                return Err(format!("seats {seats:?} with action {action:?}"));
            }
        }
        (Status::Finished { outcome }, Some(GameResult::Won { seat, groups })) => {
            let mut reported: Vec<Vec<usize>> = groups
                .iter()
                .map(|g| g.cells.iter().map(|c| c.index()).collect())
                .collect();
            reported.sort();
            if wins.is_empty() || reported != wins {
                return Err(format!("won with {reported:?} but the board has {wins:?}"));
            }
            let last = state.last_placement().map(|p| p.seat);
            if outcome.winners != vec![*seat] || last != Some(*seat) {
                return Err(format!(
                    "winners {:?}, last placer {last:?}",
                    outcome.winners
                ));
            }
        }
        (Status::Finished { outcome }, Some(GameResult::Drawn)) => {
            if !wins.is_empty() || !full || !outcome.is_draw() {
                return Err(format!("draw with {wins:?} on a board of {placements}"));
            }
        }
        (status, result) => return Err(format!("status {status:?} with result {result:?}")),
    }
    Ok(())
}

#[test]
fn checked_playouts_in_both_modes() {
    for advanced in [false, true] {
        let mut rng = rng(u64::from(advanced));
        for game in 0..1000 {
            let playout = checked_playout::<Quarto>(
                &options(advanced),
                2,
                &mut rng,
                MAX_COMMANDS,
                |_, _| every_command(),
                invariant,
            )
            .unwrap_or_else(|e| panic!("advanced {advanced}, game {game}: {e}"));
            assert!(Quarto::status(&playout.state).outcome().is_some());
        }
    }
}

#[test]
fn thousands_of_random_games_end_within_16_placements_and_keep_their_invariants() {
    for advanced in [false, true] {
        let mut rng = rng(100 + u64::from(advanced));
        let (mut wins, mut draws, mut first_givers) = ([0; 2], 0, [0; 2]);
        for game in 0..5000 {
            let playout = random_playout::<Quarto>(&options(advanced), 2, &mut rng, MAX_COMMANDS)
                .unwrap_or_else(|e| panic!("advanced {advanced}, game {game}: {e}"));
            // Check the state after each command: the end of a game follows its placement.
            let mut state = Quarto::initial_state(&options(advanced), 2);
            for (index, event) in playout.events.iter().enumerate() {
                state = Quarto::evolve(state, event);
                let next = playout.events.get(index + 1);
                if !matches!(
                    next,
                    Some(QuartoEvent::GameWon { .. } | QuartoEvent::GameDrawn)
                ) {
                    invariant(&state)
                        .map_err(|e| format!("game {game}: {e}"))
                        .unwrap();
                }
            }
            assert_eq!(state, playout.state);
            let placed = playout
                .events
                .iter()
                .filter(|e| matches!(e, QuartoEvent::PiecePlaced { .. }))
                .count();
            assert!(placed <= 16 && playout.commands <= MAX_COMMANDS);
            if let QuartoEvent::FirstGiverChosen { seat } = playout.events[0] {
                first_givers[seat] += 1;
            }
            let outcome = Quarto::status(&state).outcome().cloned().expect("finished");
            if outcome.is_draw() {
                assert_eq!(placed, 16);
                draws += 1;
            } else {
                wins[outcome.winners[0]] += 1;
            }
        }
        assert!(
            wins[0] > 100 && wins[1] > 100,
            "advanced {advanced}: wins {wins:?}"
        );
        assert!(first_givers[0] > 100 && first_givers[1] > 100);
        if !advanced {
            assert!(draws > 0, "random standard games sometimes fill the board");
        }
    }
}

/// The 8 rotations and reflections of the board preserve lines and blocks; permuting and
/// complementing the attributes preserves sharing. So they preserve how many groups win.
#[test]
fn board_symmetries_and_piece_relabelings_keep_the_winning_groups() {
    let mut rng = rng(7);
    for _ in 0..2000 {
        let mut numbers: Vec<u8> = (0..16).collect();
        rand::seq::SliceRandom::shuffle(&mut numbers[..], &mut rng);
        let filled = rng.random_range(4..=16);
        let mut board: Board = [None; 16];
        for (index, number) in numbers.iter().take(filled).enumerate() {
            board[(index * 7 + filled) % 16] = Some(piece(*number));
        }
        let symmetry = rng.random_range(0..8);
        let mut order = [0, 1, 2, 3];
        rand::seq::SliceRandom::shuffle(&mut order[..], &mut rng);
        let mask: u8 = rng.random_range(0..16);
        let relabel = |p: Piece| {
            let bits = (0..4).fold(0, |acc, i| acc | (((p.number() >> i) & 1) << order[i]));
            piece(bits ^ mask)
        };
        let mut mapped: Board = [None; 16];
        for c in Cell::all() {
            let (r, k) = (c.row(), c.column());
            let (r, k) = if symmetry & 4 != 0 { (k, r) } else { (r, k) };
            let r = if symmetry & 2 != 0 { 3 - r } else { r };
            let k = if symmetry & 1 != 0 { 3 - k } else { k };
            mapped[r * 4 + k] = board[c.index()].map(relabel);
        }
        for advanced in [false, true] {
            assert_eq!(
                winning_groups(&board, advanced).len(),
                winning_groups(&mapped, advanced).len(),
                "{board:?} vs {mapped:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Serde shapes, totality, view and text

#[test]
fn commands_events_and_options_have_stable_json() {
    let shapes = [
        (
            serde_json::to_value(give(13)).unwrap(),
            json!({"type": "give", "piece": 13}),
        ),
        (
            serde_json::to_value(place("c2")).unwrap(),
            json!({"type": "place", "cell": 6}),
        ),
        (
            serde_json::to_value(QuartoEvent::FirstGiverChosen { seat: 1 }).unwrap(),
            json!({"type": "first_giver_chosen", "seat": 1}),
        ),
        (
            serde_json::to_value(QuartoEvent::PieceGiven {
                seat: 0,
                piece: piece(5),
            })
            .unwrap(),
            json!({"type": "piece_given", "seat": 0, "piece": 5}),
        ),
        (
            serde_json::to_value(QuartoEvent::PiecePlaced {
                seat: 1,
                piece: piece(5),
                cell: cell("d4"),
            })
            .unwrap(),
            json!({"type": "piece_placed", "seat": 1, "piece": 5, "cell": 15}),
        ),
        (
            serde_json::to_value(QuartoEvent::GameWon {
                seat: 1,
                groups: vec![WinningGroup {
                    cells: ["a2", "b2", "c2", "d2"].map(cell),
                    shared: vec![Trait::Dark, Trait::Hollow],
                }],
            })
            .unwrap(),
            json!({"type": "game_won", "seat": 1,
                   "groups": [{"cells": [4, 5, 6, 7], "shared": ["dark", "hollow"]}]}),
        ),
        (
            serde_json::to_value(QuartoEvent::GameDrawn).unwrap(),
            json!({"type": "game_drawn"}),
        ),
        (
            serde_json::to_value(options(true)).unwrap(),
            json!({"advanced": true}),
        ),
    ];
    for (actual, expected) in shapes {
        assert_eq!(actual, expected);
    }
    let default: QuartoOptions = serde_json::from_value(json!({})).unwrap();
    assert_eq!(default, QuartoOptions { advanced: false });
    let bad_piece = serde_json::from_value::<QuartoCommand>(json!({"type": "give", "piece": 16}));
    assert!(
        bad_piece
            .unwrap_err()
            .to_string()
            .contains("there is no piece 16")
    );
    let bad_cell = serde_json::from_value::<QuartoCommand>(json!({"type": "place", "cell": 16}));
    assert!(
        bad_cell
            .unwrap_err()
            .to_string()
            .contains("there is no cell 16")
    );
}

#[test]
fn evolve_applies_odd_events_without_panicking() {
    let state = position(false, &[("a1", 0)]);
    let odd = [
        QuartoEvent::PieceGiven {
            seat: 9,
            piece: piece(0),
        },
        QuartoEvent::PieceGiven {
            seat: usize::MAX,
            piece: piece(4),
        },
        QuartoEvent::PiecePlaced {
            seat: 9,
            piece: piece(3),
            cell: cell("a1"),
        },
        QuartoEvent::GameWon {
            seat: 9,
            groups: vec![],
        },
        QuartoEvent::FirstGiverChosen { seat: usize::MAX },
        QuartoEvent::GameDrawn,
    ];
    let state = odd.iter().fold(state, Quarto::evolve);
    let _ = Quarto::status(&state);
    let _ = Quarto::view(&state, Viewer::Spectator);
    for event in &odd {
        let _ = crate::i18n::Lang::En.say(&Quarto::describe(event), &[]);
    }
}

#[test]
fn the_view_holds_everything_a_page_draws() {
    let state = position(true, &[("a1", 0), ("d4", 15)]);
    // Seat 0 placed d4 last, so seat 0 gives.
    let (state, _) = play(&state, 0, give(6));
    for viewer in [
        Viewer::Seat(0),
        Viewer::Seat(1),
        Viewer::Spectator,
        Viewer::Everyone,
    ] {
        let view = Quarto::view(&state, viewer);
        assert!(view.advanced);
        assert_eq!(view.cells.len(), 16);
        assert_eq!(
            view.cells[0].piece.as_ref().map(|p| p.label.as_str()),
            Some("short light square solid")
        );
        assert_eq!(
            view.cells[15].piece.as_ref().map(|p| p.piece),
            Some(piece(15))
        );
        assert_eq!(view.cells.iter().filter(|c| c.piece.is_some()).count(), 2);
        assert_eq!(
            (view.cells[6].name.as_str(), view.cells[6].label.as_str()),
            ("c2", "row 2, column 3")
        );
        assert!(view.cells[15].last_placed && !view.cells[0].last_placed);
        assert_eq!(view.available.len(), 13);
        assert!(
            view.available
                .iter()
                .all(|p| ![0, 6, 15].contains(&p.piece.number()))
        );
        let waiting = view.piece_to_place.as_ref().expect("a piece in hand");
        assert_eq!((waiting.piece.piece, waiting.placer), (piece(6), 1));
        assert_eq!(
            waiting.piece.traits,
            [Trait::Short, Trait::Dark, Trait::Round, Trait::Solid]
        );
        assert_eq!((view.to_act, view.action), (Some(1), Some(Action::Place)));
        let last = view.last_placement.as_ref().expect("a last placement");
        assert_eq!((last.seat, last.cell_name.as_str()), (0, "d4"));
        assert_eq!(view.placements, 2);
        assert!(
            !view.finished && !view.draw && view.winner.is_none() && view.winning_groups.is_empty()
        );
        let json = serde_json::to_value(&view).unwrap();
        assert_eq!(serde_json::from_value::<QuartoView>(json).unwrap(), view);
    }
}

#[test]
fn the_view_of_a_won_game_shows_the_winning_block_and_its_traits() {
    let (placer, state, _) = complete_group(true, ["b2", "c2", "b3", "c3"]);
    let view = Quarto::view(&state, Viewer::Everyone);
    assert!(view.finished && !view.draw);
    assert_eq!(
        (view.winner, view.to_act, view.action),
        (Some(placer), None, None)
    );
    assert_eq!(view.winning_groups.len(), 1);
    assert_eq!(view.winning_groups[0].name, "the block b2-c3");
    assert_eq!(view.winning_groups[0].shared, vec![Trait::Tall]);
    let winning: Vec<&str> = view
        .cells
        .iter()
        .filter(|c| c.winning)
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(winning, ["b2", "c2", "b3", "c3"]);
}

#[test]
fn events_and_commands_read_as_sentences() {
    let names = names();
    let lines = [
        (
            QuartoEvent::FirstGiverChosen { seat: 1 },
            "Bob was drawn to give the first piece.",
        ),
        (
            QuartoEvent::PieceGiven {
                seat: 1,
                piece: piece(15),
            },
            "Bob gave Alice the tall dark round hollow piece to place.",
        ),
        (
            QuartoEvent::PiecePlaced {
                seat: 0,
                piece: piece(15),
                cell: cell("b3"),
            },
            "Alice placed the tall dark round hollow piece on b3.",
        ),
        (
            QuartoEvent::GameWon {
                seat: 0,
                groups: vec![WinningGroup {
                    cells: ["a1", "b2", "c3", "d4"].map(cell),
                    shared: vec![Trait::Tall, Trait::Dark, Trait::Solid],
                }],
            },
            "Alice won the game with the diagonal a1-d4 (all tall, dark and solid).",
        ),
        (
            QuartoEvent::GameDrawn,
            "The board is full with no winning group: the game is a draw.",
        ),
    ];
    for (event, line) in lines {
        assert_eq!(
            crate::i18n::Lang::En.say(&Quarto::describe(&event), &names),
            line
        );
        assert_eq!(Quarto::redact(&event, Viewer::Spectator), event);
    }
    let state = position(false, &[]);
    assert_eq!(
        crate::i18n::Lang::En.say(&Quarto::command_label(&state, &give(9)), &[]),
        "Give the tall light square hollow piece"
    );
    assert_eq!(
        crate::i18n::Lang::En.say(&Quarto::command_label(&state, &place("c2")), &[]),
        "Place on c2"
    );
}

#[test]
fn quarto_is_for_exactly_two_players() {
    assert_eq!(Quarto::player_counts(&options(true)), 2..=2);
    assert!(Quarto::validate_options(&options(false), 2).is_ok());
    assert!(Quarto::validate_options(&options(true), 2).is_ok());
    for players in [0, 1, 3] {
        let error = Quarto::validate_options(&options(false), players).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("Quarto is played by exactly 2 players, not {players}.")
        );
    }
    assert_eq!(QuartoOptions::default(), options(false));
    assert_eq!(
        (Quarto::KIND, crate::i18n::Lang::En.t(Quarto::NAME).as_str()),
        ("quarto", "Quarto")
    );
}
