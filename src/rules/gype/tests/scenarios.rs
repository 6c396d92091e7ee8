//! The reference scenarios of spec §13, each played from every side it applies to. Squares are
//! written as the spec writes them for South and turned to each side by `Table::at`.

use super::*;
use Face::*;

fn tables(options: Options) -> impl Iterator<Item = Table> {
    CONFIGS
        .into_iter()
        .map(move |(players, side)| Table::new(players, side, options.clone()))
}

fn rolled_squares(events: &[Event]) -> Vec<Square> {
    events
        .iter()
        .flat_map(|e| match e {
            Event::Jumped {
                over,
                rolled: Some(_),
                ..
            } => vec![*over],
            Event::HatMoved { rolls, .. } => rolls.iter().map(|r| r.at).collect(),
            Event::Rolled { at, .. } => vec![*at],
            _ => vec![],
        })
        .collect()
}

// 1. Tree orientation.
#[test]
fn tree_moves_forward_straight_or_diagonally_and_back_straight_for_every_side() {
    for mut t in tables(Options::default()) {
        t.mine(4, 4, Tree);
        assert_eq!(
            t.targets((4, 4)),
            t.set(&[(4, 5), (3, 5), (5, 5), (4, 3)]),
            "{:?}",
            t.side
        );
        for to in [(3, 4), (5, 4), (3, 3), (5, 3)] {
            let reason = t.refused(t.step((4, 4), to));
            assert!(reason.contains("cannot step"), "{reason}");
        }
    }
}

#[test]
fn tree_directions_match_the_spec_literally_for_north_and_west() {
    for (players, side, expected) in [
        (2, Side::North, [sq(4, 3), sq(3, 3), sq(5, 3), sq(4, 5)]),
        (4, Side::West, [sq(5, 4), sq(5, 3), sq(5, 5), sq(3, 4)]),
    ] {
        let mut t = Table::new(players, side, Options::default());
        let seat = t.seat;
        t.state.board.set(
            sq(4, 4),
            Some(Die {
                owner: seat,
                face: Tree,
            }),
        );
        assert_eq!(t.targets_from(sq(4, 4)), expected.into(), "{side:?}");
    }
}

// 2. Single jump and roll.
#[test]
fn a_die_jumps_one_neighbour_into_the_empty_square_beyond_and_rolls_it_once() {
    for mut t in tables(Options::default()) {
        t.mine(4, 4, Flame);
        t.theirs(4, 5, Book);
        assert!(!t.is_legal(&t.step((4, 4), (4, 5))));
        let events = t.play(t.jump((4, 4), (4, 6)));
        let Event::Jumped {
            over, rolled, to, ..
        } = &events[0]
        else {
            panic!("expected a jump, got {events:?}");
        };
        assert_eq!((*over, *to), (t.at(4, 5), t.at(4, 6)));
        assert!(rolled.is_some(), "the jumped die is rolled");
        assert_eq!(rolled_squares(&events), vec![t.at(4, 5)]);
        assert_eq!(t.state.board.get(t.at(4, 5)).map(|d| d.face), *rolled);
    }
}

#[test]
fn a_die_cannot_jump_two_dice_or_into_an_occupied_square() {
    for mut t in tables(Options::default()) {
        t.mine(4, 4, Flame);
        t.theirs(4, 5, Book);
        t.theirs(4, 6, Book);
        assert!(
            !t.targets((4, 4))
                .iter()
                .any(|s| [t.at(4, 5), t.at(4, 6), t.at(4, 7)].contains(s))
        );
        let reason = t.refused(t.jump((4, 4), (4, 6)));
        assert!(reason.contains("already a die on"), "{reason}");
        let reason = t.refused(t.jump((4, 4), (4, 7)));
        assert!(reason.contains("cannot jump"), "{reason}");
    }
}

// 3. No step then jump.
#[test]
fn a_step_ends_the_move_even_when_a_jump_would_follow() {
    for mut t in tables(Options::default()) {
        t.mine(4, 4, Book);
        t.theirs(4, 6, Book);
        let events = t.play(t.step((4, 4), (4, 5)));
        assert!(matches!(events[0], Event::Stepped { .. }), "{events:?}");
        assert!(
            matches!(events[1], Event::TurnBegan { seat, .. } if seat == t.other()),
            "{events:?}"
        );
        assert_eq!(events.len(), 2);
        assert!(t.state.chain.is_none());
        assert_eq!(t.state.turn, t.other());
    }
}

// 4. Chain with return, rolled once each.
#[test]
fn a_chain_may_return_to_its_start_and_rolls_each_jumped_die_once() {
    for mut t in tables(Options::default()) {
        t.mine(4, 4, Flame);
        t.theirs(4, 5, Book); // A
        t.mine(5, 6, Tree); // B
        let mut events = t.play(t.jump((4, 4), (4, 6)));
        assert_eq!(t.state.turn, t.seat, "the chain goes on");
        assert!(t.is_legal(&Command::EndMove));
        events.extend(t.play(t.jump((4, 6), (6, 6))));
        events.extend(t.play(t.jump((6, 6), (4, 6))));
        events.extend(t.play(t.jump((4, 6), (4, 4))));
        let rolls: Vec<Option<Face>> = events
            .iter()
            .filter_map(|e| match e {
                Event::Jumped { rolled, .. } => Some(*rolled),
                _ => None,
            })
            .collect();
        assert_eq!(rolls.len(), 4);
        assert!(rolls[0].is_some() && rolls[1].is_some());
        assert_eq!(rolls[2..], [None, None], "already rolled this turn");
        assert_eq!(rolled_squares(&events), vec![t.at(4, 5), t.at(5, 6)]);
        let chain = t.state.chain.clone().expect("chain in progress");
        assert_eq!(chain.jumped, vec![t.at(4, 5), t.at(5, 6)]);
        let ended = t.play(Command::EndMove);
        assert_eq!(
            ended[0],
            Event::MoveEnded {
                seat: t.seat,
                at: t.at(4, 4)
            }
        );
        assert_eq!(t.state.board.get(t.at(4, 4)).map(|d| d.face), Some(Flame));
        assert_eq!(t.state.turn, t.other());
    }
}

#[test]
fn during_a_chain_only_further_jumps_and_end_move_are_legal() {
    for mut t in tables(Options::default()) {
        t.mine(4, 4, Flame);
        t.theirs(4, 5, Book);
        t.mine(2, 2, Book);
        t.play(t.jump((4, 4), (4, 6)));
        let mut legal = t.legal();
        legal.sort_by_key(|c| format!("{c:?}"));
        assert_eq!(legal.len(), 2, "{legal:?}");
        assert!(legal.contains(&Command::EndMove));
        assert!(legal.contains(&t.jump((4, 6), (4, 4))));
        assert!(t.refused(t.step((2, 2), (2, 3))).contains("jumping"));
        assert!(t.refused(t.roll((2, 2))).contains("jumping"));
        assert!(
            t.refused(t.jump((2, 2), (2, 4)))
                .contains("Only the die on")
        );
    }
}

#[test]
fn a_chain_with_no_jump_left_ends_with_move_ended_and_passes_the_turn() {
    for mut t in tables(Options::default()) {
        // A Tree jumps diagonally forward over (4,4) to (5,5). A Tree never moves diagonally
        // backwards, and (5,6), (4,6), (6,6) and (5,4) are empty: no jump is left.
        t.mine(3, 3, Tree);
        t.theirs(4, 4, Ear);
        let events = t.play(t.jump((3, 3), (5, 5)));
        assert_eq!(events.len(), 3, "{events:?}");
        assert_eq!(
            events[1],
            Event::MoveEnded {
                seat: t.seat,
                at: t.at(5, 5)
            }
        );
        assert!(matches!(events[2], Event::TurnBegan { seat, .. } if seat == t.other()));
        assert!(t.state.chain.is_none());
    }
}

// 5. Foreign and unused home rows.
#[test]
fn dice_never_enter_a_home_row_other_than_their_goal_or_go_back_to_their_start_row() {
    for mut t in tables(Options::default()) {
        t.mine(2, 3, Flame);
        t.theirs(1, 3, Ear);
        let reason = t.refused(t.jump((2, 3), (0, 3)));
        assert!(reason.contains("not your goal"), "{reason}");

        let mut t = Table::new(t.state.players, t.side, Options::default());
        t.mine(1, 3, Book);
        let reason = t.refused(t.step((1, 3), (0, 3)));
        assert!(reason.contains("not your goal"), "{reason}");

        let mut t = Table::new(t.state.players, t.side, Options::default());
        t.mine(2, 1, Flame);
        let reason = t.refused(t.step((2, 1), (1, 0)));
        assert!(reason.contains("may not go back"), "{reason}");
        assert_eq!(
            t.targets((2, 1)),
            t.set(&[(1, 1), (3, 1), (1, 2), (2, 2), (3, 2)])
        );
    }
}

// 6. Start-row lateral move and no re-entry.
#[test]
fn a_die_moves_within_its_start_row_until_it_leaves_and_never_returns() {
    for mut t in tables(Options::default()) {
        t.mine(3, 0, Book);
        t.mine(3, 1, Book);
        t.mine(5, 1, Tree);
        assert!(t.targets((3, 0)).contains(&t.at(2, 0)));
        t.play(t.step((3, 0), (2, 0)));
        t.hand_back_the_turn();
        assert!(
            t.refused(t.step((3, 1), (3, 0)))
                .contains("may not go back")
        );
        assert!(
            t.refused(t.step((5, 1), (5, 0)))
                .contains("may not go back")
        );
        assert_eq!(t.targets((3, 1)), t.set(&[(4, 1), (3, 2), (2, 1)]));
    }
}

#[test]
fn a_book_in_its_start_row_steps_sideways_into_an_empty_start_square() {
    for mut t in tables(Options::default()) {
        t.mine(3, 0, Book);
        t.mine(2, 0, Tree);
        assert_eq!(t.targets((3, 0)), t.set(&[(4, 0), (3, 1), (1, 0)]));
        // The Tree beside it cannot slide sideways (spec §16.16).
        assert_eq!(t.targets((2, 0)), t.set(&[(2, 1), (1, 1), (3, 1)]));
    }
}

// 7. Goal landing, pass-through and freeze.
#[test]
fn a_chain_passes_through_the_goal_row_and_freezes_only_where_it_ends() {
    for mut t in tables(Options::default()) {
        t.mine(3, 7, Flame);
        t.theirs(4, 8, Ear);
        t.theirs(6, 9, Ear);
        t.theirs(6, 8, Ear);
        t.bystanders();
        t.play(t.jump((3, 7), (5, 9)));
        assert!(t.is_legal(&t.jump((5, 9), (7, 9))), "along the goal row");
        assert!(t.is_legal(&t.jump((5, 9), (7, 7))), "back into the grid");
        assert!(!t.state.is_frozen(t.at(5, 9)), "not frozen mid-chain");

        let mut back_out = t.fork();
        back_out.play(back_out.jump((5, 9), (7, 7)));
        back_out.play(Command::EndMove);
        assert!(!back_out.state.is_frozen(back_out.at(7, 7)));

        t.play(t.jump((5, 9), (7, 9)));
        t.play(Command::EndMove);
        assert!(t.state.is_frozen(t.at(7, 9)));
        t.pass_round();
        assert!(t.targets((7, 9)).is_empty());
        assert!(
            t.refused(t.step((7, 9), (7, 8)))
                .contains("can no longer move")
        );
        assert!(
            t.refused(t.roll((7, 9)))
                .contains("can no longer be rolled")
        );
    }
}

#[test]
fn a_step_into_the_goal_row_freezes_the_die() {
    for mut t in tables(Options::default()) {
        t.mine(4, 8, Book);
        t.mine(2, 5, Ear);
        t.bystanders();
        t.play(t.step((4, 8), (4, 9)));
        t.pass_round();
        assert!(t.state.is_frozen(t.at(4, 9)));
        let mine: Vec<Command> = t.legal();
        assert_eq!(mine, vec![t.roll((2, 5))]);
    }
}

// 8. Hat paths.
#[test]
fn a_hat_rolls_the_dice_on_the_path_it_chooses() {
    for mut t in tables(Options::default()) {
        t.mine(4, 4, Hat);
        for (c, r) in [(4, 5), (4, 6), (5, 4), (5, 5)] {
            t.theirs(c, r, Ear);
        }
        for (path, expected) in [
            (HatPath::LongFirst, [(4, 5), (4, 6)]),
            (HatPath::ShortFirst, [(5, 4), (5, 5)]),
        ] {
            let mut game = t.fork();
            let events = game.play(game.hat((4, 4), (5, 6), path));
            assert_eq!(rolled_squares(&events).len(), 2, "{events:?}");
            let rolled: BTreeSet<Square> = rolled_squares(&events).into_iter().collect();
            assert_eq!(rolled, t.set(&expected), "{path:?}");
            assert!(
                matches!(events[1], Event::TurnBegan { .. }),
                "a Hat never chains"
            );
            assert_eq!(
                game.state.board.get(game.at(5, 6)).map(|d| d.face),
                Some(Hat)
            );
        }
    }
}

#[test]
fn a_hat_needs_an_empty_destination_and_moves_like_a_knight() {
    for mut t in tables(Options::default()) {
        t.mine(4, 4, Hat);
        let knight = [
            (5, 6),
            (6, 5),
            (6, 3),
            (5, 2),
            (3, 2),
            (2, 3),
            (2, 5),
            (3, 6),
        ];
        assert_eq!(t.targets((4, 4)), t.set(&knight));
        t.theirs(5, 6, Ear);
        for path in HatPath::BOTH {
            assert!(
                t.refused(t.hat((4, 4), (5, 6), path))
                    .contains("already a die")
            );
        }
        assert!(
            t.refused(t.hat((4, 4), (6, 6), HatPath::LongFirst))
                .contains("two squares")
        );
        assert!(t.refused(t.step((4, 4), (4, 5))).contains("Hat move"));
        assert!(t.refused(t.jump((4, 4), (4, 6))).contains("never jumps"));
    }
}

// 9. Chaos.
#[test]
fn chaos_keeps_dice_behind_the_centre_while_the_start_row_is_not_empty() {
    let options = Options {
        chaos: true,
        ..Options::default()
    };
    for mut t in tables(options) {
        t.mine(2, 0, Flame);
        t.mine(4, 4, Flame);
        for (c, r) in [(2, 1), (2, 3), (2, 5)] {
            t.theirs(c, r, Ear);
        }
        t.bystanders();
        // Start the turn properly: the previous seat acts, then the Chaos verdict is taken.
        let previous = (t.seat + t.state.players - 1) % t.state.players;
        t.state.turn = previous;
        let events = t.pass_round();
        assert_eq!(
            events.last(),
            Some(&Event::TurnBegan {
                seat: t.seat,
                chaos_limit: true
            })
        );
        assert!(t.refused(t.step((4, 4), (4, 5))).contains("Chaos"));
        assert!(t.is_legal(&t.step((4, 4), (3, 4))));
        assert!(t.is_legal(&t.step((4, 4), (4, 3))));

        t.play(t.jump((2, 0), (2, 2)));
        t.play(t.jump((2, 2), (2, 4)));
        assert!(!t.state.has_die_in_start_row(t.seat));
        assert!(t.refused(t.jump((2, 4), (2, 6))).contains("Chaos"));
        t.play(Command::EndMove);

        let events = t.pass_round();
        assert_eq!(
            events.last(),
            Some(&Event::TurnBegan {
                seat: t.seat,
                chaos_limit: false
            })
        );
        assert!(t.is_legal(&t.step((4, 4), (4, 5))));
        assert!(t.is_legal(&t.jump((2, 4), (2, 6))));
    }
}

#[test]
fn without_chaos_nothing_holds_dice_behind_the_centre() {
    for mut t in tables(Options::default()) {
        t.mine(2, 0, Flame);
        t.mine(4, 4, Flame);
        t.bystanders();
        let previous = (t.seat + t.state.players - 1) % t.state.players;
        t.state.turn = previous;
        let events = t.pass_round();
        assert!(matches!(
            events.last(),
            Some(Event::TurnBegan {
                chaos_limit: false,
                ..
            })
        ));
        assert!(t.is_legal(&t.step((4, 4), (4, 5))));
    }
}

// 10. Random start.
#[test]
fn random_start_never_deals_an_ear_but_deals_hats_and_rolls_can_show_ears() {
    let options = Options {
        start: StartRule::Random,
        chaos: false,
    };
    let mut hats = 0;
    let mut rolled_ears = 0;
    for seed in 0..200 {
        let events = Gype::setup(&options, 4, &mut rng(seed));
        let Event::Started { rows, .. } = &events[0] else {
            panic!("setup starts with Started");
        };
        for row in rows {
            let row = row.as_ref().expect("setup keeps every row");
            assert_eq!(row.len(), 8);
            assert!(!row.contains(&Ear), "seed {seed}: {row:?}");
            hats += row.iter().filter(|&&f| f == Hat).count();
        }
        let mut t = Table::new(2, Side::South, options.clone());
        t.rng = super::rng(seed);
        t.mine(4, 4, Flame);
        let Some(Event::Rolled { face, .. }) = t.play(t.roll((4, 4))).first().cloned() else {
            panic!("a roll is recorded");
        };
        rolled_ears += usize::from(face == Ear);
    }
    assert!(hats > 0, "Random start deals Hats");
    assert!(rolled_ears > 0, "rolls in play can show an Ear");
}

#[test]
fn classic_start_deals_two_each_of_flame_swords_book_and_tree() {
    for options in all_options()
        .into_iter()
        .filter(|o| o.start == StartRule::Classic)
    {
        for seed in 0..50 {
            let events = Gype::setup(&options, 4, &mut rng(seed));
            let Event::Started { rows, .. } = &events[0] else {
                panic!("setup starts with Started");
            };
            for row in rows {
                let row = row.as_ref().expect("setup keeps every row");
                for face in [Flame, Swords, Book, Tree] {
                    assert_eq!(row.iter().filter(|&&f| f == face).count(), 2, "{row:?}");
                }
                assert_eq!(row.len(), 8);
            }
        }
    }
}

// 11. Roll always available.
#[test]
fn when_no_die_can_move_the_only_legal_actions_are_rolls_of_unfrozen_dice() {
    for mut t in tables(Options::default()) {
        t.mine(1, 1, Book);
        for (c, r) in [(1, 2), (1, 3), (2, 1), (3, 1)] {
            t.theirs(c, r, Ear);
        }
        t.mine(5, 5, Ear);
        t.mine(6, 6, Ear);
        t.mine(4, 9, Flame);
        let legal: BTreeSet<String> = t.legal().iter().map(|c| format!("{c:?}")).collect();
        let rolls: BTreeSet<String> = [(1, 1), (5, 5), (6, 6)]
            .iter()
            .map(|&at| format!("{:?}", t.roll(at)))
            .collect();
        assert_eq!(legal, rolls);
    }
}

// 12. Win.
#[test]
fn bringing_the_eighth_die_home_wins_at_once() {
    for mut t in tables(Options::default()) {
        for c in 1..=7 {
            t.mine(c, 9, Ear);
        }
        t.mine(8, 8, Book);
        t.bystanders();
        let events = t.play(t.step((8, 8), (8, 9)));
        assert_eq!(events.last(), Some(&Event::Won { seat: t.seat }));
        let outcome = Gype::status(&t.state).outcome().cloned().expect("finished");
        assert_eq!(outcome.winners, vec![t.seat]);
        assert_eq!(outcome.scores[t.seat], 8);
        assert!(Gype::legal_commands(&t.state, t.seat).is_empty());
    }
}

#[test]
fn passing_through_the_goal_row_with_the_last_die_does_not_win() {
    for mut t in tables(Options::default()) {
        for c in 1..=7 {
            t.mine(c, 9, Ear);
        }
        t.mine(6, 7, Flame);
        t.theirs(7, 8, Ear);
        t.bystanders();
        let events = t.play(t.jump((6, 7), (8, 9)));
        assert_eq!(events.len(), 1, "the chain may go on: {events:?}");
        assert_eq!(t.state.dice_in_goal(t.seat), 8);
        assert_eq!(
            Gype::status(&t.state).to_act(),
            &[t.seat],
            "not over mid-chain"
        );
        let events = t.play(t.jump((8, 9), (6, 7)));
        assert_eq!(events.len(), 1, "{events:?}");
        let events = t.play(Command::EndMove);
        assert!(
            matches!(events.last(), Some(Event::TurnBegan { .. })),
            "{events:?}"
        );
        assert!(Gype::status(&t.state).outcome().is_none());

        // The same chain stopped in the goal row wins.
        t.pass_round();
        t.play(t.jump((6, 7), (8, 9)));
        let events = t.play(Command::EndMove);
        assert_eq!(events.last(), Some(&Event::Won { seat: t.seat }));
    }
}
