//! English sentences for the history page and emails. Pits are numbered 1 to 6 for people.

use super::{EndReason, Event, Seat, Side};

/// "1 seed", "5 seeds".
pub(super) fn seeds(count: u32) -> String {
    if count == 1 {
        "1 seed".to_string()
    } else {
        format!("{count} seeds")
    }
}

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Player {}", seat + 1))
}

pub(super) fn describe(event: &Event, names: &[String]) -> String {
    match event {
        Event::FirstPlayerDrawn { seat, side } => format!(
            "{} was drawn to move first, playing {}",
            name(names, *seat),
            side.name()
        ),
        Event::Sowed {
            seat,
            pit,
            seeds: sown,
            captured,
            extra_turn,
            ..
        } => {
            let mut sentence = format!(
                "{} sowed {} from pit {}",
                name(names, *seat),
                seeds(*sown),
                u32::from(*pit) + 1
            );
            if *captured > 0 {
                sentence.push_str(&format!(" and captured {captured}"));
            }
            if *extra_turn {
                sentence.push_str(", ending in the store: another turn");
            }
            sentence
        }
        Event::Swapped { seat, side } => format!(
            "{} took the pie-rule swap and now plays {}",
            name(names, *seat),
            side.name()
        ),
        Event::GameEnded {
            reason,
            to_move,
            owners,
            swept,
            stores,
        } => describe_end(*reason, *to_move, *owners, *swept, *stores, names),
    }
}

fn describe_end(
    reason: EndReason,
    to_move: Seat,
    owners: [Seat; 2],
    swept: [u32; 2],
    stores: [u32; 2],
    names: &[String],
) -> String {
    let leader = if stores[0] >= stores[1] {
        Side::South
    } else {
        Side::North
    };
    let cause = match reason {
        EndReason::NoMove => format!("{} had no seeds left to sow", name(names, to_move)),
        EndReason::SideEmpty => "a row of pits was empty".to_string(),
        EndReason::Majority => format!(
            "{} held more than half of the seeds",
            name(names, owners[leader.index()])
        ),
    };
    let mut sentence = format!("The game ended because {cause}");
    for side in Side::BOTH {
        let count = swept[side.index()];
        if count > 0 {
            let owner = name(names, owners[side.index()]);
            sentence.push_str(&format!(
                "; {owner}'s remaining {} went to {owner}'s store",
                seeds(count)
            ));
        }
    }
    let (first, second) = (stores[leader.index()], stores[leader.other().index()]);
    if first == second {
        sentence.push_str(&format!(". It is a draw, {first} to {second}"));
    } else {
        let winner = name(names, owners[leader.index()]);
        sentence.push_str(&format!(". {winner} wins {first} to {second}"));
    }
    sentence
}
