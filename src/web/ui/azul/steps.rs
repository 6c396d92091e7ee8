//! The controls of the player to act, built only from the legal commands the page was given:
//! take buttons on each factory and the centre; links on the spaces that can be covered, then
//! one button per way of paying; bonus and kept tiles chosen one at a time through links that
//! add to the query string, ending in the form of a legal command.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::super::{Actions, Board, Choice};
use super::{join_words, letter, loss, parse_tiles, tile_words, tiles_param};
use crate::rules::azul::{
    Awaiting, Azul, BoardSide, Colour, Command, Event, PlayerView, Source, Tiles, View,
};
use crate::rules::words::plural;

/// Query keys of the choices in progress.
pub const SPACE: &str = "space";
pub const BONUS: &str = "bonus";
pub const KEEP: &str = "keep";
/// A costly choice (passing, throwing tiles away) waiting to be confirmed.
pub const CONFIRM: &str = "confirm";

/// Above this many complete choices, bonus tiles are picked one at a time.
const LIST_AT_MOST: usize = 6;

pub struct Link {
    pub href: String,
    pub text: String,
    /// The colour of the tile it adds or removes, for a drawn tile beside the words.
    pub colour: Option<&'static str>,
}

pub struct Selection {
    pub label: String,
    pub tiles: Vec<&'static str>,
    pub words: String,
    pub remove: Vec<Link>,
}

/// The panel telling the player to act what to do, with the controls that are not on the board.
pub struct Turn {
    pub heading: String,
    pub help: Vec<String>,
    pub selection: Option<Selection>,
    /// Links that take the choice one step further.
    pub links: Vec<Link>,
    /// Move forms (rendered).
    pub forms: Vec<String>,
    /// Links that undo part of the choice.
    pub undo: Vec<Link>,
}

#[derive(Default)]
pub struct Controls {
    pub turn: Option<Turn>,
    /// Take forms (rendered) by source.
    pub takes: HashMap<Source, Vec<String>>,
    /// Links on the spaces of the viewer's board that can be covered, by (star, pos).
    pub space_links: HashMap<(u8, u8), String>,
    pub selected_space: Option<(u8, u8)>,
}

/// A link to the board with `key` removed from the choice so far.
fn link_without(board: &Board<'_, Azul>, key: &str) -> String {
    let mut query: BTreeMap<String, String> = board.query.clone();
    query.remove(key);
    if query.is_empty() {
        board.path.to_string()
    } else {
        let encoded = serde_urlencoded::to_string(&query).unwrap_or_default();
        format!("{}?{encoded}", board.path)
    }
}

fn relabel(actions: &Actions, choice: &Choice, label: String) -> String {
    actions.form(&Choice {
        label,
        command: choice.command.clone(),
    })
}

/// "purple star, space 4" / "star 2, space 4 (value 3)".
pub fn space_name(view: &View, star: u8, pos: u8) -> String {
    let name = view
        .players
        .first()
        .and_then(|p| p.stars.get(usize::from(star)))
        .map(|s| s.name.trim_start_matches("the ").to_string())
        .unwrap_or_else(|| format!("star {star}"));
    format!("{name}, space {pos}")
}

pub fn value_of(player: &PlayerView, star: u8, pos: u8) -> u8 {
    player
        .stars
        .get(usize::from(star))
        .and_then(|s| s.spaces.get(usize::from(pos) - 1))
        .map_or(0, |sp| sp.value)
}

fn is_filled(player: &PlayerView, star: u8, pos: u8) -> bool {
    player
        .stars
        .get(usize::from(star))
        .and_then(|s| s.spaces.get(usize::from(pos).wrapping_sub(1)))
        .is_some_and(|sp| sp.tile.is_some())
}

/// Points for covering (star, pos) now: 1 plus the run of covered neighbours around the star.
pub fn points_for(player: &PlayerView, star: u8, pos: u8) -> usize {
    let filled = |p: u8| is_filled(player, star, (p - 1) % 6 + 1);
    let forward = (1..6).take_while(|d| filled(pos + d)).count();
    let backward = (1..6).take_while(|d| filled(pos + 6 - d)).count();
    (1 + forward + backward).min(6)
}

/// The structures covering (star, pos) would complete, by name, and the tiles they earn.
pub fn completes(player: &PlayerView, star: u8, pos: u8) -> (Vec<String>, u8) {
    let mut names = Vec::new();
    let mut reward = 0;
    for structure in &player.structures {
        let holds = structure.spaces.contains(&[star, pos]);
        let rest_filled = structure
            .spaces
            .iter()
            .filter(|s| **s != [star, pos])
            .all(|s| is_filled(player, s[0], s[1]));
        if holds && !structure.complete && rest_filled {
            names.push(structure.name.clone());
            reward += structure.reward;
        }
    }
    (names, reward)
}

pub fn controls(board: &Board<'_, Azul>) -> Controls {
    let (Some(actions), Some(me)) = (board.actions, board.me) else {
        return Controls::default();
    };
    let view = board.view;
    let Some(player) = view.players.get(me) else {
        return Controls::default();
    };
    let typed: Vec<(Command, &Choice)> = actions
        .choices
        .iter()
        .filter_map(|choice| Some((serde_json::from_value(choice.command.clone()).ok()?, choice)))
        .collect();
    let mut controls = match view.awaiting {
        Awaiting::Take => take(view, player, actions, &typed),
        Awaiting::PlaceOrPass => place(board, player, actions, &typed),
        Awaiting::ChooseBonus { count } => bonus(board, actions, &typed, count),
        Awaiting::Keep { max } => keep(board, player, actions, &typed, usize::from(max)),
        Awaiting::Nothing => Controls::default(),
    };
    // Whatever the steps above did not offer (none, if the rules and this page agree) is still
    // offered as a plain button.
    let offered = |command: &Command| match command {
        Command::Take { .. } => matches!(view.awaiting, Awaiting::Take),
        Command::Place { .. } | Command::Pass => matches!(view.awaiting, Awaiting::PlaceOrPass),
        Command::ChooseBonus { .. } => matches!(view.awaiting, Awaiting::ChooseBonus { .. }),
        Command::Keep { .. } => matches!(view.awaiting, Awaiting::Keep { .. }),
    };
    let stray: Vec<String> = typed
        .iter()
        .filter(|(command, _)| !offered(command))
        .map(|(_, choice)| actions.form(choice))
        .collect();
    if !stray.is_empty() {
        let turn = controls.turn.get_or_insert_with(|| Turn {
            heading: "Your turn".into(),
            help: Vec::new(),
            selection: None,
            links: Vec::new(),
            forms: Vec::new(),
            undo: Vec::new(),
        });
        turn.forms.extend(stray);
    }
    controls
}

fn wild_name(view: &View) -> &'static str {
    view.wild.map_or("none", Colour::name)
}

fn take(
    view: &View,
    player: &PlayerView,
    actions: &Actions,
    typed: &[(Command, &Choice)],
) -> Controls {
    let mut takes: HashMap<Source, Vec<String>> = HashMap::new();
    for (command, choice) in typed {
        let Command::Take { source, colour } = command else {
            continue;
        };
        let tiles = match source {
            Source::Centre => view.centre,
            Source::Factory(n) => view
                .factories
                .get(usize::from(*n).wrapping_sub(1))
                .copied()
                .unwrap_or_default(),
        };
        let (taken, mut label) = if Some(*colour) == view.wild {
            (
                Tiles::of(*colour, 1),
                format!("Take 1 {} (wild)", colour.name()),
            )
        } else {
            let n = tiles.count(*colour);
            let mut taken = Tiles::of(*colour, n);
            let mut label = format!("Take {n} {}", colour.name());
            if let Some(wild) = view.wild.filter(|&w| tiles.count(w) > 0) {
                taken.add(wild, 1);
                label += &format!(" + 1 {} (wild)", wild.name());
            }
            (taken, label)
        };
        if *source == Source::Centre && view.start_player_token_in_centre {
            let lost = loss(player.score, taken.total());
            label += &format!(
                " and the start player token ({})",
                match lost {
                    0 => "no points lost: your score is already 1".to_string(),
                    n => format!("−{}", plural(n as usize, "point", "points")),
                }
            );
        }
        takes
            .entry(*source)
            .or_default()
            .push(relabel(actions, choice, label));
    }
    let wild = wild_name(view);
    Controls {
        turn: Some(Turn {
            heading: "Your turn: take tiles".into(),
            help: vec![
                format!(
                    "Take every tile of one colour from a factory or from the centre: press its button below. \
                     If {wild} tiles (wild this round) are there too, exactly one of them comes with it; \
                     a wild tile can be taken alone only where nothing else is left."
                ),
                "The other tiles of a factory go to the centre. The first player to take from the centre \
                 also takes the start player token, loses 1 point per tile taken, and starts the next round."
                    .into(),
            ],
            selection: None,
            links: Vec::new(),
            forms: Vec::new(),
            undo: Vec::new(),
        }),
        takes,
        ..Controls::default()
    }
}

fn parse_space(text: &str) -> Option<(u8, u8)> {
    let (star, pos) = text.split_once('-')?;
    Some((star.trim().parse().ok()?, pos.trim().parse().ok()?))
}

fn pass_label(view: &View, player: &PlayerView) -> String {
    let n = player.hand.total();
    if n == 0 {
        "Pass".into()
    } else if view.round >= 6 {
        format!(
            "Pass: the last round is ending, so your {} cost {}",
            plural(n, "tile", "tiles"),
            plural(loss(player.score, n) as usize, "point", "points")
        )
    } else if n <= 4 {
        format!(
            "Pass and keep your {} for the next round",
            plural(n, "tile", "tiles")
        )
    } else {
        format!("Pass, then choose up to 4 of your {n} tiles to keep")
    }
}

/// One way to cover a space: the colour placed, the wild tiles paid, and its command.
type Payment<'a> = (Colour, u8, &'a Choice);

fn place(
    board: &Board<'_, Azul>,
    player: &PlayerView,
    actions: &Actions,
    typed: &[(Command, &Choice)],
) -> Controls {
    let view = board.view;
    let mut by_space: BTreeMap<(u8, u8), Vec<Payment>> = BTreeMap::new();
    let mut pass = None;
    for (command, choice) in typed {
        match command {
            Command::Place {
                star,
                space,
                colour,
                wild_count,
            } => by_space
                .entry((*star, *space))
                .or_default()
                .push((*colour, *wild_count, choice)),
            Command::Pass => pass = Some(*choice),
            _ => {}
        }
    }
    let space_links: HashMap<(u8, u8), String> = by_space
        .keys()
        .map(|&(star, pos)| {
            (
                (star, pos),
                board.link_with(SPACE, &format!("{star}-{pos}")),
            )
        })
        .collect();
    let selected = board
        .query
        .get(SPACE)
        .and_then(|text| parse_space(text))
        .filter(|space| by_space.contains_key(space));
    let wild = view.wild;
    let turn = match selected {
        None => {
            let mut help = vec![
                "Cover one empty space of your board, or pass. Pick one of the outlined spaces on your board below: \
                 those are the ones you can pay for now."
                    .to_string(),
                format!(
                    "A space costs as many tiles as its number, all of the colour you place there. {} tiles are \
                     wild this round: they can stand in for all but one of them. A tile scores 1 point plus 1 for \
                     every tile joined to it around its star.",
                    capitalise(wild_name(view))
                ),
            ];
            if view.board_side == BoardSide::Variant {
                help.push(
                    "Grey boards: every star must end up all one colour or six different colours."
                        .into(),
                );
            } else {
                help.push(
                    "Each outer star takes its own colour; the centre star takes one tile of each colour."
                        .into(),
                );
            }
            if by_space.is_empty() {
                help.push("You cannot pay for any space now: pass.".into());
            }
            let confirming = board.query.get(CONFIRM).map(String::as_str) == Some("pass");
            match pass {
                // Passing ends the player's round: it is asked again on a page of its own.
                Some(choice) if confirming => Turn {
                    heading: "Pass now?".into(),
                    help: vec![format!(
                        "{}. You place no more tiles this round.",
                        pass_label(view, player)
                    )],
                    selection: None,
                    links: Vec::new(),
                    forms: vec![relabel(actions, choice, "Yes, pass".into())],
                    undo: vec![Link {
                        href: link_without(board, CONFIRM),
                        text: "No, back to placing tiles".into(),
                        colour: None,
                    }],
                },
                _ => Turn {
                    heading: "Your turn: place a tile or pass".into(),
                    help,
                    selection: None,
                    links: pass
                        .map(|_| Link {
                            href: board.link_with(CONFIRM, "pass"),
                            text: format!("{}…", pass_label(view, player)),
                            colour: None,
                        })
                        .into_iter()
                        .collect(),
                    forms: Vec::new(),
                    undo: Vec::new(),
                },
            }
        }
        Some((star, pos)) => {
            let cost = value_of(player, star, pos);
            let points = points_for(player, star, pos);
            let (completed, reward) = completes(player, star, pos);
            let mut help = vec![format!(
                "Covering it scores {}.",
                plural(points, "point", "points")
            )];
            if !completed.is_empty() {
                help.push(format!(
                    "It completes {}: you then choose {} from the supply.",
                    join_words(&completed, ""),
                    plural(usize::from(reward), "bonus tile", "bonus tiles")
                ));
            }
            let options = &by_space[&(star, pos)];
            let colours: BTreeSet<Colour> = options.iter().map(|o| o.0).collect();
            help.push(if options.len() == 1 {
                "Confirm with the button:".into()
            } else if colours.len() > 1 {
                "Choose the colour to place and how to pay:".into()
            } else {
                "Choose how to pay:".into()
            });
            let forms = options
                .iter()
                .map(|&(colour, wild_count, choice)| {
                    let mut label = format!(
                        "Place {}, paying {} {}",
                        colour.name(),
                        cost.saturating_sub(wild_count),
                        colour.name()
                    );
                    if let Some(w) = wild.filter(|_| wild_count > 0) {
                        label += &format!(" + {wild_count} {} (wild)", w.name());
                    }
                    relabel(actions, choice, label)
                })
                .collect();
            Turn {
                heading: format!(
                    "Your turn: {} — costs {}",
                    capitalise(&space_name(view, star, pos)),
                    plural(usize::from(cost), "tile", "tiles")
                ),
                help,
                selection: None,
                links: Vec::new(),
                forms,
                undo: vec![Link {
                    href: link_without(board, SPACE),
                    text: "Choose another space, or pass".into(),
                    colour: None,
                }],
            }
        }
    };
    Controls {
        turn: Some(turn),
        space_links,
        selected_space: selected,
        ..Controls::default()
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The selection in the query under `key`, if it fits in `from` and holds at most `max` tiles.
fn selection(board: &Board<'_, Azul>, key: &str, from: &Tiles, max: usize) -> Tiles {
    board
        .query
        .get(key)
        .and_then(|text| parse_tiles(text))
        .filter(|sel| from.contains(sel) && sel.total() <= max)
        .unwrap_or_default()
}

/// Links adding one more tile of each colour still available, and links removing one.
fn build_links(
    board: &Board<'_, Azul>,
    key: &str,
    from: &Tiles,
    chosen: &Tiles,
    max: usize,
    add_text: impl Fn(Colour, u8) -> String,
) -> (Vec<Link>, Vec<Link>) {
    let mut add = Vec::new();
    if chosen.total() < max {
        for colour in from.colours() {
            let left = from.count(colour) - chosen.count(colour);
            if left > 0 {
                let mut more = *chosen;
                more.add(colour, 1);
                add.push(Link {
                    href: board.link_with(key, &tiles_param(&more)),
                    text: add_text(colour, left),
                    colour: Some(colour.name()),
                });
            }
        }
    }
    let mut remove: Vec<Link> = chosen
        .colours()
        .map(|colour| {
            let mut less = *chosen;
            less.remove(colour, 1);
            Link {
                href: if less.is_empty() {
                    link_without(board, key)
                } else {
                    board.link_with(key, &tiles_param(&less))
                },
                text: format!("Put back a {} tile", colour.name()),
                colour: Some(colour.name()),
            }
        })
        .collect();
    if chosen.total() > 1 {
        remove.push(Link {
            href: link_without(board, key),
            text: "Start again".into(),
            colour: None,
        });
    }
    (add, remove)
}

fn shown(tiles: &Tiles) -> Vec<&'static str> {
    tiles.to_list().into_iter().map(Colour::name).collect()
}

fn bonus(
    board: &Board<'_, Azul>,
    actions: &Actions,
    typed: &[(Command, &Choice)],
    count: u8,
) -> Controls {
    let view = board.view;
    let choices: Vec<(Tiles, &Choice)> = typed
        .iter()
        .filter_map(|(command, choice)| match command {
            Command::ChooseBonus { tiles } => Some((*tiles, *choice)),
            _ => None,
        })
        .collect();
    let label = |tiles: &Tiles| format!("Take {}", tile_words(tiles, view.wild));
    let mut help = Vec::new();
    if let Some(Event::TilePlaced { completed, .. }) = &view.last_move {
        let names: Vec<String> = completed.iter().map(|s| s.name(view.board_side)).collect();
        if !names.is_empty() {
            help.push(format!("You completed {}.", join_words(&names, "")));
        }
    }
    help.push(format!(
        "Choose {} from the supply, any colours (wild ones too). They join the tiles next to your board.",
        plural(usize::from(count), "tile", "tiles")
    ));
    let heading = format!(
        "Your turn: choose {} from the supply",
        plural(usize::from(count), "bonus tile", "bonus tiles")
    );
    let mut turn = Turn {
        heading,
        help,
        selection: None,
        links: Vec::new(),
        forms: Vec::new(),
        undo: Vec::new(),
    };
    if choices.len() <= LIST_AT_MOST {
        turn.forms = choices
            .iter()
            .map(|(tiles, choice)| relabel(actions, choice, label(tiles)))
            .collect();
    } else {
        let count = usize::from(count);
        let chosen = selection(board, BONUS, &view.supply, count);
        let (add, remove) = build_links(board, BONUS, &view.supply, &chosen, count, |c, left| {
            format!("Add a {} tile ({left} in the supply)", c.name())
        });
        turn.links = add;
        if chosen.total() == count {
            turn.forms = choices
                .iter()
                .filter(|(tiles, _)| *tiles == chosen)
                .map(|(tiles, choice)| relabel(actions, choice, label(tiles)))
                .collect();
        } else {
            turn.help.push(format!(
                "Add them one at a time; {} still to choose.",
                plural(count - chosen.total(), "tile", "tiles")
            ));
        }
        turn.selection = Some(Selection {
            label: "Chosen so far".into(),
            tiles: shown(&chosen),
            words: tile_words(&chosen, view.wild).replace("no tiles", "nothing yet"),
            remove,
        });
    }
    Controls {
        turn: Some(turn),
        ..Controls::default()
    }
}

fn keep(
    board: &Board<'_, Azul>,
    player: &PlayerView,
    actions: &Actions,
    typed: &[(Command, &Choice)],
    max: usize,
) -> Controls {
    let hand = player.hand;
    let chosen = selection(board, KEEP, &hand, max);
    let (add, remove) = build_links(board, KEEP, &hand, &chosen, max, |c, left| {
        format!("Keep a {} tile ({left} available)", c.name())
    });
    let discarded = hand.total() - chosen.total();
    let lost = loss(player.score, discarded);
    let label = if chosen.is_empty() {
        format!(
            "Keep nothing and discard all {discarded} tiles (−{})",
            plural(lost as usize, "point", "points")
        )
    } else {
        format!(
            "Keep {} and discard {} (−{})",
            tile_words(&chosen, None),
            plural(discarded, "tile", "tiles"),
            plural(lost as usize, "point", "points")
        )
    };
    let forms: Vec<String> = typed
        .iter()
        .filter(|(command, _)| matches!(command, Command::Keep { tiles } if *tiles == chosen))
        .map(|(_, choice)| relabel(actions, choice, label.clone()))
        .collect();
    // Throwing tiles away costs points: that is asked again on a page of its own.
    if lost > 0 && !forms.is_empty() {
        if board.query.get(CONFIRM).map(String::as_str) == Some("keep") {
            let turn = Turn {
                heading: format!("{label}?"),
                help: vec![format!(
                    "Every tile you do not keep goes to the tower: you lose {}.",
                    plural(lost as usize, "point", "points")
                )],
                selection: None,
                links: Vec::new(),
                forms,
                undo: vec![Link {
                    href: link_without(board, CONFIRM),
                    text: "No, change what I keep".into(),
                    colour: None,
                }],
            };
            return Controls {
                turn: Some(turn),
                ..Controls::default()
            };
        }
        let mut add = add;
        add.push(Link {
            href: board.link_with(CONFIRM, "keep"),
            text: format!("{label}…"),
            colour: None,
        });
        return keep_turn(board, &hand, &chosen, max, add, remove, Vec::new());
    }
    keep_turn(board, &hand, &chosen, max, add, remove, forms)
}

/// The page for choosing the tiles to keep.
fn keep_turn(
    board: &Board<'_, Azul>,
    hand: &Tiles,
    chosen: &Tiles,
    max: usize,
    add: Vec<Link>,
    remove: Vec<Link>,
    forms: Vec<String>,
) -> Controls {
    let view = board.view;
    let turn = Turn {
        heading: "Your turn: choose the tiles you keep".into(),
        help: vec![
            format!(
                "You passed with {}: {}. Up to {max} of them can wait on the corners of your board for the \
                 next round; every other tile goes to the tower and costs 1 point.",
                plural(hand.total(), "tile", "tiles"),
                tile_words(hand, view.wild)
            ),
            "Add the tiles to keep one at a time, then confirm with the button.".into(),
        ],
        selection: Some(Selection {
            label: "Kept so far".into(),
            tiles: shown(chosen),
            words: tile_words(chosen, None).replace("no tiles", "nothing yet"),
            remove,
        }),
        links: add,
        forms,
        undo: Vec::new(),
    };
    Controls {
        turn: Some(turn),
        ..Controls::default()
    }
}

/// The letter of a colour, for the text board.
pub fn tile_letters(tiles: &Tiles) -> String {
    tiles.to_list().into_iter().map(letter).collect()
}
