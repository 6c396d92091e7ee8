//! The controls of the player to act, built only from the legal commands the page was given:
//! take buttons on each factory and the centre; links on the spaces that can be covered, then
//! one button per way of paying; bonus and kept tiles chosen one at a time through links that
//! add to the query string, ending in the form of a legal command.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::super::{Actions, Board, Choice};
use super::{
    capitalise, letter, loss, parse_tiles, source_message, star_title, structure_message,
    tile_words, tiles_param,
};
use crate::rules::Message;
use crate::rules::azul::{
    Awaiting, Azul, BoardSide, Colour, Command, Event, PlayerView, Source, Tiles, View,
    wild_message,
};

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
    /// The spaces that can be covered, as a list of links of full size: the board's diamonds are
    /// smaller than a finger on a phone.
    pub space_list: Vec<Link>,
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

/// "Purple star, space 4".
pub fn space_name(board: &Board<'_, Azul>, star: u8, pos: u8) -> String {
    board.say(
        &Message::new("azul-board-space-name")
            .text("star", star_title(board, star))
            .with("space", pos),
    )
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

/// The structures covering (star, pos) would complete, and the tiles they earn.
pub fn completes(
    player: &PlayerView,
    star: u8,
    pos: u8,
) -> (Vec<(crate::rules::azul::StructureKind, u8)>, u8) {
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
            names.push((structure.kind, structure.star));
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
        Awaiting::Take => take(board, player, actions, &typed),
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
            heading: board.t("azul-board-your-turn"),
            help: Vec::new(),
            selection: None,
            links: Vec::new(),
            space_list: Vec::new(),
            forms: Vec::new(),
            undo: Vec::new(),
        });
        turn.forms.extend(stray);
    }
    controls
}

fn take(
    board: &Board<'_, Azul>,
    player: &PlayerView,
    actions: &Actions,
    typed: &[(Command, &Choice)],
) -> Controls {
    let view = board.view;
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
        let (taken, label) = if Some(*colour) == view.wild {
            (
                Tiles::of(*colour, 1),
                Message::new("azul-board-take-wild").with("colour", colour.message()),
            )
        } else {
            let n = tiles.count(*colour);
            let mut taken = Tiles::of(*colour, n);
            let wild = view.wild.filter(|&w| tiles.count(w) > 0);
            if let Some(wild) = wild {
                taken.add(wild, 1);
            }
            let label = Message::new("azul-board-take")
                .with("count", n)
                .with("colour", colour.message())
                .with("along", wild.is_some())
                .with("wild", wild_message(wild));
            (taken, label)
        };
        let token = *source == Source::Centre && view.start_player_token_in_centre;
        let label = Message::new("azul-board-take-token")
            .with("take", label)
            .with("token", token)
            .with("lost", loss(player.score, taken.total()));
        let label = board.say(&label);
        let name = (Message::new("azul-board-take-from"))
            .text("take", &label)
            .with("source", source_message(*source));
        let choice = Choice {
            label,
            command: choice.command.clone(),
        };
        takes
            .entry(*source)
            .or_default()
            .push(actions.named_form(&choice, board.say(&name)));
    }
    Controls {
        turn: Some(Turn {
            heading: board.t("azul-board-take-heading"),
            help: vec![
                board.say(
                    &Message::new("azul-board-take-help").with("wild", wild_message(view.wild)),
                ),
                board.t("azul-board-take-help-centre"),
            ],
            selection: None,
            links: Vec::new(),
            space_list: Vec::new(),
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

fn pass_label(view: &View, player: &PlayerView) -> Message {
    let n = player.hand.total();
    let case = if n == 0 {
        "none"
    } else if view.round >= 6 {
        "last"
    } else if n <= 4 {
        "keep"
    } else {
        "choose"
    };
    Message::new("azul-board-pass")
        .text("case", case)
        .with("tiles", n)
        .with("lost", loss(player.score, n))
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
    let space_list: Vec<Link> = (by_space.keys())
        .map(|&(star, pos)| Link {
            href: space_links[&(star, pos)].clone(),
            text: board.say(
                &Message::new("azul-board-space-link")
                    .text("star", star_title(board, star))
                    .with("space", pos)
                    .with("cost", value_of(player, star, pos)),
            ),
            colour: None,
        })
        .collect();
    let turn = match selected {
        None => {
            let mut help = vec![
                board.t("azul-board-place-help"),
                capitalise(
                    &board.say(
                        &Message::new("azul-board-place-cost-help")
                            .with("wild", wild_message(view.wild)),
                    ),
                ),
            ];
            help.push(board.t(if view.board_side == BoardSide::Variant {
                "azul-board-grey-help"
            } else {
                "azul-board-coloured-help"
            }));
            if by_space.is_empty() {
                help.push(board.t("azul-board-cannot-pay"));
            }
            let confirming = board.query.get(CONFIRM).map(String::as_str) == Some("pass");
            match pass {
                // Passing ends the player's round: it is asked again on a page of its own.
                Some(choice) if confirming => Turn {
                    heading: board.t("azul-board-pass-heading"),
                    help: vec![
                        board.say(
                            &Message::new("azul-board-pass-confirm")
                                .with("pass", pass_label(view, player)),
                        ),
                    ],
                    selection: None,
                    links: Vec::new(),
                    space_list,
                    forms: vec![relabel(actions, choice, board.t("azul-board-pass-yes"))],
                    undo: vec![Link {
                        href: link_without(board, CONFIRM),
                        text: board.t("azul-board-pass-no"),
                        colour: None,
                    }],
                },
                _ => Turn {
                    heading: board.t("azul-board-place-heading"),
                    help,
                    selection: None,
                    links: pass
                        .map(|_| Link {
                            href: board.link_with(CONFIRM, "pass"),
                            text: board.say(
                                &Message::new("azul-board-ask")
                                    .with("action", pass_label(view, player)),
                            ),
                            colour: None,
                        })
                        .into_iter()
                        .collect(),
                    space_list,
                    forms: Vec::new(),
                    undo: Vec::new(),
                },
            }
        }
        Some((star, pos)) => {
            let cost = value_of(player, star, pos);
            let points = points_for(player, star, pos);
            let (completed, reward) = completes(player, star, pos);
            let mut help =
                vec![board.say(&Message::new("azul-board-covering-scores").with("points", points))];
            if !completed.is_empty() {
                let names = completed
                    .iter()
                    .map(|&(kind, star)| structure_message(board, kind, star));
                help.push(
                    board.say(
                        &Message::new("azul-board-completes")
                            .list("structures", names)
                            .with("reward", reward),
                    ),
                );
            }
            let options = &by_space[&(star, pos)];
            let colours: BTreeSet<Colour> = options.iter().map(|o| o.0).collect();
            help.push(board.t(if options.len() == 1 {
                "azul-board-confirm"
            } else if colours.len() > 1 {
                "azul-board-choose-colour-and-pay"
            } else {
                "azul-board-choose-pay"
            }));
            let forms = options
                .iter()
                .map(|&(colour, wild_count, choice)| {
                    let wild = wild_message(wild);
                    let label = Message::new("azul-board-place-paying")
                        .with("colour", colour.message())
                        .with("own", cost.saturating_sub(wild_count))
                        .with("wilds", wild_count)
                        .with("wild", wild);
                    relabel(actions, choice, board.say(&label))
                })
                .collect();
            Turn {
                heading: board.say(
                    &Message::new("azul-board-space-heading")
                        .text("space", space_name(board, star, pos))
                        .with("cost", cost),
                ),
                help,
                selection: None,
                links: Vec::new(),
                space_list,
                forms,
                undo: vec![Link {
                    href: link_without(board, SPACE),
                    text: board.t("azul-board-another-space"),
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
    add_text: impl Fn(Colour, u8) -> Message,
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
                    text: board.say(&add_text(colour, left)),
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
                text: board
                    .say(&Message::new("azul-board-put-back").with("colour", colour.message())),
                colour: Some(colour.name()),
            }
        })
        .collect();
    if chosen.total() > 1 {
        remove.push(Link {
            href: link_without(board, key),
            text: board.t("azul-board-start-again"),
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
    let label = |tiles: &Tiles| {
        board.say(
            &Message::new("azul-board-take-bonus")
                .with("tiles", tile_words(tiles, view.wild, "azul-nothing")),
        )
    };
    let mut help = Vec::new();
    if let Some(Event::TilePlaced { completed, .. }) = &view.last_move
        && !completed.is_empty()
    {
        let names = completed.iter().map(|s| s.message(view.board_side));
        help.push(board.say(&Message::new("azul-board-you-completed").list("structures", names)));
    }
    help.push(board.say(&Message::new("azul-board-bonus-help").with("count", count)));
    let heading = board.say(&Message::new("azul-board-bonus-heading").with("count", count));
    let mut turn = Turn {
        heading,
        help,
        selection: None,
        links: Vec::new(),
        space_list: Vec::new(),
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
            Message::new("azul-board-add-bonus")
                .with("colour", c.message())
                .with("left", left)
        });
        turn.links = add;
        if chosen.total() == count {
            turn.forms = choices
                .iter()
                .filter(|(tiles, _)| *tiles == chosen)
                .map(|(tiles, choice)| relabel(actions, choice, label(tiles)))
                .collect();
        } else {
            turn.help.push(board.say(
                &Message::new("azul-board-one-at-a-time").with("left", count - chosen.total()),
            ));
        }
        turn.selection = Some(Selection {
            label: board.t("azul-board-chosen-so-far"),
            tiles: shown(&chosen),
            words: board.say(&tile_words(&chosen, view.wild, "azul-board-nothing-yet")),
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
        Message::new("azul-board-add-keep")
            .with("colour", c.message())
            .with("left", left)
    });
    let discarded = hand.total() - chosen.total();
    let lost = loss(player.score, discarded);
    let label = Message::new("azul-board-keep")
        .with("kept", tile_words(&chosen, None, "azul-nothing"))
        .with("count", chosen.total())
        .with("discarded", discarded)
        .with("lost", lost);
    let label_words = board.say(&label);
    let forms: Vec<String> = typed
        .iter()
        .filter(|(command, _)| matches!(command, Command::Keep { tiles } if *tiles == chosen))
        .map(|(_, choice)| relabel(actions, choice, label_words.clone()))
        .collect();
    // Throwing tiles away costs points: that is asked again on a page of its own.
    if lost > 0 && !forms.is_empty() {
        if board.query.get(CONFIRM).map(String::as_str) == Some("keep") {
            let turn = Turn {
                heading: board.say(&Message::new("azul-board-keep-question").with("keep", label)),
                help: vec![board.say(&Message::new("azul-board-keep-loses").with("lost", lost))],
                selection: None,
                links: Vec::new(),
                space_list: Vec::new(),
                forms,
                undo: vec![Link {
                    href: link_without(board, CONFIRM),
                    text: board.t("azul-board-keep-change"),
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
            text: board.say(&Message::new("azul-board-ask").with("action", label)),
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
        heading: board.t("azul-board-keep-heading"),
        help: vec![
            board.say(
                &Message::new("azul-board-keep-help")
                    .with("count", hand.total())
                    .with("tiles", tile_words(hand, view.wild, "azul-nothing"))
                    .with("max", max),
            ),
            board.t("azul-board-keep-one-at-a-time"),
        ],
        selection: Some(Selection {
            label: board.t("azul-board-kept-so-far"),
            tiles: shown(chosen),
            words: board.say(&tile_words(chosen, None, "azul-board-nothing-yet")),
            remove,
        }),
        links: add,
        space_list: Vec::new(),
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
