//! The secret arrangement before play: simultaneous, hidden from everyone else until all have
//! confirmed, then revealed together.

use super::*;
use crate::rules::{Viewer, fold};

fn started(players: usize, options: &Options, seed: u64) -> (State, Vec<Event>) {
    let events = Gype::setup(options, players, &mut rng(seed));
    (fold::<Gype>(options, players, &events), events)
}

fn act(state: &State, seat: Seat, command: &Command) -> Result<Vec<Event>, String> {
    Gype::decide(state, seat, command, &mut rng(0)).map_err(|e| e.to_string())
}

#[test]
fn every_seat_that_has_not_confirmed_must_act_at_once() {
    for players in 2..=4 {
        let (mut state, _) = started(players, &Options::default(), 1);
        assert_eq!(
            Gype::status(&state).to_act(),
            (0..players).collect::<Vec<_>>()
        );
        assert_eq!(
            Gype::view(&state, Viewer::Spectator).phase,
            PhaseView::Arranging
        );
        let events = act(&state, 1, &Command::Confirm).unwrap();
        assert_eq!(events, vec![Event::Confirmed { seat: 1 }]);
        state = events.iter().fold(state, Gype::evolve);
        let waiting: Vec<Seat> = (0..players).filter(|&s| s != 1).collect();
        assert_eq!(Gype::status(&state).to_act(), waiting);
        assert!(Gype::legal_commands(&state, 1).is_empty());
        assert!(
            act(&state, 1, &Command::Confirm)
                .unwrap_err()
                .contains("already confirmed")
        );
    }
}

#[test]
fn a_player_swaps_two_dice_of_their_own_start_row_only() {
    let (state, _) = started(4, &Options::default(), 2);
    let row = Side::West.home_squares();
    let before = state
        .board
        .get(row[0])
        .zip(state.board.get(row[5]))
        .unwrap();
    let swap = Command::Swap {
        a: row[0],
        b: row[5],
    };
    assert_eq!(Gype::legal_commands(&state, 1).len(), 8 * 7 + 1);
    let events = act(&state, 1, &swap).unwrap();
    assert_eq!(
        events,
        vec![Event::Swapped {
            seat: 1,
            squares: Some([row[0], row[5]])
        }]
    );
    let after = events.iter().fold(state.clone(), Gype::evolve);
    assert_eq!(after.board.get(row[0]), Some(before.1));
    assert_eq!(after.board.get(row[5]), Some(before.0));

    assert!(
        act(&state, 0, &swap)
            .unwrap_err()
            .contains("not in your start row")
    );
    let same = Command::Swap {
        a: row[2],
        b: row[2],
    };
    assert!(act(&state, 1, &same).unwrap_err().contains("two different"));
    let step = Command::Step {
        from: row[0],
        to: row[0].offset((1, 0)),
    };
    assert!(act(&state, 1, &step).unwrap_err().contains("arrange"));
}

#[test]
fn the_last_confirmation_reveals_every_arrangement_and_the_first_player_begins() {
    for players in 2..=4 {
        for options in all_options() {
            let (mut state, _) = started(players, &options, 3 + players as u64);
            let first = state.first_player.expect("drawn at setup");
            let row = state.side(0).unwrap().home_squares();
            let swap = Command::Swap {
                a: row[1],
                b: row[6],
            };
            state = act(&state, 0, &swap)
                .unwrap()
                .iter()
                .fold(state, Gype::evolve);
            let arranged: Vec<Vec<Face>> = (0..players).map(|s| state.start_row_faces(s)).collect();
            for seat in 0..players - 1 {
                let events = act(&state, seat, &Command::Confirm).unwrap();
                state = events.iter().fold(state, Gype::evolve);
            }
            let events = act(&state, players - 1, &Command::Confirm).unwrap();
            assert_eq!(
                events,
                vec![
                    Event::Confirmed { seat: players - 1 },
                    Event::Revealed { rows: arranged },
                    Event::TurnBegan {
                        seat: first,
                        chaos_limit: options.chaos
                    },
                ]
            );
            state = events.iter().fold(state, Gype::evolve);
            assert_eq!(Gype::status(&state).to_act(), &[first]);
            let view = Gype::view(&state, Viewer::Spectator);
            assert_eq!(view.phase, PhaseView::Playing);
            assert!(
                view.board
                    .iter()
                    .flatten()
                    .flatten()
                    .all(|c| c.die.as_ref().is_none_or(|d| d.face.is_some()))
            );
            assert!(
                act(&state, first, &swap)
                    .unwrap_err()
                    .contains("arrangement is over")
            );
        }
    }
}

#[test]
fn the_first_player_is_drawn_at_random() {
    let firsts: BTreeSet<Seat> = (0..40)
        .map(|seed| {
            started(4, &Options::default(), seed)
                .0
                .first_player
                .unwrap()
        })
        .collect();
    assert_eq!(firsts, (0..4).collect());
}

/// One arrangement phase, up to (not including) the last confirmation. `variant` changes only
/// what `secret` holds: its dealt order and which of its dice it swaps (never how many swaps).
fn arrangement_history(players: usize, secret: Seat, variant: usize) -> Vec<(State, Vec<Event>)> {
    let options = Options {
        start: StartRule::Random,
        chaos: false,
    };
    let mut opening = Gype::setup(&options, players, &mut rng(11));
    if let Event::Started { rows, .. } = &mut opening[0]
        && let Some(Some(row)) = rows.get_mut(secret)
    {
        row.rotate_left(variant);
        row[0] = Face::ALL[(variant + 1) % 5];
    }
    let mut state = fold::<Gype>(&options, players, &opening);
    let mut history = vec![(state.clone(), opening)];
    let mut commands = Vec::new();
    for round in 0..3 {
        for seat in 0..players {
            let shift = if seat == secret { variant } else { 0 };
            let row = state.side(seat).unwrap().home_squares();
            let a = row[(round + shift) % 8];
            let b = row[(round + shift + 3) % 8];
            commands.push((seat, Command::Swap { a, b }));
        }
    }
    // The secret seat confirms first; the last confirmation (which reveals) is left out.
    commands.push((secret, Command::Confirm));
    let others: Vec<Seat> = (0..players).filter(|&s| s != secret).collect();
    for &seat in &others[..others.len() - 1] {
        commands.push((seat, Command::Confirm));
    }
    for (seat, command) in commands {
        let events = act(&state, seat, &command).unwrap();
        state = events.iter().fold(state, Gype::evolve);
        history.push((state.clone(), events));
    }
    history
}

fn seen_by(history: &[(State, Vec<Event>)], viewer: Viewer) -> Vec<(String, String)> {
    history
        .iter()
        .map(|(state, events)| {
            let view = serde_json::to_string(&Gype::view(state, viewer)).unwrap();
            let redacted: Vec<Event> = events.iter().map(|e| Gype::redact(e, viewer)).collect();
            (view, serde_json::to_string(&redacted).unwrap())
        })
        .collect()
}

#[test]
fn changing_one_seats_arrangement_changes_nothing_anyone_else_sees_before_the_reveal() {
    for players in 2..=4 {
        for secret in 0..players {
            let a = arrangement_history(players, secret, 0);
            let b = arrangement_history(players, secret, 2);
            let mut viewers = vec![Viewer::Spectator];
            viewers.extend((0..players).filter(|&s| s != secret).map(Viewer::Seat));
            for viewer in viewers {
                assert_eq!(
                    seen_by(&a, viewer),
                    seen_by(&b, viewer),
                    "{viewer:?} learns seat {secret}'s arrangement"
                );
            }
            // The secret itself differs, and its owner and Everyone see it.
            for viewer in [Viewer::Seat(secret), Viewer::Everyone] {
                assert_ne!(seen_by(&a, viewer), seen_by(&b, viewer), "{viewer:?}");
            }
        }
    }
}

#[test]
fn before_the_reveal_others_see_only_whose_dice_stand_where() {
    let (state, opening) = started(3, &Options::default(), 5);
    for viewer in [Viewer::Seat(1), Viewer::Spectator] {
        let view = Gype::view(&state, viewer);
        for cell in view.board.iter().flatten().flatten() {
            if let Some(die) = &cell.die {
                assert_eq!(
                    die.face.is_some(),
                    viewer == Viewer::Seat(die.owner),
                    "{cell:?}"
                );
            }
        }
        let Event::Started { rows, .. } = Gype::redact(&opening[0], viewer) else {
            panic!("Started stays Started");
        };
        for (seat, row) in rows.iter().enumerate() {
            assert_eq!(row.is_some(), viewer == Viewer::Seat(seat));
        }
    }
    let everyone = Gype::view(&state, Viewer::Everyone);
    assert!(
        everyone
            .board
            .iter()
            .flatten()
            .flatten()
            .all(|c| c.die.as_ref().is_none_or(|d| d.face.is_some()))
    );
    assert_eq!(Gype::redact(&opening[0], Viewer::Everyone), opening[0]);
    let swap = Event::Swapped {
        seat: 0,
        squares: Some([sq(1, 0), sq(2, 0)]),
    };
    assert_eq!(Gype::redact(&swap, Viewer::Seat(0)), swap);
    assert_eq!(
        Gype::redact(&swap, Viewer::Seat(1)),
        Event::Swapped {
            seat: 0,
            squares: None
        }
    );
}

#[test]
fn each_viewer_sees_the_board_from_their_own_side() {
    let (state, _) = started(4, &Options::default(), 6);
    for seat in 0..4 {
        let view = Gype::view(&state, Viewer::Seat(seat));
        let side = seat_sides(4)[seat];
        assert_eq!(view.bottom, side);
        let bottom: Vec<Square> = view.board[9][1..9]
            .iter()
            .map(|c| c.as_ref().unwrap().square)
            .collect();
        assert_eq!(bottom, side.home_squares().to_vec());
        assert!(
            view.board[9][1..9]
                .iter()
                .all(|c| c.as_ref().unwrap().start_of == Some(seat))
        );
        assert!(
            view.board[0][1..9]
                .iter()
                .all(|c| c.as_ref().unwrap().goal_of == Some(seat))
        );
        for (row, col) in [(0, 0), (0, 9), (9, 0), (9, 9)] {
            assert!(view.board[row][col].is_none());
        }
    }
    assert_eq!(Gype::view(&state, Viewer::Spectator).bottom, Side::South);
}
