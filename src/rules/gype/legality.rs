//! Which commands are legal (spec §3–§9 and the binding decisions): `check` judges one command and
//! says why it is refused; `legal_commands` lists every command `check` accepts.

use super::model::board::{Side, Square};
use super::model::faces::{Face, HatPath, KNIGHT_OFFSETS, hat_path_squares, step_directions};
use super::model::state::{Phase, State};
use super::model::types::Command;
use crate::rules::{Message, RuleError, Seat};

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

fn refuse<T>(reason: Message) -> Result<T, RuleError> {
    Err(RuleError::new(reason))
}

/// Judges `command` from `seat`: the plan to carry it out, or why it is not allowed.
pub fn check(state: &State, seat: Seat, command: &Command) -> Result<Plan, RuleError> {
    if seat >= state.players {
        return refuse(Message::new("rule-not-seated"));
    }
    if state.is_resigned(seat) {
        return refuse(Message::new("rule-resigned"));
    }
    match state.phase {
        Phase::Setup => refuse(Message::new("rule-not-started")),
        Phase::Finished { .. } => refuse(Message::new("rule-game-over")),
        Phase::Arranging => check_arranging(state, seat, command),
        Phase::Playing => check_playing(state, seat, command),
    }
}

fn check_arranging(state: &State, seat: Seat, command: &Command) -> Result<Plan, RuleError> {
    if state.confirmed.get(seat).copied().unwrap_or(true) {
        return refuse(Message::new("gype-confirmed-already"));
    }
    let Some(side) = state.side(seat) else {
        return refuse(Message::new("rule-not-seated"));
    };
    match *command {
        Command::Swap { a, b } => {
            for square in [a, b] {
                if !side.holds(square) {
                    return refuse(
                        Message::new("gype-not-start-row").text("square", square.to_string()),
                    );
                }
            }
            if a == b {
                return refuse(Message::new("gype-swap-two"));
            }
            Ok(Plan::Swap { a, b })
        }
        Command::Confirm => Ok(Plan::Confirm),
        _ => refuse(Message::new("gype-arrange-first")),
    }
}

fn check_playing(state: &State, seat: Seat, command: &Command) -> Result<Plan, RuleError> {
    if matches!(command, Command::Swap { .. } | Command::Confirm) {
        return refuse(Message::new("gype-arrangement-over"));
    }
    if seat != state.turn {
        return refuse(Message::new("rule-not-your-turn"));
    }
    if let Some(at) = state.chain.as_ref().and_then(|c| c.at()) {
        return match *command {
            Command::Jump { from, to } if from == at => check_jump(state, seat, from, to),
            Command::Jump { .. } => {
                refuse(Message::new("gype-only-jumper").text("square", at.to_string()))
            }
            Command::EndMove => Ok(Plan::EndMove { at }),
            _ => refuse(Message::new("gype-jumping").text("square", at.to_string())),
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
                return refuse(Message::new("gype-frozen-roll").text("square", at.to_string()));
            }
            Ok(Plan::Roll { at })
        }
        Command::EndMove => refuse(Message::new("gype-nothing-to-end")),
        Command::Swap { .. } | Command::Confirm => refuse(Message::new("gype-arrangement-over")),
    }
}

fn own_die(state: &State, seat: Seat, at: Square) -> Result<Face, RuleError> {
    if !at.exists() {
        return refuse(Message::new("gype-off-board"));
    }
    match state.board.get(at) {
        None => refuse(Message::new("gype-no-die").text("square", at.to_string())),
        Some(die) if die.owner != seat => {
            refuse(Message::new("gype-not-yours").text("square", at.to_string()))
        }
        Some(die) => Ok(die.face),
    }
}

/// The face of the die `seat` wants to move from `from`, if it may move at all.
fn movable_face(state: &State, seat: Seat, from: Square) -> Result<Face, RuleError> {
    let face = own_die(state, seat, from)?;
    if state.is_frozen(from) {
        return refuse(Message::new("gype-frozen-move").text("square", from.to_string()));
    }
    match face {
        Face::Ear => refuse(Message::new("gype-ear-cannot-move").text("square", from.to_string())),
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
        return refuse(Message::new("gype-hat-makes-hat-move").text("square", from.to_string()));
    }
    if !step_directions(face, side).contains(&from.delta_to(to)) {
        return refuse(
            Message::new("gype-cannot-step")
                .with("face", face.message())
                .text("from", from.to_string())
                .text("to", to.to_string()),
        );
    }
    landing(state, side, from, to)?;
    Ok(Plan::Step { from, to, face })
}

fn check_jump(state: &State, seat: Seat, from: Square, to: Square) -> Result<Plan, RuleError> {
    let side = side_of(state, seat)?;
    let face = own_die(state, seat, from)?;
    if face == Face::Hat {
        return refuse(Message::new("gype-hat-never-jumps").text("square", from.to_string()));
    }
    let (dx, dy) = from.delta_to(to);
    let direction = (dx / 2, dy / 2);
    let straight = dx % 2 == 0 && dy % 2 == 0;
    if !straight || !step_directions(face, side).contains(&direction) {
        return refuse(
            Message::new("gype-cannot-jump")
                .with("face", face.message())
                .text("from", from.to_string())
                .text("to", to.to_string()),
        );
    }
    let over = from.offset(direction);
    if !state.board.is_occupied(over) {
        return refuse(Message::new("gype-nothing-to-jump").text("square", over.to_string()));
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
        return refuse(
            Message::new("gype-only-hat")
                .text("square", from.to_string())
                .with("face", face.message()),
        );
    }
    let Some(squares) = hat_path_squares(from, to, path) else {
        return refuse(Message::new("gype-hat-landing"));
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
        .ok_or_else(|| RuleError::new(Message::new("rule-not-seated")))
}

/// Whether a die of the player on `side`, standing on `current`, may land on `target` (spec §3).
fn landing(state: &State, side: Side, current: Square, target: Square) -> Result<(), RuleError> {
    if !target.exists() {
        return refuse(Message::new("gype-off-board"));
    }
    if state.board.is_occupied(target) {
        return refuse(Message::new("gype-occupied").text("square", target.to_string()));
    }
    match target.home_row() {
        Some(row) if row == side.opposite() => {}
        Some(row) if row == side && side.holds(current) => {}
        Some(row) if row == side => {
            return refuse(Message::new("gype-no-return"));
        }
        Some(_) => {
            return refuse(Message::new("gype-other-home-row").text("square", target.to_string()));
        }
        None => {}
    }
    if state.chaos_limit && side.progress(target) >= 5 {
        return refuse(Message::new("gype-chaos-limit"));
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
