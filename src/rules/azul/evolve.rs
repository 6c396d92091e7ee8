//! Applying events. Total: a fact that does not fit the state (a seat or factory that does not
//! exist) is ignored, nothing panics and nothing is checked.

use super::model::board::{self, Space};
use super::model::commands::Source;
use super::model::events::Event;
use super::model::state::{Pending, Phase, State, factories_for};
use super::model::tiles::Tiles;

pub fn evolve(mut state: State, event: &Event) -> State {
    apply(&mut state, event);
    state
}

/// Applies one event in place.
pub fn apply(state: &mut State, event: &Event) {
    if event.is_player_move() {
        state.last_move = Some(event.clone());
    }
    match event {
        Event::RoundStarted {
            round,
            start_player,
        } => {
            state.round = *round;
            state.phase = Phase::Acquire;
            state.start_player = *start_player;
            state.current = *start_player;
            state.token = None;
            state.pending = None;
            for player in &mut state.players {
                let corner = std::mem::take(&mut player.corner);
                player.hand.add_all(&corner);
                player.passed = player.resigned;
            }
            // After a resignation: as many factories as the players still playing need. They
            // are empty between rounds; anything left would go to the centre, never vanish.
            let wanted = factories_for(state.seated());
            if state.factories.len() > wanted {
                for extra in state.factories.split_off(wanted) {
                    state.centre.add_all(&extra);
                }
            }
        }
        Event::FactoriesFilled { tiles } => {
            for (factory, drawn) in state.factories.iter_mut().zip(tiles) {
                for &colour in drawn {
                    factory.add(colour, 1);
                    state.bag.remove(colour, 1);
                }
            }
        }
        Event::SupplyRefilled { tiles } => {
            for &colour in tiles {
                state.supply.add(colour, 1);
                state.bag.remove(colour, 1);
            }
        }
        Event::TowerEmptied { tiles } => {
            state.tower.remove_all(tiles);
            state.bag.add_all(tiles);
        }
        Event::TilesTaken {
            seat,
            source,
            taken,
            to_centre,
            start_player_token,
            points_lost,
            ..
        } => {
            match source {
                Source::Centre => state.centre.remove_all(taken),
                Source::Factory(n) => {
                    if let Some(factory) = usize::from(*n)
                        .checked_sub(1)
                        .and_then(|i| state.factories.get_mut(i))
                    {
                        factory.remove_all(taken);
                        factory.remove_all(to_centre);
                    }
                    state.centre.add_all(to_centre);
                }
            }
            if let Some(player) = state.players.get_mut(*seat) {
                player.hand.add_all(taken);
                player.score -= points_lost;
            }
            if *start_player_token {
                state.token = Some(*seat);
            }
            state.current = state.next_seated(*seat);
        }
        Event::PlacingStarted { start_player } => {
            state.phase = Phase::Place;
            state.current = *start_player;
            state.pending = None;
        }
        Event::TilePlaced {
            seat,
            star,
            space,
            colour,
            wild_count,
            points,
            bonus_tiles,
            ..
        } => {
            let space = Space::new(*star, *space);
            let wild = state.wild();
            let cost = board::value(state.options.board, space);
            if let (Some(player), Some(wild), Some(cost)) =
                (state.players.get_mut(*seat), wild, cost)
            {
                let mut paid = Tiles::of(*colour, cost.saturating_sub(*wild_count));
                paid.add(wild, *wild_count);
                player.hand.remove_all(&paid);
                paid.remove(*colour, 1);
                state.tower.add_all(&paid);
                player.board.set(space, *colour);
                player.score += points;
            }
            if *bonus_tiles > 0 {
                state.pending = Some(Pending::Bonus(*bonus_tiles));
                state.current = *seat;
            } else {
                state.current = state.next_active(*seat);
            }
        }
        Event::BonusTaken { seat, tiles } => {
            state.supply.remove_all(tiles);
            if let Some(player) = state.players.get_mut(*seat) {
                player.hand.add_all(tiles);
            }
            state.pending = None;
            state.current = state.next_active(*seat);
        }
        Event::Passed { seat } => {
            if let Some(player) = state.players.get_mut(*seat) {
                player.passed = true;
            }
            state.pending = Some(Pending::Keep);
            state.current = *seat;
        }
        Event::TilesKept {
            seat,
            kept,
            discarded,
            points_lost,
        } => {
            if let Some(player) = state.players.get_mut(*seat) {
                player.hand.remove_all(kept);
                player.hand.remove_all(discarded);
                player.corner.add_all(kept);
                player.score -= points_lost;
            }
            state.tower.add_all(discarded);
            state.pending = None;
            state.current = state.next_active(*seat);
        }
        Event::FinalScored { seat, points, .. } => {
            if let Some(player) = state.players.get_mut(*seat) {
                player.score += points;
            }
        }
        Event::SeatResigned {
            seat,
            hand,
            corner,
            token_passed_to,
            start_player_passed_to,
            ..
        } => {
            let Some(player) = state.players.get_mut(*seat) else {
                return;
            };
            player.hand.remove_all(hand);
            player.corner.remove_all(corner);
            player.resigned = true;
            player.passed = true;
            state.tower.add_all(hand);
            state.tower.add_all(corner);
            if let Some(to) = token_passed_to {
                state.token = Some(*to);
            }
            if let Some(to) = start_player_passed_to {
                state.start_player = *to;
            }
            if state.current == *seat {
                match (state.phase, state.pending) {
                    (Phase::Place, Some(Pending::NextRound)) => {
                        state.current = state.next_start_player();
                    }
                    (Phase::Place, _) => {
                        state.pending = None;
                        state.current = state.next_active(*seat);
                    }
                    _ => state.current = state.next_seated(*seat),
                }
            }
        }
        Event::RoundOver {
            next_start_player, ..
        } => {
            state.pending = Some(Pending::NextRound);
            state.current = *next_start_player;
        }
        Event::GameEnded { .. } => {
            state.phase = Phase::Ended;
            state.pending = None;
        }
    }
}
