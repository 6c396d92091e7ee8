//! Builders for test positions and helpers to run commands.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::super::super::{RuleError, Rules};
use super::super::model::board;
use super::super::model::board::{BoardSide, STARS, Space};
use super::super::model::state::{Pending, Phase, State, star_spaces};
use super::super::{Azul, Colour, Command, Event, Options, Tiles};

pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

pub fn options(side: BoardSide) -> Options {
    Options { board: side }
}

/// A table in phase 2 of `round` with seat 0 to act and every other seat already passed; the bag
/// holds every tile that is not elsewhere, the supply is full.
pub fn placing(side: BoardSide, players: usize, round: u8) -> State {
    let mut state = State::new(&options(side), players);
    state.round = round;
    state.phase = Phase::Place;
    state.current = 0;
    state.token = Some(0);
    for player in state.players.iter_mut().skip(1) {
        player.passed = true;
    }
    set_supply(&mut state, Tiles::from_counts([2, 2, 2, 2, 1, 1]));
    state
}

/// A table in phase 1 of `round` with seat 0 to act and empty factories and centre.
pub fn acquiring(players: usize, round: u8) -> State {
    let mut state = State::new(&Options::default(), players);
    state.round = round;
    state.phase = Phase::Acquire;
    state.current = 0;
    set_supply(&mut state, Tiles::from_counts([2, 2, 2, 2, 1, 1]));
    state
}

/// Moves tiles from the bag to the supply.
pub fn set_supply(state: &mut State, tiles: Tiles) {
    state.bag.add_all(&state.supply);
    state.supply = tiles;
    state.bag.remove_all(&tiles);
}

/// Gives a player exactly `tiles` in hand, taken from (and returned to) the bag.
pub fn set_hand(state: &mut State, seat: usize, tiles: Tiles) {
    let old = state.players[seat].hand;
    state.bag.add_all(&old);
    state.players[seat].hand = tiles;
    state.bag.remove_all(&tiles);
}

/// Puts tiles on a board straight from the bag: the colour a space takes on the coloured side,
/// and on the centre star (or grey side) the colour given.
pub fn fill(state: &mut State, seat: usize, spaces: &[(u8, u8)]) {
    for &(star, pos) in spaces {
        let space = Space::new(star, pos);
        let colour = natural_colour(state, seat, space);
        put(state, seat, space, colour);
    }
}

pub fn put(state: &mut State, seat: usize, space: Space, colour: Colour) {
    state.players[seat].board.set(space, colour);
    state.bag.remove(colour, 1);
}

/// A colour the space may take: the star's own on the coloured side, otherwise a colour not yet
/// in the star (so that stars stay multicoloured).
pub fn natural_colour(state: &State, seat: usize, space: Space) -> Colour {
    if let Some(colour) = board::star_colour(state.options.board, space.star) {
        return colour;
    }
    let star = state.players[seat].board.star(space.star);
    Colour::ALL
        .into_iter()
        .find(|c| !star.contains(&Some(*c)))
        .unwrap_or(Colour::Red)
}

pub fn try_run(
    state: &State,
    seat: usize,
    command: &Command,
) -> Result<(Vec<Event>, State), RuleError> {
    let events = Azul::decide(state, seat, command, &mut rng(7))?;
    let next = events.iter().fold(state.clone(), Azul::evolve);
    Ok((events, next))
}

pub fn run(state: &State, seat: usize, command: &Command) -> (Vec<Event>, State) {
    try_run(state, seat, command).unwrap_or_else(|e| panic!("{command:?} refused: {e}"))
}

pub fn place(star: u8, space: u8, colour: Colour, wild_count: u8) -> Command {
    Command::Place {
        star,
        space,
        colour,
        wild_count,
    }
}

pub fn tiles(list: &[(Colour, u8)]) -> Tiles {
    let mut tiles = Tiles::EMPTY;
    for &(colour, n) in list {
        tiles.add(colour, n);
    }
    tiles
}

/// The first `TilePlaced` of a list of events.
pub fn placed(events: &[Event]) -> &Event {
    events
        .iter()
        .find(|e| matches!(e, Event::TilePlaced { .. }))
        .expect("a tile was placed")
}

/// Whether every star obeys its colour rule: the coloured side's outer stars hold only their
/// colour and its centre star all different colours; grey stars are single- or multicoloured.
pub fn board_colours_consistent(state: &State) -> bool {
    let side = state.options.board;
    state.players.iter().all(|p| {
        (0..STARS).all(|star| {
            let colours: Vec<Colour> = star_spaces(star).filter_map(|s| p.board.get(s)).collect();
            let mut distinct = colours.clone();
            distinct.sort();
            distinct.dedup();
            match (side, board::star_colour(side, star)) {
                (_, Some(colour)) => distinct.iter().all(|&c| c == colour),
                (BoardSide::Standard, None) => distinct.len() == colours.len(),
                (BoardSide::Variant, _) => distinct.len() <= 1 || distinct.len() == colours.len(),
            }
        })
    })
}

/// Places one tile on `space` for `seat` through `decide`, giving the player exactly the tiles
/// needed first (plus one spare so that the turn does not end the round), and takes any bonus
/// owed (the first choice offered). Returns the events.
pub fn place_through_decide(state: &mut State, seat: usize, space: Space) -> Vec<Event> {
    let colour = natural_colour(state, seat, space);
    let cost = board::value(state.options.board, space).unwrap();
    set_hand(state, seat, Tiles::of(colour, cost + 1));
    state.current = seat;
    let (mut events, mut next) = run(state, seat, &place(space.star, space.pos, colour, 0));
    if let Some(Pending::Bonus(_)) = next.pending {
        let choice = Azul::legal_commands(&next, seat)[0].clone();
        let (more, after) = run(&next, seat, &choice);
        events.extend(more);
        next = after;
    }
    *state = next;
    events
}
