//! What the board templates draw, built from the (public) view and the viewer's controls.

use askama::Template;

use super::super::Board;
use super::steps::{self, Controls, Turn};
use super::{Colour, letter, tile_words};
use crate::rules::Rules;
use crate::rules::azul::{
    Awaiting, Azul, BoardSide, Phase, PlayerView, Source, StructureKind, Tiles, View,
};
use crate::rules::words::plural;

pub struct RoundCell {
    number: u8,
    colour: &'static str,
    current: bool,
    past: bool,
}

/// A factory or the centre.
pub struct SourceBox {
    name: String,
    /// One entry per tile, by colour name.
    tiles: Vec<&'static str>,
    words: String,
    token: bool,
    takes: Vec<String>,
}

pub struct Standing {
    seat: usize,
    name: String,
    score: i64,
    hand: usize,
    corner: usize,
    covered: usize,
    state: String,
    me: bool,
    to_act: bool,
}

#[derive(Template)]
#[template(path = "azul/board.html")]
struct BoardHtml {
    rounds: Vec<RoundCell>,
    round_line: String,
    turn: Option<Turn>,
    waiting: Option<String>,
    factories: Vec<SourceBox>,
    offer_empty: bool,
    centre: SourceBox,
    supply: Vec<&'static str>,
    supply_free: usize,
    supply_words: String,
    bag: String,
    tower: String,
    standings: Vec<Standing>,
    boards: Vec<String>,
    last: Option<String>,
    ended: bool,
    legend: Vec<(&'static str, &'static str)>,
    /// The viewer is placing tiles: their board comes before the table.
    place_first: bool,
}

pub struct SpaceBox {
    pos: u8,
    bearing: u8,
    value: u8,
    /// Colour name of the tile on it.
    tile: Option<&'static str>,
    /// Hidden words read after the value (" red, ").
    after: String,
    link: Option<String>,
    selected: bool,
}

pub struct StarBox {
    star: u8,
    name: String,
    /// Tint of its empty spaces: a colour name, "centre" or "grey".
    tint: &'static str,
    /// Class giving the letter or number drawn on its hub.
    hub: String,
    spaces: Vec<SpaceBox>,
}

pub struct Marker {
    kind: &'static str,
    star: u8,
    reward: u8,
    done: bool,
    title: String,
}

#[derive(Template)]
#[template(path = "azul/player.html")]
struct PlayerPanel {
    name: String,
    score: i64,
    badges: Vec<String>,
    size: &'static str,
    me: bool,
    to_act: bool,
    side: &'static str,
    stars: Vec<StarBox>,
    markers: Vec<Marker>,
    hand: Vec<&'static str>,
    hand_words: String,
    corner: Vec<&'static str>,
    corner_words: String,
    done_words: String,
    done_count: usize,
    can_place: bool,
}

fn tiles_list(tiles: &Tiles) -> Vec<&'static str> {
    tiles.to_list().into_iter().map(Colour::name).collect()
}

/// The direction a space points, in sixths of a turn clockwise from north (spec §8.1).
fn bearing(star: u8, pos: u8) -> u8 {
    if star == 0 {
        (pos + 5) % 6
    } else {
        (star + pos + 4) % 6
    }
}

fn covered(player: &PlayerView) -> usize {
    player
        .stars
        .iter()
        .flat_map(|s| &s.spaces)
        .filter(|sp| sp.tile.is_some())
        .count()
}

fn star_boxes(view: &View, player: &PlayerView, controls: Option<&Controls>) -> Vec<StarBox> {
    let variant = view.board_side == BoardSide::Variant;
    player
        .stars
        .iter()
        .map(|star| {
            let name = {
                let bare = star.name.trim_start_matches("the ");
                let mut chars = bare.chars();
                match chars.next() {
                    Some(c) => c.to_uppercase().chain(chars).collect::<String>(),
                    None => String::new(),
                }
            };
            let tint = match (star.colour, star.star, variant) {
                (Some(c), _, _) => c.name(),
                (None, _, true) => "grey",
                (None, _, false) => "centre",
            };
            let hub = match (star.colour, star.star) {
                (Some(c), _) => format!("hub-{}", c.name()),
                (None, 0) => "hub-centre".to_string(),
                (None, n) => format!("hub-n{n}"),
            };
            let spaces = star
                .spaces
                .iter()
                .map(|sp| {
                    let key = (star.star, sp.space);
                    let link = controls.and_then(|c| c.space_links.get(&key).cloned());
                    let selected = controls.is_some_and(|c| c.selected_space == Some(key));
                    let mut after = match sp.tile {
                        Some(c) => format!(" {}", c.name()),
                        None => " empty".to_string(),
                    };
                    if selected {
                        after += " (chosen)";
                    } else if link.is_some() {
                        after += " (place here)";
                    }
                    after += if sp.space == 6 { ". " } else { ", " };
                    SpaceBox {
                        pos: sp.space,
                        bearing: bearing(star.star, sp.space),
                        value: sp.value,
                        tile: sp.tile.map(Colour::name),
                        after,
                        link,
                        selected,
                    }
                })
                .collect();
            StarBox {
                star: star.star,
                name,
                tint,
                hub,
                spaces,
            }
        })
        .collect()
}

fn markers(player: &PlayerView) -> Vec<Marker> {
    let filled = |s: &[u8; 2]| {
        player
            .stars
            .get(usize::from(s[0]))
            .and_then(|star| star.spaces.get(usize::from(s[1]).wrapping_sub(1)))
            .is_some_and(|sp| sp.tile.is_some())
    };
    player
        .structures
        .iter()
        .map(|s| {
            let kind = match s.kind {
                StructureKind::Pillar => "pillar",
                StructureKind::Statue => "statue",
                StructureKind::Window => "window",
            };
            let have = s.spaces.iter().filter(|sp| filled(sp)).count();
            let name = s.name.trim_start_matches("the ");
            Marker {
                kind,
                star: s.star,
                reward: s.reward,
                done: s.complete,
                title: if s.complete {
                    format!("{name}: complete")
                } else {
                    format!(
                        "{name}: {have} of {} spaces covered; completing it earns {}",
                        s.spaces.len(),
                        plural(usize::from(s.reward), "bonus tile", "bonus tiles")
                    )
                },
            }
        })
        .collect()
}

fn player_panel(
    board: &Board<'_, Azul>,
    player: &PlayerView,
    controls: &Controls,
    large: bool,
) -> Result<String, askama::Error> {
    let view = board.view;
    let me = board.me == Some(player.seat);
    let to_act = view.to_act == Some(player.seat);
    let mut badges = Vec::new();
    if to_act {
        badges.push("to act".to_string());
    }
    if player.passed && view.phase == Phase::Place {
        badges.push("passed".to_string());
    }
    if player.has_start_player_token && view.phase != Phase::Ended {
        badges.push("holds the start player token".to_string());
    }
    let done: Vec<String> = player
        .structures
        .iter()
        .filter(|s| s.complete)
        .map(|s| s.name.trim_start_matches("the ").to_string())
        .collect();
    PlayerPanel {
        name: board.name(player.seat),
        score: player.score,
        badges,
        size: if large { "large" } else { "small" },
        me,
        to_act,
        side: match view.board_side {
            BoardSide::Standard => "standard",
            BoardSide::Variant => "variant",
        },
        stars: star_boxes(view, player, me.then_some(controls)),
        markers: markers(player),
        hand: tiles_list(&player.hand),
        hand_words: tile_words(&player.hand, view.wild),
        corner: tiles_list(&player.corner),
        corner_words: tile_words(&player.corner, None),
        done_count: done.len(),
        done_words: super::join_words(&done, "none yet"),
        can_place: me && !controls.space_links.is_empty(),
    }
    .render()
}

fn source_box(name: String, tiles: &Tiles, wild: Option<Colour>, takes: Vec<String>) -> SourceBox {
    SourceBox {
        name,
        tiles: tiles_list(tiles),
        words: tile_words(tiles, wild).replace("no tiles", "empty"),
        token: false,
        takes,
    }
}

fn waiting_line(board: &Board<'_, Azul>) -> Option<String> {
    let view = board.view;
    let seat = view.to_act?;
    if board.me == Some(seat) && board.actions.is_some() {
        return None;
    }
    let who = board.name(seat);
    Some(match view.awaiting {
        Awaiting::Take => format!("{who} is taking tiles."),
        Awaiting::PlaceOrPass => format!("{who} is placing a tile or passing."),
        Awaiting::ChooseBonus { count } => format!(
            "{who} is choosing {} from the supply.",
            plural(usize::from(count), "bonus tile", "bonus tiles")
        ),
        Awaiting::Keep { .. } => format!("{who} passed and is choosing which tiles to keep."),
        Awaiting::Nothing => return None,
    })
}

fn round_line(view: &View) -> String {
    match view.phase {
        Phase::Setup => "The game is being set up.".into(),
        Phase::Ended => "The game is over: six rounds were played.".into(),
        Phase::Acquire | Phase::Place => {
            let wild = view.wild.map_or("no colour", Colour::name);
            let phase = if view.phase == Phase::Acquire {
                "phase 1, taking tiles: in turn, each player takes all tiles of one colour from a factory or the centre"
            } else {
                "phase 2, placing tiles: in turn, each player covers one space or passes, until everyone has passed"
            };
            format!("Round {} of 6: {wild} is wild. Now {phase}.", view.round)
        }
    }
}

pub fn render(board: &Board<'_, Azul>) -> Result<String, askama::Error> {
    let view = board.view;
    let mut controls = steps::controls(board);
    let wild = view.wild.filter(|_| view.phase != Phase::Ended);
    let mut takes_for = |source: Source| controls.takes.remove(&source).unwrap_or_default();
    let factories: Vec<SourceBox> = view
        .factories
        .iter()
        .enumerate()
        .map(|(i, tiles)| {
            source_box(
                format!("Factory {}", i + 1),
                tiles,
                wild,
                takes_for(Source::Factory(i as u8 + 1)),
            )
        })
        .collect();
    let mut centre = source_box(
        "Centre".to_string(),
        &view.centre,
        wild,
        takes_for(Source::Centre),
    );
    centre.token = view.start_player_token_in_centre && view.phase != Phase::Ended;
    let offer_empty = view.centre.is_empty() && view.factories.iter().all(Tiles::is_empty);

    // The viewer's board first and large; the others in seat order after it.
    let mut order: Vec<usize> = (0..view.players.len()).collect();
    if let Some(me) = board.me.filter(|&me| me < view.players.len()) {
        order.retain(|&s| s != me);
        order.insert(0, me);
    }
    let boards = order
        .iter()
        .map(|&seat| {
            let large = board.me == Some(seat) || (board.me.is_none() && view.players.len() <= 2);
            player_panel(board, &view.players[seat], &controls, large)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let standings = view
        .players
        .iter()
        .map(|p| Standing {
            seat: p.seat + 1,
            name: board.name(p.seat),
            score: p.score,
            hand: p.hand.total(),
            corner: p.corner.total(),
            covered: covered(p),
            state: {
                let mut parts = Vec::new();
                if view.to_act == Some(p.seat) {
                    parts.push("to act");
                }
                if p.passed && view.phase == Phase::Place {
                    parts.push("passed");
                }
                if p.has_start_player_token && view.phase != Phase::Ended {
                    parts.push("start player token");
                }
                if view.phase == Phase::Ended {
                    let best = view.players.iter().map(|q| q.score).max();
                    if Some(p.score) == best {
                        parts.push("winner");
                    }
                }
                parts.join(", ")
            },
            me: board.me == Some(p.seat),
            to_act: view.to_act == Some(p.seat),
        })
        .collect();
    BoardHtml {
        rounds: (1..=6u8)
            .map(|number| RoundCell {
                number,
                colour: Colour::wild_of_round(number).map_or("none", Colour::name),
                current: number == view.round && view.phase != Phase::Ended,
                past: number < view.round || view.phase == Phase::Ended,
            })
            .collect(),
        round_line: round_line(view),
        turn: controls.turn.take(),
        waiting: waiting_line(board),
        factories,
        offer_empty,
        centre,
        supply: tiles_list(&view.supply),
        supply_free: 10usize.saturating_sub(view.supply.total()),
        supply_words: tile_words(&view.supply, wild).replace("no tiles", "empty"),
        bag: plural(view.bag.total, "tile", "tiles"),
        tower: plural(view.tower.total, "tile", "tiles"),
        standings,
        boards,
        last: view
            .last_move
            .as_ref()
            .map(|event| board.say(&Azul::describe(event))),
        ended: view.phase == Phase::Ended,
        legend: Colour::ALL.iter().map(|&c| (c.name(), letter(c))).collect(),
        place_first: view.phase == Phase::Place && board.me.is_some() && view.to_act == board.me,
    }
    .render()
}
