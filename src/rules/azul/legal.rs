//! Which commands are legal: the list `legal_commands` offers and the checks `decide` runs,
//! side by side so that they stay the same rules.

use super::super::{Message, RuleError};
use super::model::board::{self, STARS, Space};
use super::model::commands::{Command, Source};
use super::model::state::{CORNER_SPACES, LAST_ROUND, Pending, Phase, State, star_spaces};
use super::model::tiles::{Colour, Tiles};
use super::scoring::{self, StarRule};

type Checked<T> = Result<T, RuleError>;

fn refuse<T>(reason: Message) -> Checked<T> {
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
        Phase::Setup => return refuse(Message::new("rule-not-started")),
        Phase::Ended => return refuse(Message::new("rule-game-over")),
        Phase::Acquire | Phase::Place => {}
    }
    if !is_to_act(state, seat) {
        return refuse(Message::new("rule-not-your-turn"));
    }
    let fits = match (state.phase, state.pending, command) {
        (Phase::Acquire, _, Command::Take { .. }) => true,
        (Phase::Acquire, _, _) => return refuse(Message::new("azul-take-first")),
        (_, Some(Pending::Bonus(_)), Command::ChooseBonus { .. }) => true,
        (_, Some(Pending::Bonus(n)), _) => {
            return refuse(Message::new("azul-choose-bonus-first").with("count", n));
        }
        (_, Some(Pending::Keep), Command::Keep { .. }) => true,
        (_, Some(Pending::Keep), _) => return refuse(Message::new("azul-keep-first")),
        (_, Some(Pending::NextRound), Command::Pass) => true,
        (_, Some(Pending::NextRound), _) => {
            return refuse(Message::new("azul-round-over"));
        }
        (_, None, Command::Place { .. } | Command::Pass) => true,
        _ => false,
    };
    if fits {
        Ok(())
    } else {
        refuse(Message::new("azul-place-or-pass"))
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
            None => refuse(Message::new("azul-no-such-factory").with("factory", n)),
        },
    }
}

/// "factory 3", "the centre", in the reader's language.
pub fn source_message(source: Source) -> Message {
    match source {
        Source::Centre => Message::new("azul-the-centre"),
        Source::Factory(n) => Message::new("azul-factory").with("factory", n),
    }
}

/// Checks a take and works out which tiles move where.
pub fn check_take(state: &State, source: Source, colour: Colour) -> Checked<Take> {
    let Some(wild) = state.wild() else {
        return refuse(Message::new("azul-no-round"));
    };
    let tiles = source_tiles(state, source)?;
    if tiles.is_empty() {
        return refuse(Message::new("azul-source-empty").with("source", source_message(source)));
    }
    if tiles.count(colour) == 0 {
        return refuse(
            Message::new("azul-source-lacks")
                .with("source", source_message(source))
                .with("colour", colour.message()),
        );
    }
    let only_wild = tiles.only(wild);
    let taken = if colour == wild {
        if !only_wild {
            return refuse(Message::new("azul-wild-comes-along").with("wild", wild.message()));
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
        return refuse(Message::new("rule-not-seated"));
    };
    let Some(wild) = state.wild() else {
        return refuse(Message::new("azul-no-round"));
    };
    if star >= STARS {
        return refuse(Message::new("azul-no-such-star").with("star", star));
    }
    let space = Space::new(star, pos);
    let Some(cost) = board::value(side, space) else {
        return refuse(Message::new("azul-no-such-space"));
    };
    let star_name = board::star_message(side, star);
    if player.board.is_filled(space) {
        return refuse(
            Message::new("azul-space-covered")
                .with("space", pos)
                .with("star", star_name),
        );
    }
    if !scoring::colour_allowed(side, &player.board, star, colour) {
        return refuse(match scoring::star_rule(side, &player.board, star) {
            StarRule::Only(only) => Message::new("azul-star-only")
                .with("colour", only.message())
                .with("star", star_name),
            _ => Message::new("azul-star-has")
                .with("colour", colour.message())
                .text("code", colour.name())
                .with("star", star_name),
        });
    }
    let own = player.hand.count(colour);
    let wilds = player.hand.count(wild);
    if own == 0 {
        return refuse(Message::new("azul-no-tile").with("colour", colour.message()));
    }
    if colour == wild {
        if wild_count != 0 {
            return refuse(Message::new("azul-pay-wild-alone").with("wild", wild.message()));
        }
        if own < cost {
            return refuse(
                Message::new("azul-cost-short")
                    .with("cost", cost)
                    .with("own", own)
                    .with("colour", wild.message()),
            );
        }
        return Ok((space, cost));
    }
    if own + wilds < cost {
        return refuse(
            Message::new("azul-cost-short-with-wild")
                .with("cost", cost)
                .with("own", own)
                .with("colour", colour.message())
                .with("wilds", wilds),
        );
    }
    if wild_count > wilds {
        return refuse(Message::new("azul-wilds-short").with("wilds", wilds));
    }
    if wild_count >= cost {
        return refuse(
            Message::new("azul-one-real-tile")
                .with("colour", colour.message())
                .with("most", cost - 1),
        );
    }
    if cost - wild_count > own {
        return refuse(
            Message::new("azul-use-wilds")
                .with("own", own)
                .with("colour", colour.message())
                .with("least", cost - own),
        );
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
        return refuse(Message::new("azul-no-bonus"));
    };
    if tiles.total() != usize::from(count) {
        return refuse(Message::new("azul-bonus-count").with("count", count));
    }
    if let Some(colour) = tiles
        .colours()
        .find(|&c| tiles.count(c) > state.supply.count(c))
    {
        return refuse(
            Message::new("azul-supply-short")
                .with("count", state.supply.count(colour))
                .with("colour", colour.message()),
        );
    }
    Ok(())
}

pub fn check_keep(state: &State, seat: usize, tiles: &Tiles) -> Checked<()> {
    if state.pending != Some(Pending::Keep) {
        return refuse(Message::new("azul-not-keeping"));
    }
    if tiles.total() > CORNER_SPACES {
        return refuse(Message::new("azul-keep-most").with("most", CORNER_SPACES));
    }
    let hand = state.player(seat).map(|p| p.hand).unwrap_or_default();
    if let Some(colour) = tiles.colours().find(|&c| tiles.count(c) > hand.count(c)) {
        return refuse(
            Message::new("azul-hand-short")
                .with("count", hand.count(colour))
                .with("colour", colour.message()),
        );
    }
    Ok(())
}

/// Whether passing leaves the choice of kept tiles to the player (rounds 1–5 with more than 4
/// tiles); otherwise all are kept (4 or fewer) or all discarded (round 6).
pub fn pass_needs_choice(state: &State, hand: &Tiles) -> bool {
    state.round < LAST_ROUND && hand.total() > CORNER_SPACES
}
