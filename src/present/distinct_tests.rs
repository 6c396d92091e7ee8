//! The moves offered to tools are each legal move once: over random games of every kind, no two
//! offered commands lead to the same position, and every legal command that changes anything
//! leads where an offered one does.

use serde_json::{Value, json};

use super::GameUi;
use super::positions::{each_position, position_after};
use crate::rules::{azul::Azul, gype::Gype, kabaleo::Kabaleo, kalah::Kalah, quarto::Quarto};

fn each_move_is_offered_once<R: GameUi>(options: Value, players: usize, games: u64) {
    let options: R::Options = serde_json::from_value(options).unwrap();
    each_position::<R>(&options, players, games, |state, seat| {
        let offered = R::distinct_commands(state, seat);
        let reached: Vec<R::State> = offered
            .iter()
            .map(|c| position_after::<R>(state, seat, c))
            .collect();
        for (i, position) in reached.iter().enumerate() {
            if let Some(j) = reached[..i].iter().position(|p| p == position) {
                panic!(
                    "{}: {:?} and {:?} are offered as two moves but are one",
                    R::NAME,
                    offered[j],
                    offered[i]
                );
            }
        }
        for command in R::legal_commands(state, seat) {
            let position = position_after::<R>(state, seat, &command);
            assert!(
                position == *state || reached.contains(&position),
                "{}: {command:?} is legal but no offered move does what it does",
                R::NAME
            );
        }
    });
}

#[test]
fn kalah_moves_are_offered_once() {
    each_move_is_offered_once::<Kalah>(json!({"pie_rule": true}), 2, 20);
}

#[test]
fn quarto_moves_are_offered_once() {
    each_move_is_offered_once::<Quarto>(json!({}), 2, 20);
}

#[test]
fn kabaleo_moves_are_offered_once() {
    for players in 2..=4 {
        each_move_is_offered_once::<Kabaleo>(json!({}), players, 5);
    }
}

#[test]
fn azul_moves_are_offered_once() {
    each_move_is_offered_once::<Azul>(json!({}), 2, 2);
    each_move_is_offered_once::<Azul>(json!({"board": "variant"}), 3, 1);
}

#[test]
fn gype_moves_are_offered_once() {
    for players in 2..=4 {
        each_move_is_offered_once::<Gype>(json!({}), players, 2);
    }
    each_move_is_offered_once::<Gype>(json!({"start": "random", "chaos": true}), 2, 2);
}
