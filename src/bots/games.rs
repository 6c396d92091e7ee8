//! Each game's part of a computer player: whether it can be searched exactly, how to sample
//! what a seat cannot see, and how its playouts choose their moves.

use rand::RngExt;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::{BotGame, Knowledge, Level};
use crate::rules::azul::{self, Azul};
use crate::rules::gype::{self, Gype};
use crate::rules::kabaleo::{self, Colour, Kabaleo};
use crate::rules::kalah::Kalah;
use crate::rules::quarto::Quarto;
use crate::rules::{Rng, Rules, Seat, Viewer};

impl BotGame for Kalah {
    const EXACT: bool = true;
}

impl BotGame for Quarto {
    const EXACT: bool = true;
}

/// Nothing is hidden in Azul; the bag's draws are chance, met afresh in every search. An
/// unfinished playout is judged by the scores so far.
impl BotGame for Azul {
    const PLAYOUT_COMMANDS: usize = 80;

    fn estimate(state: &azul::State, players: usize) -> Vec<f64> {
        let view = Azul::view(state, Viewer::Everyone);
        let scores: Vec<f64> = (view.players.iter())
            .map(|p| if p.resigned { 0.0 } else { p.score as f64 })
            .collect();
        ahead(&scores, players)
    }
}

/// How often a leaning playout takes one of the moves that look best at once.
const LEANING: f64 = 0.75;

/// Mostly ([`LEANING`]) one of the commands scoring best, at random among them; else any.
fn lean<C>(legal: &[C], rng: &mut ChaCha8Rng, score: impl Fn(&C) -> f64) -> usize {
    if !rng.random_bool(LEANING) {
        return rng.random_range(0..legal.len());
    }
    let scores: Vec<f64> = legal.iter().map(score).collect();
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tops: Vec<usize> = (0..legal.len()).filter(|&i| scores[i] >= best).collect();
    match tops.as_slice() {
        [] => rng.random_range(0..legal.len()),
        some => some[rng.random_range(0..some.len())],
    }
}

/// Shares of the win in proportion to how far each seat is ahead of the last.
fn ahead(values: &[f64], players: usize) -> Vec<f64> {
    let least = values.iter().copied().fold(f64::INFINITY, f64::min);
    let lead: Vec<f64> = values.iter().map(|v| v - least).collect();
    let total: f64 = lead.iter().sum();
    if values.len() != players || total <= 0.0 {
        return vec![1.0 / players as f64; players];
    }
    lead.iter().map(|l| l / total).collect()
}

/// The others' secret colours: the colours in play that are not the seat's own, shuffled and
/// dealt out as many to each as the seat holds.
impl BotGame for Kabaleo {
    /// Playouts mostly top a pile with one of the mover's own colours, or uncover one.
    fn playout_command(
        state: &kabaleo::State,
        seat: Seat,
        legal: &[kabaleo::Command],
        rng: &mut ChaCha8Rng,
    ) -> usize {
        lean(legal, rng, |kabaleo::Command::Place { pile, colour }| {
            state.placement_gain(seat, *pile, *colour)
        })
    }

    fn sample_hidden(knowledge: &Knowledge<Self>, rng: Rng<'_>) -> Vec<kabaleo::Event> {
        let seen = knowledge.seen();
        let mut in_play: Vec<Colour> = (seen.iter())
            .find_map(|event| match event {
                kabaleo::Event::BoardLaidOut { bases } => Some(bases.clone()),
                _ => None,
            })
            .unwrap_or_default();
        in_play.sort();
        in_play.dedup();
        (seen.iter())
            .map(|event| match event {
                kabaleo::Event::SecretColoursDealt { secrets } => {
                    kabaleo::Event::SecretColoursDealt {
                        secrets: deal_secrets(secrets, &in_play, knowledge.seat(), rng),
                    }
                }
                other => other.clone(),
            })
            .collect()
    }
}

fn deal_secrets(
    secrets: &[Option<Vec<Colour>>],
    in_play: &[Colour],
    me: Seat,
    rng: Rng<'_>,
) -> Vec<Option<Vec<Colour>>> {
    let mine = secrets.get(me).cloned().flatten().unwrap_or_default();
    let mut pool: Vec<Colour> = (in_play.iter())
        .filter(|c| !mine.contains(c))
        .copied()
        .collect();
    pool.shuffle(rng);
    let mut pool = pool.into_iter();
    (secrets.iter())
        .map(|known| match known {
            Some(colours) => Some(colours.clone()),
            None => {
                let mut drawn: Vec<Colour> = pool.by_ref().take(mine.len()).collect();
                drawn.sort();
                Some(drawn)
            }
        })
        .collect()
}

/// The others' start rows while they are arranged in secret: dealt afresh by the table's start
/// rule. Their hidden swaps change nothing further, since any order is as likely. Random play
/// wanders for thousands of moves, so playouts are short and judged by how far each seat's dice
/// have come. A computer keeps the start row it was dealt, and ends a chain of jumps that has come
/// back to a square it passed: every arrangement, and every lap of a circle, looks alike to a
/// search, which would otherwise swap dice or jump round for ever.
impl BotGame for Gype {
    const PLAYOUT_COMMANDS: usize = 30;

    fn forced(state: &gype::State, legal: &[gype::Command]) -> Option<usize> {
        let wanted = match &state.chain {
            // A die back on a square it already stood on this turn can jump round in circles for
            // ever, each circle as good as the last to a search: it stops there.
            Some(chain)
                if chain
                    .at()
                    .is_some_and(|at| chain.trail.iter().filter(|s| **s == at).count() > 1) =>
            {
                gype::Command::EndMove
            }
            _ => gype::Command::Confirm,
        };
        legal.iter().position(|c| *c == wanted)
    }

    fn iterations(level: Level) -> u32 {
        match level {
            Level::Hard => 1_500,
            other => other.iterations(),
        }
    }

    /// Playouts mostly move a die as far towards its goal row as any move takes one.
    fn playout_command(
        state: &gype::State,
        seat: Seat,
        legal: &[gype::Command],
        rng: &mut ChaCha8Rng,
    ) -> usize {
        let Some(side) = state.side(seat) else {
            return rng.random_range(0..legal.len());
        };
        lean(legal, rng, |command| match *command {
            gype::Command::Step { from, to }
            | gype::Command::Jump { from, to }
            | gype::Command::Hat { from, to, .. } => {
                f64::from(side.progress(to) - side.progress(from))
            }
            _ => 0.0,
        })
    }

    fn estimate(state: &gype::State, players: usize) -> Vec<f64> {
        let progress: Vec<f64> = (0..players)
            .map(|seat| {
                let Some(side) = state.side(seat) else {
                    return 0.0;
                };
                (state.dice_of(seat))
                    .map(|(square, _)| f64::from(side.progress(square)))
                    .sum()
            })
            .collect();
        ahead(&progress, players)
    }

    fn sample_hidden(knowledge: &Knowledge<Self>, rng: Rng<'_>) -> Vec<gype::Event> {
        let start = knowledge.options().start;
        (knowledge.seen().iter())
            .map(|event| match event {
                gype::Event::Started { first_player, rows } => gype::Event::Started {
                    first_player: *first_player,
                    rows: (rows.iter())
                        .map(|row| {
                            Some(
                                row.clone()
                                    .unwrap_or_else(|| gype::deal_start_row(start, rng)),
                            )
                        })
                        .collect(),
                },
                other => other.clone(),
            })
            .collect()
    }
}
