//! Time controls: how long each seat may take, folded from the log alone. Every row's time moves
//! the clocks, so the deadlines the scheduler acts on, the times a board shows and the checks
//! the offline verifier makes all come from the same function of the same rows.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::rules::Message;
use crate::rules::Seat;

/// How much time a seat has, as chosen when the table was created. Seconds, so that the log
/// states exactly what the clocks ran on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case")]
pub enum Limit {
    /// Each turn gets the same time; nothing carries over.
    PerMove { seconds: i64 },
    /// A bank like Little Golem's: it starts at `initial`, each move made adds `increment`, and
    /// it never holds more than `max`. Time a turn takes comes out of the bank.
    Bank {
        initial: i64,
        increment: i64,
        max: i64,
    },
}

/// What happens when a seat's time runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OnTimeout {
    /// The server withdraws the seat at once, as if its player had resigned.
    Withdraw,
    /// The others are told, and any of them may withdraw the late seat when they choose.
    OthersDecide,
    /// In a game of three or four where another person still plays, a computer takes the seat
    /// over and plays it to the end; otherwise the seat is withdrawn as with `Withdraw`.
    ComputerTakesOver,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    pub limit: Limit,
    pub on_timeout: OnTimeout,
}

/// The days a table can give per move.
pub const DAY_CHOICES: [i64; 6] = [1, 2, 3, 5, 7, 14];
/// A bank starts full, at this many times the days per move.
pub const BANK_TURNS: i64 = 3;

impl TimeControl {
    /// `days` per move as a simple deadline, or as a bank that starts (and is capped) at
    /// [`BANK_TURNS`] times that and gains that much per move. `day_seconds` is the length of a
    /// day (shorter in tests).
    pub fn from_days(days: i64, bank: bool, on_timeout: OnTimeout, day_seconds: i64) -> Self {
        let seconds = days * day_seconds;
        let limit = if bank {
            Limit::Bank {
                initial: seconds * BANK_TURNS,
                increment: seconds,
                max: seconds * BANK_TURNS,
            }
        } else {
            Limit::PerMove { seconds }
        };
        TimeControl { limit, on_timeout }
    }

    fn fresh_turn(&self) -> Option<Duration> {
        match self.limit {
            Limit::PerMove { seconds } => Some(Duration::seconds(seconds)),
            Limit::Bank { .. } => None,
        }
    }

    fn starting_bank(&self) -> Duration {
        match self.limit {
            Limit::PerMove { seconds } => Duration::seconds(seconds),
            Limit::Bank { initial, .. } => Duration::seconds(initial),
        }
    }

    /// What a bank holds after a move that left `left` in it.
    fn after_move(&self, left: Duration) -> Duration {
        match self.limit {
            Limit::PerMove { seconds } => Duration::seconds(seconds),
            Limit::Bank { increment, max, .. } => (left.max(Duration::zero())
                + Duration::seconds(increment))
            .min(Duration::seconds(max)),
        }
    }

    /// "2 days per move; a player out of time is withdrawn", in the reader's language.
    pub fn message(&self) -> Message {
        let limit = match self.limit {
            Limit::PerMove { seconds } => Message::new("clock-per-move")
                .with("span", span_message(Duration::seconds(seconds))),
            Limit::Bank {
                initial,
                increment,
                max,
            } => Message::new("clock-bank")
                .with("initial", span_message(Duration::seconds(initial)))
                .with("increment", span_message(Duration::seconds(increment)))
                .with("max", span_message(Duration::seconds(max))),
        };
        Message::new(match self.on_timeout {
            OnTimeout::Withdraw => "clock-withdraw",
            OnTimeout::OthersDecide => "clock-others-decide",
            OnTimeout::ComputerTakesOver => "clock-computer-takes-over",
        })
        .with("limit", limit)
    }
}

/// One seat's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatClock {
    /// Time left when the clock last stopped or started.
    pub left: Duration,
    /// Running since then, while the seat must act.
    pub since: Option<DateTime<Utc>>,
    /// The row that started the running turn.
    pub turn_seq: i64,
    /// The seat's player is on vacation until then: a turn that starts before it waits for it.
    pub away_until: Option<DateTime<Utc>>,
}

/// Every seat's clock in a timed game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub control: TimeControl,
    pub seats: Vec<SeatClock>,
    /// In a tournament round with a deadline, no running clock is due after it.
    pub deadline: Option<DateTime<Utc>>,
}

impl Clocks {
    pub fn new(control: TimeControl, seats: usize) -> Self {
        let clock = SeatClock {
            left: control.starting_bank(),
            since: None,
            turn_seq: 0,
            away_until: None,
        };
        Clocks {
            control,
            seats: vec![clock; seats],
            deadline: None,
        }
    }

    pub fn with_deadline(self, deadline: Option<DateTime<Utc>>) -> Self {
        Clocks { deadline, ..self }
    }

    /// Moves the clocks for row `seq`, recorded `at`, after which `to_act` must act. `mover` is
    /// the seat that made a move in this row: its clock stops and earns its increment. Any
    /// other seat that no longer has to act stops too; a seat still acting keeps running.
    pub fn tick(&mut self, seq: i64, at: DateTime<Utc>, mover: Option<Seat>, to_act: &[Seat]) {
        for (seat, clock) in self.seats.iter_mut().enumerate() {
            let moved = mover == Some(seat);
            if let Some(since) = clock.since
                && (moved || !to_act.contains(&seat))
            {
                clock.left -= elapsed(since, at);
                if moved {
                    clock.left = self.control.after_move(clock.left);
                }
                clock.since = None;
            }
            if to_act.contains(&seat) && clock.since.is_none() {
                if let Some(fresh) = self.control.fresh_turn() {
                    clock.left = fresh;
                }
                clock.since = Some(match clock.away_until {
                    Some(back) if back > at => back,
                    _ => at,
                });
                clock.turn_seq = seq;
            }
        }
    }

    /// A computer takes the seat over: its clock starts again as at the start of the game, and
    /// runs from the row that hands it over if the seat is to act.
    pub fn hand_over(&mut self, seat: Seat) {
        if let Some(clock) = self.seats.get_mut(seat) {
            *clock = SeatClock {
                left: self.control.starting_bank(),
                since: None,
                turn_seq: 0,
                away_until: None,
            };
        }
    }

    /// The seat's player is away from `at` until `until`: a running clock keeps what it has
    /// left and starts again then. A clock that has already run out stays run out.
    pub fn pause(&mut self, seat: Seat, at: DateTime<Utc>, until: DateTime<Utc>) {
        let Some(clock) = self.seats.get_mut(seat) else {
            return;
        };
        if clock.away_until == Some(until) {
            return;
        }
        clock.away_until = Some(until);
        if let Some(since) = clock.since {
            let left = clock.left - elapsed(since, at);
            if left > Duration::zero() {
                clock.left = left;
                clock.since = Some(until.max(since));
            }
        }
    }

    /// The seat's player is back at `at`, before their vacation was due to end.
    pub fn resume(&mut self, seat: Seat, at: DateTime<Utc>) {
        let Some(clock) = self.seats.get_mut(seat) else {
            return;
        };
        clock.away_until = None;
        if let Some(since) = clock.since
            && since > at
        {
            clock.since = Some(at);
        }
    }

    /// When the seat's time runs out, if its clock is running.
    pub fn due_at(&self, seat: Seat) -> Option<DateTime<Utc>> {
        let clock = self.seats.get(seat)?;
        let due = clock.since.map(|since| since + clock.left)?;
        Some(self.deadline.map_or(due, |deadline| due.min(deadline)))
    }

    /// The seat's time left at `now` (never below zero).
    pub fn left_at(&self, seat: Seat, now: DateTime<Utc>) -> Option<Duration> {
        let clock = self.seats.get(seat)?;
        let left = match clock.since {
            Some(since) => clock.left - elapsed(since, now),
            None => clock.left,
        };
        let left = match self.deadline {
            Some(deadline) => left.min(deadline - now),
            None => left,
        };
        Some(left.max(Duration::zero()))
    }

    /// The running seats whose time has run out at `now`, the one that ran out first first
    /// (then by seat).
    pub fn out_of_time(&self, now: DateTime<Utc>) -> Vec<Seat> {
        let mut late: Vec<(DateTime<Utc>, Seat)> = (0..self.seats.len())
            .filter_map(|seat| self.due_at(seat).map(|due| (due, seat)))
            .filter(|(due, _)| *due <= now)
            .collect();
        late.sort();
        late.into_iter().map(|(_, seat)| seat).collect()
    }
}

/// The running time between `since` and `at`: none while a vacation still holds the clock.
fn elapsed(since: DateTime<Utc>, at: DateTime<Utc>) -> Duration {
    (at - since).max(Duration::zero())
}

/// "2 days 4 hours", "5 hours", "12 minutes", "less than a minute".
/// "2 days 3 hours", "less than a minute", in the reader's language.
pub fn span_message(span: Duration) -> Message {
    let seconds = span.num_seconds().max(0);
    let (day, hour, minute) = (86_400, 3_600, 60);
    let (days, hours, minutes) = (seconds / day, seconds % day / hour, seconds % hour / minute);
    match (days, hours, minutes) {
        (0, 0, 0) => Message::new("span-under-a-minute"),
        (0, 0, m) => Message::new("span-minutes").with("minutes", m),
        (0, h, _) => Message::new("span-hours").with("hours", h),
        (d, 0, _) => Message::new("span-days").with("days", d),
        (d, h, _) => Message::new("span-days-hours")
            .with("days", d)
            .with("hours", h),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use chrono::TimeZone;

    const DAY: i64 = 86_400;

    fn at(hours: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap() + Duration::hours(hours)
    }

    fn per_move(days: i64) -> Clocks {
        Clocks::new(
            TimeControl::from_days(days, false, OnTimeout::Withdraw, DAY),
            2,
        )
    }

    #[test]
    fn a_per_move_deadline_starts_afresh_each_turn() {
        let mut clocks = per_move(2);
        clocks.tick(3, at(0), None, &[0]);
        assert_eq!(clocks.due_at(0), Some(at(48)));
        assert_eq!(clocks.due_at(1), None);
        clocks.tick(4, at(40), Some(0), &[1]);
        assert_eq!(clocks.due_at(0), None);
        assert_eq!(clocks.due_at(1), Some(at(88)));
        clocks.tick(5, at(41), Some(1), &[0]);
        assert_eq!(
            clocks.due_at(0),
            Some(at(89)),
            "the unused 8 hours are gone"
        );
        assert_eq!(clocks.seats[0].turn_seq, 5);
    }

    #[test]
    fn a_bank_pays_for_slow_moves_with_fast_ones_and_is_capped() {
        let mut clocks = Clocks::new(TimeControl::from_days(1, true, OnTimeout::Withdraw, DAY), 2);
        clocks.tick(3, at(0), None, &[0]);
        assert_eq!(clocks.due_at(0), Some(at(72)), "three days to start");
        clocks.tick(4, at(60), Some(0), &[1]);
        assert_eq!(clocks.left_at(0, at(60)), Some(Duration::hours(36)));
        clocks.tick(5, at(61), Some(1), &[0]);
        assert_eq!(
            clocks.left_at(1, at(61)),
            Some(Duration::hours(72)),
            "a quick move is capped at the full bank"
        );
        assert_eq!(clocks.due_at(0), Some(at(61 + 36)));
    }

    #[test]
    fn a_seat_that_moves_again_starts_a_new_turn_and_simultaneous_seats_keep_running() {
        let mut clocks = per_move(1);
        clocks.tick(3, at(0), None, &[0, 1]);
        clocks.tick(4, at(5), Some(0), &[0, 1]);
        assert_eq!(clocks.due_at(0), Some(at(29)), "moved: a fresh day");
        assert_eq!(clocks.due_at(1), Some(at(24)), "still thinking: unchanged");
        assert_eq!(clocks.seats[1].turn_seq, 3);
        assert_eq!(clocks.out_of_time(at(24)), vec![1]);
        assert!(clocks.out_of_time(at(23)).is_empty());
    }

    #[test]
    fn a_row_that_is_not_a_move_leaves_the_running_clock_alone() {
        let mut clocks = per_move(1);
        clocks.tick(3, at(0), None, &[0]);
        clocks.tick(4, at(10), None, &[0]);
        assert_eq!(clocks.due_at(0), Some(at(24)));
        assert_eq!(clocks.seats[0].turn_seq, 3);
        clocks.tick(5, at(11), None, &[]);
        assert_eq!(clocks.due_at(0), None, "the game ended");
    }

    #[test]
    fn a_vacation_stops_a_running_clock_until_it_ends() {
        let mut clocks = per_move(2);
        clocks.tick(3, at(0), None, &[0]);
        clocks.pause(0, at(10), at(100));
        assert_eq!(
            clocks.due_at(0),
            Some(at(138)),
            "38 hours left after the break"
        );
        assert_eq!(clocks.left_at(0, at(50)), Some(Duration::hours(38)));
        assert!(clocks.out_of_time(at(60)).is_empty());
        clocks.pause(0, at(20), at(100));
        assert_eq!(
            clocks.due_at(0),
            Some(at(138)),
            "the same vacation twice is one"
        );
        clocks.tick(4, at(101), Some(0), &[1]);
        assert_eq!(clocks.left_at(0, at(101)), Some(Duration::hours(48)));
    }

    #[test]
    fn a_turn_that_starts_during_a_vacation_waits_for_its_end() {
        let mut clocks = per_move(1);
        clocks.tick(3, at(0), None, &[0]);
        clocks.pause(1, at(1), at(50));
        assert_eq!(clocks.due_at(1), None, "not running: nothing to pause");
        clocks.tick(4, at(2), Some(0), &[1]);
        assert_eq!(clocks.due_at(1), Some(at(74)));
        clocks.resume(1, at(30));
        assert_eq!(
            clocks.due_at(1),
            Some(at(54)),
            "back early: the clock runs from now"
        );
    }

    #[test]
    fn a_vacation_cannot_save_a_clock_that_has_run_out() {
        let mut clocks = per_move(1);
        clocks.tick(3, at(0), None, &[0]);
        clocks.pause(0, at(30), at(100));
        assert_eq!(clocks.due_at(0), Some(at(24)));
        assert_eq!(clocks.out_of_time(at(30)), vec![0]);
    }

    #[test]
    fn a_seat_handed_over_starts_a_full_clock_from_the_row_that_hands_it_over() {
        let mut clocks = Clocks::new(
            TimeControl::from_days(1, true, OnTimeout::ComputerTakesOver, DAY),
            3,
        );
        clocks.tick(3, at(0), None, &[1]);
        assert_eq!(clocks.out_of_time(at(80)), vec![1]);
        clocks.hand_over(1);
        clocks.tick(4, at(80), None, &[1]);
        assert_eq!(clocks.due_at(1), Some(at(80 + 72)), "a full bank again");
        assert_eq!(clocks.seats[1].turn_seq, 4);
        assert!(clocks.out_of_time(at(81)).is_empty());
    }

    #[test]
    fn spans_read_as_days_and_hours() {
        let words = |span: Duration| Lang::En.say(&span_message(span), &[]);
        let span = |h: i64, m: i64| words(Duration::hours(h) + Duration::minutes(m));
        assert_eq!(span(52, 10), "2 days 4 hours");
        assert_eq!(span(24, 30), "1 day");
        assert_eq!(span(5, 59), "5 hours");
        assert_eq!(span(0, 12), "12 minutes");
        assert_eq!(span(0, 0), "less than a minute");
        assert_eq!(words(Duration::seconds(-5)), "less than a minute");
    }

    #[test]
    fn time_controls_describe_themselves() {
        let bank = TimeControl::from_days(2, true, OnTimeout::OthersDecide, DAY);
        assert_eq!(
            Lang::En.say(&bank.message(), &[]),
            "a bank of 6 days, 2 days more per move (at most 6 days); the others may withdraw a player out of time"
        );
        let simple = TimeControl::from_days(1, false, OnTimeout::Withdraw, DAY);
        assert_eq!(
            Lang::En.say(&simple.message(), &[]),
            "1 day per move; a player out of time is withdrawn"
        );
    }
}
