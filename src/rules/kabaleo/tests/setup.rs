//! Options and the opening deal.

use std::collections::BTreeSet;

use super::*;
use crate::rules::kabaleo::Dealing;

fn options(dealing: Dealing) -> KabaleoOptions {
    KabaleoOptions { dealing }
}

#[test]
fn random_dealing_seats_two_to_four_and_uniform_two_or_three() {
    assert_eq!(Kabaleo::player_counts(&options(Dealing::Random)), 2..=4);
    assert_eq!(Kabaleo::player_counts(&options(Dealing::Uniform)), 2..=3);
    for players in 2..=4 {
        assert_eq!(
            Kabaleo::validate_options(&options(Dealing::Random), players),
            Ok(())
        );
    }
    for players in 2..=3 {
        assert_eq!(
            Kabaleo::validate_options(&options(Dealing::Uniform), players),
            Ok(())
        );
    }
}

#[test]
fn uniform_dealing_with_four_players_is_refused_with_a_reason() {
    let error = Kabaleo::validate_options(&options(Dealing::Uniform), 4).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("Uniform dealing needs 2 or 3 players"),
        "{error}"
    );
    assert!(error.to_string().contains("random dealing"), "{error}");
}

#[test]
fn one_or_five_players_are_refused() {
    for players in [0, 1, 5] {
        let error = Kabaleo::validate_options(&options(Dealing::Random), players).unwrap_err();
        assert!(error.to_string().contains("2 to 4 players"), "{error}");
    }
}

#[test]
fn options_default_to_random_dealing_and_read_from_json() {
    assert_eq!(KabaleoOptions::default().dealing, Dealing::Random);
    let empty: KabaleoOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(empty, KabaleoOptions::default());
    let uniform: KabaleoOptions = serde_json::from_str(r#"{"dealing":"uniform"}"#).unwrap();
    assert_eq!(uniform.dealing, Dealing::Uniform);
    assert_eq!(
        serde_json::to_string(&uniform).unwrap(),
        r#"{"dealing":"uniform"}"#
    );
}

/// What one opening dealt, read back from its events.
struct Deal {
    bases: Vec<Colour>,
    hands: Vec<Hand>,
    secrets: Vec<Vec<Colour>>,
    first: Seat,
}

fn deal(dealing: Dealing, players: usize, seed: u64) -> Deal {
    let events = Kabaleo::setup(&options(dealing), players, &mut rng(seed));
    match events.as_slice() {
        [
            Event::BoardLaidOut { bases },
            Event::PiecesDealt { hands },
            Event::SecretColoursDealt { secrets, .. },
            Event::FirstPlayerDrawn { seat },
        ] => Deal {
            bases: bases.clone(),
            hands: hands.clone(),
            secrets: secrets.iter().map(|s| s.clone().unwrap()).collect(),
            first: *seat,
        },
        other => panic!("unexpected opening {other:?}"),
    }
}

fn in_play(bases: &[Colour]) -> BTreeSet<Colour> {
    bases.iter().copied().collect()
}

#[test]
fn setup_lays_out_four_bases_of_players_plus_two_colours() {
    for players in 2..=4 {
        for seed in 0..50 {
            let deal = deal(Dealing::Random, players, seed);
            let colours = in_play(&deal.bases);
            assert_eq!(colours.len(), players + 2);
            assert_eq!(deal.bases.len(), 4 * (players + 2));
            for colour in &colours {
                assert_eq!(deal.bases.iter().filter(|b| *b == colour).count(), 4);
            }
        }
    }
}

#[test]
fn random_dealing_shares_every_piece_in_play_equally() {
    for players in 2..=4 {
        let mut hands_seen = BTreeSet::new();
        for seed in 0..50 {
            let deal = deal(Dealing::Random, players, seed);
            let colours = in_play(&deal.bases);
            assert_eq!(deal.hands.len(), players);
            for hand in &deal.hands {
                assert_eq!(
                    hand.values().map(|&n| usize::from(n)).sum::<usize>(),
                    36 / 6 * (players + 2) / players
                );
                assert!(hand.keys().all(|c| colours.contains(c)));
                hands_seen.insert(hand.clone());
            }
            for colour in &colours {
                let total: u8 = deal.hands.iter().filter_map(|h| h.get(colour)).sum();
                assert_eq!(total, 6, "{colour}");
            }
        }
        assert!(hands_seen.len() > 10, "random hands should vary");
    }
}

#[test]
fn uniform_dealing_gives_every_player_the_same_share_of_each_colour() {
    for (players, share) in [(2, 3), (3, 2)] {
        for seed in 0..20 {
            let deal = deal(Dealing::Uniform, players, seed);
            let colours = in_play(&deal.bases);
            let expected: Hand = colours.iter().map(|&c| (c, share)).collect();
            assert_eq!(deal.hands, vec![expected; players]);
        }
    }
}

#[test]
fn secret_colours_are_distinct_colours_in_play_two_each_only_with_two_players() {
    for (players, each) in [(2, 2), (3, 1), (4, 1)] {
        for seed in 0..50 {
            let deal = deal(Dealing::Random, players, seed);
            let colours = in_play(&deal.bases);
            assert_eq!(deal.secrets.len(), players);
            let mut all = BTreeSet::new();
            for secret in &deal.secrets {
                assert_eq!(secret.len(), each);
                for colour in secret {
                    assert!(colours.contains(colour));
                    assert!(all.insert(*colour), "{colour} dealt twice");
                }
            }
        }
    }
}

#[test]
fn dropped_colours_layout_first_player_and_secrets_are_drawn_at_random() {
    for players in 2..=4 {
        let mut colour_sets = BTreeSet::new();
        let mut layouts = BTreeSet::new();
        let mut firsts = BTreeSet::new();
        let mut seat_zero_secrets = BTreeSet::new();
        for seed in 0..200 {
            let deal = deal(Dealing::Random, players, seed);
            colour_sets.insert(in_play(&deal.bases));
            layouts.insert(deal.bases.clone());
            firsts.insert(deal.first);
            seat_zero_secrets.insert(deal.secrets[0].clone());
        }
        // 2 players: 15 possible colour sets; 3 players: 6; 4 players: 1.
        let sets = [15, 6, 1][players - 2];
        assert_eq!(colour_sets.len(), sets, "{players} players");
        assert_eq!(layouts.len(), 200);
        assert_eq!(firsts, (0..players).collect());
        assert!(seat_zero_secrets.len() >= 6, "{seat_zero_secrets:?}");
    }
}

#[test]
fn setup_is_a_function_of_the_random_stream() {
    for players in 2..=4 {
        let one = Kabaleo::setup(&options(Dealing::Random), players, &mut rng(7));
        let again = Kabaleo::setup(&options(Dealing::Random), players, &mut rng(7));
        let other = Kabaleo::setup(&options(Dealing::Random), players, &mut rng(8));
        assert_eq!(one, again);
        assert_ne!(one, other);
    }
}

#[test]
fn the_drawn_first_player_is_to_act_after_setup() {
    for seed in 0..20 {
        let events = Kabaleo::setup(&options(Dealing::Random), 3, &mut rng(seed));
        let state = fold::<Kabaleo>(&options(Dealing::Random), 3, &events);
        let first = deal(Dealing::Random, 3, seed).first;
        assert_eq!(Kabaleo::status(&state).to_act(), &[first]);
        assert_eq!(
            Kabaleo::view(&state, crate::rules::Viewer::Spectator).to_move,
            Some(first)
        );
    }
}

#[test]
fn nobody_acts_before_setup() {
    let state = Kabaleo::initial_state(&KabaleoOptions::default(), 3);
    assert_eq!(Kabaleo::status(&state).to_act(), &[] as &[Seat]);
    assert!(Kabaleo::status(&state).outcome().is_none());
    assert!(Kabaleo::legal_commands(&state, 0).is_empty());
    let error = Kabaleo::decide(&state, 0, &place(0, Blue), &mut rng(0)).unwrap_err();
    assert_eq!(error.to_string(), "The game has not started yet.");
}
