//! Which commands are legal (spec §3–§9 and the binding decisions): `check` judges one command and
//! says why it is refused; `legal_commands` lists every command `check` accepts.

use super::board::{Side, Square};
use super::faces::{Face, HatPath, KNIGHT_OFFSETS, hat_path_squares, step_directions};
use super::state::{Phase, State};
use super::types::Command;
use crate::rules::{RuleError, Seat};

/// An accepted command, with what it needs to turn into events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    Swap {
        a: Square,
        b: Square,
    },
    Confirm,
    Step {
        from: Square,
        to: Square,
        face: Face,
    },
    Jump {
        from: Square,
        over: Square,
        to: Square,
        face: Face,
        /// Whether the jumped die is jumped for the first time this turn (so it is rolled).
        first_time: bool,
    },
    Hat {
        from: Square,
        to: Square,
        path: HatPath,
        /// The occupied squares of the path, in path order: their dice are rolled.
        rolled: Vec<Square>,
    },
    EndMove {
        at: Square,
    },
    Roll {
        at: Square,
    },
}

fn refuse<T>(reason: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::new(reason))
}

/// Judges `command` from `seat`: the plan to carry it out, or why it is not allowed.
pub fn check(state: &State, seat: Seat, command: &Command) -> Result<Plan, RuleError> {
    if seat >= state.players {
        return refuse("you are not seated at this table");
    }
    if state.is_resigned(seat) {
        return refuse("you have resigned from this game");
    }
    match state.phase {
        Phase::Setup => refuse("the game has not started yet"),
        Phase::Finished { .. } => refuse("the game is over"),
        Phase::Arranging => check_arranging(state, seat, command),
        Phase::Playing => check_playing(state, seat, command),
    }
}

fn check_arranging(state: &State, seat: Seat, command: &Command) -> Result<Plan, RuleError> {
    if state.confirmed.get(seat).copied().unwrap_or(true) {
        return refuse(
            "you have already confirmed your arrangement; play begins once everyone has",
        );
    }
    let Some(side) = state.side(seat) else {
        return refuse("you are not seated at this table");
    };
    match *command {
        Command::Swap { a, b } => {
            for square in [a, b] {
                if !side.holds(square) {
                    return refuse(format!("{square} is not in your start row"));
                }
            }
            if a == b {
                return refuse("choose two different dice to swap");
            }
            Ok(Plan::Swap { a, b })
        }
        Command::Confirm => Ok(Plan::Confirm),
        _ => refuse("first arrange your dice and confirm; play begins once everyone has"),
    }
}

fn check_playing(state: &State, seat: Seat, command: &Command) -> Result<Plan, RuleError> {
    if matches!(command, Command::Swap { .. } | Command::Confirm) {
        return refuse("the arrangement is over");
    }
    if seat != state.turn {
        return refuse("it is not your turn");
    }
    if let Some(at) = state.chain.as_ref().and_then(|c| c.at()) {
        return match *command {
            Command::Jump { from, to } if from == at => check_jump(state, seat, from, to),
            Command::Jump { .. } => refuse(format!("only the die on {at} may keep jumping")),
            Command::EndMove => Ok(Plan::EndMove { at }),
            _ => refuse(format!(
                "the die on {at} is jumping: jump again with it or end the move"
            )),
        };
    }
    match *command {
        Command::Step { from, to } => {
            let face = movable_face(state, seat, from)?;
            check_step(state, seat, from, to, face)
        }
        Command::Jump { from, to } => {
            movable_face(state, seat, from)?;
            check_jump(state, seat, from, to)
        }
        Command::Hat { from, to, path } => {
            let face = movable_face(state, seat, from)?;
            check_hat(state, seat, from, to, path, face)
        }
        Command::Roll { at } => {
            own_die(state, seat, at)?;
            if state.is_frozen(at) {
                return refuse(format!(
                    "the die on {at} is home in its goal row and can no longer be rolled"
                ));
            }
            Ok(Plan::Roll { at })
        }
        Command::EndMove => refuse("there is no move in progress to end"),
        Command::Swap { .. } | Command::Confirm => refuse("the arrangement is over"),
    }
}

fn own_die(state: &State, seat: Seat, at: Square) -> Result<Face, RuleError> {
    if !at.exists() {
        return refuse(format!("{at} is not a square of the board"));
    }
    match state.board.get(at) {
        None => refuse(format!("there is no die on {at}")),
        Some(die) if die.owner != seat => refuse(format!("the die on {at} is not yours")),
        Some(die) => Ok(die.face),
    }
}

/// The face of the die `seat` wants to move from `from`, if it may move at all.
fn movable_face(state: &State, seat: Seat, from: Square) -> Result<Face, RuleError> {
    let face = own_die(state, seat, from)?;
    if state.is_frozen(from) {
        return refuse(format!(
            "the die on {from} is home in its goal row and can no longer move"
        ));
    }
    match face {
        Face::Ear => refuse(format!("the die on {from} shows an Ear, which cannot move")),
        _ => Ok(face),
    }
}

fn check_step(
    state: &State,
    seat: Seat,
    from: Square,
    to: Square,
    face: Face,
) -> Result<Plan, RuleError> {
    let side = side_of(state, seat)?;
    if face == Face::Hat {
        return refuse(format!("the die on {from} is a Hat: it makes a Hat move"));
    }
    if !step_directions(face, side).contains(&from.delta_to(to)) {
        return refuse(format!("a {} cannot step from {from} to {to}", face.name()));
    }
    landing(state, side, from, to)?;
    Ok(Plan::Step { from, to, face })
}

fn check_jump(state: &State, seat: Seat, from: Square, to: Square) -> Result<Plan, RuleError> {
    let side = side_of(state, seat)?;
    let face = own_die(state, seat, from)?;
    if face == Face::Hat {
        return refuse(format!("the die on {from} is a Hat: a Hat never jumps"));
    }
    let (dx, dy) = from.delta_to(to);
    let direction = (dx / 2, dy / 2);
    let straight = dx % 2 == 0 && dy % 2 == 0;
    if !straight || !step_directions(face, side).contains(&direction) {
        return refuse(format!("a {} cannot jump from {from} to {to}", face.name()));
    }
    let over = from.offset(direction);
    if !state.board.is_occupied(over) {
        return refuse(format!("there is no die on {over} to jump over"));
    }
    landing(state, side, from, to)?;
    let first_time = !state
        .chain
        .as_ref()
        .is_some_and(|c| c.jumped.contains(&over));
    Ok(Plan::Jump {
        from,
        over,
        to,
        face,
        first_time,
    })
}

fn check_hat(
    state: &State,
    seat: Seat,
    from: Square,
    to: Square,
    path: HatPath,
    face: Face,
) -> Result<Plan, RuleError> {
    let side = side_of(state, seat)?;
    if face != Face::Hat {
        return refuse(format!(
            "the die on {from} is a {}: only a Hat makes a Hat move",
            face.name()
        ));
    }
    let Some(squares) = hat_path_squares(from, to, path) else {
        return refuse("a Hat lands two squares straight and one to the side");
    };
    landing(state, side, from, to)?;
    let rolled = squares
        .into_iter()
        .filter(|&s| state.board.is_occupied(s))
        .collect();
    Ok(Plan::Hat {
        from,
        to,
        path,
        rolled,
    })
}

fn side_of(state: &State, seat: Seat) -> Result<Side, RuleError> {
    state
        .side(seat)
        .ok_or_else(|| RuleError::new("you are not seated at this table"))
}

/// Whether a die of the player on `side`, standing on `current`, may land on `target` (spec §3).
fn landing(state: &State, side: Side, current: Square, target: Square) -> Result<(), RuleError> {
    if !target.exists() {
        return refuse(format!("{target} is not a square of the board"));
    }
    if state.board.is_occupied(target) {
        return refuse(format!("there is already a die on {target}"));
    }
    match target.home_row() {
        Some(row) if row == side.opposite() => {}
        Some(row) if row == side && side.holds(current) => {}
        Some(row) if row == side => {
            return refuse("a die that has left its start row may not go back into it");
        }
        Some(_) => {
            return refuse(format!(
                "{target} is in a home row that is not your goal, so your dice may not enter it"
            ));
        }
        None => {}
    }
    if state.chaos_limit && side.progress(target) >= 5 {
        return refuse(
            "Chaos rule: you still had dice in your start row when this turn began, \
             so no die may go beyond the centre of the board this turn",
        );
    }
    Ok(())
}

/// Every command `seat` may give now; `check` accepts each of them and nothing else.
pub fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
    let candidates = match state.phase {
        _ if state.is_resigned(seat) => Vec::new(),
        Phase::Arranging => arranging_candidates(state, seat),
        Phase::Playing if seat == state.turn => playing_candidates(state, seat),
        _ => Vec::new(),
    };
    candidates
        .into_iter()
        .filter(|c| check(state, seat, c).is_ok())
        .collect()
}

fn arranging_candidates(state: &State, seat: Seat) -> Vec<Command> {
    let Some(side) = state.side(seat) else {
        return Vec::new();
    };
    let row = side.home_squares();
    let mut commands: Vec<Command> = row
        .iter()
        .flat_map(|&a| row.iter().map(move |&b| Command::Swap { a, b }))
        .collect();
    commands.push(Command::Confirm);
    commands
}

fn playing_candidates(state: &State, seat: Seat) -> Vec<Command> {
    let Some(side) = state.side(seat) else {
        return Vec::new();
    };
    if let Some(chain) = &state.chain {
        let Some((from, die)) = chain.at().and_then(|s| Some((s, state.board.get(s)?))) else {
            return vec![Command::EndMove];
        };
        let mut commands = jumps_from(from, die.face, side);
        commands.push(Command::EndMove);
        return commands;
    }
    let mut commands = Vec::new();
    for (from, die) in state.dice_of(seat) {
        commands.push(Command::Roll { at: from });
        for (dx, dy) in step_directions(die.face, side) {
            let to = from.offset((dx, dy));
            commands.push(Command::Step { from, to });
        }
        commands.extend(jumps_from(from, die.face, side));
        if die.face == Face::Hat {
            for offset in KNIGHT_OFFSETS {
                for path in HatPath::BOTH {
                    let to = from.offset(offset);
                    commands.push(Command::Hat { from, to, path });
                }
            }
        }
    }
    commands
}

fn jumps_from(from: Square, face: Face, side: Side) -> Vec<Command> {
    step_directions(face, side)
        .into_iter()
        .map(|(dx, dy)| Command::Jump {
            from,
            to: from.offset((2 * dx, 2 * dy)),
        })
        .collect()
}
