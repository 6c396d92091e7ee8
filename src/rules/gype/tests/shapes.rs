//! The JSON shapes that are stored forever, options checks, sentences and labels, and `evolve`
//! staying calm on events that do not fit.

use serde_json::json;

use super::*;
use crate::rules::{Viewer, fold};

#[test]
fn options_default_to_classic_without_chaos_and_fill_missing_fields() {
    assert_eq!(
        serde_json::to_value(Options::default()).unwrap(),
        json!({"start": "classic", "chaos": false})
    );
    assert_eq!(
        serde_json::from_value::<Options>(json!({})).unwrap(),
        Options::default()
    );
    assert_eq!(
        serde_json::from_value::<Options>(json!({"start": "random", "chaos": true})).unwrap(),
        Options {
            start: StartRule::Random,
            chaos: true
        }
    );
}

#[test]
fn the_game_seats_two_to_four_players() {
    let options = Options::default();
    assert_eq!(Gype::player_counts(&options), 2..=4);
    for players in 2..=4 {
        assert!(Gype::validate_options(&options, players).is_ok());
    }
    for players in [0, 1, 5] {
        let error = Gype::validate_options(&options, players).unwrap_err();
        assert!(error.to_string().contains("2 to 4 players"), "{error}");
    }
    assert_eq!(Gype::KIND, "gype");
    assert_eq!(
        crate::i18n::Lang::En.t(Gype::NAME),
        "Uncle Chestnut's Table Gype"
    );
}

#[test]
fn commands_are_compact_json() {
    let cases = [
        (
            Command::Swap {
                a: sq(1, 0),
                b: sq(5, 0),
            },
            json!({"type": "swap", "a": "b1", "b": "f1"}),
        ),
        (Command::Confirm, json!({"type": "confirm"})),
        (
            Command::Step {
                from: sq(4, 4),
                to: sq(4, 5),
            },
            json!({"type": "step", "from": "e5", "to": "e6"}),
        ),
        (
            Command::Jump {
                from: sq(4, 4),
                to: sq(4, 6),
            },
            json!({"type": "jump", "from": "e5", "to": "e7"}),
        ),
        (
            Command::Hat {
                from: sq(4, 4),
                to: sq(5, 6),
                path: HatPath::ShortFirst,
            },
            json!({"type": "hat", "from": "e5", "to": "f7", "path": "short_first"}),
        ),
        (Command::EndMove, json!({"type": "end_move"})),
        (
            Command::Roll { at: sq(9, 3) },
            json!({"type": "roll", "at": "j4"}),
        ),
    ];
    for (command, shape) in cases {
        assert_eq!(serde_json::to_value(&command).unwrap(), shape);
        assert_eq!(serde_json::from_value::<Command>(shape).unwrap(), command);
    }
    assert!(serde_json::from_value::<Command>(json!({"type": "roll", "at": "z9"})).is_err());
}

#[test]
fn events_are_compact_json() {
    let cases = [
        (
            Event::Jumped {
                seat: 0,
                face: Face::Flame,
                from: sq(4, 4),
                over: sq(4, 5),
                to: sq(4, 6),
                rolled: Some(Face::Ear),
            },
            json!({"type": "jumped", "seat": 0, "face": "flame", "from": "e5", "over": "e6", "to": "e7", "rolled": "ear"}),
        ),
        (
            Event::HatMoved {
                seat: 1,
                from: sq(4, 4),
                to: sq(5, 6),
                path: HatPath::LongFirst,
                rolls: vec![DieRoll {
                    at: sq(4, 5),
                    face: Face::Book,
                }],
            },
            json!({"type": "hat_moved", "seat": 1, "from": "e5", "to": "f7", "path": "long_first",
                   "rolls": [{"at": "e6", "face": "book"}]}),
        ),
        (
            Event::TurnBegan {
                seat: 2,
                chaos_limit: true,
            },
            json!({"type": "turn_began", "seat": 2, "chaos_limit": true}),
        ),
        (
            Event::Swapped {
                seat: 0,
                squares: None,
            },
            json!({"type": "swapped", "seat": 0, "squares": null}),
        ),
        (
            Event::Started {
                first_player: 1,
                rows: vec![Some(vec![Face::Tree; 8]), None],
            },
            json!({"type": "started", "first_player": 1,
                   "rows": [["tree", "tree", "tree", "tree", "tree", "tree", "tree", "tree"], null]}),
        ),
    ];
    for (event, shape) in cases {
        assert_eq!(serde_json::to_value(&event).unwrap(), shape);
        assert_eq!(serde_json::from_value::<Event>(shape).unwrap(), event);
    }
}

#[test]
fn sentences_use_names_squares_and_face_names() {
    let names = vec!["Ada".to_string(), "Bea".to_string()];
    let jumped = Event::Jumped {
        seat: 1,
        face: Face::Flame,
        from: sq(4, 4),
        over: sq(4, 5),
        to: sq(4, 6),
        rolled: Some(Face::Hat),
    };
    assert_eq!(
        crate::i18n::Lang::En.say(&Gype::describe(&jumped), &names),
        "Bea's Flame jumped from e5 over e6 to e7; the jumped die rolled Hat."
    );
    let turn = Event::TurnBegan {
        seat: 0,
        chaos_limit: true,
    };
    assert!(
        crate::i18n::Lang::En
            .say(&Gype::describe(&turn), &names)
            .starts_with("It is Ada's turn; ")
    );
    let hidden = Event::Swapped {
        seat: 0,
        squares: None,
    };
    assert_eq!(
        crate::i18n::Lang::En.say(&Gype::describe(&hidden), &names),
        "Ada rearranged their start row."
    );
    assert!(
        crate::i18n::Lang::En
            .say(&Gype::describe(&Event::Won { seat: 3 }), &names)
            .starts_with("Player 4 ")
    );

    let mut t = Table::new(2, Side::South, Options::default());
    t.mine(4, 4, Face::Hat);
    let label = crate::i18n::Lang::En.say(
        &Gype::command_label(&t.state, &t.hat((4, 4), (5, 6), HatPath::LongFirst)),
        &[],
    );
    assert_eq!(label, "Hat from e5 to f7 via e6 and e7");
    assert_eq!(
        crate::i18n::Lang::En.say(&Gype::command_label(&t.state, &t.roll((4, 4))), &[]),
        "Roll Hat on e5"
    );
}

#[test]
fn every_event_of_a_game_has_a_plain_sentence() {
    let options = Options::default();
    let playout = crate::rules::playout::random_playout::<Gype>(&options, 3, &mut rng(4), 20_000)
        .expect("game ends");
    let names: Vec<String> = ["Ada", "Bea", "Cy"].map(String::from).to_vec();
    for event in &playout.events {
        for viewer in [Viewer::Everyone, Viewer::Seat(1), Viewer::Spectator] {
            let sentence =
                crate::i18n::Lang::En.say(&Gype::describe(&Gype::redact(event, viewer)), &names);
            assert!(sentence.ends_with('.'), "{sentence}");
            for debug in ["Some(", "None", "Square", "{", "_"] {
                assert!(!sentence.contains(debug), "{sentence}");
            }
        }
    }
}

#[test]
fn evolve_ignores_what_does_not_fit() {
    let options = Options::default();
    let events = Gype::setup(&options, 2, &mut rng(1));
    let state = fold::<Gype>(&options, 2, &events);
    let odd = [
        Event::Swapped {
            seat: 9,
            squares: Some([sq(0, 0), sq(9, 9)]),
        },
        Event::Confirmed { seat: 7 },
        Event::Revealed {
            rows: vec![vec![]; 6],
        },
        Event::Stepped {
            seat: 5,
            face: Face::Ear,
            from: sq(0, 0),
            to: sq(4, 4),
        },
        Event::Jumped {
            seat: 3,
            face: Face::Ear,
            from: sq(5, 5),
            over: sq(9, 9),
            to: sq(0, 9),
            rolled: Some(Face::Hat),
        },
        Event::HatMoved {
            seat: 8,
            from: sq(3, 3),
            to: sq(9, 0),
            path: HatPath::LongFirst,
            rolls: vec![DieRoll {
                at: sq(0, 0),
                face: Face::Ear,
            }],
        },
        Event::Rolled {
            seat: 4,
            at: sq(9, 9),
            face: Face::Book,
        },
        Event::MoveEnded {
            seat: 4,
            at: sq(0, 0),
        },
        Event::TurnBegan {
            seat: 12,
            chaos_limit: true,
        },
        Event::Won { seat: 6 },
    ];
    let after = odd.iter().fold(state, Gype::evolve);
    assert_eq!(after.board.dice().count(), 16, "no die appears or vanishes");
    let _ = Gype::status(&after);
    let _ = Gype::view(&after, Viewer::Seat(12));
    let _ = Gype::legal_commands(&after, 12);
}
