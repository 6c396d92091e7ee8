//! §8.4: the 18 bonus structures, checked against the spec's explicit table, each paying its
//! reward exactly when its last space is filled and never otherwise.

use rand::seq::SliceRandom;

use super::super::model::board::{BoardSide, Space, Structure, StructureKind, structures_at};
use super::super::model::state::{Board, Pending};
use super::super::scoring::completed_structures;
use super::super::{Colour, Event};
use super::support::*;

/// One row of the §8.4 table: kind, star, reward, spaces as (star, pos).
type Row = (StructureKind, u8, u8, Vec<(u8, u8)>);

/// The §8.4 table, transcribed as printed.
fn spec_table() -> Vec<Row> {
    use StructureKind::*;
    vec![
        (Pillar, 1, 1, vec![(1, 2), (1, 3), (0, 5), (0, 6)]),
        (Pillar, 2, 1, vec![(2, 2), (2, 3), (0, 6), (0, 1)]),
        (Pillar, 3, 1, vec![(3, 2), (3, 3), (0, 1), (0, 2)]),
        (Pillar, 4, 1, vec![(4, 2), (4, 3), (0, 2), (0, 3)]),
        (Pillar, 5, 1, vec![(5, 2), (5, 3), (0, 3), (0, 4)]),
        (Pillar, 6, 1, vec![(6, 2), (6, 3), (0, 4), (0, 5)]),
        (Statue, 1, 2, vec![(1, 1), (1, 2), (2, 3), (2, 4)]),
        (Statue, 2, 2, vec![(2, 1), (2, 2), (3, 3), (3, 4)]),
        (Statue, 3, 2, vec![(3, 1), (3, 2), (4, 3), (4, 4)]),
        (Statue, 4, 2, vec![(4, 1), (4, 2), (5, 3), (5, 4)]),
        (Statue, 5, 2, vec![(5, 1), (5, 2), (6, 3), (6, 4)]),
        (Statue, 6, 2, vec![(6, 1), (6, 2), (1, 3), (1, 4)]),
        (Window, 1, 3, vec![(1, 5), (1, 6)]),
        (Window, 2, 3, vec![(2, 5), (2, 6)]),
        (Window, 3, 3, vec![(3, 5), (3, 6)]),
        (Window, 4, 3, vec![(4, 5), (4, 6)]),
        (Window, 5, 3, vec![(5, 5), (5, 6)]),
        (Window, 6, 3, vec![(6, 5), (6, 6)]),
    ]
}

fn spaces(list: &[(u8, u8)]) -> Vec<Space> {
    let mut spaces: Vec<Space> = list.iter().map(|&(s, p)| Space::new(s, p)).collect();
    spaces.sort();
    spaces
}

fn board_with(filled: &[Space]) -> Board {
    let mut board = Board::default();
    for &space in filled {
        board.set(space, Colour::Red);
    }
    board
}

#[test]
fn the_18_structures_are_exactly_those_of_the_spec_table() {
    let table = spec_table();
    let ours: Vec<Structure> = Structure::all().collect();
    assert_eq!(ours.len(), 18);
    for (kind, star, reward, list) in table {
        let structure = Structure { kind, star };
        assert!(ours.contains(&structure));
        assert_eq!(structure.reward(), reward, "{structure:?}");
        let mut got = structure.spaces();
        got.sort();
        assert_eq!(got, spaces(&list), "{structure:?}");
    }
}

#[test]
fn every_space_belongs_to_the_structures_listed_in_the_spec() {
    // outer pos1 → S_k; pos2 → S_k, P_k; pos3 → P_k, S_{k−1}; pos4 → S_{k−1}; pos5, pos6 → W_k;
    // centre pos j → P_{j+1}, P_{j+2} (wrapping 1..6).
    let wrap = |n: u8| (n + 5) % 6 + 1;
    let s = |kind, star| Structure { kind, star };
    use StructureKind::*;
    for k in 1..=6u8 {
        let expected: [(u8, Vec<Structure>); 6] = [
            (1, vec![s(Statue, k)]),
            (2, vec![s(Pillar, k), s(Statue, k)]),
            (3, vec![s(Pillar, k), s(Statue, wrap(k - 1))]),
            (4, vec![s(Statue, wrap(k - 1))]),
            (5, vec![s(Window, k)]),
            (6, vec![s(Window, k)]),
        ];
        for (pos, mut want) in expected {
            want.sort();
            let mut got: Vec<Structure> = structures_at(Space::new(k, pos)).collect();
            got.sort();
            assert_eq!(got, want, "star {k} space {pos}");
        }
    }
    for j in 1..=6u8 {
        let mut want = vec![s(Pillar, wrap(j + 1)), s(Pillar, wrap(j + 2))];
        want.sort();
        let mut got: Vec<Structure> = structures_at(Space::new(0, j)).collect();
        got.sort();
        assert_eq!(got, want, "centre space {j}");
    }
}

#[test]
fn each_structure_pays_when_its_last_space_is_filled_whichever_it_is() {
    for (kind, star, _, list) in spec_table() {
        let structure = Structure { kind, star };
        let members = spaces(&list);
        for &last in &members {
            let others: Vec<Space> = members.iter().copied().filter(|&s| s != last).collect();
            let board = board_with(&others);
            assert!(
                completed_structures(&board, last).contains(&structure),
                "{structure:?} completed by {last:?}"
            );
            // With any one other member missing, the same placement does not complete it.
            for &missing in &others {
                let partial: Vec<Space> =
                    others.iter().copied().filter(|&s| s != missing).collect();
                assert!(
                    !completed_structures(&board_with(&partial), last).contains(&structure),
                    "{structure:?} must not pay while {missing:?} is empty"
                );
            }
        }
    }
}

#[test]
fn a_placement_outside_a_structure_never_pays_it_even_on_a_full_board() {
    let all: Vec<Space> = Space::all().collect();
    for space in Space::all() {
        let others: Vec<Space> = all.iter().copied().filter(|&s| s != space).collect();
        let mut got = completed_structures(&board_with(&others), space);
        got.sort();
        let mut want: Vec<Structure> = Structure::all().filter(|s| s.contains(space)).collect();
        want.sort();
        assert_eq!(got, want, "{space:?}");
    }
}

#[test]
fn filling_a_board_in_any_order_pays_each_structure_once_at_its_last_space() {
    let mut rng = rng(84);
    for _ in 0..200 {
        let mut order: Vec<Space> = Space::all().collect();
        order.shuffle(&mut rng);
        let mut board = Board::default();
        let mut paid: Vec<Structure> = Vec::new();
        for (i, &space) in order.iter().enumerate() {
            for structure in completed_structures(&board, space) {
                let last_needed = structure
                    .spaces()
                    .iter()
                    .map(|s| order.iter().position(|o| o == s).unwrap())
                    .max()
                    .unwrap();
                assert_eq!(last_needed, i, "{structure:?} paid before its last space");
                paid.push(structure);
            }
            board.set(space, Colour::Blue);
        }
        paid.sort();
        let all: Vec<Structure> = Structure::all().collect();
        let mut sorted = all.clone();
        sorted.sort();
        assert_eq!(paid, sorted, "every structure paid exactly once");
    }
}

#[test]
fn through_decide_each_structure_is_rewarded_only_with_its_last_tile() {
    for side in [BoardSide::Standard, BoardSide::Variant] {
        for (kind, star, reward, list) in spec_table() {
            let structure = Structure { kind, star };
            let mut state = placing(side, 2, 2);
            let members = spaces(&list);
            for (i, &space) in members.iter().enumerate() {
                let events = place_through_decide(&mut state, 0, space);
                let Event::TilePlaced {
                    completed,
                    bonus_tiles,
                    ..
                } = placed(&events)
                else {
                    unreachable!()
                };
                if i + 1 < members.len() {
                    assert!(completed.is_empty(), "{structure:?} after {} spaces", i + 1);
                    assert_eq!(*bonus_tiles, 0);
                } else {
                    assert_eq!(completed, &vec![structure]);
                    assert_eq!(*bonus_tiles, reward);
                    let took = events.iter().find_map(|e| match e {
                        Event::BonusTaken { tiles, .. } => Some(tiles.total()),
                        _ => None,
                    });
                    assert_eq!(took, Some(usize::from(reward)), "the bonus was taken");
                }
                assert_ne!(state.pending, Some(Pending::Bonus(reward)));
            }
        }
    }
}
