//! The invariants of spec §12, as checks on a state, on the opening, and on each command's step
//! from one state to the next.

use super::*;
use crate::rules::Status;

/// §12.7: what the opening deals.
pub fn opening(options: &Options, players: usize, events: &[Event]) -> Result<(), String> {
    let [Event::Started { first_player, rows }] = events else {
        return Err(format!("setup should be one Started event: {events:?}"));
    };
    if *first_player >= players || rows.len() != players {
        return Err(format!("bad opening for {players} players: {events:?}"));
    }
    for row in rows {
        let row = row.as_ref().ok_or("setup hides a row from the store")?;
        let count = |face| row.iter().filter(|&&f| f == face).count();
        let fine = match options.start {
            StartRule::Random => row.len() == 8 && count(Face::Ear) == 0,
            StartRule::Classic => [Face::Flame, Face::Swords, Face::Book, Face::Tree]
                .iter()
                .all(|&f| count(f) == 2),
        };
        if !fine {
            return Err(format!("{:?} start dealt {row:?}", options.start));
        }
    }
    Ok(())
}

/// Everything that must hold in any state reached by play.
pub fn state(state: &State) -> Result<(), String> {
    if state.phase == Phase::Setup {
        return Ok(());
    }
    let dice: Vec<(Square, Die)> = state.board.dice().collect();
    let playing: Vec<Seat> = (0..state.players)
        .filter(|&s| !state.is_resigned(s))
        .collect();
    // §12.1 (as resignation amends it) and §12.2: 8 dice for each seat still playing, none for
    // a resigned seat, one per square (the board holds one per square).
    if dice.len() != 8 * playing.len() {
        return Err(format!("{} dice on the board", dice.len()));
    }
    for seat in 0..state.players {
        let side = state.side(seat).ok_or("a seat without a side")?;
        let own: Vec<Square> = state.dice_of(seat).map(|(s, _)| s).collect();
        if state.is_resigned(seat) {
            if !own.is_empty() {
                return Err(format!("resigned seat {seat} still has dice on {own:?}"));
            }
            if !Gype::legal_commands(state, seat).is_empty() {
                return Err(format!("resigned seat {seat} has legal commands"));
            }
            continue;
        }
        if own.len() != 8 {
            return Err(format!("seat {seat} has {} dice", own.len()));
        }
        // §12.3: start row, central grid or goal row, nothing else.
        if let Some(s) = own.iter().find(|s| {
            s.home_row()
                .is_some_and(|h| h != side && h != side.opposite())
        }) {
            return Err(format!(
                "seat {seat}'s die stands on {s} in another home row"
            ));
        }
        // §12.5: under Chaos, a seat with dice at home has never gone beyond the centre.
        let restricted = state.has_die_in_start_row(seat)
            || (seat == state.turn && state.chaos_limit && state.phase == Phase::Playing);
        if state.options.chaos
            && restricted
            && let Some(s) = own.iter().find(|&&s| side.progress(s) >= 5)
        {
            return Err(format!("Chaos: seat {seat} went beyond the centre to {s}"));
        }
    }
    let status = Gype::status(state);
    match state.phase {
        Phase::Setup => {}
        Phase::Arranging => {
            let waiting: Vec<Seat> = playing
                .iter()
                .copied()
                .filter(|&s| !state.confirmed[s])
                .collect();
            if dice.iter().any(|(s, d)| !state.sides[d.owner].holds(*s)) {
                return Err("a die left its start row before play".into());
            }
            if waiting.is_empty() || status.to_act() != waiting {
                return Err(format!("arranging, but {status:?} while {waiting:?} wait"));
            }
        }
        Phase::Playing => {
            if state.is_resigned(state.turn) || status.to_act() != [state.turn] {
                return Err(format!("{status:?} while it is seat {}'s turn", state.turn));
            }
            if state.chaos_limit && !state.options.chaos {
                return Err("a Chaos limit without the Chaos rule".into());
            }
            match &state.chain {
                Some(chain) => {
                    let at = chain.at().ok_or("an empty chain")?;
                    if state.board.get(at).map(|d| d.owner) != Some(state.turn) {
                        return Err(format!("the jumping die on {at} is not the player's"));
                    }
                    if chain.jumped.iter().any(|&s| !state.board.is_occupied(s)) {
                        return Err("a jumped die has vanished".into());
                    }
                    // A chain with no jump left ends by itself, after a jump or a resignation.
                    let jumps = Gype::legal_commands(state, state.turn);
                    if !jumps.iter().any(|c| matches!(c, Command::Jump { .. })) {
                        return Err(format!("the chain on {at} has no jump left"));
                    }
                }
                None => {
                    if let Some(seat) = (0..state.players).find(|&s| state.dice_in_goal(s) == 8) {
                        return Err(format!("seat {seat} is home but the game goes on"));
                    }
                }
            }
            if Gype::legal_commands(state, state.turn).is_empty() {
                return Err("the player to act has nothing to do".into());
            }
        }
        Phase::Finished { winner } => {
            // §12.8: exactly one winner, still playing, with all 8 dice home.
            let Status::Finished { outcome } = status else {
                return Err("finished without an outcome".into());
            };
            let home: Vec<Seat> = (0..state.players)
                .filter(|&s| state.dice_in_goal(s) == 8)
                .collect();
            if outcome.winners != [winner] || home != [winner] || state.is_resigned(winner) {
                return Err(format!(
                    "winner {winner}, outcome {outcome:?}, all home: {home:?}"
                ));
            }
        }
    }
    Ok(())
}

/// Checks one command's step from `before` to `after` (§12.4, §12.5, §12.6, §12.8).
#[derive(Default)]
pub struct Transitions {
    /// Dice rolled by jumps since the turn began.
    rolled_this_turn: Vec<Square>,
}

impl Transitions {
    pub fn command(
        &mut self,
        before: &State,
        seat: Seat,
        events: &[Event],
        after: &State,
    ) -> Result<(), String> {
        if events.is_empty() {
            return Err("a command without events".into());
        }
        if events.iter().any(|e| matches!(e, Event::Resigned { .. })) {
            return Err("a command made a seat resign".into());
        }
        self.replay(before, seat, events, after)?;
        if before.phase != Phase::Playing {
            return Ok(());
        }
        for square in Square::all() {
            let (was, now) = (before.board.get(square), after.board.get(square));
            let owner_changed = was.map(|d| d.owner) != now.map(|d| d.owner);
            // Only the acting seat's dice move.
            if owner_changed && was.is_some_and(|d| d.owner != seat) {
                return Err(format!(
                    "seat {seat} moved another seat's die from {square}"
                ));
            }
            // §12.4: a die home at the start of a turn never moves again.
            if owner_changed && before.is_frozen(square) {
                return Err(format!("the frozen die on {square} moved"));
            }
        }
        for s in 0..before.players {
            let at_home = |st: &State| st.dice_of(s).filter(|(q, _)| st.sides[s].holds(*q)).count();
            // §12.4: no die ever returns to its start row.
            if at_home(after) > at_home(before) {
                return Err(format!("a die of seat {s} went back into its start row"));
            }
        }
        if let Phase::Finished { winner } = after.phase
            && winner != seat
        {
            return Err(format!("seat {winner} won on seat {seat}'s move"));
        }
        Ok(())
    }

    /// Checks `seat`'s resignation from `before` to `after`: the event lists exactly its dice
    /// (hidden before the reveal), they and nothing else leave the board, nothing else changes on
    /// it, and the turn passes only if it was the seat's or a chain ended by itself.
    pub fn resignation(
        &mut self,
        before: &State,
        seat: Seat,
        events: &[Event],
        after: &State,
    ) -> Result<(), String> {
        let Some(Event::Resigned {
            seat: who,
            before_reveal,
            dice: Some(dice),
        }) = events.first()
        else {
            return Err(format!("a resignation starting with {:?}", events.first()));
        };
        let own: Vec<DieAt> = before
            .dice_of(seat)
            .map(|(at, d)| DieAt { at, face: d.face })
            .collect();
        if *who != seat || *dice != own || *before_reveal != (before.phase == Phase::Arranging) {
            return Err(format!("seat {seat} resigned as {:?}", events[0]));
        }
        self.replay(before, seat, events, after)?;
        if !after.is_resigned(seat) || after.dice_of(seat).next().is_some() {
            return Err(format!("seat {seat} is still at the table"));
        }
        for square in Square::all() {
            let was = before.board.get(square).filter(|d| d.owner != seat);
            if after.board.get(square) != was {
                return Err(format!(
                    "the die on {square} changed when seat {seat} resigned"
                ));
            }
        }
        if before.phase == Phase::Arranging
            && !events
                .iter()
                .skip(1)
                .all(|e| matches!(e, Event::Revealed { .. } | Event::TurnBegan { .. }))
        {
            return Err(format!("resigning before the reveal gave {events:?}"));
        }
        if before.phase == Phase::Playing {
            let ended = events.iter().any(|e| matches!(e, Event::MoveEnded { .. }));
            let passed = before.turn == seat || ended;
            match after.phase {
                Phase::Playing if passed => {
                    if Some(after.turn) != after.player_after(before.turn) {
                        return Err(format!(
                            "the turn went from {} to {}",
                            before.turn, after.turn
                        ));
                    }
                }
                Phase::Playing if after.turn != before.turn => {
                    return Err("the turn passed on another seat's resignation".into());
                }
                Phase::Playing => {}
                Phase::Finished { winner } if ended && winner == before.turn => {}
                _ => return Err(format!("resigning gave {:?}", after.phase)),
            }
            if ended && before.chain.is_none() {
                return Err("a move ended that was not going on".into());
            }
        }
        Ok(())
    }

    /// Applies `events` one by one, checking each Chaos verdict and each jump's roll, and that
    /// they lead to `after`.
    fn replay(
        &mut self,
        before: &State,
        seat: Seat,
        events: &[Event],
        after: &State,
    ) -> Result<(), String> {
        let mut state = before.clone();
        for event in events {
            match event {
                Event::TurnBegan {
                    seat: next,
                    chaos_limit,
                } => {
                    let due = state.options.chaos && state.has_die_in_start_row(*next);
                    if *chaos_limit != due {
                        return Err(format!(
                            "Chaos verdict {chaos_limit} for seat {next}, due {due}"
                        ));
                    }
                    self.rolled_this_turn.clear();
                }
                Event::Jumped {
                    over,
                    rolled,
                    seat: s,
                    ..
                } => {
                    let again = self.rolled_this_turn.contains(over);
                    if rolled.is_some() == again {
                        return Err(format!(
                            "the die on {over} rolled {rolled:?}, rolled before: {again}"
                        ));
                    }
                    self.rolled_this_turn.push(*over);
                    if *s != seat {
                        return Err("a jump for another seat".into());
                    }
                }
                Event::HatMoved { rolls, .. } if rolls.len() == 2 && rolls[0].at == rolls[1].at => {
                    return Err("a die rolled twice by one Hat".into());
                }
                _ => {}
            }
            state = Gype::evolve(state, event);
        }
        if &state != after {
            return Err("events applied one by one give another state".into());
        }
        Ok(())
    }
}
