//! Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) for one player and one game,
//! with each result carrying a weight.
//!
//! A result of weight `w` counts `w` times in the sums for `v` and `Δ`; with every weight 1 this
//! is Glickman's algorithm exactly, and gives what the `skillratings` crate gives (the tests
//! compare the two). The crate has no weights, so the arithmetic is kept here, in one place, for
//! games of every size.

use std::f64::consts::PI;

use super::Rating;
use super::parameters::{CONVERGENCE, DEVIATION_FLOOR, SCALE, START_DEVIATION, TAU};

/// One result of a game for the player being rated: the opponent's rating before the game, the
/// player's score against them (1 won, ½ drawn, 0 lost) and the result's weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Opponent {
    pub rating: Rating,
    pub score: f64,
    pub weight: f64,
}

/// The player's rating after a game with these results, from their rating before it (with the
/// time away already counted). The deviation stays within [45, 350].
pub fn rate(player: Rating, results: &[Opponent]) -> Rating {
    if results.is_empty() {
        return player;
    }
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let mut information = 0.0;
    let mut improvement = 0.0;
    for result in results {
        let g = g(result.rating.deviation / SCALE);
        let e = expected(mu, (result.rating.rating - 1500.0) / SCALE, g);
        information += result.weight * g * g * e * (1.0 - e);
        improvement += result.weight * g * (result.score - e);
    }
    let v = information.recip();
    let delta = v * improvement;
    let sigma = new_volatility(player.volatility, delta * delta, phi * phi, v);
    let phi_star = phi.hypot(sigma);
    let new_phi = (phi_star.powi(2).recip() + v.recip()).sqrt().recip();
    let new_mu = new_phi.powi(2).mul_add(improvement, mu);
    Rating {
        rating: new_mu.mul_add(SCALE, 1500.0),
        deviation: (new_phi * SCALE).clamp(DEVIATION_FLOOR, START_DEVIATION),
        volatility: sigma,
    }
    .rounded()
}

fn g(phi: f64) -> f64 {
    (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt().recip()
}

fn expected(mu: f64, opponent_mu: f64, g: f64) -> f64 {
    (1.0 + (-g * (mu - opponent_mu)).exp()).recip()
}

/// Step 5 of Glickman's paper: the new volatility by the Illinois algorithm.
fn new_volatility(sigma: f64, delta_squared: f64, phi_squared: f64, v: f64) -> f64 {
    let ln_sigma_squared = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta_squared - phi_squared - v - ex) / (2.0 * (phi_squared + v + ex).powi(2))
            - (x - ln_sigma_squared) / (TAU * TAU)
    };
    let mut a = ln_sigma_squared;
    let mut b = if delta_squared > phi_squared + v {
        (delta_squared - phi_squared - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut fa, mut fb) = (f(a), f(b));
    while (b - a).abs() > CONVERGENCE {
        let c = a + (a - b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            (a, fa) = (b, fb);
        } else {
            fa /= 2.0;
        }
        (b, fb) = (c, fc);
    }
    (a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::Outcomes;
    use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

    fn rating(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    fn crate_rating(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }

    fn outcome(score: f64) -> Outcomes {
        match score {
            1.0 => Outcomes::WIN,
            0.5 => Outcomes::DRAW,
            _ => Outcomes::LOSS,
        }
    }

    /// What the `skillratings` crate makes of the same unweighted results.
    fn by_the_crate(player: Rating, results: &[Opponent]) -> Rating {
        let config = Glicko2Config {
            tau: TAU,
            convergence_tolerance: CONVERGENCE,
        };
        let results: Vec<(Glicko2Rating, Outcomes)> = (results.iter())
            .map(|r| (crate_rating(r.rating), outcome(r.score)))
            .collect();
        let r = glicko2_rating_period(&crate_rating(player), &results, &config);
        rating(r.rating, r.deviation, r.volatility)
    }

    fn close(a: Rating, b: Rating) -> bool {
        (a.rating - b.rating).abs() < 1e-5
            && (a.deviation - b.deviation).abs() < 1e-5
            && (a.volatility - b.volatility).abs() < 1e-8
    }

    #[test]
    fn unweighted_results_are_rated_as_the_skillratings_crate_rates_them() {
        let players = [
            rating(1500.0, 350.0, 0.06),
            rating(1500.0, 200.0, 0.06),
            rating(1712.4, 61.0, 0.059),
            rating(1240.0, 130.0, 0.072),
            rating(2050.0, 46.0, 0.05),
        ];
        let mut compared = 0;
        for player in players {
            for opponent in players {
                for score in [0.0, 0.5, 1.0] {
                    let result = Opponent {
                        rating: opponent,
                        score,
                        weight: 1.0,
                    };
                    let ours = rate(player, &[result]);
                    let theirs = by_the_crate(player, &[result]);
                    if theirs.deviation >= DEVIATION_FLOOR {
                        assert!(close(ours, theirs), "{ours:?} != {theirs:?}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 60);
    }

    #[test]
    fn glickmans_worked_example_comes_out_as_in_the_paper() {
        let player = rating(1500.0, 200.0, 0.06);
        let results = [
            (rating(1400.0, 30.0, 0.06), 1.0),
            (rating(1550.0, 100.0, 0.06), 0.0),
            (rating(1700.0, 300.0, 0.06), 0.0),
        ]
        .map(|(rating, score)| Opponent {
            rating,
            score,
            weight: 1.0,
        });
        // Glickman's TAU is 0.5 there; the crate agrees with us on ours, and the paper's
        // 1464.06 ± 151.52 is close to what τ = 0.75 gives.
        let ours = rate(player, &results);
        assert!(close(ours, by_the_crate(player, &results)), "{ours:?}");
        assert!((ours.rating - 1464.05).abs() < 0.1, "{ours:?}");
        assert!((ours.deviation - 151.52).abs() < 0.1, "{ours:?}");
    }

    #[test]
    fn a_weight_scales_a_result_like_that_fraction_of_a_game() {
        let player = rating(1500.0, 120.0, 0.06);
        let opponent = rating(1500.0, 120.0, 0.06);
        let win = |weight| {
            rate(
                player,
                &[Opponent {
                    rating: opponent,
                    score: 1.0,
                    weight,
                }],
            )
        };
        let (third, whole) = (win(1.0 / 3.0), win(1.0));
        assert!(third.rating > player.rating && third.rating < whole.rating);
        assert!(third.deviation > whole.deviation);
        // Three wins weighted a third each are one whole win.
        let thirds = [Opponent {
            rating: opponent,
            score: 1.0,
            weight: 1.0 / 3.0,
        }; 3];
        assert!(close(rate(player, &thirds), whole));
    }

    #[test]
    fn the_deviation_never_falls_below_the_floor() {
        let settled = rating(1800.0, 45.0, 0.03);
        let after = rate(
            settled,
            &[Opponent {
                rating: rating(1800.0, 45.0, 0.03),
                score: 0.5,
                weight: 1.0,
            }],
        );
        assert_eq!(after.deviation, DEVIATION_FLOOR);
    }
}
