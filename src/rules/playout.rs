//! Random playouts through any [`Rules`] engine, with the checks every engine must pass: `decide`
//! accepts exactly the legal commands, folding the events equals the state built step by step,
//! and everything round-trips through serde. Used by each engine's tests and by the benchmarks.

use rand::RngExt;
use serde::{Serialize, de::DeserializeOwned};

use super::{Rng, Rules, Seat, Status, fold};

/// A finished random game: its final state, every event in order and how many commands it took.
pub struct Playout<R: Rules> {
    pub state: R::State,
    pub events: Vec<R::Event>,
    pub commands: usize,
}

/// Plays uniformly random legal commands until the game ends. Fails if a seat that must act has
/// no legal command, if `decide` refuses a legal command, or if the game is still running after
/// `max_commands` commands.
pub fn random_playout<R: Rules>(
    options: &R::Options,
    players: usize,
    rng: Rng<'_>,
    max_commands: usize,
) -> Result<Playout<R>, String> {
    let mut events = Vec::new();
    let mut commands = 0;
    let walk = random_walk::<R>(options, players, rng, max_commands, |_, new| {
        events.extend(new);
        commands += 1;
    })?;
    if !walk.ended {
        return Err(format!(
            "the game did not end within {max_commands} commands"
        ));
    }
    Ok(Playout {
        state: walk.state,
        events,
        // The first visit is the setup's.
        commands: commands - 1,
    })
}

/// Where a random walk stopped.
pub struct Walk<R: Rules> {
    pub state: R::State,
    /// The game ended, rather than the walk running out of commands.
    pub ended: bool,
}

/// Plays uniformly random legal commands until the game ends or `max_commands` have been
/// played. `visit` gets the state after the setup and after every command, with the events that
/// led to it. Fails if a seat that must act has no legal command or if `decide` refuses a legal
/// command.
pub fn random_walk<R: Rules>(
    options: &R::Options,
    players: usize,
    rng: Rng<'_>,
    max_commands: usize,
    mut visit: impl FnMut(&R::State, Vec<R::Event>),
) -> Result<Walk<R>, String> {
    let setup = R::setup(options, players, rng);
    let mut state = fold::<R>(options, players, &setup);
    visit(&state, setup);
    for _ in 0..max_commands {
        let Status::ToAct { seats } = R::status(&state) else {
            break;
        };
        let seat = *pick(&seats, rng).ok_or("nobody is to act in a running game")?;
        let legal = R::legal_commands(&state, seat);
        let command = pick(&legal, rng)
            .ok_or_else(|| format!("seat {seat} must act but has no legal command"))?
            .clone();
        let events = R::decide(&state, seat, &command, rng)
            .map_err(|e| format!("decide refused legal command {command:?}: {e}"))?;
        for event in &events {
            state = R::evolve(state, event);
        }
        visit(&state, events);
    }
    let ended = !matches!(R::status(&state), Status::ToAct { .. });
    Ok(Walk { state, ended })
}

fn pick<'a, T>(items: &'a [T], rng: Rng<'_>) -> Option<&'a T> {
    (!items.is_empty()).then(|| &items[rng.random_range(0..items.len())])
}

/// Plays one random game and checks, after every command, everything the engine contract
/// promises. `candidates` lists commands to try at a state (legal or not, e.g. every pit number);
/// `decide` must accept exactly those of them that `legal_commands` lists, for every seat.
/// `invariant` is called with every state reached and may fail with a message.
pub fn checked_playout<R: Rules>(
    options: &R::Options,
    players: usize,
    rng: Rng<'_>,
    max_commands: usize,
    candidates: impl Fn(&R::State, Seat) -> Vec<R::Command>,
    invariant: impl Fn(&R::State) -> Result<(), String>,
) -> Result<Playout<R>, String> {
    round_trips(options)?;
    let mut events = R::setup(options, players, rng);
    let mut state = fold::<R>(options, players, &events);
    invariant(&state)?;
    let mut commands = 0;
    while let Status::ToAct { seats } = R::status(&state) {
        if commands == max_commands {
            return Err(format!(
                "the game did not end within {max_commands} commands"
            ));
        }
        for seat in 0..players {
            check_legality::<R>(&state, seat, seats.contains(&seat), &candidates, rng)?;
        }
        let seat = *pick(&seats, rng).ok_or("nobody is to act in a running game")?;
        let legal = R::legal_commands(&state, seat);
        let command = pick(&legal, rng)
            .ok_or_else(|| format!("seat {seat} must act but has no legal command"))?
            .clone();
        let new_events = R::decide(&state, seat, &command, rng)
            .map_err(|e| format!("decide refused legal command {command:?}: {e}"))?;
        if new_events.is_empty() {
            return Err(format!("{command:?} produced no event"));
        }
        round_trips(&command)?;
        for event in &new_events {
            round_trips(event)?;
            state = R::evolve(state, event);
        }
        events.extend(new_events);
        invariant(&state)?;
        commands += 1;
    }
    let refolded = fold::<R>(options, players, &events);
    if refolded != state {
        return Err("folding all events gives a different state than playing them".into());
    }
    Ok(Playout {
        state,
        events,
        commands,
    })
}

fn check_legality<R: Rules>(
    state: &R::State,
    seat: Seat,
    to_act: bool,
    candidates: &impl Fn(&R::State, Seat) -> Vec<R::Command>,
    rng: Rng<'_>,
) -> Result<(), String> {
    let legal = R::legal_commands(state, seat);
    if !to_act && !legal.is_empty() {
        return Err(format!("seat {seat} is not to act but has legal commands"));
    }
    for command in &legal {
        R::decide(state, seat, command, rng)
            .map_err(|e| format!("seat {seat}: decide refused legal {command:?}: {e}"))?;
    }
    for command in candidates(state, seat) {
        if !legal.contains(&command) && R::decide(state, seat, &command, rng).is_ok() {
            return Err(format!("seat {seat}: decide accepted illegal {command:?}"));
        }
    }
    Ok(())
}

/// Serializes a value to JSON and back and checks nothing changed.
pub fn round_trips<T>(value: &T) -> Result<(), String>
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json =
        serde_json::to_value(value).map_err(|e| format!("{value:?} fails to serialize: {e}"))?;
    let back: T = serde_json::from_value(json.clone())
        .map_err(|e| format!("{json} fails to deserialize: {e}"))?;
    if &back == value {
        Ok(())
    } else {
        Err(format!("{value:?} came back from JSON as {back:?}"))
    }
}
