//! Setup, the course of a round and the engine's outward shapes (serde, view, texts).

use Colour::*;
use serde_json::json;

use super::super::super::{Rules, Status, Viewer, fold};
use super::super::model::board::BoardSide;
use super::super::model::state::{Pending, Phase, State};
use super::super::{Azul, Colour, Command, Event, Options, Source, Tiles, View, tile_count};
use super::support::*;

#[test]
fn setup_fills_the_supply_and_every_factory_and_picks_a_first_player() {
    for players in 2..=4 {
        let options = Options::default();
        let events = Azul::setup(&options, players, &mut rng(players as u64));
        let state = fold::<Azul>(&options, players, &events);
        assert_eq!(state.round, 1);
        assert_eq!(state.wild(), Some(Purple));
        assert_eq!(state.phase, Phase::Acquire);
        assert_eq!(state.factories.len(), [5, 7, 9][players - 2]);
        assert!(state.factories.iter().all(|f| f.total() == 4));
        assert_eq!(state.supply.total(), 10);
        assert!(state.centre.is_empty() && state.token.is_none());
        assert_eq!(state.bag.total(), 132 - 10 - 4 * state.factories.len());
        assert!(state.players.iter().all(|p| p.score == 5));
        assert!(state.current < players);
        assert_eq!(
            Azul::status(&state),
            Status::ToAct {
                seats: vec![state.current]
            }
        );
        assert!(matches!(events[0], Event::RoundStarted { round: 1, .. }));
    }
}

#[test]
fn options_default_to_the_coloured_side_and_accept_2_to_4_players() {
    assert_eq!(
        serde_json::from_value::<Options>(json!({})).unwrap(),
        Options::default()
    );
    assert_eq!(Options::default().board, BoardSide::Standard);
    let variant: Options = serde_json::from_value(json!({"board": "variant"})).unwrap();
    assert_eq!(variant.board, BoardSide::Variant);
    assert!(Azul::validate_options(&variant, 1).is_err());
    assert!(Azul::validate_options(&variant, 5).is_err());
    assert!((2..=4).all(|n| Azul::validate_options(&variant, n).is_ok()));
}

#[test]
fn taking_from_a_factory_takes_the_colour_and_one_wild_and_moves_the_rest_to_the_centre() {
    let mut state = acquiring(2, 1);
    state.factories[0] = tiles(&[(Red, 2), (Purple, 2)]);
    state.factories[1] = tiles(&[(Blue, 4)]);
    state
        .bag
        .remove_all(&tiles(&[(Red, 2), (Purple, 2), (Blue, 4)]));
    let offered = Azul::legal_commands(&state, 0);
    let red = Command::Take {
        source: Source::Factory(1),
        colour: Red,
    };
    assert_eq!(
        offered,
        vec![
            red.clone(),
            Command::Take {
                source: Source::Factory(2),
                colour: Blue
            }
        ]
    );
    assert!(
        try_run(
            &state,
            0,
            &Command::Take {
                source: Source::Factory(1),
                colour: Purple
            }
        )
        .is_err()
    );
    assert!(Azul::legal_commands(&state, 1).is_empty());
    assert_eq!(
        try_run(&state, 1, &red).unwrap_err().to_string(),
        "It is not your turn."
    );
    let (_, after) = run(&state, 0, &red);
    assert_eq!(after.players[0].hand, tiles(&[(Red, 2), (Purple, 1)]));
    assert_eq!(after.centre, tiles(&[(Purple, 1)]));
    assert_eq!(after.current, 1);
    assert_eq!(tile_count(&after), 132);
}

#[test]
fn a_source_of_only_wild_tiles_gives_exactly_one() {
    let mut state = acquiring(2, 3); // orange is wild
    state.factories[0] = tiles(&[(Orange, 3)]);
    state.centre = tiles(&[(Orange, 1), (Blue, 1)]);
    state.bag.remove_all(&tiles(&[(Orange, 4), (Blue, 1)]));
    let offered = Azul::legal_commands(&state, 0);
    assert!(offered.contains(&Command::Take {
        source: Source::Factory(1),
        colour: Orange
    }));
    assert!(!offered.contains(&Command::Take {
        source: Source::Centre,
        colour: Orange
    }));
    let (_, after) = run(
        &state,
        0,
        &Command::Take {
            source: Source::Factory(1),
            colour: Orange,
        },
    );
    assert_eq!(after.players[0].hand, tiles(&[(Orange, 1)]));
    assert_eq!(after.centre, tiles(&[(Orange, 3), (Blue, 1)]));
}

#[test]
fn nobody_taking_the_token_still_ends_phase_1_and_keeps_the_start_player() {
    let mut state = acquiring(2, 1);
    state.start_player = 1;
    state.current = 0;
    state.factories[0] = tiles(&[(Red, 4)]);
    state.bag.remove(Red, 4);
    let (events, after) = run(
        &state,
        0,
        &Command::Take {
            source: Source::Factory(1),
            colour: Red,
        },
    );
    assert!(events.contains(&Event::PlacingStarted { start_player: 1 }));
    assert_eq!(after.phase, Phase::Place);
    assert_eq!(after.token, None, "the token stays in the centre");
    // Seat 1 has no tiles: it passes by itself, and seat 0 is to place.
    assert_eq!(after.current, 0);
    assert!(after.players[1].passed);
}

#[test]
fn the_token_holder_starts_phase_2_and_the_next_round() {
    let mut state = acquiring(3, 2);
    state.centre = tiles(&[(Blue, 1)]);
    state.factories[0] = tiles(&[(Red, 1)]);
    state.bag.remove_all(&tiles(&[(Blue, 1), (Red, 1)]));
    state.current = 1;
    let (_, state) = run(
        &state,
        1,
        &Command::Take {
            source: Source::Centre,
            colour: Blue,
        },
    );
    let (events, state) = run(
        &state,
        2,
        &Command::Take {
            source: Source::Factory(1),
            colour: Red,
        },
    );
    assert!(events.contains(&Event::PlacingStarted { start_player: 1 }));
    assert_eq!(state.current, 1);
    let (_, state) = run(&state, 1, &Command::Pass);
    let (events, state) = run(&state, 2, &Command::Pass);
    assert!(events.contains(&Event::RoundStarted {
        round: 3,
        start_player: 1
    }));
    assert_eq!(state.phase, Phase::Acquire);
    assert_eq!(state.current, 1);
    assert_eq!(state.token, None);
    assert_eq!(
        state.players[1].hand,
        tiles(&[(Blue, 1)]),
        "corner tiles come back"
    );
    assert!(state.factories.iter().all(|f| f.total() == 4));
}

#[test]
fn the_bonus_is_chosen_from_the_supply_which_is_then_refilled() {
    let mut state = placing(BoardSide::Standard, 2, 2);
    fill(&mut state, 0, &[(4, 5)]);
    set_hand(&mut state, 0, tiles(&[(Blue, 7)]));
    set_supply(&mut state, tiles(&[(Red, 8), (Yellow, 2)]));
    let (_, state) = run(&state, 0, &place(4, 6, Blue, 0));
    assert_eq!(state.pending, Some(Pending::Bonus(3)));
    let offered = Azul::legal_commands(&state, 0);
    assert_eq!(
        offered.len(),
        3,
        "3 red, 2 red + 1 yellow, 1 red + 2 yellow"
    );
    assert!(
        try_run(
            &state,
            0,
            &Command::ChooseBonus {
                tiles: tiles(&[(Yellow, 3)])
            }
        )
        .is_err()
    );
    assert!(
        try_run(
            &state,
            0,
            &Command::ChooseBonus {
                tiles: tiles(&[(Red, 2)])
            }
        )
        .is_err()
    );
    assert!(try_run(&state, 0, &Command::Pass).is_err());
    let (events, state) = run(
        &state,
        0,
        &Command::ChooseBonus {
            tiles: tiles(&[(Red, 1), (Yellow, 2)]),
        },
    );
    let drawn = events.iter().find_map(|e| match e {
        Event::SupplyRefilled { tiles } => Some(tiles.len()),
        _ => None,
    });
    assert_eq!(drawn, Some(3));
    assert_eq!(state.supply.total(), 10);
    assert_eq!(
        state.players[0].hand,
        tiles(&[(Blue, 1), (Red, 1), (Yellow, 2)])
    );
    assert_eq!(tile_count(&state), 132);
}

#[test]
fn a_bonus_larger_than_the_supply_takes_what_is_there() {
    let mut state = placing(BoardSide::Standard, 2, 2);
    fill(&mut state, 0, &[(4, 5)]);
    set_hand(&mut state, 0, tiles(&[(Blue, 7)]));
    // Everything else sits on the other player's board or hand: bag and tower are empty.
    set_supply(&mut state, tiles(&[(Red, 1)]));
    let rest = state.bag;
    state.players[1].hand = rest;
    state.bag = Tiles::EMPTY;
    let (events, state) = run(&state, 0, &place(4, 6, Blue, 0));
    assert!(matches!(
        placed(&events),
        Event::TilePlaced { bonus_tiles: 1, .. }
    ));
    assert_eq!(
        Azul::legal_commands(&state, 0),
        vec![Command::ChooseBonus {
            tiles: tiles(&[(Red, 1)])
        }]
    );
    // The tiles paid went to the tower; after the bonus they refill the supply.
    let (events, state) = run(
        &state,
        0,
        &Command::ChooseBonus {
            tiles: tiles(&[(Red, 1)]),
        },
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TowerEmptied { .. }))
    );
    assert_eq!(state.supply.total(), 5);
    assert_eq!(tile_count(&state), 132);
}

#[test]
fn the_bag_runs_dry_while_filling_factories_and_the_tower_is_poured_in() {
    let mut state = placing(BoardSide::Standard, 2, 3);
    // 6 tiles in the bag, 20 in the tower, the rest with the players.
    let mut rest = state.bag;
    state.bag = tiles(&[(Red, 6)]);
    state.tower = tiles(&[(Blue, 20)]);
    state.players[0].hand = tiles(&[(Green, 1)]);
    rest.remove_all(&tiles(&[(Red, 6), (Blue, 20), (Green, 1)]));
    state.players[1].corner = rest;
    assert_eq!(tile_count(&state), 132);
    let (events, state) = run(&state, 0, &Command::Pass);
    let kinds: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::FactoriesFilled { .. } => Some("filled"),
            Event::TowerEmptied { .. } => Some("poured"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, vec!["filled", "poured", "filled"]);
    assert_eq!(state.factories.iter().map(Tiles::total).sum::<usize>(), 20);
    assert_eq!(state.factories[0], tiles(&[(Red, 4)]));
    assert_eq!(state.factories[1], tiles(&[(Red, 2), (Blue, 2)]));
    assert_eq!(state.bag.total(), 6);
    assert_eq!(tile_count(&state), 132);
}

#[test]
fn a_player_without_tiles_passes_by_itself_without_penalty() {
    let mut state = placing(BoardSide::Standard, 3, 2);
    for seat in 1..3 {
        state.players[seat].passed = false;
    }
    set_hand(&mut state, 0, tiles(&[(Purple, 2)]));
    set_hand(&mut state, 2, tiles(&[(Red, 1)]));
    let (events, state) = run(&state, 0, &place(1, 2, Purple, 0));
    assert!(events.contains(&Event::Passed { seat: 1 }));
    assert_eq!(state.players[1].score, 5);
    assert_eq!(state.current, 2);
}

#[test]
fn commands_and_events_have_readable_json() {
    let take = Command::Take {
        source: Source::Factory(3),
        colour: Red,
    };
    assert_eq!(
        serde_json::to_value(&take).unwrap(),
        json!({"type":"take","source":{"factory":3},"colour":"red"})
    );
    let centre = Command::Take {
        source: Source::Centre,
        colour: Blue,
    };
    assert_eq!(
        serde_json::to_value(&centre).unwrap(),
        json!({"type":"take","source":"centre","colour":"blue"})
    );
    assert_eq!(
        serde_json::to_value(place(2, 4, Orange, 1)).unwrap(),
        json!({"type":"place","star":2,"space":4,"colour":"orange","wild_count":1})
    );
    let bonus: Command =
        serde_json::from_value(json!({"type":"choose_bonus","tiles":["red","blue","red"]}))
            .unwrap();
    assert_eq!(
        bonus,
        Command::ChooseBonus {
            tiles: tiles(&[(Red, 2), (Blue, 1)])
        }
    );
    assert_eq!(
        serde_json::to_value(&bonus).unwrap(),
        json!({"type":"choose_bonus","tiles":["blue","red","red"]})
    );
    assert_eq!(
        serde_json::to_value(Command::Pass).unwrap(),
        json!({"type":"pass"})
    );
    let passed = Event::Passed { seat: 1 };
    assert_eq!(
        serde_json::to_value(&passed).unwrap(),
        json!({"type":"passed","seat":1})
    );
}

#[test]
fn the_view_shows_the_whole_table_alike_to_everyone() {
    let options = Options {
        board: BoardSide::Variant,
    };
    let events = Azul::setup(&options, 3, &mut rng(5));
    let state = fold::<Azul>(&options, 3, &events);
    let view: View = Azul::view(&state, Viewer::Seat(1));
    assert_eq!(view.viewer, Some(1));
    assert_eq!(view.factories.len(), 7);
    assert_eq!(view.supply.total(), 10);
    assert_eq!(view.bag.total, 132 - 10 - 28);
    assert_eq!(view.players.len(), 3);
    let board = &view.players[0];
    assert_eq!(board.stars.len(), 7);
    assert_eq!(board.structures.len(), 18);
    let values: Vec<u8> = board.stars[2].spaces.iter().map(|s| s.value).collect();
    assert_eq!(values, vec![3, 2, 1, 4, 5, 6]);
    let mut spectator = Azul::view(&state, Viewer::Spectator);
    spectator.viewer = Some(1);
    assert_eq!(spectator, view, "no secrets: only the viewer differs");
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["awaiting"], json!({"kind": "take"}));
    assert!(serde_json::from_value::<View>(json).is_ok());
}

#[test]
fn every_event_of_a_game_reads_as_a_sentence_and_commands_have_labels() {
    let names: Vec<String> = ["Ann", "Bo"].map(String::from).to_vec();
    let options = Options::default();
    let mut random = rng(11);
    let playout =
        super::super::super::playout::random_playout::<Azul>(&options, 2, &mut random, 5_000)
            .unwrap();
    for event in &playout.events {
        let text = crate::i18n::Lang::En.say(&Azul::describe(event), &names);
        assert!(
            text.ends_with('.') && !text.contains("Some(") && !text.contains('{'),
            "{text}"
        );
        assert_eq!(Azul::redact(event, Viewer::Spectator), *event);
    }
    let mut state = acquiring(2, 1);
    state.factories[2] = tiles(&[(Red, 3), (Purple, 1)]);
    assert_eq!(
        crate::i18n::Lang::En.say(
            &Azul::command_label(
                &state,
                &Command::Take {
                    source: Source::Factory(3),
                    colour: Red
                }
            ),
            &[]
        ),
        "Take red from factory 3"
    );
    let state = placing(BoardSide::Standard, 2, 1);
    assert_eq!(
        crate::i18n::Lang::En.say(&Azul::command_label(&state, &place(2, 4, Orange, 3)), &[]),
        "Place orange on the orange star space 4 (costs 4) with 3 wild"
    );
    let taken = Event::TilesTaken {
        seat: 0,
        source: Source::Centre,
        colour: Yellow,
        taken: tiles(&[(Yellow, 3), (Purple, 1)]),
        to_centre: Tiles::EMPTY,
        start_player_token: true,
        points_lost: 4,
    };
    assert_eq!(
        crate::i18n::Lang::En.say(&Azul::describe(&taken), &names),
        "Ann took 3 yellow and 1 purple (wild) from the centre and the start player token, losing 4 points."
    );
}

#[test]
fn evolve_ignores_events_that_do_not_fit() {
    let state: State = placing(BoardSide::Standard, 2, 2);
    let odd = [
        Event::TilePlaced {
            seat: 9,
            star: 12,
            space: 0,
            colour: Red,
            wild_count: 200,
            points: 3,
            completed: vec![],
            bonus_tiles: 0,
        },
        Event::TilesTaken {
            seat: 7,
            source: Source::Factory(0),
            colour: Red,
            taken: tiles(&[(Red, 3)]),
            to_centre: Tiles::EMPTY,
            start_player_token: false,
            points_lost: 0,
        },
        Event::FactoriesFilled {
            tiles: vec![vec![Red]; 20],
        },
        Event::BonusTaken {
            seat: 5,
            tiles: tiles(&[(Red, 30)]),
        },
        Event::TilesKept {
            seat: 5,
            kept: Tiles::EMPTY,
            discarded: Tiles::EMPTY,
            points_lost: 1,
        },
        Event::FinalScored {
            seat: 8,
            stars: vec![],
            numbers: vec![],
            points: 1,
        },
        Event::RoundStarted {
            round: 40,
            start_player: 9,
        },
        Event::Passed { seat: 6 },
    ];
    let after = odd.iter().fold(state, Azul::evolve);
    assert_eq!(after.round, 40);
    assert!(Azul::legal_commands(&after, 0).is_empty());
    let _ = Azul::view(&after, Viewer::Everyone);
}

#[test]
fn equal_top_scores_share_the_victory() {
    let mut state = placing(BoardSide::Standard, 3, 6);
    state.players[0].score = 9;
    state.players[1].score = 8;
    state.players[2].score = 3;
    set_hand(&mut state, 0, tiles(&[(Red, 1)]));
    let (events, state) = run(&state, 0, &Command::Pass);
    assert_eq!(
        events.last(),
        Some(&Event::GameEnded {
            winners: vec![0, 1],
            scores: vec![8, 8, 3]
        })
    );
    let Status::Finished { outcome } = Azul::status(&state) else {
        panic!("The game is over.")
    };
    assert_eq!(outcome.winners, vec![0, 1]);
    assert!(!outcome.is_draw());
    assert!(Azul::legal_commands(&state, 0).is_empty());
    assert_eq!(
        try_run(&state, 0, &Command::Pass).unwrap_err().to_string(),
        "The game is over."
    );
}
