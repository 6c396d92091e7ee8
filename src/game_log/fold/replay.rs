//! Rebuilding a game from its log: every row's entries folded in order.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde_json::Value;

use crate::game_log::error::ReplayError;
use crate::game_log::stream::time_control::{Clocks, TimeControl};
use crate::game_log::stream::{
    CancelReason, Entry, EventTable, Participant, RatingChange, RatingRange, stored,
};
use crate::rules::Kind;
use crate::rules::{Outcome, Rules, Seat, Status, Viewer};
use crate::store::events::EventRow;

/// A game as its log tells it, up to some row.
pub struct Game<R: Rules> {
    pub id: String,
    pub kind: Kind,
    pub options: R::Options,
    pub options_json: Value,
    pub players: usize,
    pub private: bool,
    pub seed_commitment: String,
    pub creator: Participant,
    pub time_control: Option<TimeControl>,
    /// Whether the game counts for its players' ratings once it ends.
    pub rated: bool,
    /// The ratings that may take an open seat, if the creator set a range.
    pub rating_range: Option<RatingRange>,
    /// The tournament's table, when the game is one of an event's.
    pub event: Option<EventTable>,
    /// Everyone who has joined, in joining order.
    pub joined: Vec<Participant>,
    /// Seat order once the game has started; empty before.
    pub seating: Vec<Participant>,
    /// The rules state once the game has started.
    pub state: Option<R::State>,
    /// Seats withdrawn from play (their players resigned or ran out of time), in order.
    pub resigned: Vec<Seat>,
    /// Of those, the seats whose time ran out.
    pub timed_out: Vec<Seat>,
    /// Seats a computer took over from a person who left, in order.
    pub handed_over: Vec<HandedOver>,
    /// The people who left before the end (resigned, ran out of time or left their seat to a
    /// computer), by id, in the order they left.
    pub left: Vec<i64>,
    /// The seats' clocks, in a timed game that has started.
    pub clock: Option<Clocks>,
    /// Players on vacation, by id, and when their vacation ends.
    pub away: BTreeMap<i64, DateTime<Utc>>,
    /// Players back early in the row being folded, whose clocks restart when it closes.
    back: Vec<i64>,
    pub cancelled: Option<CancelReason>,
    pub ended: Option<Ended>,
    /// How the finished game changed its players' ratings, once it has been rated.
    pub rating: Option<Rated>,
    /// The sequence number of the last row folded in.
    pub seq: i64,
    /// The last row that changed the board or the table (table talk does not), which a move
    /// form must have been made on.
    pub board_seq: i64,
    /// The rows of table talk, by sequence number: who wrote each, and whether its words were
    /// removed.
    pub talk: BTreeMap<i64, Talked>,
    /// The plans committed to, by the sequence number of their row: the seat and the
    /// commitment. Whether a plan is still kept is not in the log (it is secret).
    pub plans: BTreeMap<i64, (Seat, String)>,
}

/// A row of table talk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Talked {
    pub author: i64,
    pub removed: bool,
}

// Not derived: that would require the rules type itself to be Clone.
impl<R: Rules> Clone for Game<R> {
    fn clone(&self) -> Self {
        Game {
            id: self.id.clone(),
            kind: self.kind,
            options: self.options.clone(),
            options_json: self.options_json.clone(),
            players: self.players,
            private: self.private,
            seed_commitment: self.seed_commitment.clone(),
            creator: self.creator.clone(),
            time_control: self.time_control,
            rated: self.rated,
            rating_range: self.rating_range,
            event: self.event.clone(),
            joined: self.joined.clone(),
            seating: self.seating.clone(),
            state: self.state.clone(),
            resigned: self.resigned.clone(),
            timed_out: self.timed_out.clone(),
            handed_over: self.handed_over.clone(),
            left: self.left.clone(),
            clock: self.clock.clone(),
            away: self.away.clone(),
            back: self.back.clone(),
            cancelled: self.cancelled,
            ended: self.ended.clone(),
            rating: self.rating.clone(),
            seq: self.seq,
            board_seq: self.board_seq,
            talk: self.talk.clone(),
            plans: self.plans.clone(),
        }
    }
}

/// A seat a computer plays from row `since` on, for the person who left it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandedOver {
    pub seat: Seat,
    pub left: Participant,
    pub computer: Participant,
    pub since: i64,
}

/// A finished game's rating: its place in the order games were rated, and every rated
/// person's change.
#[derive(Clone, Debug, PartialEq)]
pub struct Rated {
    pub order: i64,
    pub players: Vec<RatingChange>,
    /// The row that rated it.
    pub seq: i64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Ended {
    pub outcome: Outcome,
    pub seed: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Waiting,
    Active,
    Finished,
    Cancelled,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Waiting => "waiting",
            Phase::Active => "active",
            Phase::Finished => "finished",
            Phase::Cancelled => "cancelled",
        }
    }
}

impl<R: Rules> Game<R> {
    /// Everyone who has sat at the table: those who joined, in joining order, then the
    /// computers that took seats over.
    pub fn at_table(&self) -> impl Iterator<Item = &Participant> {
        (self.joined.iter()).chain(self.handed_over.iter().map(|h| &h.computer))
    }

    /// Every participant's id, the creator's included.
    pub fn participant_ids(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = std::iter::once(&self.creator)
            .chain(self.at_table())
            .map(|p| p.id)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// Shows players by `names` (their names now) instead of the names the log recorded when
    /// they joined.
    pub fn use_names(&mut self, names: &std::collections::HashMap<i64, String>) {
        let handed_over =
            (self.handed_over.iter_mut()).flat_map(|h| [&mut h.left, &mut h.computer]);
        let people = std::iter::once(&mut self.creator)
            .chain(self.joined.iter_mut())
            .chain(self.seating.iter_mut())
            .chain(handed_over);
        for person in people {
            if let Some(name) = names.get(&person.id) {
                person.name.clone_from(name);
            }
        }
    }

    /// The players' names by id, as this game shows them.
    pub fn names_by_id(&self) -> std::collections::HashMap<i64, String> {
        std::iter::once(&self.creator)
            .chain(self.at_table())
            .map(|p| (p.id, p.name.clone()))
            .collect()
    }

    /// Seat names in seat order as they were at row `seq`: a seat a computer took over after it
    /// is still called by the person who played it then.
    pub fn seat_names_at(&self, seq: i64) -> Vec<String> {
        let mut names = self.seat_names();
        for taken in self.handed_over.iter().rev().filter(|h| h.since > seq) {
            if let Some(name) = names.get_mut(taken.seat) {
                name.clone_from(&taken.left.name);
            }
        }
        names
    }

    pub fn phase(&self) -> Phase {
        if self.cancelled.is_some() {
            return Phase::Cancelled;
        }
        match (&self.state, &self.ended) {
            (_, Some(_)) => Phase::Finished,
            (Some(_), None) => Phase::Active,
            (None, None) => Phase::Waiting,
        }
    }

    pub fn seat_of(&self, player_id: i64) -> Option<Seat> {
        self.seating.iter().position(|p| p.id == player_id)
    }

    /// The seat a player holds, or held until a computer took it over from them.
    pub fn seat_held_by(&self, player_id: i64) -> Option<Seat> {
        self.seat_of(player_id).or_else(|| {
            (self.handed_over.iter())
                .find(|h| h.left.id == player_id)
                .map(|h| h.seat)
        })
    }

    /// Who answers for each seat, in seat order: its player, or the person who left it where a
    /// computer took it over.
    pub fn seat_holders(&self) -> Vec<&Participant> {
        (0..self.seating.len())
            .map(|seat| {
                (self.handed_over.iter())
                    .find(|h| h.seat == seat)
                    .map_or(&self.seating[seat], |h| &h.left)
            })
            .collect()
    }

    /// Whether a person (not a computer) still plays some seat besides those of `leaving`.
    pub fn a_person_plays_besides(&self, leaving: &[Seat]) -> bool {
        (self.remaining_seats().into_iter()).any(|seat| {
            !leaving.contains(&seat) && self.seating.get(seat).is_some_and(|p| !p.is_computer())
        })
    }

    pub fn has_joined(&self, player_id: i64) -> bool {
        self.joined.iter().any(|p| p.id == player_id)
    }

    /// Who must act, or how the game ended. Players leaving can end a game before its rules do:
    /// when one player is left, they win; when no person is left in play, the computers still
    /// playing win (computers never finish a game among themselves).
    pub fn status(&self) -> Option<Status> {
        if let Some(ended) = &self.ended {
            return Some(Status::Finished {
                outcome: ended.outcome.clone(),
            });
        }
        let state = self.state.as_ref()?;
        let remaining = self.remaining_seats();
        let someone_left = !self.resigned.is_empty() || !self.handed_over.is_empty();
        if someone_left && (remaining.len() <= 1 || !self.a_person_plays_besides(&[])) {
            return Some(Status::Finished {
                outcome: Outcome {
                    winners: remaining,
                    scores: Vec::new(),
                },
            });
        }
        Some(R::status(state))
    }

    /// The seats still in play.
    pub fn remaining_seats(&self) -> Vec<Seat> {
        (0..self.players)
            .filter(|seat| !self.resigned.contains(seat))
            .collect()
    }

    /// Who the given player is when looking at this game: their seat, or a spectator; once it
    /// has ended everyone sees all, a seated player still from their own side of the table.
    pub fn viewer_for(&self, player_id: Option<i64>) -> Viewer {
        let seat = player_id.and_then(|id| self.seat_of(id));
        match (seat, self.ended.is_some()) {
            (Some(seat), false) => Viewer::Seat(seat),
            (Some(seat), true) => Viewer::SeatAtEnd(seat),
            (None, false) => Viewer::Spectator,
            (None, true) => Viewer::Everyone,
        }
    }

    /// Seat names in seat order.
    pub fn seat_names(&self) -> Vec<String> {
        self.seating.iter().map(|p| p.name.clone()).collect()
    }

    fn created(seq: i64, id: &str, entry: &Entry<R::Event>) -> Result<Self, ReplayError> {
        let fail = |problem: String| ReplayError { seq, problem };
        let Entry::GameCreated {
            kind,
            options,
            players,
            private,
            seed_commitment,
            creator,
            time_control,
            rated,
            rating_range,
            event,
        } = entry
        else {
            return Err(fail(
                "the log does not start with the game's creation".into(),
            ));
        };
        if kind.as_str() != R::KIND {
            return Err(fail(format!("a {kind:?} game read as {}", R::KIND)));
        }
        let typed = serde_json::from_value(options.clone())
            .map_err(|e| fail(format!("options do not fit the game: {e}")))?;
        Ok(Game {
            id: id.to_string(),
            kind: *kind,
            options: typed,
            options_json: options.clone(),
            players: *players,
            private: *private,
            seed_commitment: seed_commitment.clone(),
            creator: creator.clone(),
            time_control: *time_control,
            rated: *rated,
            rating_range: *rating_range,
            event: event.clone(),
            joined: Vec::new(),
            seating: Vec::new(),
            state: None,
            resigned: Vec::new(),
            timed_out: Vec::new(),
            handed_over: Vec::new(),
            left: Vec::new(),
            clock: None,
            away: BTreeMap::new(),
            back: Vec::new(),
            cancelled: None,
            ended: None,
            rating: None,
            seq,
            board_seq: seq,
            talk: BTreeMap::new(),
            plans: BTreeMap::new(),
        })
    }

    /// Closes row `seq`, recorded `at`, once its entries are folded in: the clocks move. `mover`
    /// is the seat that made a move in it; `leaves_board` says it changed nothing on the board.
    pub fn close_row(
        &mut self,
        seq: i64,
        at: DateTime<Utc>,
        mover: Option<Seat>,
        leaves_board: bool,
    ) {
        self.seq = seq;
        if !leaves_board {
            self.board_seq = seq;
        }
        let to_act = match self.status() {
            Some(Status::ToAct { seats }) => seats,
            _ => Vec::new(),
        };
        let seat_of = |id: i64| self.seating.iter().position(|p| p.id == id);
        let away: Vec<(Seat, DateTime<Utc>)> = (self.away.iter())
            .filter_map(|(id, until)| Some((seat_of(*id)?, *until)))
            .collect();
        let back: Vec<Seat> = self.back.drain(..).filter_map(seat_of).collect();
        if let Some(clock) = self.clock.as_mut() {
            for seat in back {
                clock.resume(seat, at);
            }
            for (seat, until) in away {
                clock.pause(seat, at, until);
            }
            clock.tick(seq, at, mover, &to_act);
        }
    }

    /// Closes a stored row, reading from its command whether it was a move and by whom. Only
    /// moves are ever withheld from a viewer, so a withheld command was one.
    pub fn close_stored_row(&mut self, row: &EventRow) {
        let tag = row.command.type_tag();
        let was_move = row.command.is_null() || tag.is_some_and(stored::is_move);
        let mover = match was_move {
            true => row.actor.and_then(|id| self.seat_of(id)),
            false => None,
        };
        let leaves_board = tag.is_some_and(stored::leaves_board);
        self.close_row(row.seq, row.recorded_at, mover, leaves_board);
    }

    /// The seats the game waits for, by player id.
    pub fn to_act_ids(&self) -> Vec<i64> {
        match self.status() {
            Some(Status::ToAct { seats }) => seats
                .iter()
                .filter_map(|seat| self.seating.get(*seat).map(|p| p.id))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Folds one recorded entry in.
    pub fn apply(&mut self, entry: &Entry<R::Event>) {
        match entry {
            Entry::GameCreated { .. } => {}
            Entry::PlayerJoined { player } => self.joined.push(player.clone()),
            Entry::GameStarted { seating } => {
                self.seating = seating.clone();
                self.state = Some(R::initial_state(&self.options, self.players));
                let deadline = (self.event.as_ref())
                    .and_then(|event| event.deadline.as_deref())
                    .and_then(parse_time);
                self.clock = (self.time_control)
                    .map(|c| Clocks::new(c, self.players).with_deadline(deadline));
            }
            Entry::Game { event } => {
                if let Some(state) = self.state.take() {
                    self.state = Some(R::evolve(state, event));
                }
            }
            Entry::Sealed { .. } | Entry::PlanFollowed { .. } => {}
            Entry::Planned { seat, commitment } => {
                // Rows follow one another: this entry belongs to the row after the last.
                self.plans.insert(self.seq + 1, (*seat, commitment.clone()));
            }
            Entry::Resigned { seat, player } => {
                self.resigned.push(*seat);
                self.left.push(player.id);
            }
            Entry::TimedOut { seat, player, .. } => {
                self.resigned.push(*seat);
                self.timed_out.push(*seat);
                self.left.push(player.id);
            }
            Entry::SeatTakenOver {
                seat,
                left,
                computer,
                ..
            } => {
                if let Some(holder) = self.seating.get_mut(*seat) {
                    *holder = computer.clone();
                }
                if let Some(clock) = self.clock.as_mut() {
                    clock.hand_over(*seat);
                }
                self.left.push(left.id);
                self.handed_over.push(HandedOver {
                    seat: *seat,
                    left: left.clone(),
                    computer: computer.clone(),
                    // Rows follow one another: this entry belongs to the row after the last.
                    since: self.seq + 1,
                });
            }
            Entry::Cancelled { reason } => self.cancelled = Some(*reason),
            Entry::Said { player, .. } => {
                let talked = Talked {
                    author: player.id,
                    removed: false,
                };
                // Rows follow one another: this entry belongs to the row after the last.
                self.talk.insert(self.seq + 1, talked);
            }
            Entry::TalkRemoved { seqs, .. } => {
                for seq in seqs {
                    if let Some(talked) = self.talk.get_mut(seq) {
                        talked.removed = true;
                    }
                }
            }
            Entry::Away { player, until } => {
                if let Some(until) = parse_time(until) {
                    self.away.insert(player.id, until);
                }
            }
            Entry::Back { player } => {
                self.away.remove(&player.id);
                self.back.push(player.id);
            }
            Entry::Rated { order, players } => {
                self.rating = Some(Rated {
                    order: *order,
                    players: players.clone(),
                    seq: self.seq + 1,
                })
            }
            Entry::GameEnded { outcome, seed } => {
                self.ended = Some(Ended {
                    outcome: outcome.clone(),
                    seed: seed.clone(),
                })
            }
        }
    }
}

fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// The entries recorded in one row.
pub fn entries<R: Rules>(row: &EventRow) -> Result<Vec<Entry<R::Event>>, ReplayError> {
    row.events.decode().map_err(|e| ReplayError {
        seq: row.seq,
        problem: format!("events do not parse: {e}"),
    })
}

/// Folds `rows` (a whole log, in order) up to and including sequence `upto`, or all of them.
pub fn replay<R: Rules>(rows: &[EventRow], upto: Option<i64>) -> Result<Game<R>, ReplayError> {
    let mut shown = rows
        .iter()
        .take_while(|row| upto.is_none_or(|n| row.seq <= n));
    let Some(first) = shown.next() else {
        return Err(ReplayError {
            seq: 1,
            problem: "the log is empty".into(),
        });
    };
    let mut game = Game::from_first_row(first)?;
    for row in shown {
        game.fold_row(row)?;
    }
    Ok(game)
}

impl<R: Rules> Game<R> {
    /// The game as the first row of its log leaves it.
    fn from_first_row(row: &EventRow) -> Result<Self, ReplayError> {
        let row_entries = entries::<R>(row)?;
        let (creation, rest) = row_entries.split_first().ok_or_else(|| ReplayError {
            seq: row.seq,
            problem: "the log does not start with the game's creation".into(),
        })?;
        let mut game = Game::created(row.seq, &row.game_id, creation)?;
        for entry in rest {
            game.apply(entry);
        }
        game.close_stored_row(row);
        Ok(game)
    }

    /// Folds in the row that follows the last one folded.
    pub fn fold_row(&mut self, row: &EventRow) -> Result<(), ReplayError> {
        for entry in &entries::<R>(row)? {
            self.apply(entry);
        }
        self.close_stored_row(row);
        Ok(())
    }
}
