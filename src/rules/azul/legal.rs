//! Which commands are legal: the list `legal_commands` offers and the checks `decide` runs,
//! side by side so that they stay the same rules.

use super::super::RuleError;
use super::board::{self, STARS, Space};
use super::commands::{Command, Source};
use super::scoring::{self, StarRule};
use super::state::{CORNER_SPACES, LAST_ROUND, Pending, Phase, State, star_spaces};
use super::tiles::{Colour, Tiles};

type Checked<T> = Result<T, RuleError>;

fn refuse<T>(reason: impl Into<String>) -> Checked<T> {
    Err(RuleError::new(reason))
}

/// Every command `seat` may submit now.
pub fn legal_commands(state: &State, seat: usize) -> Vec<Command> {
    if !is_to_act(state, seat) {
        return Vec::new();
    }
    match (state.phase, state.pending) {
        (Phase::Acquire, _) => take_commands(state),
        (Phase::Place, Some(Pending::Bonus(count))) => state
            .supply
            .sub_multisets(usize::from(count))
            .into_iter()
            .map(|tiles| Command::ChooseBonus { tiles })
            .collect(),
        (Phase::Place, Some(Pending::Keep)) => {
            let hand = state.players[seat].hand;
            (0..=CORNER_SPACES.min(hand.total()))
                .flat_map(|size| hand.sub_multisets(size))
                .map(|tiles| Command::Keep { tiles })
                .collect()
        }
        (Phase::Place, None) => {
            let mut commands = place_commands(state, seat);
            commands.push(Command::Pass);
            commands
        }
        (Phase::Place, Some(Pending::NextRound)) => vec![Command::Pass],
        _ => Vec::new(),
    }
}

/// Whether `seat` is the one to act now (a resigned seat never is).
pub fn is_to_act(state: &State, seat: usize) -> bool {
    matches!(state.phase, Phase::Acquire | Phase::Place)
        && seat == state.current
        && state.player(seat).is_some_and(|p| !p.resigned)
}

/// Checks whose turn it is and whether the command fits the moment.
pub fn check_turn(state: &State, seat: usize, command: &Command) -> Checked<()> {
    match state.phase {
        Phase::Setup => return refuse("the game has not started yet"),
        Phase::Ended => return refuse("the game is over"),
        Phase::Acquire | Phase::Place => {}
    }
    if !is_to_act(state, seat) {
        return refuse("it is not your turn");
    }
    let fits = match (state.phase, state.pending, command) {
        (Phase::Acquire, _, Command::Take { .. }) => true,
        (Phase::Acquire, _, _) => return refuse("first take tiles from a factory or the centre"),
        (_, Some(Pending::Bonus(_)), Command::ChooseBonus { .. }) => true,
        (_, Some(Pending::Bonus(n)), _) => {
            return refuse(format!("first choose {} from the supply", tiles_word(n)));
        }
        (_, Some(Pending::Keep), Command::Keep { .. }) => true,
        (_, Some(Pending::Keep), _) => return refuse("first choose the tiles you keep"),
        (_, Some(Pending::NextRound), Command::Pass) => true,
        (_, Some(Pending::NextRound), _) => {
            return refuse("this round is over: pass to start the next one");
        }
        (_, None, Command::Place { .. } | Command::Pass) => true,
        _ => false,
    };
    if fits {
        Ok(())
    } else {
        refuse("now place a tile or pass")
    }
}

pub fn tiles_word(n: u8) -> String {
    if n == 1 {
        "1 tile".to_string()
    } else {
        format!("{n} tiles")
    }
}

// ---- Phase 1: taking tiles ------------------------------------------------------------------

/// The result of a legal take.
pub struct Take {
    pub taken: Tiles,
    pub to_centre: Tiles,
}

fn source_tiles(state: &State, source: Source) -> Checked<Tiles> {
    match source {
        Source::Centre => Ok(state.centre),
        Source::Factory(n) => match usize::from(n)
            .checked_sub(1)
            .and_then(|i| state.factories.get(i))
        {
            Some(tiles) => Ok(*tiles),
            None => refuse(format!("there is no factory {n}")),
        },
    }
}

pub fn source_name(source: Source) -> String {
    match source {
        Source::Centre => "the centre".to_string(),
        Source::Factory(n) => format!("factory {n}"),
    }
}

/// Checks a take and works out which tiles move where.
pub fn check_take(state: &State, source: Source, colour: Colour) -> Checked<Take> {
    let Some(wild) = state.wild() else {
        return refuse("no round is being played");
    };
    let tiles = source_tiles(state, source)?;
    let name = source_name(source);
    if tiles.is_empty() {
        return refuse(format!("{name} is empty"));
    }
    if tiles.count(colour) == 0 {
        return refuse(format!("{name} has no {} tile", colour.name()));
    }
    let only_wild = tiles.only(wild);
    let taken = if colour == wild {
        if !only_wild {
            return refuse(format!(
                "{} is wild this round: take another colour and one {} comes with it",
                wild.name(),
                wild.name()
            ));
        }
        Tiles::of(wild, 1)
    } else {
        let mut taken = Tiles::of(colour, tiles.count(colour));
        if tiles.count(wild) > 0 {
            taken.add(wild, 1);
        }
        taken
    };
    let to_centre = match source {
        Source::Centre => Tiles::EMPTY,
        Source::Factory(_) => {
            let mut rest = tiles;
            rest.remove_all(&taken);
            rest
        }
    };
    Ok(Take { taken, to_centre })
}

fn take_commands(state: &State) -> Vec<Command> {
    let Some(wild) = state.wild() else {
        return Vec::new();
    };
    let sources = (1..=state.factories.len() as u8)
        .map(Source::Factory)
        .chain([Source::Centre]);
    let mut commands = Vec::new();
    for source in sources {
        let Ok(tiles) = source_tiles(state, source) else {
            continue;
        };
        let only_wild = tiles.only(wild);
        for colour in tiles.colours() {
            if colour != wild || only_wild {
                commands.push(Command::Take { source, colour });
            }
        }
    }
    commands
}

// ---- Phase 2: placing ---------------------------------------------------------------------

/// Checks a placement and returns the space it fills and its cost.
pub fn check_place(
    state: &State,
    seat: usize,
    star: u8,
    pos: u8,
    colour: Colour,
    wild_count: u8,
) -> Checked<(Space, u8)> {
    let side = state.options.board;
    let Some(player) = state.player(seat) else {
        return refuse("you are not playing");
    };
    let Some(wild) = state.wild() else {
        return refuse("no round is being played");
    };
    if star >= STARS {
        return refuse(format!(
            "there is no star {star}: stars are 0 (centre) to 6"
        ));
    }
    let space = Space::new(star, pos);
    let Some(cost) = board::value(side, space) else {
        return refuse("stars have spaces 1 to 6");
    };
    let star_name = board::star_name(side, star);
    if player.board.is_filled(space) {
        return refuse(format!("space {pos} of {star_name} is already covered"));
    }
    if !scoring::colour_allowed(side, &player.board, star, colour) {
        return refuse(match scoring::star_rule(side, &player.board, star) {
            StarRule::Only(only) => format!("only {} tiles go on {star_name}", only.name()),
            _ => format!("{star_name} already has a {} tile", colour.name()),
        });
    }
    let own = player.hand.count(colour);
    let wilds = player.hand.count(wild);
    if own == 0 {
        return refuse(format!("you have no {} tile", colour.name()));
    }
    if colour == wild {
        if wild_count != 0 {
            return refuse(format!(
                "{} is this round's wild colour: pay with {} tiles alone (0 wild)",
                wild.name(),
                wild.name()
            ));
        }
        if own < cost {
            return refuse(format!(
                "this space costs {cost} tiles and you have only {own} {}",
                wild.name()
            ));
        }
        return Ok((space, cost));
    }
    if own + wilds < cost {
        return refuse(format!(
            "this space costs {cost} tiles and you have only {own} {} and {wilds} wild",
            colour.name()
        ));
    }
    if wild_count > wilds {
        return refuse(format!("you have only {wilds} wild tiles"));
    }
    if wild_count >= cost {
        return refuse(format!(
            "the tile placed must be a real {} tile: use at most {} wild",
            colour.name(),
            cost - 1
        ));
    }
    if cost - wild_count > own {
        return refuse(format!(
            "you have only {own} {}: use at least {} wild",
            colour.name(),
            cost - own
        ));
    }
    Ok((space, cost))
}

/// The wild counts a placement of `colour` costing `cost` may use with this hand (none when it
/// cannot be paid).
pub fn wild_counts(hand: &Tiles, wild: Colour, colour: Colour, cost: u8) -> Vec<u8> {
    let own = hand.count(colour);
    if own == 0 {
        Vec::new()
    } else if colour == wild {
        if own >= cost { vec![0] } else { Vec::new() }
    } else {
        (cost.saturating_sub(own)..=hand.count(wild).min(cost - 1)).collect()
    }
}

fn place_commands(state: &State, seat: usize) -> Vec<Command> {
    let side = state.options.board;
    let (Some(player), Some(wild)) = (state.player(seat), state.wild()) else {
        return Vec::new();
    };
    let mut commands = Vec::new();
    for star in 0..STARS {
        for space in star_spaces(star).filter(|&s| !player.board.is_filled(s)) {
            let cost = board::value(side, space).unwrap_or(0);
            for colour in player.hand.colours() {
                if !scoring::colour_allowed(side, &player.board, star, colour) {
                    continue;
                }
                for wild_count in wild_counts(&player.hand, wild, colour, cost) {
                    commands.push(Command::Place {
                        star,
                        space: space.pos,
                        colour,
                        wild_count,
                    });
                }
            }
        }
    }
    commands
}

// ---- Bonus tiles and passing ----------------------------------------------------------------

pub fn check_bonus(state: &State, tiles: &Tiles) -> Checked<()> {
    let Some(Pending::Bonus(count)) = state.pending else {
        return refuse("you have no bonus tiles to take");
    };
    if tiles.total() != usize::from(count) {
        return refuse(format!(
            "take exactly {} from the supply",
            tiles_word(count)
        ));
    }
    if let Some(colour) = tiles
        .colours()
        .find(|&c| tiles.count(c) > state.supply.count(c))
    {
        return refuse(format!(
            "the supply has only {} {} tiles",
            state.supply.count(colour),
            colour.name()
        ));
    }
    Ok(())
}

pub fn check_keep(state: &State, seat: usize, tiles: &Tiles) -> Checked<()> {
    if state.pending != Some(Pending::Keep) {
        return refuse("you are not choosing tiles to keep");
    }
    if tiles.total() > CORNER_SPACES {
        return refuse(format!("you may keep at most {CORNER_SPACES} tiles"));
    }
    let hand = state.player(seat).map(|p| p.hand).unwrap_or_default();
    if let Some(colour) = tiles.colours().find(|&c| tiles.count(c) > hand.count(c)) {
        return refuse(format!(
            "you have only {} {} tiles",
            hand.count(colour),
            colour.name()
        ));
    }
    Ok(())
}

/// Whether passing leaves the choice of kept tiles to the player (rounds 1–5 with more than 4
/// tiles); otherwise all are kept (4 or fewer) or all discarded (round 6).
pub fn pass_needs_choice(state: &State, hand: &Tiles) -> bool {
    state.round < LAST_ROUND && hand.total() > CORNER_SPACES
}
