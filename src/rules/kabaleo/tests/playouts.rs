//! Seeded random games for every player count and dealing, checked against the engine contract
//! and the invariants of kabaleo.md §4 (adjusted for pieces that leave with a resigned player).

use std::iter::once;

use super::*;
use crate::rules::kabaleo::Dealing;
use crate::rules::playout::{checked_playout, random_playout};
use crate::rules::{Status, Viewer};

const CONFIGS: [(usize, Dealing); 5] = [
    (2, Dealing::Random),
    (2, Dealing::Uniform),
    (3, Dealing::Random),
    (3, Dealing::Uniform),
    (4, Dealing::Random),
];

/// Every placement on every pile (and one pile past the end) in every colour, in or out of play.
pub(super) fn candidates(state: &State, _seat: Seat) -> Vec<Command> {
    (0..=state.piles.len())
        .flat_map(|pile| Colour::ALL.map(|colour| place(pile, colour)))
        .collect()
}

/// The invariants of one state.
pub(super) fn invariant(state: &State) -> Result<(), String> {
    let players = state.players;
    let colours = state.colours();
    if colours.len() != players + 2 {
        return Err(format!(
            "{} colours in play with {players} players",
            colours.len()
        ));
    }
    // The number of piles is constant: 4 bases of each colour in play.
    if state.piles.len() != 4 * colours.len() {
        return Err(format!("{} piles", state.piles.len()));
    }
    for &colour in &colours {
        if state.piles.iter().filter(|p| p.base == colour).count() != 4 {
            return Err(format!("not 4 {colour} bases"));
        }
    }
    for (index, pile) in state.piles.iter().enumerate() {
        // The lowest piece never matches its base; no two touching cones share a colour.
        if pile.pieces.first() == Some(&pile.base) {
            return Err(format!("pile {}: lowest piece matches its base", index + 1));
        }
        let cones: Vec<Colour> = once(pile.base).chain(pile.pieces.iter().copied()).collect();
        if let Some(pair) = cones.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("pile {}: two {} cones touch", index + 1, pair[0]));
        }
    }
    // Pile height = 1 + pieces on it, as every page draws it.
    let view = Kabaleo::view(state, Viewer::Everyone);
    for (pile, shown) in state.piles.iter().zip(&view.piles) {
        let top = pile.pieces.last().copied().unwrap_or(pile.base);
        if shown.height != 1 + pile.pieces.len()
            || shown.pieces != pile.pieces
            || shown.colour != top
            || shown.bare != pile.pieces.is_empty()
        {
            return Err(format!("pile {} shown as {shown:?}", shown.number));
        }
    }
    // Removed pieces go in pairs of one colour.
    if let Some(c) = Colour::ALL
        .iter()
        .find(|c| !state.removed[c.index()].is_multiple_of(2))
    {
        return Err(format!("an odd number of {c} pieces removed"));
    }
    // Every piece is in a hand, on the board, removed or withdrawn with a resigned player: 6 per
    // colour in play, none otherwise.
    for colour in Colour::ALL {
        let held: usize = state
            .hands
            .iter()
            .map(|h| usize::from(h[colour.index()]))
            .sum();
        let on_board: usize = state
            .piles
            .iter()
            .flat_map(|p| &p.pieces)
            .filter(|&&c| c == colour)
            .count();
        let total = held
            + on_board
            + usize::from(state.removed[colour.index()])
            + usize::from(state.withdrawn[colour.index()]);
        let expected = if colours.contains(&colour) { 6 } else { 0 };
        if total != expected {
            return Err(format!("{total} {colour} pieces, not {expected}"));
        }
    }
    // Everyone still playing places in turn: their hands differ by at most one, the seat to
    // move holds the most; a resigned seat holds nothing and may do nothing.
    let left: Vec<usize> = (0..players).map(|s| state.pieces_left(s)).collect();
    let playing: Vec<usize> = (0..players)
        .filter(|&s| !state.resigned[s])
        .map(|s| left[s])
        .collect();
    let (most, fewest) = (
        *playing.iter().max().unwrap(),
        *playing.iter().min().unwrap(),
    );
    let withdrawn: usize = state.withdrawn.iter().map(|&n| usize::from(n)).sum();
    if left.iter().sum::<usize>() + state.placements + withdrawn != 6 * colours.len()
        || most - fewest > 1
    {
        return Err(format!(
            "hands {left:?} after {} placements, {withdrawn} withdrawn",
            state.placements
        ));
    }
    for seat in (0..players).filter(|&s| state.resigned[s]) {
        if left[seat] != 0 || !Kabaleo::legal_commands(state, seat).is_empty() {
            return Err(format!(
                "resigned seat {seat} holds {} or may act",
                left[seat]
            ));
        }
    }
    if let Some(seat) = state.to_move.filter(|_| !state.is_over())
        && (left[seat] != most || state.resigned[seat])
    {
        return Err(format!(
            "seat {seat} to move holds {} of {left:?}",
            left[seat]
        ));
    }
    if state.last_pile.is_some() != (state.placements > 0) {
        return Err("last pile out of step with placements".into());
    }
    // Secret colours: the right number each, all different, all in play.
    let each = if players == 2 { 2 } else { 1 };
    let mut owned: Vec<Colour> = state.secrets.iter().flatten().copied().collect();
    owned.sort();
    owned.dedup();
    if state.secrets.iter().any(|s| s.len() != each)
        || owned.len() != each * players
        || owned.iter().any(|c| !colours.contains(c))
    {
        return Err(format!("secret colours {:?}", state.secrets));
    }
    // Colour tallies account for every pile.
    let tallied: u32 = view.colours.iter().map(|t| t.standing.piles).sum();
    if tallied as usize != state.piles.len() {
        return Err(format!("tallies count {tallied} piles"));
    }
    // Until the end, a spectator is shown no secret colour.
    let spectator = Kabaleo::view(state, Viewer::Spectator);
    if !state.is_over() && spectator.seats.iter().any(|s| s.secret_colours.is_some()) {
        return Err("a spectator sees a secret colour".into());
    }
    Ok(())
}

/// Checks a complete game's events: every state reached keeps the invariants, the golden rule
/// held between consecutive moves, play lasted exactly one turn per piece with every seat
/// placing the same number, and the outcome follows the standings.
fn check_game(options: &KabaleoOptions, players: usize, events: &[Event]) -> Result<(), String> {
    let mut state = Kabaleo::initial_state(options, players);
    let mut placed = vec![0; players];
    let mut previous: Option<usize> = None;
    for (n, event) in events.iter().enumerate() {
        state = Kabaleo::evolve(state, event);
        if n < 3 {
            continue; // the opening is complete once the first player is drawn
        }
        invariant(&state)?;
        if let Event::PiecePlaced { seat, pile, .. } = event {
            if previous == Some(*pile) {
                return Err(format!("pile {} played twice in a row", pile + 1));
            }
            previous = Some(*pile);
            placed[*seat] += 1;
        }
    }
    let total = 6 * (players + 2);
    if placed.iter().sum::<usize>() != total || placed.iter().any(|&p| p != total / players) {
        return Err(format!("placements per seat {placed:?}"));
    }
    let Status::Finished { outcome } = Kabaleo::status(&state) else {
        return Err("the game did not end when every piece was placed".into());
    };
    let best = outcome.scores.iter().max().copied();
    if outcome.scores.len() != players
        || outcome.winners.is_empty()
        || outcome
            .winners
            .iter()
            .any(|&w| Some(outcome.scores[w]) != best)
    {
        return Err(format!("outcome {outcome:?}"));
    }
    Ok(())
}

#[test]
fn checked_random_games_respect_the_contract_and_the_invariants() {
    for (config, &(players, dealing)) in CONFIGS.iter().enumerate() {
        let options = KabaleoOptions { dealing };
        for game in 0..400 {
            let seed = 1_000 * config as u64 + game;
            let playout = checked_playout::<Kabaleo>(
                &options,
                players,
                &mut rng(seed),
                100,
                candidates,
                invariant,
            )
            .and_then(|p| check_game(&options, players, &p.events).map(|()| p))
            .unwrap_or_else(|e| panic!("{players} players, {dealing:?}, seed {seed}: {e}"));
            assert_eq!(playout.commands, 6 * (players + 2));
        }
    }
}

#[test]
fn thousands_of_random_games_keep_the_invariants() {
    for (config, &(players, dealing)) in CONFIGS.iter().enumerate() {
        let options = KabaleoOptions { dealing };
        for game in 0..2_000 {
            let seed = 100_000 + 10_000 * config as u64 + game;
            random_playout::<Kabaleo>(&options, players, &mut rng(seed), 100)
                .and_then(|p| check_game(&options, players, &p.events))
                .unwrap_or_else(|e| panic!("{players} players, {dealing:?}, seed {seed}: {e}"));
        }
    }
}

#[test]
fn random_games_end_in_every_kind_of_result() {
    // Across many games some are won outright, some shared, and some decided by each
    // tie-breaker, so the playouts exercise every branch of the ranking.
    let (mut outright, mut shared, mut by_topped, mut by_tallest) = (0, 0, 0, 0);
    for game in 0..400 {
        let options = KabaleoOptions::default();
        let players = 2 + (game % 3) as usize;
        let playout = random_playout::<Kabaleo>(&options, players, &mut rng(game), 100).unwrap();
        let view = Kabaleo::view(&playout.state, Viewer::Everyone);
        let standings: Vec<_> = view.seats.iter().map(|s| s.standing.unwrap()).collect();
        let winner = standings[view.winners[0]];
        let level_on_piles = standings
            .iter()
            .enumerate()
            .filter(|(s, st)| !view.winners.contains(s) && st.piles == winner.piles)
            .map(|(_, st)| *st)
            .collect::<Vec<_>>();
        if view.winners.len() > 1 {
            shared += 1;
        } else if level_on_piles.is_empty() {
            outright += 1;
        } else if level_on_piles
            .iter()
            .all(|st| st.topped_piles < winner.topped_piles)
        {
            by_topped += 1;
        } else {
            by_tallest += 1;
        }
    }
    assert!(
        outright > 0 && shared > 0 && by_topped > 0 && by_tallest > 0,
        "outright {outright}, shared {shared}, by topped piles {by_topped}, by tallest {by_tallest}"
    );
}
