//! The opening: colours in play, board layout, hands, secret colours and first player, every
//! random draw written into the events.

use std::iter::repeat_n;

use rand::RngExt;
use rand::seq::SliceRandom;

use super::colour::Colour;
use super::{
    BASES_PER_COLOUR, Dealing, Event, Hand, KabaleoOptions, PIECES_PER_COLOUR, Rng,
    colours_in_play, secret_colours_each,
};

pub(super) fn setup(options: &KabaleoOptions, players: usize, rng: Rng<'_>) -> Vec<Event> {
    if players == 0 {
        return Vec::new();
    }
    let mut colours = Colour::ALL.to_vec();
    colours.shuffle(rng);
    colours.truncate(colours_in_play(players));
    colours.sort();

    let mut bases: Vec<Colour> = colours
        .iter()
        .flat_map(|&c| repeat_n(c, BASES_PER_COLOUR))
        .collect();
    bases.shuffle(rng);

    let hands = deal_hands(options.dealing, &colours, players, rng);

    let mut targets = colours.clone();
    targets.shuffle(rng);
    let secrets = targets
        .chunks(secret_colours_each(players))
        .take(players)
        .map(|chunk| {
            let mut mine = chunk.to_vec();
            mine.sort();
            Some(mine)
        })
        .collect();

    let first = rng.random_range(0..players);

    vec![
        Event::BoardLaidOut { bases },
        Event::PiecesDealt { hands },
        Event::SecretColoursDealt { secrets },
        Event::FirstPlayerDrawn { seat: first },
    ]
}

/// Uniform dealing gives each seat the same share of every colour; where that cannot be done
/// (refused by `validate_options`), and for random dealing, the shuffled pieces are dealt out.
fn deal_hands(dealing: Dealing, colours: &[Colour], players: usize, rng: Rng<'_>) -> Vec<Hand> {
    if dealing == Dealing::Uniform && PIECES_PER_COLOUR.is_multiple_of(players) {
        let share = (PIECES_PER_COLOUR / players) as u8;
        let hand: Hand = colours.iter().map(|&c| (c, share)).collect();
        return vec![hand; players];
    }
    let mut pieces: Vec<Colour> = colours
        .iter()
        .flat_map(|&c| repeat_n(c, PIECES_PER_COLOUR))
        .collect();
    pieces.shuffle(rng);
    pieces
        .chunks((pieces.len() / players).max(1))
        .take(players)
        .map(|chunk| {
            let mut hand = Hand::new();
            for &c in chunk {
                *hand.entry(c).or_insert(0) += 1;
            }
            hand
        })
        .collect()
}
