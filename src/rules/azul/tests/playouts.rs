//! Seeded random games on both board sides for 2, 3 and 4 players: decide accepts exactly the
//! legal commands, folding equals playing, serde round-trips, and the game's own invariants.

use rand::RngExt;

use super::super::super::playout::{checked_playout, random_playout};
use super::super::super::{Rules, Status, fold};
use super::super::model::board::BoardSide;
use super::super::model::state::{CORNER_SPACES, LAST_ROUND, Phase, State};
use super::super::{Azul, Colour, Command, Event, Options, Source, TOTAL_TILES, Tiles, tile_count};
use super::support::{board_colours_consistent, rng};

pub(super) const MAX_COMMANDS: usize = 5_000;

fn all_options() -> Vec<(Options, usize)> {
    [BoardSide::Standard, BoardSide::Variant]
        .into_iter()
        .flat_map(|board| (2..=4).map(move |players| (Options { board }, players)))
        .collect()
}

/// The game's own invariants, checked after every command.
pub(super) fn invariant(state: &State) -> Result<(), String> {
    let count = tile_count(state);
    if count != TOTAL_TILES {
        return Err(format!("{count} tiles instead of {TOTAL_TILES}: {state:?}"));
    }
    if let Some(p) = state.players.iter().find(|p| p.score < 1) {
        return Err(format!("a score fell below 1: {}", p.score));
    }
    if state.round > LAST_ROUND {
        return Err(format!("round {} was played", state.round));
    }
    if state.supply.total() > 10 || state.factories.iter().any(|f| f.total() > 4) {
        return Err("supply or factory overfull".into());
    }
    if state
        .players
        .iter()
        .any(|p| p.corner.total() > CORNER_SPACES)
    {
        return Err("more than 4 corner tiles".into());
    }
    if !board_colours_consistent(state) {
        return Err(format!("a star breaks its colour rule: {state:?}"));
    }
    if state.phase == Phase::Ended {
        if state.round != LAST_ROUND {
            return Err(format!("the game ended in round {}", state.round));
        }
        if state
            .players
            .iter()
            .any(|p| !p.hand.is_empty() || !p.corner.is_empty())
        {
            return Err("tiles left with a player at the end".into());
        }
    }
    Ok(())
}

/// Commands to try at every state: everything legal for whoever acts (so every other seat is
/// tried with them too), near misses of those, and fixed nonsense.
pub(super) fn candidates(state: &State, _seat: usize) -> Vec<Command> {
    let legal = Azul::legal_commands(state, state.current);
    let mut out = legal.clone();
    for command in &legal {
        match command {
            Command::Place {
                star,
                space,
                colour,
                wild_count,
            } => {
                let other = Colour::ALL[(colour.index() + 1) % 6];
                out.push(Command::Place {
                    star: *star,
                    space: *space,
                    colour: *colour,
                    wild_count: wild_count + 1,
                });
                out.push(Command::Place {
                    star: *star,
                    space: *space,
                    colour: *colour,
                    wild_count: wild_count.wrapping_sub(1),
                });
                out.push(Command::Place {
                    star: *star,
                    space: *space,
                    colour: other,
                    wild_count: *wild_count,
                });
                out.push(Command::Place {
                    star: *star,
                    space: space % 6 + 1,
                    colour: *colour,
                    wild_count: *wild_count,
                });
                out.push(Command::Place {
                    star: (star + 1) % 7,
                    space: *space,
                    colour: *colour,
                    wild_count: *wild_count,
                });
            }
            Command::ChooseBonus { tiles } | Command::Keep { tiles } => {
                for colour in Colour::ALL {
                    let mut more = *tiles;
                    more.add(colour, 1);
                    let mut fewer = *tiles;
                    fewer.remove(colour, 1);
                    out.push(Command::ChooseBonus { tiles: more });
                    out.push(Command::Keep { tiles: more });
                    out.push(Command::ChooseBonus { tiles: fewer });
                }
            }
            _ => {}
        }
    }
    let factories = state.factories.len() as u8;
    for colour in Colour::ALL {
        out.push(Command::Take {
            source: Source::Centre,
            colour,
        });
        for factory in [0, 1, factories, factories + 1] {
            out.push(Command::Take {
                source: Source::Factory(factory),
                colour,
            });
        }
        out.push(Command::Place {
            star: 7,
            space: 1,
            colour,
            wild_count: 0,
        });
        out.push(Command::Place {
            star: 0,
            space: 0,
            colour,
            wild_count: 0,
        });
        out.push(Command::Place {
            star: 1,
            space: 7,
            colour,
            wild_count: 0,
        });
    }
    out.push(Command::Pass);
    out.push(Command::Keep {
        tiles: Tiles::EMPTY,
    });
    out.push(Command::ChooseBonus {
        tiles: Tiles::EMPTY,
    });
    out.push(Command::Keep {
        tiles: Tiles::from_counts([5, 0, 0, 0, 0, 0]),
    });
    out
}

/// Checks a finished game: six rounds, each started once, and the outcome's winners.
fn check_finished(state: &State, events: &[Event]) {
    let rounds: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            Event::RoundStarted { round, .. } => Some(*round),
            _ => None,
        })
        .collect();
    assert_eq!(rounds, vec![1, 2, 3, 4, 5, 6]);
    let Status::Finished { outcome } = Azul::status(state) else {
        panic!("the game is not over")
    };
    let best = outcome.scores.iter().max().unwrap();
    assert!(outcome.winners.iter().all(|&w| outcome.scores[w] == *best));
    assert!(outcome.scores.iter().all(|&s| s >= 1));
}

/// Plays `games` checked games per player count on one board side.
fn checked_games(board: BoardSide, games: u64) -> usize {
    let options = Options { board };
    let mut played = 0;
    for players in 2..=4 {
        for game in 0..games {
            let mut rng = rng(1_000 * players as u64 + game + board as u64 * 100_000);
            let playout = checked_playout::<Azul>(
                &options,
                players,
                &mut rng,
                MAX_COMMANDS,
                candidates,
                invariant,
            )
            .unwrap_or_else(|e| panic!("{options:?}, {players} players, game {game}: {e}"));
            check_finished(&playout.state, &playout.events);
            played += 1;
        }
    }
    played
}

#[test]
fn checked_random_games_on_the_coloured_side_for_2_to_4_players() {
    assert_eq!(checked_games(BoardSide::Standard, 100), 300);
}

#[test]
fn checked_random_games_on_the_grey_side_for_2_to_4_players() {
    assert_eq!(checked_games(BoardSide::Variant, 100), 300);
}

#[test]
fn many_more_random_games_keep_the_invariants() {
    for (index, (options, players)) in all_options().into_iter().enumerate() {
        for game in 0..400 {
            let mut rng = rng(50_000 + 1_000 * index as u64 + game);
            let playout = random_playout::<Azul>(&options, players, &mut rng, MAX_COMMANDS)
                .unwrap_or_else(|e| panic!("{options:?}, {players} players, game {game}: {e}"));
            let mut state = fold::<Azul>(&options, players, &[]);
            for event in &playout.events {
                state = Azul::evolve(state, event);
                invariant(&state).unwrap_or_else(|e| panic!("game {game}: {e}"));
            }
            check_finished(&playout.state, &playout.events);
        }
    }
}

/// Plays a game where players prefer placing (so boards fill, structures pay, stars complete
/// and the bag runs dry), checking the invariants after every command.
fn eager_playout(options: &Options, players: usize, seed: u64) -> (State, Vec<Event>) {
    let mut rng = rng(seed);
    let mut events = Azul::setup(options, players, &mut rng);
    let mut state = fold::<Azul>(options, players, &events);
    let mut commands = 0;
    while let Status::ToAct { seats } = Azul::status(&state) {
        commands += 1;
        assert!(commands < MAX_COMMANDS, "the game did not end");
        let legal = Azul::legal_commands(&state, seats[0]);
        let places: Vec<&Command> = legal
            .iter()
            .filter(|c| matches!(c, Command::Place { .. }))
            .collect();
        let command = if !places.is_empty() && rng.random_range(0..10) > 0 {
            places[rng.random_range(0..places.len())].clone()
        } else {
            legal[rng.random_range(0..legal.len())].clone()
        };
        let new = Azul::decide(&state, seats[0], &command, &mut rng)
            .unwrap_or_else(|e| panic!("{command:?} refused: {e}"));
        for event in &new {
            state = Azul::evolve(state, event);
        }
        invariant(&state).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        events.extend(new);
    }
    (state, events)
}

#[test]
fn eager_placers_fill_boards_and_still_keep_the_invariants() {
    let mut full_stars = 0;
    let mut structures = 0;
    let mut tower_poured = 0;
    for (index, (options, players)) in all_options().into_iter().enumerate() {
        for game in 0..40 {
            let (state, events) =
                eager_playout(&options, players, 90_000 + 100 * index as u64 + game);
            check_finished(&state, &events);
            for event in &events {
                match event {
                    Event::FinalScored { stars, .. } => full_stars += stars.len(),
                    Event::TilePlaced { completed, .. } => structures += completed.len(),
                    Event::TowerEmptied { .. } => tower_poured += 1,
                    _ => {}
                }
            }
        }
    }
    assert!(full_stars > 0 && structures > 0 && tower_poured > 0);
}
