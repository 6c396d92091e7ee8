//! Whether a player may plan, and a plan's lines checked from the position it is made in:
//! walked through the rules, each position foreseeable by everyone, nothing random between.

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde_json::Value;

use crate::game_log::fold::replay::{Game, Phase};
use crate::rules::message::Message;
use crate::rules::{Rules, Seat, Status};

/// At most this many lines in a plan (as Lichess caps conditional premoves).
pub const MAX_LINES: usize = 30;
/// At most this many commands in a line, the opponent's and the planner's together.
pub const MAX_PLIES: usize = 30;

/// The planner's seat and the opponent's, when `player` may plan now: the game runs with two
/// seats in play, it is the other's turn alone, and their next command can be foreseen.
pub fn offered<R: Rules>(game: &Game<R>, player: i64) -> Option<(Seat, Seat)> {
    if game.phase() != Phase::Active || game.remaining_seats().len() != 2 {
        return None;
    }
    let me = game.seat_of(player)?;
    let state = game.state.as_ref()?;
    match game.status()? {
        Status::ToAct { seats } if seats.len() == 1 && seats[0] != me && R::foreseeable(state) => {
            Some((me, seats[0]))
        }
        _ => None,
    }
}

/// A line checked: its commands as JSON, and the seat that makes each.
pub type Walked = (Vec<Value>, Vec<Seat>);

/// Each line of a plan checked, duplicates dropped; or why the plan is refused. Lines are
/// numbered from 1 in the refusals.
pub fn check<R: Rules>(
    game: &Game<R>,
    player: i64,
    lines: &[Vec<R::Command>],
) -> Result<Vec<Walked>, Message> {
    let (Some((me, them)), Some(state)) = (offered(game, player), game.state.as_ref()) else {
        return Err(Message::new("plan-not-offered"));
    };
    if lines.is_empty() {
        return Err(Message::new("plan-empty"));
    }
    if lines.len() > MAX_LINES {
        return Err(Message::new("plan-too-many-lines")
            .with("lines", lines.len())
            .with("max", MAX_LINES));
    }
    let mut walked: Vec<Walked> = Vec::new();
    for (n, line) in (1..).zip(lines) {
        let actors = walk::<R>(state, me, them, line).map_err(|why| {
            Message::new("plan-line-refused")
                .with("line", n)
                .with("reason", why)
        })?;
        let plies: Vec<Value> = (line.iter())
            .map(|c| serde_json::to_value(c).expect("commands serialize"))
            .collect();
        if let Some((other, _)) = (1..)
            .zip(&walked)
            .find(|(_, (p, a))| conflict(p, a, &plies, me))
        {
            return Err(Message::new("plan-conflict")
                .with("line", n)
                .with("other", other));
        }
        if !walked.iter().any(|(p, _)| *p == plies) {
            walked.push((plies, actors));
        }
    }
    Ok(walked)
}

/// Whether two lines from the same position answer the same moves differently: where they
/// first part, it is the planner's command that differs.
fn conflict(plies: &[Value], actors: &[Seat], other: &[Value], me: Seat) -> bool {
    let parting = plies.iter().zip(other).position(|(a, b)| a != b);
    parting.is_some_and(|at| actors[at] == me)
}

/// The seat that makes each command of `line` from `state`, or why the line cannot be
/// planned: it must begin with the opponent's command, take turns only between the two, hold
/// commands the rules accept where each is made, draw nothing, and end where the opponent is
/// to move or the game is over.
pub fn walk<R: Rules>(
    state: &R::State,
    me: Seat,
    them: Seat,
    line: &[R::Command],
) -> Result<Vec<Seat>, Message> {
    if line.len() < 2 {
        return Err(Message::new("plan-line-too-short"));
    }
    let (after, actors) = play_out::<R>(state, me, them, line)?;
    if actors.last() != Some(&me) {
        return Err(Message::new("plan-ends-with-theirs"));
    }
    if R::status(&after).to_act() == [me] {
        return Err(Message::new("plan-ends-mid-turn"));
    }
    Ok(actors)
}

/// The position after the commands of a line begun from `state`, and the seat that made each;
/// or why a line cannot hold them (see [`walk`]), the commands numbered from 1.
pub fn play_out<R: Rules>(
    state: &R::State,
    me: Seat,
    them: Seat,
    line: &[R::Command],
) -> Result<(R::State, Vec<Seat>), Message> {
    if line.len() > MAX_PLIES {
        return Err(Message::new("plan-line-too-long")
            .with("plies", line.len())
            .with("max", MAX_PLIES));
    }
    let mut state = state.clone();
    let mut actors = Vec::with_capacity(line.len());
    for (n, command) in (1..).zip(line) {
        let actor = next_to_act::<R>(&state, me, them, n)?;
        state = step::<R>(state, actor, command).map_err(|why| why.with("ply", n))?;
        actors.push(actor);
    }
    Ok((state, actors))
}

/// The position after `actor` makes `command`, which the rules must accept and decide without
/// a draw; or why not, a message that takes the command's number as `ply`.
pub fn step<R: Rules>(
    state: R::State,
    actor: Seat,
    command: &R::Command,
) -> Result<R::State, Message> {
    if !R::legal_commands(&state, actor).contains(command) {
        return Err(Message::new("plan-illegal"));
    }
    let events = decided::<R>(&state, actor, command, [0; 32]);
    if events.is_none() || events != decided::<R>(&state, actor, command, [1; 32]) {
        return Err(Message::new("plan-random"));
    }
    Ok(events.iter().flatten().fold(state, R::evolve))
}

/// Who makes command `n` of a line from `state`: the opponent first, then either of the two
/// alone, from a position every player can foresee.
pub fn next_to_act<R: Rules>(
    state: &R::State,
    me: Seat,
    them: Seat,
    n: usize,
) -> Result<Seat, Message> {
    let actor = match R::status(state) {
        Status::ToAct { seats } if seats == [me] || seats == [them] => seats[0],
        Status::ToAct { .. } => return Err(Message::new("plan-others-act").with("ply", n)),
        Status::Finished { .. } => {
            return Err(Message::new("plan-after-the-end").with("ply", n));
        }
    };
    if n == 1 && actor != them {
        return Err(Message::new("plan-not-offered"));
    }
    if !R::foreseeable(state) {
        return Err(Message::new("plan-unforeseeable").with("ply", n));
    }
    Ok(actor)
}

/// What the rules decide for `command` with a stream from `key`: a foreseeable position's
/// events do not depend on it, which two different keys confirm.
fn decided<R: Rules>(
    state: &R::State,
    seat: Seat,
    command: &R::Command,
    key: [u8; 32],
) -> Option<Vec<R::Event>> {
    let mut rng = ChaCha20Rng::from_seed(key);
    R::decide(state, seat, command, &mut rng).ok()
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    use super::*;
    use crate::rules::gype::Gype;
    use crate::rules::kalah::{Command, Kalah, Options};
    use crate::rules::{Rules, fold};

    /// A new Kalah game of 4 seeds a pit, and the seat to move first.
    fn kalah() -> (<Kalah as Rules>::State, Seat) {
        let options = Options::default();
        let events = Kalah::setup(&options, 2, &mut ChaCha20Rng::from_seed([3; 32]));
        let state = fold::<Kalah>(&options, 2, &events);
        let first = Kalah::status(&state).to_act()[0];
        (state, first)
    }

    fn sow(pit: u8) -> Command {
        Command::Sow { pit }
    }

    #[test]
    fn a_line_is_the_opponents_move_then_the_answer_and_ends_with_the_opponent_to_move() {
        let (state, them) = kalah();
        let me = 1 - them;
        // Pit 1 (4 seeds) ends in the sower's own row, so the turn passes.
        assert_eq!(
            walk::<Kalah>(&state, me, them, &[sow(0), sow(0)]),
            Ok(vec![them, me])
        );
        assert_eq!(
            walk::<Kalah>(&state, me, them, &[sow(0)]),
            Err(Message::new("plan-line-too-short"))
        );
        // Pit 3 (4 seeds) ends in the sower's store: another sowing of theirs follows.
        let (_, actors) = play_out::<Kalah>(&state, me, them, &[sow(2), sow(0)]).unwrap();
        assert_eq!(actors, [them, them]);
        assert_eq!(
            walk::<Kalah>(&state, me, them, &[sow(2), sow(0)]),
            Err(Message::new("plan-ends-with-theirs"))
        );
        // The answer's own extra sowing must be in the line too.
        assert_eq!(
            walk::<Kalah>(&state, me, them, &[sow(0), sow(2)]),
            Err(Message::new("plan-ends-mid-turn"))
        );
        assert_eq!(
            walk::<Kalah>(&state, me, them, &[sow(0), sow(9)]),
            Err(Message::new("plan-illegal").with("ply", 2))
        );
        assert_eq!(
            walk::<Kalah>(&state, them, me, &[sow(0), sow(0)]),
            Err(Message::new("plan-not-offered"))
        );
    }

    #[test]
    fn lines_part_only_at_the_opponents_moves() {
        let plies = |pits: &[u8]| -> Vec<Value> {
            (pits.iter())
                .map(|&pit| serde_json::to_value(sow(pit)).unwrap())
                .collect()
        };
        let actors = [1, 0, 1, 0];
        // The same move of theirs answered two ways.
        assert!(conflict(&plies(&[0, 1]), &actors, &plies(&[0, 2]), 0));
        // Two moves of theirs, each answered.
        assert!(!conflict(&plies(&[0, 1]), &actors, &plies(&[3, 1]), 0));
        // One line goes on where the other stops.
        assert!(!conflict(
            &plies(&[0, 1]),
            &actors,
            &plies(&[0, 1, 4, 5]),
            0
        ));
        assert!(conflict(
            &plies(&[0, 1, 4, 5]),
            &actors,
            &plies(&[0, 1, 4, 2]),
            0
        ));
    }

    #[test]
    fn where_dice_or_hidden_arrangements_decide_nothing_is_foreseeable() {
        let options = Default::default();
        let events = Gype::setup(&options, 2, &mut ChaCha20Rng::from_seed([5; 32]));
        let state = fold::<Gype>(&options, 2, &events);
        assert!(!Gype::foreseeable(&state));
        let (kalah, _) = kalah();
        assert!(Kalah::foreseeable(&kalah));
    }
}
