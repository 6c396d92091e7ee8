//! What happened, as messages for the history page and emails. Pits are numbered 1 to 6 for
//! people.

use super::{EndReason, Event, Seat, Side};
use crate::rules::Message;

impl Side {
    /// "South", "North", in the reader's language.
    pub fn message(self) -> Message {
        Message::new(match self {
            Side::South => "kalah-south",
            Side::North => "kalah-north",
        })
    }
}

pub(super) fn describe(event: &Event) -> Message {
    match event {
        Event::FirstPlayerDrawn { seat, side } => Message::new("kalah-first-player")
            .seat("player", *seat)
            .with("side", side.message()),
        Event::Sowed {
            seat,
            pit,
            seeds,
            captured,
            extra_turn,
            ..
        } => Message::new(if *extra_turn {
            "kalah-sowed-again"
        } else {
            "kalah-sowed"
        })
        .seat("player", *seat)
        .with("seeds", *seeds)
        .with("pit", u32::from(*pit) + 1)
        .with("captured", *captured),
        Event::Swapped { seat, side } => Message::new("kalah-swapped")
            .seat("player", *seat)
            .with("side", side.message()),
        Event::GameEnded {
            reason,
            to_move,
            owners,
            swept,
            stores,
        } => describe_end(*reason, *to_move, *owners, *swept, *stores),
    }
}

fn describe_end(
    reason: EndReason,
    to_move: Seat,
    owners: [Seat; 2],
    swept: [u32; 2],
    stores: [u32; 2],
) -> Message {
    let leader = if stores[0] >= stores[1] {
        Side::South
    } else {
        Side::North
    };
    let cause = match reason {
        EndReason::NoMove => Message::new("kalah-end-no-move").seat("player", to_move),
        EndReason::SideEmpty => Message::new("kalah-end-side-empty"),
        EndReason::Majority => {
            Message::new("kalah-end-majority").seat("player", owners[leader.index()])
        }
    };
    let mut clauses = vec![Message::new("kalah-ended-because").with("cause", cause)];
    for side in Side::BOTH {
        let count = swept[side.index()];
        if count > 0 {
            clauses.push(
                Message::new("kalah-swept")
                    .seat("player", owners[side.index()])
                    .with("seeds", count),
            );
        }
    }
    let (first, second) = (stores[leader.index()], stores[leader.other().index()]);
    let result = if first == second {
        Message::new("kalah-result-draw").with("score", first)
    } else {
        Message::new("kalah-result-win")
            .seat("player", owners[leader.index()])
            .with("winner", first)
            .with("loser", second)
    };
    Message::new("kalah-game-ended")
        .clauses("how", clauses)
        .with("result", result)
}

pub(super) fn command_label(seeds: u32, command: &super::Command) -> Message {
    match command {
        super::Command::Sow { pit } => Message::new("kalah-sow-label")
            .with("pit", u32::from(*pit) + 1)
            .with("seeds", seeds),
        super::Command::Swap => Message::new("kalah-swap-label"),
    }
}
