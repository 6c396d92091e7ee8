//! Resigning from a game of three or four players: the seat's hand leaves the game, the turn
//! passes round the table to the seats still playing, the game still ends when their hands are
//! empty, a resigned seat never wins, and its secret colour stays hidden until the end.
//!
//! Kabaleo has no chains and no simultaneous phase: the moments that matter are one's own turn,
//! another's turn, before the first move, mid-round, and the last piece of the game.

use rand::RngExt;
use serde_json::json;

use super::playouts::{candidates, invariant};
use super::*;
use crate::rules::kabaleo::{Dealing, Standing};
use crate::rules::playout::{random_playout, round_trips};
use crate::rules::{Outcome, Status, Viewer};

/// A three-player table: piles 1–20 have bases blue, green, yellow, orange, pink, blue, … (index
/// `i` has colour `i % 5`); everyone holds 2 pieces of each colour; Ann (seat 0) secretly holds
/// blue, Bob green, Cy yellow; `first` plays first.
fn three_player_events(first: Seat) -> Vec<Event> {
    let bases: Vec<Colour> = [Blue, Green, Yellow, Orange, Pink].repeat(4);
    let share = hand(&[(Blue, 2), (Green, 2), (Yellow, 2), (Orange, 2), (Pink, 2)]);
    opening(
        &bases,
        &vec![share; 3],
        &[&[Blue], &[Green], &[Yellow]],
        first,
    )
}

fn three_player_table() -> State {
    fold::<Kabaleo>(&KabaleoOptions::default(), 3, &three_player_events(0))
}

/// A four-player table: piles 1–24 have bases in `Colour::ALL` order, repeated; Ann and Bob hold
/// 2 blue, 2 green, 2 yellow and one each of the rest, Cy and Di the other way round; secrets
/// blue, green, yellow and orange in seat order; Ann plays first.
fn four_player_table() -> State {
    let bases: Vec<Colour> = Colour::ALL.repeat(4);
    let low = hand(&[
        (Blue, 2),
        (Green, 2),
        (Yellow, 2),
        (Orange, 1),
        (Pink, 1),
        (Purple, 1),
    ]);
    let high = hand(&[
        (Blue, 1),
        (Green, 1),
        (Yellow, 1),
        (Orange, 2),
        (Pink, 2),
        (Purple, 2),
    ]);
    let events = opening(
        &bases,
        &[low.clone(), low, high.clone(), high],
        &[&[Blue], &[Green], &[Yellow], &[Orange]],
        0,
    );
    fold::<Kabaleo>(&KabaleoOptions::default(), 4, &events)
}

/// `seat` resigns: the events `resign` returns and the state after them.
fn resign(state: &State, seat: Seat) -> (Vec<Event>, State) {
    let events = Kabaleo::resign(state, seat);
    let next = events.iter().fold(state.clone(), Kabaleo::evolve);
    (events, next)
}

fn to_act(state: &State) -> Vec<Seat> {
    Kabaleo::status(state).to_act().to_vec()
}

/// Plays the first legal command of whoever is to act until the game ends; returns how many
/// pieces each seat placed.
fn play_to_the_end(mut state: State) -> (State, Vec<usize>) {
    let mut placed = vec![0; state.players];
    while let Status::ToAct { seats } = Kabaleo::status(&state) {
        assert_eq!(seats.len(), 1);
        let seat = seats[0];
        assert!(!state.resigned[seat], "resigned seat {seat} asked to act");
        let command = Kabaleo::legal_commands(&state, seat)[0];
        state = play(&state, seat, command).unwrap().1;
        placed[seat] += 1;
        assert!(placed.iter().sum::<usize>() <= 36, "play went on too long");
    }
    (state, placed)
}

#[test]
fn resigning_on_ones_own_turn_withdraws_the_hand_and_passes_the_turn_on() {
    // Given Ann placed orange on pile 1, so it is Bob's turn,
    let table = play_all(&three_player_table(), &[(0, 0, Orange)]);
    assert_eq!(to_act(&table), [1]);
    // when Bob resigns,
    let (events, after) = resign(&table, 1);
    // then his whole hand leaves the game and Cy is to move, still barred from pile 1.
    let share = hand(&[(Blue, 2), (Green, 2), (Yellow, 2), (Orange, 2), (Pink, 2)]);
    assert_eq!(
        events,
        vec![Event::SeatResigned {
            seat: 1,
            withdrawn: share
        }]
    );
    assert_eq!(to_act(&after), [2]);
    assert!(Kabaleo::legal_commands(&after, 1).is_empty());
    assert_eq!(
        play(&after, 1, place(2, Blue)).unwrap_err().to_string(),
        "You have resigned from this game."
    );
    assert_eq!(
        play(&after, 2, place(0, Green)).unwrap_err().to_string(),
        "Pile 1 was played on by the previous move, so nobody may play there now."
    );
    let view = Kabaleo::view(&after, Viewer::Spectator);
    assert!(view.seats[1].resigned && !view.seats[0].resigned && !view.seats[2].resigned);
    assert_eq!(view.seats[1].pieces_left, 0);
    assert!(view.seats.iter().all(|s| s.hand.len() == 5));
    assert_eq!(view.to_move, Some(2));
    assert_eq!((view.pieces_withdrawn, view.pieces_removed), (10, 0));
    assert!(view.colours.iter().all(|t| t.withdrawn == 2));
    assert_eq!(view.colours[3].in_hands, 3);
    // And from then on the turn goes between Cy and Ann.
    let later = play_all(&after, &[(2, 1, Orange), (0, 2, Blue), (2, 3, Blue)]);
    assert_eq!(to_act(&later), [0]);
}

#[test]
fn resigning_on_anothers_turn_leaves_the_turn_where_it_is() {
    // Given it is Ann's turn,
    let table = three_player_table();
    // when Cy resigns,
    let (events, after) = resign(&table, 2);
    assert!(matches!(events[..], [Event::SeatResigned { seat: 2, .. }]));
    // then Ann still moves, and after her Bob, then Ann again: Cy is skipped.
    assert_eq!(to_act(&after), [0]);
    assert_eq!(after.last_pile, None);
    let after_ann = play_all(&after, &[(0, 0, Orange)]);
    assert_eq!(to_act(&after_ann), [1]);
    let after_bob = play_all(&after_ann, &[(1, 1, Orange)]);
    assert_eq!(to_act(&after_bob), [0]);
    assert!(Kabaleo::legal_commands(&after_bob, 2).is_empty());
}

#[test]
fn resigning_before_the_first_move_passes_the_first_turn_with_no_pile_barred() {
    // Given Ann was drawn to play first and nobody has placed,
    let table = three_player_table();
    // when Ann resigns,
    let (_, after) = resign(&table, 0);
    // then Bob places first, anywhere but on a bare base of the piece's colour.
    assert_eq!(to_act(&after), [1]);
    assert_eq!(Kabaleo::legal_commands(&after, 1).len(), 20 * 5 - 20);
}

#[test]
fn resigning_when_the_last_seat_round_the_table_is_to_move_passes_the_turn_to_the_first() {
    // Given Cy (seat 2, last round the table) is to move,
    let table = play_all(&three_player_table(), &[(0, 0, Orange), (1, 1, Orange)]);
    assert_eq!(to_act(&table), [2]);
    // when Cy resigns, then Ann is to move.
    let (_, after) = resign(&table, 2);
    assert_eq!(to_act(&after), [0]);
}

#[test]
fn a_first_player_drawn_after_resigning_hands_the_first_turn_on() {
    // The application resigns seats only once the game has started, but the facts fold in any
    // order: a seat that resigned before being drawn to start passes the first turn on.
    let mut events = three_player_events(1);
    let drawn = events.pop().unwrap();
    let mut state = fold::<Kabaleo>(&KabaleoOptions::default(), 3, &events);
    for event in Kabaleo::resign(&state, 1) {
        state = Kabaleo::evolve(state, &event);
    }
    let state = Kabaleo::evolve(state, &drawn);
    assert_eq!(to_act(&state), [2]);
}

#[test]
fn mid_round_the_seats_still_playing_each_place_their_whole_hand_and_the_game_ends() {
    // Given Ann and Bob have placed in this round and Cy is to move,
    let table = play_all(&three_player_table(), &[(0, 0, Orange), (1, 1, Orange)]);
    // when Ann resigns with 9 pieces left,
    let (events, after) = resign(&table, 0);
    let Event::SeatResigned { withdrawn, .. } = &events[0] else {
        panic!("{events:?}");
    };
    assert_eq!(
        withdrawn.values().map(|&n| usize::from(n)).sum::<usize>(),
        9
    );
    // then Cy and Bob place all they hold, Cy's 10 and Bob's 9, and the game ends.
    let (end, placed) = play_to_the_end(after);
    assert_eq!(placed, [0, 9, 10]);
    let view = Kabaleo::view(&end, Viewer::Everyone);
    assert!(view.finished);
    assert_eq!(view.pieces_placed + view.pieces_withdrawn, 30);
    let Status::Finished { outcome } = Kabaleo::status(&end) else {
        panic!("the game should be over");
    };
    assert_eq!(outcome.scores.len(), 3);
    assert!(!outcome.winners.is_empty() && !outcome.winners.contains(&0));
    assert!(!view.seats[0].winner);
}

#[test]
fn resigning_with_the_last_pieces_of_the_game_ends_it() {
    // Given Ann and Bob have placed their only pieces and Cy holds the last one,
    let bases: Vec<Colour> = [Blue, Green, Yellow, Orange, Pink].repeat(4);
    let hands = [
        hand(&[(Orange, 1)]),
        hand(&[(Pink, 1)]),
        hand(&[(Green, 1)]),
    ];
    let events = opening(&bases, &hands, &[&[Blue], &[Green], &[Yellow]], 0);
    let table = fold::<Kabaleo>(&KabaleoOptions::default(), 3, &events);
    let table = play_all(&table, &[(0, 0, Orange), (1, 3, Pink)]);
    assert_eq!(to_act(&table), [2]);
    // when Cy resigns,
    let (events, after) = resign(&table, 2);
    assert_eq!(
        events,
        vec![Event::SeatResigned {
            seat: 2,
            withdrawn: hand(&[(Green, 1)])
        }]
    );
    // then every piece still in the game has been placed: the game is over and Bob, whose
    // green shows on 4 piles against Ann's 3 blue, wins alone: Cy's 4 yellow piles would have
    // tied with him, but a resigned seat does not compete.
    assert_eq!(
        Kabaleo::status(&after).outcome(),
        Some(&Outcome {
            winners: vec![1],
            scores: vec![3, 4, 4]
        })
    );
    assert!((0..3).all(|seat| Kabaleo::legal_commands(&after, seat).is_empty()));
    // A resignation once the game is over, or a second one, records nothing.
    assert!(Kabaleo::resign(&after, 0).is_empty());
    assert!(Kabaleo::resign(&after, 2).is_empty());
}

/// Three players on a board where Cy's yellow tops 6 piles, Ann's blue and Bob's green 4 each;
/// Bob's four green piles are all piece-topped, only three of Ann's blue ones. Everyone has
/// placed but Cy, who holds one pink piece and is to move.
fn before_cys_last_piece() -> Vec<Event> {
    let piles: [(Colour, &[Colour]); 20] = [
        (Blue, &[]),
        (Green, &[Blue, Green]),
        (Yellow, &[]),
        (Orange, &[]),
        (Pink, &[]),
        (Blue, &[Yellow]),
        (Green, &[Blue]),
        (Yellow, &[]),
        (Orange, &[Pink]),
        (Pink, &[Orange]),
        (Blue, &[Green]),
        (Green, &[Blue]),
        (Yellow, &[]),
        (Orange, &[Yellow]),
        (Pink, &[Green]),
        (Blue, &[Green]),
        (Green, &[Orange]),
        (Yellow, &[]),
        (Orange, &[Blue, Orange]),
        (Pink, &[Blue]),
    ];
    let bases: Vec<Colour> = piles.iter().map(|(base, _)| *base).collect();
    let hands = [Hand::new(), Hand::new(), hand(&[(Pink, 1)])];
    let mut events = opening(&bases, &hands, &[&[Blue], &[Green], &[Yellow]], 1);
    for (index, (_, pieces)) in piles.iter().enumerate() {
        for &colour in *pieces {
            events.push(Event::PiecePlaced {
                seat: 1,
                pile: index,
                colour,
                cancelled: false,
            });
        }
    }
    events
}

fn parts(standing: Standing) -> (u32, u32, u32) {
    (standing.piles, standing.topped_piles, standing.tallest_pile)
}

#[test]
fn a_resigned_seat_never_wins_and_the_tie_breakers_decide_among_the_others() {
    let table = fold::<Kabaleo>(&KabaleoOptions::default(), 3, &before_cys_last_piece());
    assert_eq!(to_act(&table), [2]);
    // Had Cy placed the pink piece on a bare orange base, yellow's 6 piles would have won.
    let (_, played) = play(&table, 2, place(3, Pink)).unwrap();
    assert_eq!(Kabaleo::status(&played).outcome().unwrap().winners, vec![2]);
    // Cy resigns instead: Ann and Bob are level on 4 piles, and Bob wins on piece-topped piles.
    let (_, after) = resign(&table, 2);
    assert_eq!(
        Kabaleo::status(&after).outcome(),
        Some(&Outcome {
            winners: vec![1],
            scores: vec![4, 4, 6]
        })
    );
    let view = Kabaleo::view(&after, Viewer::Everyone);
    let standings: Vec<Standing> = view.seats.iter().map(|s| s.standing.unwrap()).collect();
    assert_eq!(parts(standings[0]), (4, 3, 2));
    assert_eq!(parts(standings[1]), (4, 4, 3));
    assert_eq!(parts(standings[2]), (6, 2, 2));
    assert_eq!(view.winners, vec![1]);
    assert!(view.seats[2].resigned && !view.seats[2].winner);
}

#[test]
fn seats_level_after_both_tie_breakers_share_the_win_without_the_resigned_seat() {
    // The same board with Ann holding green like Bob: they are level on everything, so once Cy
    // resigns they share the win, and Cy's 6 yellow piles still do not count.
    let events = with_secret(&before_cys_last_piece(), 0, &[Green]);
    let table = fold::<Kabaleo>(&KabaleoOptions::default(), 3, &events);
    let (_, after) = resign(&table, 2);
    assert_eq!(
        Kabaleo::status(&after).outcome(),
        Some(&Outcome {
            winners: vec![0, 1],
            scores: vec![4, 4, 6]
        })
    );
}

#[test]
fn in_a_four_player_game_two_seats_resign_and_the_last_two_play_on_to_the_end() {
    // Given Ann is to move, Bob resigns on her turn;
    let table = four_player_table();
    let (_, table) = resign(&table, 1);
    assert_eq!(to_act(&table), [0]);
    // Ann places, then Cy (Bob skipped);
    let table = play_all(&table, &[(0, 3, Blue)]);
    assert_eq!(to_act(&table), [2]);
    let table = play_all(&table, &[(2, 4, Orange)]);
    // Di is to move and resigns on her own turn: Ann moves next, and pile 5 is still barred.
    assert_eq!(to_act(&table), [3]);
    let (events, table) = resign(&table, 3);
    assert_eq!(
        events,
        vec![Event::SeatResigned {
            seat: 3,
            withdrawn: hand(&[
                (Blue, 1),
                (Green, 1),
                (Yellow, 1),
                (Orange, 2),
                (Pink, 2),
                (Purple, 2)
            ])
        }]
    );
    assert_eq!(to_act(&table), [0]);
    assert!(play(&table, 0, place(4, Blue)).is_err());
    // Ann and Cy then place all they hold, 8 more each, and the game ends with one of them winning.
    let (end, placed) = play_to_the_end(table);
    assert_eq!(placed, [8, 0, 8, 0]);
    let outcome = Kabaleo::status(&end).outcome().cloned().unwrap();
    assert_eq!(outcome.scores.len(), 4);
    assert!(!outcome.winners.is_empty());
    assert!(outcome.winners.iter().all(|w| [0, 2].contains(w)));
    let view = Kabaleo::view(&end, Viewer::Spectator);
    assert_eq!(
        (view.pieces_placed, view.pieces_withdrawn, view.pieces_total),
        (18, 18, 36)
    );
}

#[test]
fn resign_records_nothing_for_a_seat_that_does_not_exist_or_has_already_resigned() {
    let table = three_player_table();
    assert!(Kabaleo::resign(&table, 3).is_empty());
    let (_, after) = resign(&table, 1);
    assert!(Kabaleo::resign(&after, 1).is_empty());
}

#[test]
fn evolve_takes_a_resignation_that_does_not_fit_the_table_without_panicking() {
    let table = three_player_table();
    // A seat that does not exist: nothing changes.
    let nobody = Event::SeatResigned {
        seat: 7,
        withdrawn: hand(&[(Blue, 1)]),
    };
    assert_eq!(Kabaleo::evolve(table.clone(), &nobody), table);
    // More pieces than the seat holds, or colours it lacks: only what it holds leaves.
    let too_many = Event::SeatResigned {
        seat: 1,
        withdrawn: hand(&[(Blue, 200), (Purple, 3)]),
    };
    let after = Kabaleo::evolve(table.clone(), &too_many);
    assert!(after.resigned[1]);
    assert_eq!(after.pieces_left(1), 8);
    assert_eq!(after.withdrawn[Blue.index()], 2);
    assert_eq!(after.withdrawn[Purple.index()], 0);
    // A second resignation of the same seat is ignored.
    let again = Event::SeatResigned {
        seat: 1,
        withdrawn: hand(&[(Green, 2)]),
    };
    assert_eq!(Kabaleo::evolve(after.clone(), &again), after);
    // Even if every seat resigned, the state stays sound and the game counts as over, won by
    // nobody.
    let mut state = table;
    for seat in 0..3 {
        for event in Kabaleo::resign(&state, seat) {
            state = Kabaleo::evolve(state, &event);
        }
    }
    assert_eq!(state.resigned, vec![true; 3]);
    let Status::Finished { outcome } = Kabaleo::status(&state) else {
        panic!("nobody is left to play");
    };
    assert!(outcome.winners.is_empty());
}

#[test]
fn the_event_reads_as_one_sentence_and_has_a_plain_json_shape() {
    let names = names(3);
    let event = Event::SeatResigned {
        seat: 1,
        withdrawn: hand(&[(Blue, 2), (Green, 1)]),
    };
    assert_eq!(
        crate::i18n::Lang::En.say(&Kabaleo::describe(&event), &names),
        "Bob leaves the game; the 3 pieces left in their hand (2 blue and 1 green) leave with them."
    );
    assert_eq!(
        serde_json::to_value(&event).unwrap(),
        json!({"type": "seat_resigned", "seat": 1, "withdrawn": {"blue": 2, "green": 1}})
    );
    round_trips(&event).unwrap();
    let one = Event::SeatResigned {
        seat: 2,
        withdrawn: hand(&[(Pink, 1)]),
    };
    assert_eq!(
        crate::i18n::Lang::En.say(&Kabaleo::describe(&one), &names),
        "Cy leaves the game; the one piece left in their hand (1 pink) leaves with them."
    );
    let none = Event::SeatResigned {
        seat: 0,
        withdrawn: Hand::new(),
    };
    assert_eq!(
        crate::i18n::Lang::En.say(&Kabaleo::describe(&none), &names),
        "Ann leaves the game with no piece left in hand."
    );
}

/// Everything `viewer` is shown of a game: the view, each redacted event and its history line.
fn shown_to(viewer: Viewer, players: usize, events: &[Event]) -> String {
    let state = fold::<Kabaleo>(&KabaleoOptions::default(), players, events);
    let mut shown = serde_json::to_string(&Kabaleo::view(&state, viewer)).unwrap();
    for event in events {
        let redacted = Kabaleo::redact(event, viewer);
        shown.push_str(&serde_json::to_string(&redacted).unwrap());
        shown.push_str(&crate::i18n::Lang::En.say(&Kabaleo::describe(&redacted), &names(players)));
    }
    shown
}

#[test]
fn a_resigned_players_secret_colour_stays_hidden_until_the_game_ends() {
    for (players, seed) in [(3, 7), (4, 8)] {
        let game =
            random_playout::<Kabaleo>(&KabaleoOptions::default(), players, &mut rng(seed), 100)
                .unwrap();
        let secrets: Vec<Vec<Colour>> =
            fold::<Kabaleo>(&KabaleoOptions::default(), players, &game.events[..3]).secrets;
        let owned: Vec<Colour> = secrets.iter().flatten().copied().collect();
        // Mid-game, seat 1 resigns.
        let mut events = game.events[..4 + players * 2].to_vec();
        let state = fold::<Kabaleo>(&KabaleoOptions::default(), players, &events);
        let resignation = Kabaleo::resign(&state, 1);
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
            assert_eq!(Kabaleo::redact(&resignation[0], viewer), resignation[0]);
        }
        events.extend(resignation);
        // The resigned seat's secret could have been any colour nobody else holds: whichever it
        // was, the others and spectators are shown exactly the same, while the seat itself is not.
        let free: Vec<Colour> = state
            .colours()
            .into_iter()
            .filter(|c| !owned.contains(c))
            .collect();
        assert!(!free.is_empty());
        for other in free {
            let changed = with_secret(&events, 1, &[other]);
            for viewer in (0..players)
                .filter(|&s| s != 1)
                .map(Viewer::Seat)
                .chain([Viewer::Spectator])
            {
                assert_eq!(
                    shown_to(viewer, players, &events),
                    shown_to(viewer, players, &changed),
                    "{viewer:?} learns the resigned seat's secret ({players} players)"
                );
            }
            assert_ne!(
                shown_to(Viewer::Seat(1), players, &events),
                shown_to(Viewer::Seat(1), players, &changed)
            );
        }
        let spectator = Kabaleo::view(
            &fold::<Kabaleo>(&KabaleoOptions::default(), players, &events),
            Viewer::Spectator,
        );
        assert!(spectator.seats.iter().all(|s| s.secret_colours.is_none()));
        // Once the game is over, every secret is shown, the resigned seat's with its score.
        let (end, _) = play_to_the_end(fold::<Kabaleo>(
            &KabaleoOptions::default(),
            players,
            &events,
        ));
        let revealed = Kabaleo::view(&end, Viewer::Spectator);
        assert!(revealed.finished);
        assert_eq!(revealed.seats[1].secret_colours, Some(secrets[1].clone()));
        assert!(revealed.seats[1].standing.is_some() && !revealed.seats[1].winner);
    }
}

/// Who resigns at a planned moment.
#[derive(Clone, Copy)]
enum Who {
    ToMove,
    Anyone,
}

/// What a random game with resignations went through, for the coverage checks.
#[derive(Default)]
struct Seen {
    games: usize,
    resignations: usize,
    on_own_turn: usize,
    on_anothers_turn: usize,
    ending_the_game: usize,
    two_in_one_game: usize,
}

/// Checks, at one state, that `decide` accepts exactly the legal commands for every seat, and
/// that only the seats to act have any (a resigned seat never).
fn check_legality(state: &State, random: &mut impl rand::Rng) -> Result<(), String> {
    let to_act = Kabaleo::status(state).to_act().to_vec();
    for seat in 0..state.players {
        let legal = Kabaleo::legal_commands(state, seat);
        if !to_act.contains(&seat) && !legal.is_empty() {
            return Err(format!("seat {seat} is not to act but has legal commands"));
        }
        if state.resigned[seat] && (to_act.contains(&seat) || !legal.is_empty()) {
            return Err(format!("resigned seat {seat} is asked to act"));
        }
        for command in candidates(state, seat) {
            let accepted = Kabaleo::decide(state, seat, &command, random).is_ok();
            if accepted != legal.contains(&command) {
                return Err(format!(
                    "seat {seat}: decide {} {command:?}",
                    if accepted {
                        "accepted illegal"
                    } else {
                        "refused legal"
                    }
                ));
            }
        }
    }
    Ok(())
}

/// One seeded game in which one seat (sometimes two with four players) resigns at a random
/// moment, checked after every command and resignation.
fn playout_with_resignations(
    options: &KabaleoOptions,
    players: usize,
    seed: u64,
    seen: &mut Seen,
) -> Result<(), String> {
    let mut random = rng(seed);
    let total = 6 * (players + 2);
    let mut events = Kabaleo::setup(options, players, &mut random);
    let mut state = fold::<Kabaleo>(options, players, &events);
    let dealt: Vec<usize> = (0..players).map(|s| state.pieces_left(s)).collect();
    invariant(&state)?;
    // (moment, who): someone resigns once `moment` commands have been played. The first is the
    // seat to move a third of the time, and one time in ten comes just before the last piece.
    let first_moment = if random.random_bool(0.1) {
        total - 1
    } else {
        random.random_range(0..total)
    };
    let first = if random.random_bool(1.0 / 3.0) {
        Who::ToMove
    } else {
        Who::Anyone
    };
    let mut plan = vec![(first_moment, first)];
    if players == 4 && random.random_bool(0.5) {
        plan.push((random.random_range(first_moment..total), Who::Anyone));
    }
    let mut resigned_here = 0;
    let mut commands = 0;
    let mut placed = vec![0; players];
    loop {
        while let Some(due) = plan.iter().position(|&(at, _)| at == commands) {
            let (_, who) = plan.remove(due);
            let Status::ToAct { seats } = Kabaleo::status(&state) else {
                continue;
            };
            let still_playing: Vec<Seat> = (0..players).filter(|&s| !state.resigned[s]).collect();
            let seat = match who {
                Who::ToMove => seats[0],
                Who::Anyone => still_playing[random.random_range(0..still_playing.len())],
            };
            let was_to_move = Kabaleo::status(&state).to_act().contains(&seat);
            let new_events = Kabaleo::resign(&state, seat);
            let [Event::SeatResigned { seat: who, .. }] = new_events[..] else {
                return Err(format!("seat {seat} resigned as {new_events:?}"));
            };
            if who != seat {
                return Err(format!("seat {seat} resigned as {new_events:?}"));
            }
            for event in &new_events {
                round_trips(event)?;
                for viewer in [Viewer::Seat(seat), Viewer::Spectator, Viewer::Everyone] {
                    if Kabaleo::redact(event, viewer) != *event {
                        return Err(format!("{event:?} redacted for {viewer:?}"));
                    }
                }
                if crate::i18n::Lang::En
                    .say(&Kabaleo::describe(event), &names(players))
                    .is_empty()
                {
                    return Err(format!("{event:?} has no history line"));
                }
                state = Kabaleo::evolve(state, event);
            }
            events.extend(new_events);
            invariant(&state)?;
            if !Kabaleo::resign(&state, seat).is_empty() {
                return Err(format!("seat {seat} could resign twice"));
            }
            resigned_here += 1;
            seen.resignations += 1;
            if was_to_move {
                seen.on_own_turn += 1;
            } else {
                seen.on_anothers_turn += 1;
            }
            if Kabaleo::status(&state).outcome().is_some() {
                seen.ending_the_game += 1;
            }
        }
        let Status::ToAct { seats } = Kabaleo::status(&state) else {
            break;
        };
        if commands == total {
            return Err(format!("the game did not end within {total} commands"));
        }
        check_legality(&state, &mut random)?;
        let [seat] = seats[..] else {
            return Err(format!("{seats:?} to act"));
        };
        let legal = Kabaleo::legal_commands(&state, seat);
        if legal.is_empty() {
            return Err(format!("seat {seat} must act but has no legal command"));
        }
        let command = legal[random.random_range(0..legal.len())];
        let new_events = Kabaleo::decide(&state, seat, &command, &mut random)
            .map_err(|e| format!("decide refused legal {command:?}: {e}"))?;
        for event in &new_events {
            round_trips(event)?;
            state = Kabaleo::evolve(state, event);
        }
        events.extend(new_events);
        invariant(&state)?;
        placed[seat] += 1;
        commands += 1;
    }
    if resigned_here == 0 {
        return Err("nobody resigned".into());
    }
    if resigned_here == 2 {
        seen.two_in_one_game += 1;
    }
    seen.games += 1;
    if fold::<Kabaleo>(options, players, &events) != state {
        return Err("folding all events gives a different state than playing them".into());
    }
    // Every seat still playing placed its whole hand; a resigned one placed until it left.
    for seat in 0..players {
        if !state.resigned[seat] && placed[seat] != dealt[seat] {
            return Err(format!("placements per seat {placed:?}, dealt {dealt:?}"));
        }
    }
    let withdrawn: usize = state.withdrawn.iter().map(|&n| usize::from(n)).sum();
    if placed.iter().sum::<usize>() + withdrawn != total {
        return Err(format!("{placed:?} placed and {withdrawn} withdrawn"));
    }
    let Status::Finished { outcome } = Kabaleo::status(&state) else {
        return Err("the game did not end".into());
    };
    let view = Kabaleo::view(&state, Viewer::Everyone);
    let rank = |seat: Seat| {
        let s = view.seats[seat].standing.unwrap();
        (s.piles, s.topped_piles, s.tallest_pile)
    };
    let playing: Vec<Seat> = (0..players).filter(|&s| !state.resigned[s]).collect();
    let best = playing.iter().map(|&s| rank(s)).max();
    let expected: Vec<Seat> = playing
        .iter()
        .copied()
        .filter(|&s| Some(rank(s)) == best)
        .collect();
    if outcome.winners != expected || outcome.scores.len() != players || view.winners != expected {
        return Err(format!(
            "outcome {outcome:?}, expected winners {expected:?}"
        ));
    }
    for (seat, shown) in view.seats.iter().enumerate() {
        if i64::from(shown.standing.unwrap().piles) != outcome.scores[seat] {
            return Err(format!("seat {seat} scored {:?}", outcome.scores));
        }
    }
    Ok(())
}

#[test]
fn random_games_with_resignations_still_end_with_every_invariant_kept() {
    let configs = [
        (3, Dealing::Random),
        (3, Dealing::Uniform),
        (4, Dealing::Random),
    ];
    for (config, &(players, dealing)) in configs.iter().enumerate() {
        let options = KabaleoOptions { dealing };
        let mut seen = Seen::default();
        for game in 0..200 {
            let seed = 500_000 + 1_000 * config as u64 + game;
            playout_with_resignations(&options, players, seed, &mut seen)
                .unwrap_or_else(|e| panic!("{players} players, {dealing:?}, seed {seed}: {e}"));
        }
        assert_eq!(seen.games, 200);
        assert!(
            seen.on_own_turn > 20 && seen.on_anothers_turn > 20 && seen.ending_the_game > 0,
            "{players} players: {} on own turn, {} on another's, {} ending the game",
            seen.on_own_turn,
            seen.on_anothers_turn,
            seen.ending_the_game
        );
        if players == 4 {
            assert!(seen.two_in_one_game > 50, "{}", seen.two_in_one_game);
        }
        assert!(seen.resignations >= seen.games);
    }
}
