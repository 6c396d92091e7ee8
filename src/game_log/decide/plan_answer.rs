//! A plan followed: the opponent's move read against the open lines, and the planned answer's
//! rows decided and sealed right after it, at the same instant, through the same rules.

use serde_json::Value;

use super::play::NewRow;
use super::seal::{Closed, close};
use super::{play_entries, salt_secrets};
use crate::game_log::stream::plan::{Followed, Kept, PlanLine};
use crate::game_log::stream::seed::Seed;
use crate::game_log::stream::{Entry, Submitted};
use crate::rules::{Rules, Seat};

/// What became of a plan after the opponent's move.
pub enum Answer<R: Rules> {
    /// No open line foresaw the move: the plan is cleared, and the player told.
    Missed,
    /// The lines that foresaw it await another of the opponent's commands first.
    Waiting(Kept),
    /// The planned answer's rows, and what is left of the plan (nothing once used up).
    Played {
        rows: Vec<Closed<R>>,
        left: Option<Kept>,
    },
}

/// Follows `kept`, the plan of the player at `me`, after `after`: the row of the opponent's
/// move `moved`, sealed, with the game folded through it.
pub fn follow<R: Rules>(
    after: &Closed<R>,
    moved: &Value,
    me: Seat,
    mut kept: Kept,
    seed: &Seed,
) -> Answer<R> {
    let at = kept.followed;
    kept.lines.retain(|line| line.plies.get(at) == Some(moved));
    if kept.lines.is_empty() {
        return Answer::Missed;
    }
    kept.followed += 1;
    let mut rows: Vec<Closed<R>> = Vec::new();
    loop {
        let last = rows.last().unwrap_or(after);
        let to_act = last.game.status().map(|s| s.to_act().to_vec());
        if last.game.ended.is_some() || to_act.as_deref() != Some(&[me][..]) {
            break;
        }
        let at = kept.followed;
        let Some(line) = kept.lines.iter().find(|l| l.plies.len() > at).cloned() else {
            break;
        };
        let Some(row) = answer_row(last, &kept, &line, me, seed) else {
            break;
        };
        kept.lines
            .retain(|l| l.plies.get(at) == Some(&line.plies[at]));
        kept.followed += 1;
        rows.push(row);
    }
    let at = kept.followed;
    kept.lines.retain(|line| line.plies.len() > at);
    match rows.is_empty() {
        true => Answer::Waiting(kept),
        false => {
            let left = (!kept.lines.is_empty()).then_some(kept);
            Answer::Played { rows, left }
        }
    }
}

/// The row of the planned command at `kept.followed` of `line`, after `last`, revealing the
/// line up to it; `None` should the rules refuse it, and then the plan stops there.
fn answer_row<R: Rules>(
    last: &Closed<R>,
    kept: &Kept,
    line: &PlanLine,
    me: Seat,
    seed: &Seed,
) -> Option<Closed<R>> {
    let at = kept.followed;
    let command: R::Command = serde_json::from_value(line.plies[at].clone()).ok()?;
    let state = last.game.state.as_ref()?;
    let seq = last.row.seq + 1;
    let mut entries = play_entries::<R>(state, me, &command, seed, seq).ok()?;
    salt_secrets(
        &last.game,
        Some(me),
        Some(&command),
        &mut entries,
        seed,
        seq,
    );
    entries.insert(
        0,
        Entry::PlanFollowed {
            seat: me,
            plan: Followed {
                planned_at: kept.planned_at,
                plies: line.plies[..=at].to_vec(),
                salt: line.salt_of(at),
                digests: kept.digests.clone(),
            },
        },
    );
    let new_row = NewRow {
        previous: Some(&last.row),
        actor: Some(kept.player),
        submitted: Submitted::Play { command },
        entries,
    };
    Some(close(
        last.game.clone(),
        new_row,
        seed,
        last.row.recorded_at,
    ))
}
