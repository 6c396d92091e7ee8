//! What the board templates draw, built from the (public) view and the viewer's controls.

use askama::Template;

use super::super::Board;
use super::steps::{self, Controls, Turn};
use super::{
    Colour, capitalise, letter, source_message, star_title, structure_message, tile_words,
};
use crate::i18n::Lang;
use crate::rules::azul::{
    Awaiting, Azul, BoardSide, Phase, PlayerView, Source, StructureKind, Tiles, View, wild_message,
};
use crate::rules::{Message, Rules};

pub struct RoundCell {
    number: u8,
    /// The wild colour's class suffix ("none" before the round track starts).
    colour: &'static str,
    /// Its word.
    word: String,
    current: bool,
    past: bool,
}

/// A colour in the legend of tile letters.
pub struct LegendItem {
    class: &'static str,
    letter: &'static str,
    word: String,
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
    lang: Lang,
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
    bag: usize,
    tower: usize,
    standings: Vec<Standing>,
    boards: Vec<String>,
    last: Option<String>,
    ended: bool,
    legend: Vec<LegendItem>,
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
    lang: Lang,
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

fn star_boxes(
    board: &Board<'_, Azul>,
    player: &PlayerView,
    controls: Option<&Controls>,
) -> Vec<StarBox> {
    let view = board.view;
    let variant = view.board_side == BoardSide::Variant;
    player
        .stars
        .iter()
        .map(|star| {
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
                    let tile = sp
                        .tile
                        .map_or_else(|| Message::new("azul-board-space-empty"), Colour::message);
                    let mark = match (selected, link.is_some()) {
                        (true, _) => "chosen",
                        (false, true) => "open",
                        (false, false) => "none",
                    };
                    let after = board.say(
                        &Message::new("azul-board-space")
                            .with("tile", tile)
                            .text("mark", mark)
                            .with("last", sp.space == 6),
                    );
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
                name: star_title(board, star.star),
                tint,
                hub,
                spaces,
            }
        })
        .collect()
}

fn markers(board: &Board<'_, Azul>, player: &PlayerView) -> Vec<Marker> {
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
            let structure = structure_message(board, s.kind, s.star);
            let title = if s.complete {
                Message::new("azul-board-structure-done").with("structure", structure)
            } else {
                Message::new("azul-board-structure-open")
                    .with("structure", structure)
                    .with("covered", have)
                    .with("spaces", s.spaces.len())
                    .with("reward", s.reward)
            };
            Marker {
                kind,
                star: s.star,
                reward: s.reward,
                done: s.complete,
                title: capitalise(&board.say(&title)),
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
        badges.push(board.t("azul-board-to-act"));
    }
    if player.passed && view.phase == Phase::Place {
        badges.push(board.t("azul-board-passed"));
    }
    if player.has_start_player_token && view.phase != Phase::Ended {
        badges.push(board.t("azul-board-holds-token"));
    }
    let done: Vec<Message> = player
        .structures
        .iter()
        .filter(|s| s.complete)
        .map(|s| structure_message(board, s.kind, s.star))
        .collect();
    let done_words = if done.is_empty() {
        board.t("azul-board-none-yet")
    } else {
        board.say(&Message::new("azul-list").list("items", done.iter().cloned()))
    };
    PlayerPanel {
        lang: board.lang,
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
        stars: star_boxes(board, player, me.then_some(controls)),
        markers: markers(board, player),
        hand: tiles_list(&player.hand),
        hand_words: board.say(&tile_words(&player.hand, view.wild, "azul-board-no-tiles")),
        corner: tiles_list(&player.corner),
        corner_words: board.say(&tile_words(&player.corner, None, "azul-board-no-tiles")),
        done_count: done.len(),
        done_words,
        can_place: me && !controls.space_links.is_empty(),
    }
    .render()
}

fn source_box(
    board: &Board<'_, Azul>,
    name: Message,
    tiles: &Tiles,
    wild: Option<Colour>,
    takes: Vec<String>,
) -> SourceBox {
    SourceBox {
        name: board.say(&name),
        tiles: tiles_list(tiles),
        words: board.say(&tile_words(tiles, wild, "azul-board-empty")),
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
    let message = match view.awaiting {
        Awaiting::Take => Message::new("azul-board-waiting-take"),
        Awaiting::PlaceOrPass => Message::new("azul-board-waiting-place"),
        Awaiting::ChooseBonus { count } => {
            Message::new("azul-board-waiting-bonus").with("count", count)
        }
        Awaiting::Keep { .. } => Message::new("azul-board-waiting-keep"),
        Awaiting::Nothing => return None,
    };
    Some(board.say(&message.text("player", board.name(seat))))
}

fn round_line(board: &Board<'_, Azul>) -> String {
    let view = board.view;
    let message = match view.phase {
        Phase::Setup => Message::new("azul-board-setting-up"),
        Phase::Ended => Message::new("azul-board-over"),
        Phase::Acquire | Phase::Place => Message::new("azul-board-round")
            .with("round", view.round)
            .with("wild", wild_message(view.wild))
            .text(
                "phase",
                if view.phase == Phase::Acquire {
                    "take"
                } else {
                    "place"
                },
            ),
    };
    board.say(&message)
}

/// What a player is doing now, for the scores table: "to act, start player token".
fn standing_state(view: &View, player: &PlayerView) -> Message {
    let mut parts = Vec::new();
    if view.to_act == Some(player.seat) {
        parts.push(Message::new("azul-board-to-act"));
    }
    if player.passed && view.phase == Phase::Place {
        parts.push(Message::new("azul-board-passed"));
    }
    if player.has_start_player_token && view.phase != Phase::Ended {
        parts.push(Message::new("azul-board-token"));
    }
    if view.phase == Phase::Ended {
        let best = view.players.iter().map(|q| q.score).max();
        if Some(player.score) == best {
            parts.push(Message::new("azul-board-winner"));
        }
    }
    Message::new("azul-list").commas("items", parts)
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
            let source = Source::Factory(i as u8 + 1);
            let name = source_message(source);
            source_box(board, name, tiles, wild, takes_for(source))
        })
        .collect();
    let mut centre = source_box(
        board,
        source_message(Source::Centre),
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
            state: board.say(&standing_state(view, p)),
            me: board.me == Some(p.seat),
            to_act: view.to_act == Some(p.seat),
        })
        .collect();
    BoardHtml {
        lang: board.lang,
        rounds: (1..=6u8)
            .map(|number| {
                let colour = Colour::wild_of_round(number);
                RoundCell {
                    number,
                    colour: colour.map_or("none", Colour::name),
                    word: board.say(&wild_message(colour)),
                    current: number == view.round && view.phase != Phase::Ended,
                    past: number < view.round || view.phase == Phase::Ended,
                }
            })
            .collect(),
        round_line: round_line(board),
        turn: controls.turn.take(),
        waiting: waiting_line(board),
        factories,
        offer_empty,
        centre,
        supply: tiles_list(&view.supply),
        supply_free: 10usize.saturating_sub(view.supply.total()),
        supply_words: board.say(&tile_words(&view.supply, wild, "azul-board-empty")),
        bag: view.bag.total,
        tower: view.tower.total,
        standings,
        boards,
        last: view
            .last_move
            .as_ref()
            .map(|event| board.say(&Azul::describe(event))),
        ended: view.phase == Phase::Ended,
        legend: Colour::ALL
            .iter()
            .map(|&c| LegendItem {
                class: c.name(),
                letter: letter(c),
                word: board.say(&c.message()),
            })
            .collect(),
        place_first: view.phase == Phase::Place && board.me.is_some() && view.to_act == board.me,
    }
    .render()
}
