//! Points and bonuses: the ring scoring of a placement (§5.3), the structures it completes
//! (§5.4, §8.4), which colours a star accepts (§5.2, §9.3) and the end-game bonuses (§7).

use super::model::board::{
    self, BoardSide, STARS, Space, Structure, full_star_points, number_points,
};
use super::model::events::{NumberBonus, StarBonus};
use super::model::state::Board;
use super::model::tiles::Colour;

/// Points for a tile placed on `space` of a board that does not hold it yet: 1 plus the tiles
/// connected to it around the star's ring.
pub fn placement_points(before: &Board, space: Space) -> i64 {
    let ring = before.star(space.star);
    let at = usize::from(space.pos.saturating_sub(1)) % 6;
    let filled = |i: usize| ring[i % 6].is_some();
    let forward = (1..6).take_while(|&d| filled(at + d)).count();
    let backward = (1..6).take_while(|&d| filled(at + 6 - d)).count();
    (1 + forward + backward).min(6) as i64
}

/// The structures a tile on `space` completes: those holding the space whose other spaces are
/// all filled already.
pub fn completed_structures(before: &Board, space: Space) -> Vec<Structure> {
    board::structures_at(space)
        .filter(|s| {
            s.spaces()
                .into_iter()
                .all(|other| other == space || before.is_filled(other))
        })
        .collect()
}

/// What a star allows next, as far as colours go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StarRule {
    /// Only this colour.
    Only(Colour),
    /// Any colour not in the star yet.
    Different,
    /// Any colour.
    Any,
}

/// The colour rule of a star given what it holds (coloured side §5.2, grey side §9.3).
pub fn star_rule(side: BoardSide, board: &Board, star: u8) -> StarRule {
    if let Some(colour) = board::star_colour(side, star) {
        return StarRule::Only(colour);
    }
    if side == BoardSide::Standard {
        return StarRule::Different;
    }
    let tiles: Vec<Colour> = board.star(star).into_iter().flatten().collect();
    match tiles.as_slice() {
        [] | [_] => StarRule::Any,
        [first, rest @ ..] if rest.iter().all(|c| c == first) => StarRule::Only(*first),
        _ => StarRule::Different,
    }
}

/// Whether `colour` may go into `star` now.
pub fn colour_allowed(side: BoardSide, board: &Board, star: u8, colour: Colour) -> bool {
    match star_rule(side, board, star) {
        StarRule::Only(only) => colour == only,
        StarRule::Different => !board.star(star).contains(&Some(colour)),
        StarRule::Any => true,
    }
}

/// End-game bonuses for complete stars and fully covered values 1..=4.
pub fn final_bonuses(side: BoardSide, board: &Board) -> (Vec<StarBonus>, Vec<NumberBonus>) {
    let stars = (0..STARS)
        .filter(|&star| board.is_star_full(star))
        .map(|star| {
            let tiles: Vec<Colour> = board.star(star).into_iter().flatten().collect();
            let single = tiles
                .first()
                .copied()
                .filter(|c| tiles.iter().all(|t| t == c));
            StarBonus {
                star,
                colour: single,
                points: full_star_points(single),
            }
        })
        .collect();
    let numbers = (1..=4)
        .filter(|&value| {
            Space::all()
                .filter(|&s| board::value(side, s) == Some(value))
                .all(|s| board.is_filled(s))
        })
        .map(|value| NumberBonus {
            value,
            points: number_points(value),
        })
        .collect();
    (stars, numbers)
}
