//! Ratings: Glicko-2, one rating per player per kind of game, with the deviation growing back
//! with time away, and games of three or four rated as weighted pairwise results by place.
//!
//! Pure arithmetic: the application layer (`ratings`) feeds it the results read from
//! finished games' logs and stores what it returns. Every value it returns is rounded to a fixed
//! number of decimals, so that what is written to a log, read back and computed on again gives
//! the same numbers bit for bit: a rebuild reproduces the stored ratings exactly.

mod period;
mod places;

use serde::{Deserialize, Serialize};

pub use period::{Opponent, rate};
pub use places::{places, rate_game};

/// The Glicko-2 parameters, on the Glicko scale (a new player is 1500 ± 350).
pub mod parameters {
    /// A new player's rating.
    pub const START_RATING: f64 = 1500.0;
    /// A new player's deviation, and the most a deviation ever grows back to.
    pub const START_DEVIATION: f64 = 350.0;
    /// A new player's volatility (Glickman's suggestion).
    pub const START_VOLATILITY: f64 = 0.06;
    /// How far volatility may move in one game (Lichess uses the same).
    pub const TAU: f64 = 0.75;
    /// The least deviation a rating keeps, so that a settled rating still moves.
    pub const DEVIATION_FLOOR: f64 = 45.0;
    /// Rating periods per day away: the deviation grows back as `sqrt(φ² + t·σ²)` with `t` the
    /// days since the player's last rated game of that kind times this (Lichess's rate).
    pub const PERIODS_PER_DAY: f64 = 0.21436;
    /// From this deviation on a rating is provisional, and shown with a question mark.
    pub const PROVISIONAL_DEVIATION: f64 = 110.0;
    /// When the volatility iteration stops (Glickman's ε).
    pub const CONVERGENCE: f64 = 0.000_001;
    /// The Glicko-2 scale's factor: μ = (r − 1500) / 173.7178.
    pub const SCALE: f64 = 173.7178;
    /// Leaderboards list only established players: a deviation no higher than this today...
    pub const ESTABLISHED_DEVIATION: f64 = 80.0;
    /// ...at least this many rated games of the kind...
    pub const ESTABLISHED_GAMES: i32 = 10;
    /// ...and one of them within this many days.
    pub const ESTABLISHED_WITHIN_DAYS: i32 = 90;
}

/// One player's rating in one kind of game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Rating {
    /// A player's rating before their first rated game of a kind.
    pub const NEW: Rating = Rating {
        rating: parameters::START_RATING,
        deviation: parameters::START_DEVIATION,
        volatility: parameters::START_VOLATILITY,
    };

    /// The rating rounded as it is stored: rating and deviation to a millionth of a point,
    /// volatility to nine decimals. Values so rounded survive JSON and PostgreSQL unchanged.
    pub fn rounded(self) -> Rating {
        Rating {
            rating: round_to(self.rating, 1e6),
            deviation: round_to(self.deviation, 1e6),
            volatility: round_to(self.volatility, 1e9),
        }
    }

    /// The rating as it stands `days` after the player's last rated game: the same rating, its
    /// deviation grown back with the time away, never past a new player's.
    pub fn after_days_away(self, days: f64) -> Rating {
        let periods = days.max(0.0) * parameters::PERIODS_PER_DAY;
        let phi = self.deviation / parameters::SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt();
        Rating {
            deviation: (grown * parameters::SCALE).min(parameters::START_DEVIATION),
            ..self
        }
        .rounded()
    }

    /// Whether the rating is still provisional (shown as "1512?").
    pub fn is_provisional(&self) -> bool {
        self.deviation >= parameters::PROVISIONAL_DEVIATION
    }

    /// The rating as people see it: a whole number.
    pub fn shown(&self) -> i64 {
        self.rating.round() as i64
    }
}

fn round_to(value: f64, per_unit: f64) -> f64 {
    (value * per_unit).round() / per_unit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounded_ratings_survive_json_unchanged() {
        let mut x = 0.123_456_789_f64;
        for _ in 0..10_000 {
            x = (x * 997.0 + 0.371_9).fract();
            let rating = Rating {
                rating: 800.0 + 1600.0 * x,
                deviation: 45.0 + 305.0 * (1.0 - x),
                volatility: 0.03 + 0.06 * x,
            }
            .rounded();
            let text = serde_json::to_string(&rating).unwrap();
            let back: Rating = serde_json::from_str(&text).unwrap();
            assert_eq!(back, rating, "{text}");
            assert_eq!(back.rounded(), rating);
        }
    }

    #[test]
    fn time_away_grows_the_deviation_back_up_to_a_new_players() {
        let settled = Rating {
            rating: 1620.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        assert_eq!(settled.after_days_away(0.0), settled);
        let month = settled.after_days_away(30.0);
        assert_eq!(month.rating, 1620.0);
        // sqrt(60² + 30 · 0.21436 · (0.06 · 173.7178)²) ≈ 65.564
        assert!((month.deviation - 65.564).abs() < 0.001, "{month:?}");
        assert!(settled.after_days_away(365.0).deviation > month.deviation);
        assert_eq!(settled.after_days_away(1e7).deviation, 350.0);
        assert!(!month.is_provisional());
        assert!(Rating::NEW.is_provisional());
    }
}
