//! Resignation in games of three or four players: the seat's dice leave the board, the turn
//! passes if it was the seat's, another player's chain goes on without them (or ends by itself),
//! and an arrangement made before the reveal stays secret until the game ends. Then seeded random
//! games where one or two seats resign at random moments and the game still ends.

use rand::RngExt;
use serde_json::json;

use super::invariants::{Transitions, opening, state as state_invariants};
use super::playouts::{MAX_COMMANDS, decides_exactly_the_legal, everything};
use super::*;
use crate::rules::playout::round_trips;
use crate::rules::{Status, Viewer, fold};
use Face::*;

/// Every table of three or four players, from each of its sides.
fn big_tables(options: Options) -> impl Iterator<Item = Table> {
    CONFIGS
        .into_iter()
        .filter(|&(players, _)| players >= 3)
        .map(move |(players, side)| Table::new(players, side, options.clone()))
}

/// The seat `k` places after the table's seat in turn order.
fn seat_after(t: &Table, k: usize) -> Seat {
    (t.seat + k) % t.state.players
}

/// What the seat's dice are, as the event lists them.
fn dice_of(state: &State, seat: Seat) -> Vec<DieAt> {
    state
        .dice_of(seat)
        .map(|(at, die)| DieAt { at, face: die.face })
        .collect()
}

/// `seat` resigns at the table: checks the step and returns the events.
fn resign(t: &mut Table, seat: Seat) -> Vec<Event> {
    let events = Gype::resign(&t.state, seat);
    let after = events.iter().fold(t.state.clone(), Gype::evolve);
    Transitions::default()
        .resignation(&t.state, seat, &events, &after)
        .unwrap_or_else(|e| panic!("{e}: {events:?}"));
    t.state = after;
    events
}

fn resigned(seat: Seat, state: &State) -> Event {
    Event::Resigned {
        seat,
        before_reveal: false,
        dice: Some(dice_of(state, seat)),
    }
}

/// The resigned seat is out: no dice, nothing to do, every command refused as resigned.
fn assert_out(state: &State, seat: Seat) {
    assert!(state.is_resigned(seat));
    assert_eq!(state.dice_of(seat).count(), 0);
    assert!(!Gype::status(state).to_act().contains(&seat));
    assert!(Gype::legal_commands(state, seat).is_empty());
    for command in [
        Command::Confirm,
        Command::EndMove,
        Command::Roll { at: sq(4, 4) },
    ] {
        let error = Gype::decide(state, seat, &command, &mut rng(1)).unwrap_err();
        assert!(error.to_string().contains("resigned"), "{error}");
    }
    let view = Gype::view(state, Viewer::Spectator);
    assert!(view.seats[seat].resigned);
    assert_eq!(view.seats[seat].dice_in_goal, 0);
}

// ---- During play, on one's own turn ----

#[test]
fn resigning_on_ones_own_turn_takes_all_the_dice_off_and_the_next_seat_plays() {
    for mut t in big_tables(Options::default()) {
        t.mine(4, 4, Flame);
        t.mine(2, 0, Book);
        t.mine(3, 9, Tree);
        t.bystanders();
        let before = t.state.clone();
        let seat = t.seat;
        let events = resign(&mut t, seat);
        assert_eq!(
            events,
            vec![
                resigned(t.seat, &before),
                Event::TurnBegan {
                    seat: seat_after(&t, 1),
                    chaos_limit: false
                }
            ]
        );
        assert_eq!(dice_of(&before, t.seat).len(), 3);
        assert_out(&t.state, t.seat);
        for (c, r) in [(4, 4), (2, 0), (3, 9)] {
            assert!(t.state.board.get(t.at(c, r)).is_none(), "freed");
        }
        // From now on the turn goes round the others only.
        let mut turns = Vec::new();
        for _ in 0..2 * (t.state.players - 1) {
            turns.push(t.state.turn);
            let roll = t.legal()[0].clone();
            assert!(matches!(roll, Command::Roll { .. }));
            t.play(roll);
        }
        let others: Vec<Seat> = (1..t.state.players).map(|k| seat_after(&t, k)).collect();
        assert_eq!(turns, [others.clone(), others].concat());
    }
}

#[test]
fn resigning_halfway_through_ones_own_chain_ends_the_move_and_the_rolls_stay() {
    for mut t in big_tables(Options::default()) {
        t.mine(4, 4, Flame);
        t.theirs(4, 5, Book); // A
        t.theirs(5, 6, Book); // B
        t.bystanders();
        let jump = t.play(t.jump((4, 4), (4, 6)));
        let Event::Jumped {
            rolled: Some(face), ..
        } = jump[0]
        else {
            panic!("{jump:?}");
        };
        assert!(t.state.chain.is_some(), "the chain goes on");
        let before = t.state.clone();
        let seat = t.seat;
        let events = resign(&mut t, seat);
        assert_eq!(
            events,
            vec![
                resigned(t.seat, &before),
                Event::TurnBegan {
                    seat: t.other(),
                    chaos_limit: false
                }
            ]
        );
        let Event::Resigned {
            dice: Some(dice), ..
        } = &events[0]
        else {
            panic!()
        };
        assert!(dice.contains(&DieAt {
            at: t.at(4, 6),
            face: Flame
        }));
        assert!(t.state.chain.is_none());
        assert_out(&t.state, t.seat);
        assert_eq!(t.state.board.get(t.at(4, 5)).map(|d| d.face), Some(face));
        assert_eq!(t.state.board.get(t.at(5, 6)).map(|d| d.face), Some(Book));
        assert!(t.state.board.get(t.at(4, 4)).is_none());
        assert!(t.state.board.get(t.at(4, 6)).is_none());
        assert_eq!(Gype::status(&t.state).to_act(), [t.other()]);
    }
}

#[test]
fn the_turn_skips_a_seat_that_resigned_earlier() {
    let mut t = Table::new(4, Side::South, Options::default());
    t.mine(4, 4, Flame);
    t.bystanders();
    assert!(resign(&mut t, 1).len() == 1, "not seat 1's turn");
    let events = resign(&mut t, 0);
    assert_eq!(
        events[1],
        Event::TurnBegan {
            seat: 2,
            chaos_limit: false
        }
    );
    let roll = t.legal()[0].clone();
    let events = t.play(roll);
    assert_eq!(
        events.last(),
        Some(&Event::TurnBegan {
            seat: 3,
            chaos_limit: false
        })
    );
    let roll = t.legal()[0].clone();
    let events = t.play(roll);
    assert_eq!(
        events.last(),
        Some(&Event::TurnBegan {
            seat: 2,
            chaos_limit: false
        })
    );
}

#[test]
fn the_next_seats_chaos_verdict_is_drawn_when_the_turn_passes_to_it() {
    for mut t in big_tables(Options {
        chaos: true,
        ..Options::default()
    }) {
        t.mine(4, 4, Flame);
        t.bystanders();
        let next = t.other();
        let home = t.state.side(next).unwrap().home_squares()[3];
        t.state.board.set(
            home,
            Some(Die {
                owner: next,
                face: Book,
            }),
        );
        let seat = t.seat;
        let events = resign(&mut t, seat);
        assert_eq!(
            events[1],
            Event::TurnBegan {
                seat: next,
                chaos_limit: true
            }
        );
        assert!(t.state.chaos_limit);
    }
}

// ---- During play, on another player's turn ----

#[test]
fn resigning_on_another_players_turn_frees_the_squares_and_leaves_the_turn_alone() {
    for mut t in big_tables(Options::default()) {
        let quitter = seat_after(&t, 2);
        t.mine(4, 4, Book);
        t.put(4, 5, quitter, Tree);
        t.put(6, 6, quitter, Ear);
        t.bystanders();
        assert!(t.is_legal(&t.jump((4, 4), (4, 6))));
        assert!(!t.is_legal(&t.step((4, 4), (4, 5))));
        let before = t.state.clone();
        let events = resign(&mut t, quitter);
        assert_eq!(events, vec![resigned(quitter, &before)]);
        assert_eq!(t.state.turn, t.seat);
        assert_out(&t.state, quitter);
        assert!(t.is_legal(&t.step((4, 4), (4, 5))), "the square is free");
        assert!(!t.is_legal(&t.jump((4, 4), (4, 6))), "nothing to jump");
    }
}

#[test]
fn dice_left_in_a_resigned_start_row_no_longer_block_the_goal_row_opposite() {
    // In a 4-player game North's start row is South's goal row.
    let mut t = Table::new(4, Side::South, Options::default());
    t.mine(4, 8, Book);
    t.put(4, 9, 2, Tree);
    t.bystanders();
    assert!(!t.is_legal(&t.step((4, 8), (4, 9))));
    resign(&mut t, 2);
    let events = t.play(t.step((4, 8), (4, 9)));
    assert!(matches!(events[0], Event::Stepped { .. }));
    assert!(t.state.is_frozen(t.at(4, 9)));
    // North's start row is still closed to everyone but South, whose goal it is.
    assert_eq!(t.state.seat_on(Side::North), Some(2));
}

#[test]
fn another_players_chain_goes_on_without_the_dice_that_left() {
    for mut t in big_tables(Options::default()) {
        let (a, b) = (seat_after(&t, 1), seat_after(&t, 2));
        t.mine(4, 4, Flame);
        t.put(4, 5, a, Book);
        t.put(5, 6, b, Book);
        t.bystanders();
        t.play(t.jump((4, 4), (4, 6)));
        assert_eq!(t.state.chain.as_ref().unwrap().jumped, vec![t.at(4, 5)]);
        assert!(t.is_legal(&t.jump((4, 6), (4, 4))));
        let events = resign(&mut t, a);
        assert_eq!(events.len(), 1, "{events:?}");
        let chain = t.state.chain.clone().expect("the chain goes on");
        assert_eq!(chain.jumped, Vec::<Square>::new(), "the jumped die left");
        assert_eq!(chain.at(), Some(t.at(4, 6)));
        let mut legal = t.legal();
        legal.sort_by_key(|c| format!("{c:?}"));
        assert_eq!(legal.len(), 2, "{legal:?}");
        assert!(legal.contains(&Command::EndMove));
        assert!(legal.contains(&t.jump((4, 6), (6, 6))));
        let events = t.play(t.jump((4, 6), (6, 6)));
        assert!(matches!(
            events[0],
            Event::Jumped {
                rolled: Some(_),
                ..
            }
        ));
    }
}

#[test]
fn when_the_dice_that_left_were_the_only_ones_left_to_jump_the_chain_ends_by_itself() {
    for mut t in big_tables(Options::default()) {
        t.mine(4, 4, Flame);
        t.theirs(4, 5, Book);
        t.bystanders();
        t.play(t.jump((4, 4), (4, 6)));
        assert!(t.is_legal(&t.jump((4, 6), (4, 4))), "it could jump back");
        let quitter = t.other();
        let before = t.state.clone();
        let events = resign(&mut t, quitter);
        assert_eq!(
            events,
            vec![
                resigned(quitter, &before),
                Event::MoveEnded {
                    seat: t.seat,
                    at: t.at(4, 6)
                },
                Event::TurnBegan {
                    seat: seat_after(&t, 2),
                    chaos_limit: false
                }
            ]
        );
        assert!(t.state.chain.is_none());
        assert_eq!(t.state.board.get(t.at(4, 6)).map(|d| d.owner), Some(t.seat));
    }
}

#[test]
fn a_chain_that_a_resignation_ends_in_the_goal_row_with_the_eighth_die_wins() {
    for mut t in big_tables(Options::default()) {
        for c in [1, 2, 3, 4, 6, 7, 8] {
            t.mine(c, 9, Book);
        }
        t.mine(5, 7, Flame);
        t.theirs(5, 8, Tree);
        t.bystanders();
        let events = t.play(t.jump((5, 7), (5, 9)));
        assert_eq!(events.len(), 1, "it could jump back: {events:?}");
        let quitter = t.other();
        let events = resign(&mut t, quitter);
        assert_eq!(
            events[1..],
            [
                Event::MoveEnded {
                    seat: t.seat,
                    at: t.at(5, 9)
                },
                Event::Won { seat: t.seat }
            ]
        );
        let outcome = Gype::status(&t.state).outcome().cloned().expect("over");
        assert_eq!(outcome.winners, vec![t.seat]);
        assert_eq!(outcome.scores[t.seat], 8);
        assert_eq!(outcome.scores[quitter], 0);
    }
}

#[test]
fn a_seat_that_resigned_never_wins_and_scores_nothing() {
    let mut t = Table::new(3, Side::South, Options::default());
    for c in 1..=7 {
        t.mine(c, 9, Book);
    }
    t.mine(8, 8, Book);
    t.put(1, 1, 2, Ear);
    for r in 1..=3 {
        t.put(9, r, 1, Book); // West's goal row is the East row.
    }
    assert_eq!(t.state.dice_in_goal(1), 3);
    resign(&mut t, 1);
    t.play(t.step((8, 8), (8, 9)));
    let outcome = Gype::status(&t.state).outcome().cloned().expect("over");
    assert_eq!(outcome.winners, vec![0]);
    assert_eq!(outcome.scores, vec![8, 0, 0]);
}

#[test]
fn nothing_happens_for_a_seat_that_has_resigned_or_once_the_game_is_over() {
    let mut t = Table::new(4, Side::South, Options::default());
    t.mine(4, 4, Book);
    t.bystanders();
    resign(&mut t, 2);
    assert_eq!(Gype::resign(&t.state, 2), vec![]);
    assert_eq!(Gype::resign(&t.state, 9), vec![]);
    t.state = Gype::evolve(t.state.clone(), &Event::Won { seat: 0 });
    assert_eq!(Gype::resign(&t.state, 1), vec![]);
    // evolve stays calm on a resignation that does not fit.
    let odd = Event::Resigned {
        seat: 9,
        before_reveal: true,
        dice: None,
    };
    assert_eq!(Gype::evolve(t.state.clone(), &odd), t.state);
}

// ---- During the secret arrangement ----

fn started(players: usize, first: Seat, seed: u64) -> State {
    let options = Options::default();
    let mut events = Gype::setup(&options, players, &mut rng(seed));
    if let Event::Started { first_player, .. } = &mut events[0] {
        *first_player = first;
    }
    fold::<Gype>(&options, players, &events)
}

fn act(state: State, seat: Seat, command: Command) -> (State, Vec<Event>) {
    let events = Gype::decide(&state, seat, &command, &mut rng(0)).unwrap();
    (events.iter().fold(state, Gype::evolve), events)
}

fn resign_at(state: State, seat: Seat) -> (State, Vec<Event>) {
    let events = Gype::resign(&state, seat);
    let after = events.iter().fold(state.clone(), Gype::evolve);
    Transitions::default()
        .resignation(&state, seat, &events, &after)
        .unwrap();
    state_invariants(&after).unwrap();
    (after, events)
}

#[test]
fn resigning_while_others_still_arrange_takes_the_row_off_unseen() {
    let state = started(3, 0, 4);
    let row = Side::West.home_squares();
    let (state, _) = act(
        state,
        1,
        Command::Swap {
            a: row[0],
            b: row[7],
        },
    );
    let arranged = dice_of(&state, 1);
    let (state, events) = resign_at(state, 1);
    let event = Event::Resigned {
        seat: 1,
        before_reveal: true,
        dice: Some(arranged),
    };
    assert_eq!(events, vec![event.clone()]);
    assert_out(&state, 1);
    assert_eq!(Gype::status(&state).to_act(), [0, 2]);
    for viewer in [Viewer::Seat(1), Viewer::Everyone] {
        assert_eq!(Gype::redact(&event, viewer), event);
    }
    let hidden = Event::Resigned {
        seat: 1,
        before_reveal: true,
        dice: None,
    };
    for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Spectator] {
        assert_eq!(Gype::redact(&event, viewer), hidden);
    }
    let (state, _) = act(state, 0, Command::Confirm);
    let faces = |s| state.start_row_faces(s);
    let (rows, first) = (vec![faces(0), vec![], faces(2)], 0);
    let (state, events) = act(state.clone(), 2, Command::Confirm);
    assert_eq!(
        events,
        vec![
            Event::Confirmed { seat: 2 },
            Event::Revealed { rows },
            Event::TurnBegan {
                seat: first,
                chaos_limit: false
            }
        ]
    );
    state_invariants(&state).unwrap();
    let sentence = crate::i18n::Lang::En.say(
        &Gype::describe(&events[1]),
        &["Ann".into(), "Ul".into(), "Cy".into()],
    );
    assert!(
        sentence.contains("Ann: ") && sentence.contains("Cy: "),
        "{sentence}"
    );
    assert!(!sentence.contains("Ul"), "{sentence}");
}

#[test]
fn when_the_last_seat_still_arranging_resigns_the_others_are_revealed_and_play_begins() {
    for quitter in 0..4 {
        let mut state = started(4, 0, 5);
        for seat in (0..4).filter(|&s| s != quitter) {
            state = act(state, seat, Command::Confirm).0;
        }
        let rows: Vec<Vec<Face>> = (0..4)
            .map(|s| {
                if s == quitter {
                    vec![]
                } else {
                    state.start_row_faces(s)
                }
            })
            .collect();
        let (state, events) = resign_at(state, quitter);
        let first = if quitter == 0 { 1 } else { 0 };
        assert_eq!(
            events[1..],
            [
                Event::Revealed { rows },
                Event::TurnBegan {
                    seat: first,
                    chaos_limit: false
                }
            ]
        );
        assert_eq!(Gype::status(&state).to_act(), [first]);
        assert_eq!(
            Gype::view(&state, Viewer::Spectator).phase,
            PhaseView::Playing
        );
    }
}

#[test]
fn a_confirmed_seat_may_resign_and_the_others_still_arrange() {
    let state = started(4, 2, 6);
    let (state, _) = act(state, 2, Command::Confirm);
    let (state, events) = resign_at(state, 2);
    assert_eq!(events.len(), 1);
    assert_eq!(Gype::status(&state).to_act(), [0, 1, 3]);
    let mut state = state;
    let mut last = Vec::new();
    for seat in [0, 1, 3] {
        (state, last) = act(state, seat, Command::Confirm);
    }
    assert_eq!(
        last.last(),
        Some(&Event::TurnBegan {
            seat: 3,
            chaos_limit: false
        }),
        "the first player resigned: the next seat still playing begins"
    );
}

/// An arrangement phase where seat 1 of 3 swaps (as `variant` says) and resigns, the others
/// confirm, and then 150 random commands are played. Each step: the state and its events.
fn game_with_a_secret_resignation(variant: usize) -> Vec<(State, Vec<Event>)> {
    let options = Options::default();
    let mut opening = Gype::setup(&options, 3, &mut rng(21));
    if let Event::Started { rows, .. } = &mut opening[0]
        && let Some(Some(row)) = rows.get_mut(1)
    {
        row.rotate_left(variant);
    }
    let mut state = fold::<Gype>(&options, 3, &opening);
    let mut history = vec![(state.clone(), opening)];
    let row = Side::West.home_squares();
    let mut push = |state: &mut State, events: Vec<Event>| {
        *state = events.iter().fold(state.clone(), Gype::evolve);
        history.push((state.clone(), events));
    };
    for (a, b) in [(variant, 3), (5, 6 - variant)] {
        let swap = Command::Swap {
            a: row[a],
            b: row[b],
        };
        let events = Gype::decide(&state, 1, &swap, &mut rng(0)).unwrap();
        push(&mut state, events);
    }
    let resignation = Gype::resign(&state, 1);
    push(&mut state, resignation);
    let mut rng = rng(22);
    for _ in 0..150 {
        let Status::ToAct { seats } = Gype::status(&state) else {
            break;
        };
        let seat = seats[0];
        let legal = Gype::legal_commands(&state, seat);
        let command = legal[rng.random_range(0..legal.len())].clone();
        let events = Gype::decide(&state, seat, &command, &mut rng).unwrap();
        push(&mut state, events);
    }
    history
}

#[test]
fn an_arrangement_given_up_before_the_reveal_stays_secret_from_the_others() {
    let seen = |history: &[(State, Vec<Event>)], viewer: Viewer| -> Vec<String> {
        history
            .iter()
            .map(|(state, events)| {
                let redacted: Vec<Event> = events.iter().map(|e| Gype::redact(e, viewer)).collect();
                let lines: Vec<String> = redacted
                    .iter()
                    .map(|e| crate::i18n::Lang::En.say(&Gype::describe(e), &[]))
                    .collect();
                let view = serde_json::to_string(&Gype::view(state, viewer)).unwrap();
                format!(
                    "{view} {} {lines:?}",
                    serde_json::to_string(&redacted).unwrap()
                )
            })
            .collect()
    };
    let (a, b) = (
        game_with_a_secret_resignation(0),
        game_with_a_secret_resignation(2),
    );
    assert!(a.len() > 100 && a.last().unwrap().0.phase == Phase::Playing);
    for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Spectator] {
        assert_eq!(seen(&a, viewer), seen(&b, viewer), "{viewer:?}");
    }
    for viewer in [Viewer::Seat(1), Viewer::Everyone] {
        assert_ne!(seen(&a, viewer), seen(&b, viewer), "{viewer:?}");
    }
}

// ---- Shapes and sentences ----

#[test]
fn the_resignation_is_stored_as_compact_json_and_told_in_one_sentence() {
    let event = Event::Resigned {
        seat: 1,
        before_reveal: false,
        dice: Some(vec![
            DieAt {
                at: sq(4, 4),
                face: Flame,
            },
            DieAt {
                at: sq(0, 3),
                face: Ear,
            },
        ]),
    };
    assert_eq!(
        serde_json::to_value(&event).unwrap(),
        json!({
            "type": "resigned",
            "seat": 1,
            "before_reveal": false,
            "dice": [{"at": "e5", "face": "flame"}, {"at": "a4", "face": "ear"}]
        })
    );
    round_trips(&event).unwrap();
    let names = ["Ann".to_string(), "Bo".to_string()];
    assert_eq!(
        crate::i18n::Lang::En.say(&Gype::describe(&event), &names),
        "Bo's 2 dice leave the board."
    );
    assert_eq!(Gype::redact(&event, Viewer::Spectator), event, "no secret");
    let hidden = Event::Resigned {
        seat: 1,
        before_reveal: true,
        dice: None,
    };
    assert_eq!(
        serde_json::to_value(&hidden).unwrap(),
        json!({"type": "resigned", "seat": 1, "before_reveal": true, "dice": null})
    );
    round_trips(&hidden).unwrap();
    assert_eq!(
        crate::i18n::Lang::En.say(&Gype::describe(&hidden), &names),
        "Bo's dice leave the board, before the arrangements were revealed."
    );
}

// ---- Random games with resignations ----

/// When a planned resignation is to happen.
#[derive(Clone, Copy, Debug)]
enum Moment {
    /// During the secret arrangement, by any seat.
    Arranging,
    /// On the seat's own turn, before it has moved.
    OwnTurn,
    /// On the seat's own turn, halfway through a chain.
    OwnChain,
    /// On another player's turn.
    OtherTurn,
    /// Halfway through another player's chain, by the owner of a jumped die if there is one.
    OtherChain,
}

const MOMENTS: [Moment; 5] = [
    Moment::Arranging,
    Moment::OwnTurn,
    Moment::OwnChain,
    Moment::OtherTurn,
    Moment::OtherChain,
];

/// Who resigns now for `moment`, if the state fits it.
fn quitter(state: &State, moment: Moment, rng: &mut ChaCha8Rng) -> Option<Seat> {
    let playing: Vec<Seat> = (0..state.players)
        .filter(|&s| !state.is_resigned(s))
        .collect();
    let others: Vec<Seat> = playing
        .iter()
        .copied()
        .filter(|&s| s != state.turn)
        .collect();
    let any = |seats: &[Seat], rng: &mut ChaCha8Rng| seats[rng.random_range(0..seats.len())];
    let chain = state.chain.as_ref();
    match (moment, &state.phase) {
        (Moment::Arranging, Phase::Arranging) => Some(any(&playing, rng)),
        (_, Phase::Arranging) => None,
        (Moment::OwnTurn, _) if chain.is_none() => Some(state.turn),
        (Moment::OwnChain, _) if chain.is_some() => Some(state.turn),
        (Moment::OtherTurn, _) if chain.is_none() => Some(any(&others, rng)),
        (Moment::OtherChain, _) => {
            let jumped: Vec<Seat> = chain?
                .jumped
                .iter()
                .filter_map(|&s| state.board.get(s).map(|d| d.owner))
                .filter(|o| others.contains(o))
                .collect();
            Some(if jumped.is_empty() {
                any(&others, rng)
            } else {
                any(&jumped, rng)
            })
        }
        _ => None,
    }
}

/// One random game where seats resign as `plan` says (at or after the command index, at the
/// first moment that fits, or at any moment 3000 commands later). Every command and resignation
/// is checked against the invariants, and `decide` against every candidate for every seat after
/// each resignation and every 97 commands. Returns the final state.
fn game_with_resignations(
    options: &Options,
    players: usize,
    seed: u64,
    plan: &[(usize, Moment)],
) -> Result<State, String> {
    let mut rng = rng(seed);
    let mut events = Gype::setup(options, players, &mut rng);
    opening(options, players, &events)?;
    let mut state = fold::<Gype>(options, players, &events);
    let mut transitions = Transitions::default();
    let mut plan = plan.to_vec();
    let mut commands = 0;
    let mut check_now = true;
    while let Status::ToAct { seats } = Gype::status(&state) {
        if commands == MAX_COMMANDS {
            return Err(format!("no winner after {MAX_COMMANDS} commands"));
        }
        if let Some(&(at, moment)) = plan.first()
            && commands >= at
        {
            let who = quitter(&state, moment, &mut rng).or_else(|| {
                (commands > at + 3000)
                    .then(|| (0..players).find(|&s| !state.is_resigned(s)))
                    .flatten()
            });
            if let Some(seat) = who {
                plan.remove(0);
                let new_events = Gype::resign(&state, seat);
                let after = new_events.iter().fold(state.clone(), Gype::evolve);
                let context = format!("seat {seat} resigning {moment:?} at {commands}");
                transitions
                    .resignation(&state, seat, &new_events, &after)
                    .and_then(|()| state_invariants(&after))
                    .map_err(|e| format!("{context}: {e}"))?;
                for event in &new_events {
                    for viewer in [Viewer::Seat(seat), Viewer::Spectator, Viewer::Everyone] {
                        round_trips(&Gype::redact(event, viewer))?;
                    }
                }
                state = after;
                events.extend(new_events);
                check_now = true;
                continue;
            }
        }
        if check_now || commands % 97 == 0 {
            let candidates = everything(&state);
            for seat in 0..players {
                decides_exactly_the_legal(&state, seat, &candidates, &mut rng)?;
            }
            check_now = false;
        }
        let seat = seats[rng.random_range(0..seats.len())];
        let legal = Gype::legal_commands(&state, seat);
        let command = legal[rng.random_range(0..legal.len())].clone();
        let new_events =
            Gype::decide(&state, seat, &command, &mut rng).map_err(|e| e.to_string())?;
        let after = new_events.iter().fold(state.clone(), Gype::evolve);
        transitions
            .command(&state, seat, &new_events, &after)
            .and_then(|()| state_invariants(&after))
            .map_err(|e| format!("after {command:?} by seat {seat}: {e}"))?;
        state = after;
        events.extend(new_events);
        commands += 1;
    }
    if !plan.is_empty() {
        return Err(format!("the game ended before {plan:?}"));
    }
    if fold::<Gype>(options, players, &events) != state {
        return Err("folding the events gives another state".into());
    }
    Ok(state)
}

#[test]
fn random_games_where_seats_resign_at_random_moments_still_end_with_a_winner() {
    let mut picker = rng(500);
    let mut seen = Vec::new();
    for options in all_options() {
        for players in [3, 4] {
            for seed in 0..5 {
                let count = if players == 4 && seed % 2 == 1 { 2 } else { 1 };
                let mut plan: Vec<(usize, Moment)> = (0..count)
                    .map(|_| {
                        let moment = MOMENTS[picker.random_range(0..MOMENTS.len())];
                        let latest = match moment {
                            Moment::Arranging => 40,
                            _ => 600,
                        };
                        (picker.random_range(0..latest), moment)
                    })
                    .collect();
                plan.sort_by_key(|&(at, _)| at);
                let result = game_with_resignations(&options, players, 600 + seed, &plan);
                let state = result.unwrap_or_else(|e| {
                    panic!("{options:?}, {players} players, seed {seed}, {plan:?}: {e}")
                });
                let outcome = Gype::status(&state).outcome().cloned().expect("over");
                let out: Vec<Seat> = (0..players).filter(|&s| state.is_resigned(s)).collect();
                assert_eq!(out.len(), count);
                assert!(!out.contains(&outcome.winners[0]));
                assert!(out.iter().all(|&s| outcome.scores[s] == 0));
                seen.extend(plan.iter().map(|&(_, m)| format!("{m:?}")));
            }
        }
    }
    for moment in MOMENTS {
        assert!(
            seen.contains(&format!("{moment:?}")),
            "{moment:?} never tried"
        );
    }
}
