//! Turning commands into events, then playing out everything the rules do on their own: phase
//! and round changes, supply refills, automatic passes with an empty hand and the final scoring.

use rand::RngExt;

use super::super::{Rng, RuleError};
use super::evolve::apply;
use super::legal::{self, pass_needs_choice};
use super::model::commands::{Command, Source};
use super::model::events::Event;
use super::model::state::{
    LAST_ROUND, Pending, Phase, SUPPLY_SPACES, State, TILES_PER_FACTORY, winners,
};
use super::model::tiles::{Colour, Tiles};
use super::scoring;

/// Events under construction, applied to a working copy of the state as they are recorded.
struct Recorder {
    state: State,
    events: Vec<Event>,
}

impl Recorder {
    fn emit(&mut self, event: Event) {
        apply(&mut self.state, &event);
        self.events.push(event);
    }
}

/// The opening events: first player, supply, factories.
pub fn setup(state: State, rng: Rng<'_>) -> Vec<Event> {
    let players = state.players.len().max(1);
    let mut rec = Recorder {
        state,
        events: Vec::new(),
    };
    let first = rng.random_range(0..players);
    rec.emit(Event::RoundStarted {
        round: 1,
        start_player: first,
    });
    refill_supply(&mut rec, rng);
    fill_factories(&mut rec, rng);
    settle(&mut rec, Some(rng));
    rec.events
}

pub fn decide(
    state: &State,
    seat: usize,
    command: &Command,
    rng: Rng<'_>,
) -> Result<Vec<Event>, RuleError> {
    legal::check_turn(state, seat, command)?;
    if state.pending == Some(Pending::NextRound) {
        // Only `Pass` gets here (check_turn): the start player prepares the next round.
        let mut rec = Recorder {
            state: state.clone(),
            events: Vec::new(),
        };
        end_round(&mut rec, rng);
        settle(&mut rec, Some(rng));
        return Ok(rec.events);
    }
    let first = match command {
        Command::Take { source, colour } => vec![take(state, seat, *source, *colour)?],
        Command::Place {
            star,
            space,
            colour,
            wild_count,
        } => vec![place(state, seat, *star, *space, *colour, *wild_count)?],
        Command::ChooseBonus { tiles } => {
            legal::check_bonus(state, tiles)?;
            vec![Event::BonusTaken {
                seat,
                tiles: *tiles,
            }]
        }
        Command::Pass => pass(state, seat),
        Command::Keep { tiles } => {
            legal::check_keep(state, seat, tiles)?;
            vec![keep(state, seat, *tiles)]
        }
    };
    let mut rec = Recorder {
        state: state.clone(),
        events: Vec::new(),
    };
    for event in first {
        rec.emit(event);
    }
    settle(&mut rec, Some(rng));
    Ok(rec.events)
}

/// `seat` resigns (three or more players): see `Event::SeatResigned` for what becomes of its
/// tiles, the start player token and the turn. Then whatever follows by itself without a draw:
/// other players' automatic passes with an empty hand, and when nobody is left placing, the end
/// of phase 2 (`RoundOver`, or in round 6 the final scoring and the end of the game).
pub fn resign(state: &State, seat: usize) -> Vec<Event> {
    let Some(player) = state.player(seat) else {
        return Vec::new();
    };
    if player.resigned || !matches!(state.phase, Phase::Acquire | Phase::Place) {
        return Vec::new();
    }
    let successor = state.next_seated(seat);
    let bonus_forfeited = match state.pending {
        Some(Pending::Bonus(n)) if state.current == seat => n,
        _ => 0,
    };
    let mut rec = Recorder {
        state: state.clone(),
        events: Vec::new(),
    };
    rec.emit(Event::SeatResigned {
        seat,
        hand: player.hand,
        corner: player.corner,
        bonus_forfeited,
        token_passed_to: (state.token == Some(seat)).then_some(successor),
        start_player_passed_to: (state.start_player == seat).then_some(successor),
    });
    settle(&mut rec, None);
    rec.events
}

fn take(state: &State, seat: usize, source: Source, colour: Colour) -> Result<Event, RuleError> {
    let legal::Take { taken, to_centre } = legal::check_take(state, source, colour)?;
    let token = source == Source::Centre && state.token.is_none();
    let score = state.players[seat].score;
    let points_lost = if token { loss(score, taken.total()) } else { 0 };
    Ok(Event::TilesTaken {
        seat,
        source,
        colour,
        taken,
        to_centre,
        start_player_token: token,
        points_lost,
    })
}

fn place(
    state: &State,
    seat: usize,
    star: u8,
    pos: u8,
    colour: Colour,
    wild_count: u8,
) -> Result<Event, RuleError> {
    let (space, _cost) = legal::check_place(state, seat, star, pos, colour, wild_count)?;
    let board = &state.players[seat].board;
    let completed = scoring::completed_structures(board, space);
    let reward: usize = completed.iter().map(|s| usize::from(s.reward())).sum();
    let bonus_tiles = reward.min(state.supply.total()) as u8;
    Ok(Event::TilePlaced {
        seat,
        star,
        space: pos,
        colour,
        wild_count,
        points: scoring::placement_points(board, space),
        completed,
        bonus_tiles,
    })
}

fn pass(state: &State, seat: usize) -> Vec<Event> {
    let hand = state.players[seat].hand;
    let mut events = vec![Event::Passed { seat }];
    if !pass_needs_choice(state, &hand) {
        let kept = if state.round < LAST_ROUND {
            hand
        } else {
            Tiles::EMPTY
        };
        events.push(keep(state, seat, kept));
    }
    events
}

fn keep(state: &State, seat: usize, kept: Tiles) -> Event {
    let player = &state.players[seat];
    let mut discarded = player.hand;
    discarded.remove_all(&kept);
    Event::TilesKept {
        seat,
        kept,
        discarded,
        points_lost: loss(player.score, discarded.total()),
    }
}

/// Points lost by a deduction of `n` from `score`, never going below 1.
fn loss(score: i64, n: usize) -> i64 {
    let after = (score - n as i64).max(1);
    (score - after).max(0)
}

/// Plays out what follows by itself until a player must decide something or the game ends.
/// Without randomness (`None`, after a resignation) the supply is not refilled (it is always
/// full when a player is to act, so this never matters) and a phase 2 that ends before round 6
/// waits for the next start player (`RoundOver`) instead of filling the factories.
fn settle(rec: &mut Recorder, mut rng: Option<Rng<'_>>) {
    loop {
        let state = &rec.state;
        match state.phase {
            Phase::Acquire if !state.tiles_on_offer() => {
                let start_player = state.next_start_player();
                rec.emit(Event::PlacingStarted { start_player });
            }
            Phase::Place if state.pending.is_none() => {
                let refill = state.supply.total() < SUPPLY_SPACES
                    && !(state.bag.is_empty() && state.tower.is_empty());
                if let (true, Some(rng)) = (refill, rng.as_deref_mut()) {
                    refill_supply(rec, rng);
                } else if state.players.iter().all(|p| p.passed) {
                    match rng.as_deref_mut() {
                        Some(rng) => end_round(rec, rng),
                        None if state.round < LAST_ROUND => {
                            let event = Event::RoundOver {
                                round: state.round,
                                next_start_player: state.next_start_player(),
                            };
                            rec.emit(event);
                        }
                        None => final_scoring(rec),
                    }
                } else if state
                    .player(state.current)
                    .is_some_and(|p| p.hand.is_empty())
                {
                    let seat = state.current;
                    rec.emit(Event::Passed { seat });
                    let event = keep(&rec.state, seat, Tiles::EMPTY);
                    rec.emit(event);
                } else {
                    return;
                }
            }
            _ => return,
        }
    }
}

fn end_round(rec: &mut Recorder, rng: Rng<'_>) {
    let state = &rec.state;
    if state.round < LAST_ROUND {
        let start_player = state.next_start_player();
        rec.emit(Event::RoundStarted {
            round: state.round + 1,
            start_player,
        });
        fill_factories(rec, rng);
        return;
    }
    final_scoring(rec);
}

/// The end-game bonuses of every seat still playing, then the end of the game.
fn final_scoring(rec: &mut Recorder) {
    let side = rec.state.options.board;
    for seat in 0..rec.state.players.len() {
        if rec.state.players[seat].resigned {
            continue;
        }
        let (stars, numbers) = scoring::final_bonuses(side, &rec.state.players[seat].board);
        let points = stars.iter().map(|s| s.points).sum::<i64>()
            + numbers.iter().map(|n| n.points).sum::<i64>();
        rec.emit(Event::FinalScored {
            seat,
            stars,
            numbers,
            points,
        });
    }
    let scores: Vec<i64> = rec.state.players.iter().map(|p| p.score).collect();
    rec.emit(Event::GameEnded {
        winners: winners(&scores, &rec.state.players),
        scores,
    });
}

/// Draws one tile from the bag counts; `None` when the bag is empty.
fn draw_one(bag: &mut Tiles, rng: Rng<'_>) -> Option<Colour> {
    let total = bag.total();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for colour in Colour::ALL {
        let n = usize::from(bag.count(colour));
        if pick < n {
            bag.remove(colour, 1);
            return Some(colour);
        }
        pick -= n;
    }
    None
}

/// Draws `n` tiles for the destinations `slots` (slot index of each draw), pouring the tower into
/// the bag when it runs out. `record` turns the draws made so far into an event; it is called
/// once per stretch between pourings.
fn draw_into(
    rec: &mut Recorder,
    slots: &[usize],
    rng: Rng<'_>,
    record: impl Fn(Vec<(usize, Colour)>) -> Event,
) {
    let mut bag = rec.state.bag;
    let mut drawn: Vec<(usize, Colour)> = Vec::new();
    for &slot in slots {
        if bag.is_empty() {
            if rec.state.tower.is_empty() {
                break;
            }
            if !drawn.is_empty() {
                rec.emit(record(std::mem::take(&mut drawn)));
            }
            let tiles = rec.state.tower;
            rec.emit(Event::TowerEmptied { tiles });
            bag = rec.state.bag;
        }
        match draw_one(&mut bag, rng) {
            Some(colour) => drawn.push((slot, colour)),
            None => break,
        }
    }
    if !drawn.is_empty() {
        rec.emit(record(drawn));
    }
}

fn refill_supply(rec: &mut Recorder, rng: Rng<'_>) {
    let missing = SUPPLY_SPACES.saturating_sub(rec.state.supply.total());
    draw_into(rec, &vec![0; missing], rng, |drawn| Event::SupplyRefilled {
        tiles: drawn.into_iter().map(|(_, c)| c).collect(),
    });
}

fn fill_factories(rec: &mut Recorder, rng: Rng<'_>) {
    let factories = rec.state.factories.len();
    let slots: Vec<usize> = (0..factories)
        .flat_map(|f| std::iter::repeat_n(f, TILES_PER_FACTORY))
        .collect();
    draw_into(rec, &slots, rng, move |drawn| {
        let mut tiles = vec![Vec::new(); factories];
        for (f, colour) in drawn {
            tiles[f].push(colour);
        }
        Event::FactoriesFilled { tiles }
    });
}
