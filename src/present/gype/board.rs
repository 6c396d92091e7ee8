//! The board page: a 10x10 table drawn from the viewer's side, with the controls for every legal
//! action, and a panel that says what to do next.
//!
//! The choice is built up in the query string:
//! - arranging: `pick=SQ` (the first die of a swap), then a "Swap" button on another die;
//! - playing: `die=SQ` (a die to move or roll), then a destination button, or for a Hat
//!   `to=SQ` (its destination) and then one of the two route buttons;
//! - during a chain of jumps: the next jump's button, or "End the move".
//!
//! Only commands offered in `board.actions` become buttons; an unknown or stale selection just
//! shows the first step again.

use std::collections::{BTreeMap, HashMap};

use askama::Template;

use super::{
    about, bottom_side, column_label, face_moves, home_row_words, owner, row_label, seat_view,
};
use crate::i18n::Lang;
use crate::present::{Actions, Board, Choice, capitalise};
use crate::rules::Message;
use crate::rules::gype::{
    CellView, Command, Face, Gype, HatPath, MoveKind, PhaseView, Square, View,
};

pub struct Link {
    pub href: String,
    pub label: String,
}

pub struct DieHtml {
    pub classes: String,
    /// The icon's symbol id; `None` for a hidden die.
    pub icon: Option<&'static str>,
    /// The face in words, or "hidden".
    pub face: String,
    pub owner: char,
    /// Set when choosing this die is the next step.
    pub href: Option<String>,
    /// The link's name for screen readers: its words, and which die it chooses.
    pub name: Option<String>,
    /// A word under the face: "home" (frozen), "jumping".
    pub note: Option<String>,
}

pub struct CellHtml {
    pub square: String,
    pub classes: String,
    pub die: Option<DieHtml>,
    /// Short words about the square: "rolled", "route A", "start".
    pub badges: Vec<String>,
    /// A button for this square.
    pub control: Option<String>,
    /// A link for this square (the first step of a Hat move).
    pub leap: Option<Leap>,
}

/// A link taking the Hat to a square: its words ("Leap to d8") and the name a screen reader
/// says, with the Hat's own square ("Leap to d8: your Hat on f9").
pub struct Leap {
    pub href: String,
    pub label: String,
    pub name: String,
}

pub struct RowHtml {
    pub label: String,
    /// `None` for the corners, which are not squares of the board.
    pub cells: Vec<Option<CellHtml>>,
}

pub struct SeatLine {
    pub letter: char,
    pub class: &'static str,
    pub name: String,
    pub side: String,
    pub colour: String,
    pub home: usize,
    pub in_start: usize,
    pub arranged: Option<bool>,
    pub to_act: bool,
}

pub struct FaceHelp {
    pub icon: &'static str,
    pub name: String,
    pub moves: String,
}

/// What the viewer can do now, or what the table is waiting for.
#[derive(Default)]
pub struct Panel {
    pub title: String,
    pub lines: Vec<String>,
    pub links_intro: Option<String>,
    pub links: Vec<Link>,
    /// Buttons (forms), in order.
    pub forms: Vec<String>,
    pub back: Option<Link>,
}

#[derive(Template)]
#[template(path = "gype/board.html")]
struct BoardHtml {
    lang: Lang,
    face_symbols: &'static str,
    caption: String,
    files: Vec<String>,
    rows: Vec<RowHtml>,
    top: String,
    bottom: String,
    left: String,
    right: String,
    panel: Panel,
    last_move: Option<String>,
    chaos_note: Option<String>,
    seats: Vec<SeatLine>,
    faces: Vec<FaceHelp>,
    arranging: bool,
}

/// The faces' icons, as SVG symbols named by [`icon`]: drawn on the page and in pictures of the
/// board.
pub(in crate::present) const FACE_SYMBOLS: &str = concat!(
    r##"<symbol id="gype-flame" viewBox="0 0 24 24"><path fill="currentColor" d="M12 2c1 4 6.5 6.5 6.5 12.2a6.5 6.5 0 0 1-13 0c0-3.2 1.6-5.4 3.2-7 .3 2.2 1.1 3.5 2.5 4.1C10.6 8.5 10.8 5 12 2z"/></symbol>"##,
    r##"<symbol id="gype-swords" viewBox="0 0 24 24"><g fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"><path d="M4 4l11 11M20 4L9 15M13 17.5l4.5-4.5M11 17.5L6.5 13M16.5 16.5l3.5 3.5M7.5 16.5L4 20"/></g></symbol>"##,
    r##"<symbol id="gype-book" viewBox="0 0 24 24"><path fill="currentColor" d="M2.5 5.2C5.3 4 8.6 4.1 11.2 5.8v14c-2.6-1.6-5.9-1.7-8.7-.6zM21.5 5.2c-2.8-1.2-6.1-1.1-8.7.6v14c2.6-1.6 5.9-1.7 8.7-.6z"/></symbol>"##,
    r##"<symbol id="gype-tree" viewBox="0 0 24 24"><path fill="currentColor" d="M12 1.5l6.2 7.3h-3.1l4.8 6.4H4.1l4.8-6.4H5.8zM10.4 15.2h3.2V22h-3.2z"/></symbol>"##,
    r##"<symbol id="gype-hat" viewBox="0 0 24 24"><path fill="currentColor" d="M7 3.5h10v11.2H7zM1.8 16c3.4 1.7 17 1.7 20.4 0v2.8c-3.4 1.9-17 1.9-20.4 0z"/><path fill="none" stroke="currentColor" stroke-width="1" opacity="0.5" d="M7 11.5h10"/></symbol>"##,
    r##"<symbol id="gype-ear" viewBox="0 0 24 24"><g fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"><path d="M7.2 9a5.3 5.3 0 1 1 9.8 2.9c-1.2 1.7-2.9 2.5-3.1 4.8-.2 2.3-1.8 3.8-4 3.8a3.6 3.6 0 0 1-3.6-3.6"/><path d="M10 9.4a2.4 2.4 0 1 1 3.6 2.1"/></g></symbol>"##,
);

pub(in crate::present) fn icon(face: Face) -> &'static str {
    match face {
        Face::Flame => "gype-flame",
        Face::Swords => "gype-swords",
        Face::Book => "gype-book",
        Face::Tree => "gype-tree",
        Face::Hat => "gype-hat",
        Face::Ear => "gype-ear",
    }
}

fn face_class(face: Face) -> &'static str {
    match face {
        Face::Flame => "face-flame",
        Face::Swords => "face-swords",
        Face::Book => "face-book",
        Face::Tree => "face-tree",
        Face::Hat => "face-hat",
        Face::Ear => "face-ear",
    }
}

/// The viewer's legal commands, read back from their JSON, with their choices.
fn offered<'a>(board: &'a Board<'_, Gype>) -> Vec<(Command, &'a Choice)> {
    board
        .actions
        .map(|actions| {
            actions
                .choices
                .iter()
                .filter_map(|choice| {
                    let command = serde_json::from_value(choice.command.clone()).ok()?;
                    Some((command, choice))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The square a command moves or rolls a die from, if any.
fn source(command: &Command) -> Option<Square> {
    match *command {
        Command::Step { from, .. } | Command::Jump { from, .. } | Command::Hat { from, .. } => {
            Some(from)
        }
        Command::Roll { at } => Some(at),
        _ => None,
    }
}

/// A link to the game page with exactly these choices (earlier ones are dropped).
fn link_to(board: &Board<'_, Gype>, pairs: &[(&str, String)]) -> String {
    if pairs.is_empty() {
        return board.path.to_string();
    }
    let query: BTreeMap<&str, &str> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
    format!(
        "{}?{}",
        board.path,
        serde_urlencoded::to_string(query).unwrap_or_default()
    )
}

/// A button posting `choice` under a label of our own.
fn button(actions: &Actions, choice: &Choice, label: String) -> String {
    actions.form(&Choice {
        label,
        command: choice.command.clone(),
    })
}

/// What a control on a square is called: its words and the die it moves.
fn square_name(
    board: &Board<'_, Gype>,
    cells: &HashMap<Square, &CellView>,
    die: Square,
    action: &str,
) -> String {
    board.say(
        &Message::new("gype-board-square-button")
            .text("action", action)
            .with("die", die_message(board, cells, die)),
    )
}

/// A button on a square, labelled with where it goes ("Move to d8") and named for screen
/// readers with the die it moves as well ("Move to d8: your Tree on d7").
fn square_button(
    board: &Board<'_, Gype>,
    cells: &HashMap<Square, &CellView>,
    (actions, choice): (&Actions, &Choice),
    die: Square,
    label: String,
) -> String {
    let name = square_name(board, cells, die, &label);
    let choice = Choice {
        label,
        command: choice.command.clone(),
    };
    actions.named_form(&choice, name)
}

fn selected(board: &Board<'_, Gype>, key: &str) -> Option<Square> {
    board.query.get(key)?.parse().ok()
}

/// A die in words: "your Flame on e2", "Bo’s Book on c7", "the die on b1".
fn die_message(board: &Board<'_, Gype>, cells: &HashMap<Square, &CellView>, at: Square) -> Message {
    let Some(die) = cells.get(&at).and_then(|c| c.die.as_ref()) else {
        return Message::new("gype-board-the-die-on").text("square", at.to_string());
    };
    let face = die
        .face
        .map_or_else(|| Message::new("gype-die"), Face::message);
    about(Message::new("gype-board-die-on"), board, die.owner)
        .with("face", face)
        .text("square", at.to_string())
}

fn die_words(board: &Board<'_, Gype>, cells: &HashMap<Square, &CellView>, at: Square) -> String {
    board.say(&die_message(board, cells, at))
}

/// A link choosing a die, in words: "Choose your Flame on e2".
fn choose_words(board: &Board<'_, Gype>, die: &str) -> String {
    capitalise(&board.say(&Message::new("gype-board-choose-die-link").text("die", die)))
}

/// Squares as a list: "b2, c3 and d4".
fn squares_message(squares: &[Square]) -> Message {
    Message::new("gype-list").list(
        "items",
        squares
            .iter()
            .map(|square| Message::new("gype-board-square").text("square", square.to_string())),
    )
}

/// The state of the page's controls, worked out once.
struct Controls {
    /// Dice whose square is a link (to choose them), with the link and the die in words.
    die_links: HashMap<Square, (String, String)>,
    /// Buttons placed on squares.
    on_square: HashMap<Square, String>,
    /// Links placed on squares (a Hat's landing squares).
    leaps: HashMap<Square, Leap>,
    /// Extra classes per square ("chosen", "dest", "route-a" …).
    marks: HashMap<Square, Vec<&'static str>>,
    badges: HashMap<Square, Vec<String>>,
    panel: Panel,
}

impl Controls {
    fn mark(&mut self, square: Square, class: &'static str) {
        self.marks.entry(square).or_default().push(class);
    }

    fn badge(&mut self, square: Square, text: String) {
        self.badges.entry(square).or_default().push(text);
    }
}

fn controls(board: &Board<'_, Gype>, cells: &HashMap<Square, &CellView>) -> Controls {
    let mut c = Controls {
        die_links: HashMap::new(),
        on_square: HashMap::new(),
        leaps: HashMap::new(),
        marks: HashMap::new(),
        badges: HashMap::new(),
        panel: Panel::default(),
    };
    let view = board.view;
    let commands = offered(board);
    match (board.actions, view.phase) {
        (Some(actions), PhaseView::Arranging) => {
            arranging(board, cells, actions, &commands, &mut c)
        }
        (Some(actions), PhaseView::Playing) => {
            if let Some(chain) = &view.chain {
                chaining(board, cells, actions, &commands, chain.at, &mut c);
            } else {
                playing(board, cells, actions, &commands, &mut c);
            }
        }
        _ => waiting(board, &mut c),
    }
    if let Some(chain) = &view.chain {
        c.mark(chain.started_at, "chain-start");
        c.badge(chain.started_at, board.t("gype-board-badge-start"));
    }
    c
}

fn arranging(
    board: &Board<'_, Gype>,
    cells: &HashMap<Square, &CellView>,
    actions: &Actions,
    commands: &[(Command, &Choice)],
    c: &mut Controls,
) {
    let view = board.view;
    let intro = match view.first_player {
        Some(seat) => {
            about(Message::new("gype-board-arrange-help"), board, seat).with("known", true)
        }
        None => Message::new("gype-board-arrange-help")
            .with("known", false)
            .with("you", false),
    };
    c.panel.title = board.t("gype-board-arrange-title");
    c.panel.lines.push(board.say(&intro));
    let mut swappable: Vec<Square> = commands
        .iter()
        .filter_map(|(command, _)| match command {
            Command::Swap { a, .. } => Some(*a),
            _ => None,
        })
        .collect();
    swappable.dedup();
    let pick = selected(board, "pick").filter(|s| swappable.contains(s));
    match pick {
        None => {
            c.panel.links_intro = Some(board.t("gype-board-arrange-choose"));
            for &square in &swappable {
                let href = link_to(board, &[("pick", square.to_string())]);
                let words = die_words(board, cells, square);
                c.panel.links.push(Link {
                    href: href.clone(),
                    label: choose_words(board, &words),
                });
                c.die_links.insert(square, (href, words));
            }
        }
        Some(pick) => {
            c.panel.lines.push(
                board.say(
                    &Message::new("gype-board-arrange-swap")
                        .with("die", die_message(board, cells, pick)),
                ),
            );
            c.mark(pick, "chosen");
            // Dice showing the same face are interchangeable: one button per face that makes a
            // different row, none for a swap that would change nothing.
            let face_at = |square: Square| {
                cells
                    .get(&square)
                    .and_then(|cell| cell.die.as_ref())
                    .and_then(|die| die.face)
            };
            let mut offered = vec![face_at(pick)];
            for (command, choice) in commands {
                if let Command::Swap { a, b } = *command
                    && a == pick
                    && !offered.contains(&face_at(b))
                {
                    offered.push(face_at(b));
                    let face = face_at(b).map_or_else(|| Message::new("gype-die"), Face::message);
                    let label = board.say(
                        &Message::new("gype-board-swap-with")
                            .with("face", face)
                            .text("square", a.to_string()),
                    );
                    let form = square_button(board, cells, (actions, choice), b, label);
                    c.on_square.insert(b, form);
                    c.mark(b, "dest");
                }
            }
            c.panel.back = Some(Link {
                href: link_to(board, &[]),
                label: board.t("gype-board-another-die"),
            });
        }
    }
    if let Some((_, choice)) = commands.iter().find(|(c, _)| *c == Command::Confirm) {
        c.panel
            .forms
            .push(button(actions, choice, board.t("gype-board-confirm")));
    }
}

fn chaining(
    board: &Board<'_, Gype>,
    cells: &HashMap<Square, &CellView>,
    actions: &Actions,
    commands: &[(Command, &Choice)],
    at: Square,
    c: &mut Controls,
) {
    c.panel.title = board.t("gype-board-chain-title");
    c.panel.lines.push(capitalise(&board.say(
        &Message::new("gype-board-chain-help").with("die", die_message(board, cells, at)),
    )));
    if let Some(chain) = &board.view.chain
        && !chain.jumped.is_empty()
    {
        c.panel.lines.push(
            board.say(
                &Message::new("gype-board-already-rolled")
                    .with("squares", squares_message(&chain.jumped)),
            ),
        );
    }
    c.mark(at, "chosen");
    for (command, choice) in commands {
        match *command {
            Command::Jump { from, to } if from == at => {
                let label =
                    board.say(&Message::new("gype-board-jump-to").text("square", to.to_string()));
                let form = square_button(board, cells, (actions, choice), at, label);
                c.on_square.insert(to, form);
                c.mark(to, "dest");
            }
            Command::EndMove => {
                let label =
                    board.say(&Message::new("gype-board-end-move").text("square", at.to_string()));
                c.panel.forms.push(button(actions, choice, label))
            }
            _ => {}
        }
    }
}

fn playing(
    board: &Board<'_, Gype>,
    cells: &HashMap<Square, &CellView>,
    actions: &Actions,
    commands: &[(Command, &Choice)],
    c: &mut Controls,
) {
    let mut dice: Vec<Square> = commands.iter().filter_map(|(c, _)| source(c)).collect();
    dice.sort();
    dice.dedup();
    let die = selected(board, "die").filter(|s| dice.contains(s));
    let Some(die) = die else {
        c.panel.title = board.t("gype-board-your-turn");
        c.panel.lines.push(board.t("gype-board-your-turn-help"));
        c.panel.links_intro = Some(board.t("gype-board-choose-die"));
        for &square in &dice {
            let href = link_to(board, &[("die", square.to_string())]);
            let words = die_words(board, cells, square);
            c.panel.links.push(Link {
                href: href.clone(),
                label: choose_words(board, &words),
            });
            c.die_links.insert(square, (href, words));
        }
        return;
    };
    let face = cells
        .get(&die)
        .and_then(|cell| cell.die.as_ref())
        .and_then(|d| d.face);
    c.mark(die, "chosen");
    c.panel.title = board
        .say(&Message::new("gype-board-move-title").with("die", die_message(board, cells, die)));
    if let Some(face) = face {
        c.panel.lines.push(
            board.say(
                &Message::new("gype-board-face-moves")
                    .with("face", face.message())
                    .with("moves", face_moves(face)),
            ),
        );
    }
    let mine: Vec<&(Command, &Choice)> = commands
        .iter()
        .filter(|(command, _)| source(command) == Some(die))
        .collect();
    let mut hat_targets: Vec<Square> = mine
        .iter()
        .filter_map(|(command, _)| match command {
            Command::Hat { to, .. } => Some(*to),
            _ => None,
        })
        .collect();
    hat_targets.dedup();
    let target = selected(board, "to").filter(|s| hat_targets.contains(s));
    let mut moves = 0;
    for (command, choice) in &mine {
        match *command {
            Command::Step { to, .. } => {
                let label =
                    board.say(&Message::new("gype-board-move-to").text("square", to.to_string()));
                let form = square_button(board, cells, (actions, choice), die, label);
                c.on_square.insert(to, form);
                c.mark(to, "dest");
                moves += 1;
            }
            Command::Jump { to, .. } => {
                let label =
                    board.say(&Message::new("gype-board-jump-to").text("square", to.to_string()));
                let form = square_button(board, cells, (actions, choice), die, label);
                c.on_square.insert(to, form);
                c.mark(to, "dest");
                moves += 1;
            }
            Command::Roll { .. } => c.panel.forms.push(button(
                actions,
                choice,
                board.say(&Message::new("gype-board-roll-instead").text("square", die.to_string())),
            )),
            _ => {}
        }
    }
    for &to in &hat_targets {
        moves += 1;
        if target == Some(to) {
            c.mark(to, "dest");
            c.mark(to, "target");
            c.badge(to, board.t("gype-board-badge-lands"));
            continue;
        }
        let label = board.say(&Message::new("gype-board-leap-to").text("square", to.to_string()));
        let leap = Leap {
            href: link_to(board, &[("die", die.to_string()), ("to", to.to_string())]),
            name: square_name(board, cells, die, &label),
            label,
        };
        c.leaps.insert(to, leap);
        c.mark(to, "dest");
    }
    if let Some(to) = target {
        c.panel
            .lines
            .push(board.say(&Message::new("gype-board-hat-lands").text("square", to.to_string())));
        let mut forms = Vec::new();
        for (command, choice) in &mine {
            if let Command::Hat { to: t, path, .. } = *command
                && t == to
            {
                let (letter, class) = match path {
                    HatPath::LongFirst => ("A", "route-a"),
                    HatPath::ShortFirst => ("B", "route-b"),
                };
                let squares = hat_route(die, to, path);
                let mut rolled = Vec::new();
                for &square in &squares {
                    c.mark(square, class);
                    c.badge(
                        square,
                        board.say(&Message::new("gype-board-badge-route").text("route", letter)),
                    );
                    if cells.get(&square).is_some_and(|cell| cell.die.is_some()) {
                        rolled.push(die_message(board, cells, square));
                    }
                }
                let label = Message::new("gype-board-route")
                    .text("route", letter)
                    .with("via", squares_message(&squares))
                    .with("path", path.message())
                    .with("count", rolled.len())
                    .list("rolled", rolled);
                forms.push(button(actions, choice, board.say(&label)));
            }
        }
        c.panel.forms.splice(0..0, forms);
        c.panel.back = Some(Link {
            href: link_to(board, &[("die", die.to_string())]),
            label: board.t("gype-board-another-landing"),
        });
    } else {
        c.panel.lines.push(board.t(if moves == 0 {
            "gype-board-only-roll"
        } else if hat_targets.is_empty() {
            "gype-board-press-square"
        } else {
            "gype-board-choose-landing"
        }));
        c.panel.back = Some(Link {
            href: link_to(board, &[]),
            label: board.t("gype-board-another-die"),
        });
    }
}

/// The two squares a Hat passes going from `from` to `to` along `path` (spec §7): two straight
/// then one to the side, or one to the side then two straight. Empty if `to` is no Hat's leap.
pub(super) fn hat_route(from: Square, to: Square, path: HatPath) -> Vec<Square> {
    let (dx, dy) = from.delta_to(to);
    let (long, short) = match (dx.abs(), dy.abs()) {
        (1, 2) => ((0, dy.signum()), (dx.signum(), 0)),
        (2, 1) => ((dx.signum(), 0), (0, dy.signum())),
        _ => return Vec::new(),
    };
    match path {
        HatPath::LongFirst => vec![from.offset(long), from.offset(long).offset(long)],
        HatPath::ShortFirst => vec![from.offset(short), from.offset(short).offset(long)],
    }
}

fn waiting(board: &Board<'_, Gype>, c: &mut Controls) {
    let view = board.view;
    let names = || {
        Message::new("gype-list").list(
            "items",
            view.to_act
                .iter()
                .map(|&seat| Message::new("seat-name").text("player", board.name(seat))),
        )
    };
    match view.phase {
        PhaseView::NotStarted => c.panel.title = board.t("gype-board-not-started"),
        PhaseView::Arranging => {
            c.panel.title = board.t("gype-board-arranging-title");
            let confirmed = board
                .me
                .and_then(|me| seat_view(view, me))
                .is_some_and(|s| s.arranged);
            c.panel.lines.push(board.t(if confirmed {
                "gype-board-you-confirmed"
            } else {
                "gype-board-arranging-help"
            }));
            if !view.to_act.is_empty() {
                c.panel.lines.push(
                    board.say(&Message::new("gype-board-still-arranging").with("players", names())),
                );
            }
        }
        PhaseView::Playing => {
            c.panel.title = if view.to_act.is_empty() {
                board.t("gype-board-play")
            } else {
                board.say(
                    &Message::new("gype-board-to-move")
                        .with("players", names())
                        .with("count", view.to_act.len()),
                )
            };
            if let Some(chain) = &view.chain {
                c.panel.lines.push(board.say(
                    &Message::new("gype-board-mid-chain").text("square", chain.at.to_string()),
                ));
            }
        }
        PhaseView::Finished => {
            c.panel.title = match view.winner {
                Some(w) => capitalise(&board.say(&about(Message::new("gype-board-won"), board, w))),
                None => board.t("gype-board-game-over"),
            };
            if let Some(w) = view.winner {
                c.panel.lines.push(capitalise(&board.say(&about(
                    Message::new("gype-board-brought-home"),
                    board,
                    w,
                ))));
            }
        }
    }
}

/// A die's way across the board: "b2 → d4 → f6".
fn trail(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    names.join(" → ")
}

/// The latest action in words.
fn last_move(board: &Board<'_, Gype>, cells: &HashMap<Square, &CellView>) -> Option<String> {
    let view = board.view;
    let last = view.last_move.as_ref()?;
    let end = *last.trail.last()?;
    let face = cells
        .get(&end)
        .and_then(|c| c.die.as_ref())
        .and_then(|d| d.face)
        .map_or_else(|| Message::new("gype-die"), Face::message);
    let rolls = last.rolls.iter().map(|r| {
        Message::new("gype-board-now-shows")
            .text("square", r.at.to_string())
            .with("face", r.face.message())
    });
    let message = match last.kind {
        MoveKind::Roll => {
            let rolled = last
                .rolls
                .first()
                .map_or_else(|| Message::new("gype-die"), |r| r.face.message());
            about(Message::new("gype-board-last-roll"), board, last.seat)
                .text("square", end.to_string())
                .with("face", rolled)
        }
        kind => {
            let key = match kind {
                MoveKind::Step => "gype-board-last-step",
                MoveKind::Jump => "gype-board-last-jump",
                _ => "gype-board-last-hat",
            };
            about(Message::new(key), board, last.seat)
                .with("face", face)
                .text("trail", trail(&last.trail))
                .text("from", last.trail[0].to_string())
                .text("to", end.to_string())
                .with("more", view.chain.is_some())
                .with("rolls", last.rolls.len())
                .list("rolled", rolls)
        }
    };
    Some(capitalise(&board.say(&message)))
}

pub fn render(board: &Board<'_, Gype>) -> Result<String, askama::Error> {
    let view: &View = board.view;
    let bottom = bottom_side(view, board.me);
    let cells: HashMap<Square, &CellView> = view
        .board
        .iter()
        .flatten()
        .flatten()
        .map(|c| (c.square, c))
        .collect();
    let mut controls = controls(board, &cells);
    if let Some(last) = &view.last_move {
        for &square in &last.trail {
            controls.mark(square, "trail");
        }
        for roll in &last.rolls {
            controls.mark(roll.at, "rolled");
            controls.badge(roll.at, board.t("gype-board-badge-rolled"));
        }
    }
    // Under the Chaos rule's limit, the squares the mover may not land on this turn.
    let limited = view
        .turn
        .filter(|_| view.chaos_limit)
        .and_then(|seat| seat_view(view, seat))
        .map(|s| s.side);
    let rows = (0..10)
        .map(|row| RowHtml {
            label: row_label(bottom, row),
            cells: (0..10)
                .map(|col| {
                    let square = bottom.display_square(row, col);
                    cells
                        .get(&square)
                        .map(|cell| cell_html(board, cell, &mut controls, limited))
                })
                .collect(),
        })
        .collect();
    let chaos_note = limited
        .and(view.turn)
        .map(|seat| board.say(&about(Message::new("gype-board-chaos"), board, seat)));
    let edge = |row: usize, col: usize| {
        bottom
            .display_square(row, col)
            .home_row()
            .map(|side| home_row_words(board, side))
            .unwrap_or_default()
    };
    let seats = view
        .seats
        .iter()
        .map(|s| {
            let o = owner(s.side);
            SeatLine {
                letter: o.letter,
                class: o.class,
                name: board.name(s.seat),
                side: board.say(&s.side.message()),
                colour: board.t(o.colour),
                home: s.dice_in_goal,
                in_start: s.dice_in_start_row,
                arranged: (view.phase == PhaseView::Arranging).then_some(s.arranged),
                to_act: view.to_act.contains(&s.seat),
            }
        })
        .collect();
    let caption = Message::new("gype-board-caption")
        .with("side", bottom.message())
        .with("player", board.me.is_some());
    BoardHtml {
        face_symbols: FACE_SYMBOLS,
        lang: board.lang,
        caption: board.say(&caption),
        files: (0..10).map(|col| column_label(bottom, col)).collect(),
        rows,
        top: edge(0, 5),
        bottom: edge(9, 5),
        left: edge(5, 0),
        right: edge(5, 9),
        last_move: last_move(board, &cells),
        chaos_note,
        panel: controls.panel,
        seats,
        faces: Face::ALL
            .iter()
            .map(|&face| FaceHelp {
                icon: icon(face),
                name: board.say(&face.message()),
                moves: board.say(&face_moves(face)),
            })
            .collect(),
        arranging: view.phase == PhaseView::Arranging,
    }
    .render()
}

fn cell_html(
    board: &Board<'_, Gype>,
    cell: &CellView,
    controls: &mut Controls,
    limited: Option<crate::rules::gype::Side>,
) -> CellHtml {
    let square = cell.square;
    let mut classes = vec!["sq"];
    if let Some(side) = square.home_row() {
        classes.push("home");
        classes.push(match side {
            crate::rules::gype::Side::South => "row-s",
            crate::rules::gype::Side::North => "row-n",
            crate::rules::gype::Side::West => "row-w",
            crate::rules::gype::Side::East => "row-e",
        });
        if cell.start_of.is_none() && cell.goal_of.is_none() {
            classes.push("unused");
        }
    }
    if cell.die.is_some() {
        classes.push("occupied");
    }
    // Under the Chaos limit, the squares past the centre the mover could otherwise land on.
    let beyond = limited.is_some_and(|side| {
        side.progress(square) >= 5 && square.home_row().is_none_or(|row| row == side.opposite())
    });
    if beyond {
        classes.push("beyond");
    }
    if let Some(marks) = controls.marks.get(&square) {
        classes.extend(marks.iter().copied());
    }
    let die = cell.die.as_ref().map(|die| {
        let o = board
            .view
            .seats
            .iter()
            .find(|s| s.seat == die.owner)
            .map(|s| owner(s.side));
        let (letter, own_class) = o.map_or(('?', "own-x"), |o| (o.letter, o.class));
        let mut die_classes = vec!["die", own_class];
        match die.face {
            Some(face) => die_classes.push(face_class(face)),
            None => die_classes.push("hidden"),
        }
        if die.frozen {
            die_classes.push("frozen");
        }
        if die.jumping {
            die_classes.push("jumping");
        }
        let face = die.face.map_or_else(
            || board.t("gype-board-hidden"),
            |face| board.say(&face.message()),
        );
        let link = controls.die_links.get(&square);
        let name = link.map(|(_, words)| {
            board.say(
                &Message::new("gype-board-die-link")
                    .text("shown", format!("{face} {letter}"))
                    .text("die", words),
            )
        });
        DieHtml {
            classes: die_classes.join(" "),
            icon: die.face.map(icon),
            face,
            owner: letter,
            href: link.map(|(href, _)| href.clone()),
            name,
            note: if die.jumping {
                Some(board.t("gype-board-note-jumping"))
            } else if die.frozen {
                Some(board.t("gype-board-note-home"))
            } else {
                None
            },
        }
    });
    CellHtml {
        square: square.to_string(),
        classes: classes.join(" "),
        die,
        badges: controls.badges.remove(&square).unwrap_or_default(),
        control: controls.on_square.remove(&square),
        leap: controls.leaps.remove(&square),
    }
}
