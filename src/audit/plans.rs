//! Plans in an exported log: each commitment made by a player seated in a running game, and
//! each planned answer proved — what its row reveals is in a commitment made earlier by the
//! same player, and foresaw every move played between that commitment and the answer.

use serde_json::Value;

use crate::game_log::fold::replay::{Game, Phase};
use crate::game_log::stream::Entry;
use crate::rules::Rules;
use crate::store::events::EventRow;

/// A move of the log: its row, who made it, and the command.
pub struct Played {
    pub seq: i64,
    pub actor: Option<i64>,
    pub command: Value,
}

/// What is wrong with a row, by its message key.
pub type Problem = &'static str;

/// A commitment row: made by a seated player while the game ran, recorded as made.
pub fn check_commitment<R: Rules>(
    game: &Game<R>,
    row: &EventRow,
    commitment: &str,
    recorded: &[Entry<R::Event>],
) -> Result<(), Problem> {
    let seat = row.actor.and_then(|id| game.seat_of(id));
    let Some(seat) = seat.filter(|_| game.phase() == Phase::Active) else {
        return Err("verify-plan-stranger");
    };
    let expected = [Entry::Planned {
        seat,
        commitment: commitment.to_string(),
    }];
    if recorded != expected {
        return Err("verify-plan-entry");
    }
    Ok(())
}

/// A move's row that says it was planned: checked against the commitment it names and the
/// moves since. Returns whether the row was a planned answer.
pub fn check_answer<R: Rules>(
    game: &Game<R>,
    row: &EventRow,
    command: &Value,
    recorded: &[Entry<R::Event>],
    played: &[Played],
) -> Result<bool, Problem> {
    let Some(Entry::PlanFollowed { seat, plan }) = recorded.first() else {
        return Ok(false);
    };
    if row.actor.and_then(|id| game.seat_of(id)) != Some(*seat) {
        return Err("verify-plan-seat");
    }
    let Some((planner, commitment)) = game.plans.get(&plan.planned_at) else {
        return Err("verify-plan-unknown");
    };
    if planner != seat {
        return Err("verify-plan-seat");
    }
    if !plan.was_committed(commitment) {
        return Err("verify-plan-commitment");
    }
    let since: Vec<&Played> = (played.iter())
        .filter(|p| p.seq > plan.planned_at)
        .collect();
    let opened_by_opponent = since.first().is_some_and(|p| p.actor != row.actor);
    let foreseen = plan.plies.len() == since.len() + 1
        && (plan.plies.iter())
            .zip(since.iter().map(|p| &p.command).chain([command]))
            .all(|(planned, made)| planned == made);
    if !opened_by_opponent || !foreseen {
        return Err("verify-plan-foreseen");
    }
    Ok(true)
}
