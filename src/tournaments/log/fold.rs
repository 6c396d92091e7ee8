//! An event as its log folds up: pure, used by the service, the pages and the verifier alike.

use std::collections::HashMap;

use super::facts::{Fact, Leaving, Setup, Table};
use crate::game_log::stream::Participant;

/// Where an event stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Taking sign-ups.
    Open,
    Running,
    Finished,
    CalledOff,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Open => "open",
            Phase::Running => "running",
            Phase::Finished => "finished",
            Phase::CalledOff => "cancelled",
        }
    }
}

/// A round as it was started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub number: u32,
    pub tables: Vec<Table>,
    pub bye: Option<usize>,
    pub deadline: Option<String>,
}

/// A game's recorded end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Result {
    pub game: String,
    pub round: u32,
    pub seats: Vec<usize>,
    pub places: Vec<u32>,
    /// The seats whose time ran out.
    pub timed_out: Vec<usize>,
    pub head: String,
}

/// An entrant who left a running event, and how many results had been recorded by then: the
/// results after that belong to games cut short by their leaving.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Withdrawal {
    pub entrant: usize,
    pub why: Leaving,
    pub after_results: usize,
}

/// An event folded from its log.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub id: String,
    pub setup: Setup,
    pub creator: Participant,
    pub seed_commitment: String,
    /// Who has signed up (before the start) or entered (after it), in order: after the start,
    /// an entrant's number is their place in this list.
    pub entrants: Vec<Participant>,
    pub started: bool,
    pub called_off: bool,
    pub called_off_by_organiser: bool,
    pub rounds: Vec<Round>,
    pub results: Vec<Result>,
    /// Where each game's result stands in `results`.
    result_at: HashMap<String, usize>,
    pub withdrawn: Vec<Withdrawal>,
    /// The revealed seed, once the event has ended.
    pub seed: Option<String>,
    pub seq: i64,
}

/// A log that does not fold: the first row that cannot be read, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("row {seq}: {problem}")]
pub struct FoldError {
    pub seq: i64,
    pub problem: String,
}

impl Event {
    /// The event begun by its first row's facts.
    pub fn created(id: &str, facts: &[Fact]) -> std::result::Result<Event, FoldError> {
        let Some(Fact::Created {
            setup,
            creator,
            seed_commitment,
        }) = facts.first()
        else {
            return Err(FoldError {
                seq: 1,
                problem: "the log does not start with the event's creation".into(),
            });
        };
        Ok(Event {
            id: id.to_string(),
            setup: setup.clone(),
            creator: creator.clone(),
            seed_commitment: seed_commitment.clone(),
            entrants: Vec::new(),
            started: false,
            called_off: false,
            called_off_by_organiser: false,
            rounds: Vec::new(),
            results: Vec::new(),
            result_at: HashMap::new(),
            withdrawn: Vec::new(),
            seed: None,
            seq: 1,
        })
    }

    /// Folds in one row's facts.
    pub fn apply_row(&mut self, seq: i64, facts: &[Fact]) {
        for fact in facts {
            self.apply(fact);
        }
        self.seq = seq;
    }

    fn apply(&mut self, fact: &Fact) {
        match fact {
            Fact::Created { .. } => {}
            Fact::SignedUp { player } => self.entrants.push(player.clone()),
            Fact::Left { player } => self.entrants.retain(|p| p.id != player.id),
            Fact::Started { entrants } => {
                self.entrants = entrants.clone();
                self.started = true;
            }
            Fact::CalledOff { by_organiser } => {
                self.called_off = true;
                self.called_off_by_organiser = *by_organiser;
            }
            Fact::RoundStarted {
                round,
                tables,
                bye,
                deadline,
            } => self.rounds.push(Round {
                number: *round,
                tables: tables.clone(),
                bye: *bye,
                deadline: deadline.clone(),
            }),
            Fact::Finished {
                game,
                places,
                timed_out,
                head,
            } => {
                if let Some((round, table)) = self.table_of(game) {
                    let result = Result {
                        game: game.clone(),
                        round,
                        seats: table.seats.clone(),
                        places: places.clone(),
                        timed_out: timed_out.clone(),
                        head: head.clone(),
                    };
                    let at = self.results.len();
                    self.result_at.entry(game.clone()).or_insert(at);
                    self.results.push(result);
                }
            }
            Fact::Withdrawn { entrant, why } => self.withdrawn.push(Withdrawal {
                entrant: *entrant,
                why: *why,
                after_results: self.results.len(),
            }),
            Fact::Ended { seed } => self.seed = Some(seed.clone()),
        }
    }

    pub fn phase(&self) -> Phase {
        match (self.called_off, self.started, self.seed.is_some()) {
            (true, _, _) => Phase::CalledOff,
            (_, _, true) => Phase::Finished,
            (_, true, _) => Phase::Running,
            _ => Phase::Open,
        }
    }

    /// The round and table of one of the event's games.
    pub fn table_of(&self, game: &str) -> Option<(u32, &Table)> {
        (self.rounds.iter())
            .flat_map(|r| r.tables.iter().map(move |t| (r.number, t)))
            .find(|(_, t)| t.game == game)
    }

    pub fn result_of(&self, game: &str) -> Option<&Result> {
        self.results.get(*self.result_at.get(game)?)
    }

    /// The entrant number of a player, once the event has started.
    pub fn entrant_of(&self, player_id: i64) -> Option<usize> {
        match self.started {
            true => self.entrants.iter().position(|p| p.id == player_id),
            false => None,
        }
    }

    pub fn has_signed_up(&self, player_id: i64) -> bool {
        self.entrants.iter().any(|p| p.id == player_id)
    }

    pub fn is_withdrawn(&self, entrant: usize) -> bool {
        self.withdrawn.iter().any(|w| w.entrant == entrant)
    }

    /// Entrants still playing, in entrant order.
    pub fn active(&self) -> Vec<usize> {
        (0..self.entrants.len())
            .filter(|e| !self.is_withdrawn(*e))
            .collect()
    }

    pub fn current_round(&self) -> Option<&Round> {
        self.rounds.last()
    }

    /// Whether every game of the latest round has a result.
    pub fn round_complete(&self) -> bool {
        self.current_round()
            .is_some_and(|round| (round.tables.iter()).all(|t| self.result_of(&t.game).is_some()))
    }

    /// The games of the event that have not ended, with their rounds.
    pub fn running_games(&self) -> Vec<(u32, &Table)> {
        (self.rounds.iter())
            .flat_map(|r| r.tables.iter().map(move |t| (r.number, t)))
            .filter(|(_, t)| self.result_of(&t.game).is_none())
            .collect()
    }

    /// The number of the event's games in which an entrant's time ran out.
    pub fn timeouts(&self, entrant: usize) -> u32 {
        (self.results.iter())
            .filter(|r| (r.timed_out.iter()).any(|&seat| r.seats.get(seat) == Some(&entrant)))
            .count() as u32
    }

    pub fn name_of(&self, entrant: usize) -> &str {
        self.entrants.get(entrant).map_or("?", |p| p.name.as_str())
    }
}
