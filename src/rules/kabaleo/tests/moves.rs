//! Placing pieces: legality, stacking, cancellation, turn order and the end of play.
//! Piles are given by index (pile 1 on the page is index 0). On the two-player table
//! index 0 has a blue base, 1 green, 2 orange, 3 purple, 4 blue, and so on.

use super::*;
use crate::rules::{Status, Viewer};

fn refusal(state: &State, seat: Seat, command: Command) -> String {
    play(state, seat, command).unwrap_err().to_string()
}

fn pile_stack(state: &State, index: usize) -> (Colour, Vec<Colour>) {
    let view = Kabaleo::view(state, Viewer::Spectator);
    let pile = &view.piles[index];
    (pile.base, pile.pieces.clone())
}

#[test]
fn a_piece_on_a_bare_base_of_another_colour_gives_the_pile_its_colour() {
    let table = two_player_table();
    let (events, after) = play(&table, 0, place(0, Orange)).unwrap();
    assert_eq!(
        events,
        vec![Event::PiecePlaced {
            seat: 0,
            pile: 0,
            colour: Orange,
            cancelled: false
        }]
    );
    let view = Kabaleo::view(&after, Viewer::Spectator);
    let pile = &view.piles[0];
    assert_eq!((pile.base, pile.pieces.clone()), (Blue, vec![Orange]));
    assert_eq!((pile.colour, pile.height, pile.bare), (Orange, 2, false));
    assert!(pile.last_played);
    assert_eq!(view.last_pile, Some(0));
    assert_eq!(view.to_move, Some(1));
    assert_eq!(view.seats[0].pieces_left, 11);
    assert_eq!(view.seats[0].hand[2].colour, Orange);
    assert_eq!(view.seats[0].hand[2].count, 2);
}

#[test]
fn a_piece_on_a_bare_base_of_its_own_colour_is_refused() {
    let table = two_player_table();
    assert_eq!(
        refusal(&table, 0, place(0, Blue)),
        "Pile 1 is a bare blue base: a blue piece may not go on it."
    );
    assert!(!Kabaleo::legal_commands(&table, 0).contains(&place(0, Blue)));
}

#[test]
fn a_piece_on_a_piece_of_another_colour_covers_it() {
    let table = play_all(&two_player_table(), &[(0, 0, Orange), (1, 1, Blue)]);
    let (events, after) = play(&table, 0, place(0, Purple)).unwrap();
    assert!(matches!(
        events[..],
        [Event::PiecePlaced {
            cancelled: false,
            ..
        }]
    ));
    assert_eq!(pile_stack(&after, 0), (Blue, vec![Orange, Purple]));
    let view = Kabaleo::view(&after, Viewer::Spectator);
    assert_eq!((view.piles[0].colour, view.piles[0].height), (Purple, 3));
}

#[test]
fn a_piece_on_a_piece_of_its_own_colour_cancels_both_and_exposes_the_one_beneath() {
    let table = play_all(
        &two_player_table(),
        &[(0, 0, Orange), (1, 1, Blue), (0, 0, Purple), (1, 1, Orange)],
    );
    let (events, after) = play(&table, 0, place(0, Purple)).unwrap();
    assert_eq!(
        events,
        vec![Event::PiecePlaced {
            seat: 0,
            pile: 0,
            colour: Purple,
            cancelled: true
        }]
    );
    assert_eq!(pile_stack(&after, 0), (Blue, vec![Orange]));
    let view = Kabaleo::view(&after, Viewer::Spectator);
    assert_eq!(view.piles[0].colour, Orange);
    assert_eq!(view.pieces_removed, 2);
    let purple = view.colours.iter().find(|t| t.colour == Purple).unwrap();
    assert_eq!(purple.removed, 2);
    assert_eq!(view.pieces_placed, 5);
}

#[test]
fn a_cancellation_down_to_the_base_leaves_a_bare_base_of_the_base_colour() {
    let table = play_all(&two_player_table(), &[(0, 0, Orange), (1, 1, Blue)]);
    let (_, after) = play(&table, 0, place(0, Orange)).unwrap();
    assert_eq!(pile_stack(&after, 0), (Blue, vec![]));
    let view = Kabaleo::view(&after, Viewer::Spectator);
    assert_eq!((view.piles[0].colour, view.piles[0].bare), (Blue, true));
    assert_eq!(view.piles[0].height, 1);
}

#[test]
fn the_golden_rule_forbids_the_location_of_the_previous_move_in_any_colour() {
    let table = play_all(&two_player_table(), &[(0, 0, Orange)]);
    for colour in [Blue, Green, Orange, Purple] {
        assert_eq!(
            refusal(&table, 1, place(0, colour)),
            "Pile 1 was played on by the previous move, so nobody may play there now."
        );
    }
    assert!(
        Kabaleo::legal_commands(&table, 1)
            .iter()
            .all(|Command::Place { pile, .. }| *pile != 0)
    );
}

#[test]
fn the_golden_rule_forbids_only_the_immediately_preceding_location() {
    let table = play_all(&two_player_table(), &[(0, 0, Orange), (1, 1, Blue)]);
    // Ann played pile 1 two moves ago and may play it again; Bob's pile 2 is now barred.
    assert!(play(&table, 0, place(0, Purple)).is_ok());
    assert!(play(&table, 0, place(1, Purple)).is_err());
}

#[test]
fn the_golden_rule_also_bars_a_base_just_left_bare_by_a_cancellation() {
    let table = play_all(
        &two_player_table(),
        &[(0, 0, Orange), (1, 1, Blue), (0, 0, Orange)],
    );
    assert_eq!(
        refusal(&table, 1, place(0, Green)),
        "Pile 1 was played on by the previous move, so nobody may play there now."
    );
    // One move later the golden rule lets go, and the bare-base rule applies again.
    let later = play_all(&table, &[(1, 2, Green)]);
    assert!(play(&later, 0, place(0, Green)).is_ok());
    assert_eq!(
        refusal(&later, 0, place(0, Blue)),
        "Pile 1 is a bare blue base: a blue piece may not go on it."
    );
}

#[test]
fn the_first_move_may_go_anywhere_but_on_a_matching_bare_base() {
    let table = two_player_table();
    let legal = Kabaleo::legal_commands(&table, 0);
    // 16 piles × 4 colours, less the 16 matching bare bases.
    assert_eq!(legal.len(), 48);
    let bases = [Blue, Green, Orange, Purple];
    for Command::Place { pile, colour } in &legal {
        assert_ne!(*colour, bases[pile % 4]);
    }
}

#[test]
fn after_a_move_the_next_player_may_play_anywhere_else_under_the_bare_base_rule() {
    let table = play_all(&two_player_table(), &[(0, 0, Orange)]);
    // 15 piles × 4 colours, less the 15 matching bare bases still bare.
    assert_eq!(Kabaleo::legal_commands(&table, 1).len(), 45);
    assert!(Kabaleo::legal_commands(&table, 0).is_empty());
}

#[test]
fn a_player_out_of_turn_is_refused() {
    let table = two_player_table();
    assert_eq!(refusal(&table, 1, place(0, Green)), "It is not your turn.");
    assert_eq!(refusal(&table, 7, place(0, Green)), "It is not your turn.");
    assert!(Kabaleo::legal_commands(&table, 1).is_empty());
}

#[test]
fn a_pile_that_does_not_exist_is_refused_with_page_numbers() {
    assert_eq!(
        refusal(&two_player_table(), 0, place(16, Green)),
        "There is no pile 17: the piles are numbered 1 to 16 (in a command's \"pile\", which \
         counts from 0: 0 to 15)."
    );
}

#[test]
fn a_colour_left_in_the_box_is_refused() {
    assert_eq!(
        refusal(&two_player_table(), 0, place(1, Yellow)),
        "The colour yellow is not in play in this game."
    );
}

#[test]
fn a_colour_the_player_has_run_out_of_is_refused() {
    let table = play_all(
        &two_player_table(),
        &[
            (0, 0, Orange),
            (1, 1, Blue),
            (0, 4, Orange),
            (1, 1, Orange),
            (0, 5, Orange),
            (1, 1, Purple),
        ],
    );
    assert!(play(&table, 0, place(7, Green)).is_ok());
    assert_eq!(
        refusal(&table, 0, place(7, Orange)),
        "You have no orange piece left."
    );
}

#[test]
fn turns_go_round_the_table_from_the_drawn_first_player() {
    let bases: Vec<Colour> = [Blue, Green, Yellow, Orange, Pink].repeat(4);
    let share = hand(&[(Blue, 2), (Green, 2), (Yellow, 2), (Orange, 2), (Pink, 2)]);
    let events = opening(&bases, &vec![share; 3], &[&[Blue], &[Green], &[Pink]], 2);
    let table = fold::<Kabaleo>(&KabaleoOptions::default(), 3, &events);
    assert_eq!(Kabaleo::status(&table).to_act(), &[2]);
    let after = play_all(&table, &[(2, 0, Green), (0, 1, Blue), (1, 2, Blue)]);
    assert_eq!(Kabaleo::status(&after).to_act(), &[2]);
}

#[test]
fn play_ends_when_every_piece_is_placed_each_player_placing_the_same_number() {
    let mut state = two_player_table();
    let mut placed = [0; 2];
    while let Status::ToAct { seats } = Kabaleo::status(&state) {
        let seat = seats[0];
        let command = Kabaleo::legal_commands(&state, seat)[0];
        state = play(&state, seat, command).unwrap().1;
        placed[seat] += 1;
        assert!(placed.iter().sum::<usize>() <= 24, "play went on too long");
    }
    assert_eq!(placed, [12, 12]);
    let view = Kabaleo::view(&state, Viewer::Spectator);
    assert!(view.finished);
    assert_eq!(view.to_move, None);
    assert_eq!(view.pieces_placed, 24);
    assert!(view.seats.iter().all(|s| s.pieces_left == 0));
    for seat in 0..2 {
        assert!(Kabaleo::legal_commands(&state, seat).is_empty());
    }
    assert_eq!(
        refusal(&state, 0, place(1, Blue)),
        "The game is over: every piece has been placed."
    );
}

#[test]
fn labels_and_history_lines_name_piles_from_one_and_say_what_happened() {
    let table = play_all(&two_player_table(), &[(0, 0, Orange), (1, 1, Blue)]);
    assert_eq!(
        crate::i18n::Lang::En.say(&Kabaleo::command_label(&table, &place(2, Purple)), &[]),
        "Place purple on pile 3"
    );
    assert_eq!(
        crate::i18n::Lang::En.say(&Kabaleo::command_label(&table, &place(0, Orange)), &[]),
        "Place orange on pile 1 (cancels its orange top)"
    );
    let names = names(2);
    let (events, _) = play(&table, 0, place(0, Orange)).unwrap();
    assert_eq!(
        crate::i18n::Lang::En.say(&Kabaleo::describe(&events[0]), &names),
        "Ann placed an orange piece on pile 1; it met the orange piece on top and both left the game."
    );
    let (events, _) = play(&table, 0, place(2, Blue)).unwrap();
    assert_eq!(
        crate::i18n::Lang::En.say(&Kabaleo::describe(&events[0]), &names),
        "Ann placed a blue piece on pile 3."
    );
}

#[test]
fn history_lines_for_the_opening() {
    let names = names(2);
    let lines: Vec<String> = two_player_events()
        .iter()
        .map(|e| crate::i18n::Lang::En.say(&Kabaleo::describe(e), &names))
        .collect();
    assert_eq!(
        lines,
        [
            "The board was laid out at random: 16 bases in blue, green, orange and purple.",
            "The pieces were dealt: Ann 3 blue, 3 green, 3 orange and 3 purple; \
             Bob 3 blue, 3 green, 3 orange and 3 purple.",
            "Each player was dealt secret colours (Ann blue and purple; Bob green and orange).",
            "Ann was drawn to play first.",
        ]
    );
}

#[test]
fn evolve_ignores_facts_that_do_not_fit_the_table() {
    let table = two_player_table();
    let odd = [
        Event::PiecePlaced {
            seat: 5,
            pile: 0,
            colour: Blue,
            cancelled: false,
        },
        Event::PiecePlaced {
            seat: 0,
            pile: 99,
            colour: Blue,
            cancelled: true,
        },
        Event::FirstPlayerDrawn { seat: 9 },
        Event::PiecesDealt {
            hands: vec![Hand::new(); 5],
        },
        Event::SecretColoursDealt {
            secrets: vec![None, None, Some(vec![Pink])],
        },
    ];
    let mut state = table.clone();
    for event in &odd[..3] {
        state = Kabaleo::evolve(state, event);
        assert_eq!(state, table);
    }
    // Extra seats in a deal are dropped; the seats that exist take what the fact says.
    let state = odd[3..].iter().fold(table, Kabaleo::evolve);
    assert!(Kabaleo::status(&state).outcome().is_some());
    assert_eq!(state.secrets, vec![vec![Blue, Purple], vec![Green, Orange]]);
    // A placement recorded on an empty hand or as a cancellation on a bare base never panics.
    let odd_cancel = Event::PiecePlaced {
        seat: 0,
        pile: 3,
        colour: Purple,
        cancelled: true,
    };
    let state = Kabaleo::evolve(state, &odd_cancel);
    assert_eq!(pile_stack(&state, 3), (Purple, vec![Purple]));
}
