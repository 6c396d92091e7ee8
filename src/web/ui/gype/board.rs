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
    bottom_side, column_label, face_moves, home_row_words, owner, plain_name, possessive,
    row_label, seat_view,
};
use crate::rules::gype::{
    CellView, Command, Face, Gype, HatPath, MoveKind, PhaseView, Square, View, face_name,
};
use crate::web::ui::{Actions, Board, Choice};

pub struct Link {
    pub href: String,
    pub label: String,
}

pub struct DieHtml {
    pub classes: String,
    /// The icon's symbol id; `None` for a hidden die.
    pub icon: Option<&'static str>,
    /// The face in words, or "hidden".
    pub face: &'static str,
    pub owner: char,
    /// Set when choosing this die is the next step.
    pub href: Option<String>,
    /// A word under the face: "home" (frozen), "jumping", "chosen".
    pub note: Option<&'static str>,
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
    pub leap: Option<Link>,
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
    pub side: &'static str,
    pub colour: &'static str,
    pub home: usize,
    pub in_start: usize,
    pub arranged: Option<bool>,
    pub to_act: bool,
}

pub struct FaceHelp {
    pub icon: &'static str,
    pub name: &'static str,
    pub moves: &'static str,
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

fn icon(face: Face) -> &'static str {
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

fn selected(board: &Board<'_, Gype>, key: &str) -> Option<Square> {
    board.query.get(key)?.parse().ok()
}

/// The words for a die: "your Flame on e2", "Bo’s Book on c7", "the die on b1".
fn die_words(board: &Board<'_, Gype>, cells: &HashMap<Square, &CellView>, at: Square) -> String {
    let Some(die) = cells.get(&at).and_then(|c| c.die.as_ref()) else {
        return format!("the die on {at}");
    };
    let face = die.face.map_or("die", face_name);
    format!("{} {face} on {at}", possessive(board, die.owner))
}

fn joined(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The state of the page's controls, worked out once.
struct Controls {
    /// Dice whose square is a link (to choose them), with the link.
    die_links: HashMap<Square, String>,
    /// Buttons placed on squares.
    on_square: HashMap<Square, String>,
    /// Links placed on squares (a Hat's landing squares).
    leaps: HashMap<Square, Link>,
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
        c.badge(chain.started_at, "start".into());
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
    let first = match view.first_player {
        Some(s) if board.me == Some(s) => "you move".to_string(),
        Some(s) => format!("{} moves", plain_name(board, s)),
        None => "the first player moves".into(),
    };
    c.panel.title = "Arrange your start row".into();
    c.panel.lines.push(format!(
        "Put your 8 dice in the order you like by swapping two at a time. Nobody sees your order \
         until everyone has confirmed theirs; then all rows are revealed together and {first} \
         first."
    ));
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
            c.panel.links_intro =
                Some("Choose a die of your start row (the bottom row) to swap:".into());
            for &square in &swappable {
                let href = link_to(board, &[("pick", square.to_string())]);
                c.panel.links.push(Link {
                    href: href.clone(),
                    label: die_words(board, cells, square),
                });
                c.die_links.insert(square, href);
            }
        }
        Some(pick) => {
            c.panel.lines.push(format!(
                "Now press “Swap” on the die to trade places with {}.",
                die_words(board, cells, pick)
            ));
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
                    let face = face_at(b).map_or("die", face_name);
                    let label = format!("Swap this {face} with {a}");
                    c.on_square.insert(b, button(actions, choice, label));
                    c.mark(b, "dest");
                }
            }
            c.panel.back = Some(Link {
                href: link_to(board, &[]),
                label: "Choose another die".into(),
            });
        }
    }
    if let Some((_, choice)) = commands.iter().find(|(c, _)| *c == Command::Confirm) {
        c.panel
            .forms
            .push(button(actions, choice, "Confirm this arrangement".into()));
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
    c.panel.title = "Keep jumping or stop".into();
    c.panel.lines.push(format!(
        "{} is jumping. Jump again with the buttons on the board, or end the move here.",
        capitalised(&die_words(board, cells, at))
    ));
    if let Some(chain) = &board.view.chain {
        let jumped: Vec<String> = chain.jumped.iter().map(Square::to_string).collect();
        if !jumped.is_empty() {
            c.panel.lines.push(format!(
                "Already rolled this move (jumping them again does not roll them): {}.",
                joined(&jumped)
            ));
        }
    }
    c.mark(at, "chosen");
    for (command, choice) in commands {
        match *command {
            Command::Jump { from, to } if from == at => {
                c.on_square
                    .insert(to, button(actions, choice, format!("Jump to {to}")));
                c.mark(to, "dest");
            }
            Command::EndMove => {
                c.panel
                    .forms
                    .push(button(actions, choice, format!("End the move on {at}")))
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
        c.panel.title = "Your turn".into();
        c.panel.lines.push(
            "Move one of your dice, or roll one of them instead. Dice that are home in \
             their goal row stay there."
                .into(),
        );
        c.panel.links_intro = Some("Choose a die (or click it on the board):".into());
        for &square in &dice {
            let href = link_to(board, &[("die", square.to_string())]);
            c.panel.links.push(Link {
                href: href.clone(),
                label: die_words(board, cells, square),
            });
            c.die_links.insert(square, href);
        }
        return;
    };
    let face = cells
        .get(&die)
        .and_then(|cell| cell.die.as_ref())
        .and_then(|d| d.face);
    c.mark(die, "chosen");
    c.panel.title = format!("Move {}", die_words(board, cells, die));
    if let Some(face) = face {
        c.panel
            .lines
            .push(format!("A {} moves {}.", face_name(face), face_moves(face)));
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
                c.on_square
                    .insert(to, button(actions, choice, format!("Move to {to}")));
                c.mark(to, "dest");
                moves += 1;
            }
            Command::Jump { to, .. } => {
                c.on_square
                    .insert(to, button(actions, choice, format!("Jump to {to}")));
                c.mark(to, "dest");
                moves += 1;
            }
            Command::Roll { .. } => c.panel.forms.push(button(
                actions,
                choice,
                format!("Roll the die on {die} instead"),
            )),
            _ => {}
        }
    }
    for &to in &hat_targets {
        moves += 1;
        if target == Some(to) {
            c.mark(to, "dest");
            c.mark(to, "target");
            c.badge(to, "lands here".into());
            continue;
        }
        c.leaps.insert(
            to,
            Link {
                href: link_to(board, &[("die", die.to_string()), ("to", to.to_string())]),
                label: format!("Leap to {to}"),
            },
        );
        c.mark(to, "dest");
    }
    if let Some(to) = target {
        c.panel.lines.push(format!(
            "The Hat lands on {to}. Choose its route: every die on the route is rolled."
        ));
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
                    c.badge(square, format!("route {letter}"));
                    if cells.get(&square).is_some_and(|cell| cell.die.is_some()) {
                        rolled.push(die_words(board, cells, square));
                    }
                }
                let rolls = if rolled.is_empty() {
                    "it rolls nothing".to_string()
                } else {
                    format!("it rolls {}", joined(&rolled))
                };
                let via: Vec<String> = squares.iter().map(Square::to_string).collect();
                forms.push(button(
                    actions,
                    choice,
                    format!(
                        "Route {letter}: via {} ({}); {rolls}",
                        joined(&via),
                        path.words()
                    ),
                ));
            }
        }
        c.panel.forms.splice(0..0, forms);
        c.panel.back = Some(Link {
            href: link_to(board, &[("die", die.to_string())]),
            label: "Choose another landing square".into(),
        });
    } else {
        c.panel.lines.push(if moves == 0 {
            "It cannot move now, but you may roll it.".into()
        } else if hat_targets.is_empty() {
            "Press a button on a highlighted square to move there.".into()
        } else {
            "Choose a highlighted square to leap to; then you choose the route.".into()
        });
        c.panel.back = Some(Link {
            href: link_to(board, &[]),
            label: "Choose another die".into(),
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

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn waiting(board: &Board<'_, Gype>, c: &mut Controls) {
    let view = board.view;
    let names: Vec<String> = view.to_act.iter().map(|&s| board.name(s)).collect();
    match view.phase {
        PhaseView::NotStarted => c.panel.title = "The game has not started".into(),
        PhaseView::Arranging => {
            c.panel.title = "The players are arranging".into();
            if board
                .me
                .and_then(|me| seat_view(view, me))
                .is_some_and(|s| s.arranged)
            {
                c.panel.lines.push(
                    "You have confirmed your arrangement. Once everyone has, all start rows are \
                     revealed together and play begins."
                        .into(),
                );
            } else {
                c.panel.lines.push(
                    "Each player arranges their start row in secret. Once everyone has \
                     confirmed, all rows are revealed together and play begins."
                        .into(),
                );
            }
            if !names.is_empty() {
                c.panel
                    .lines
                    .push(format!("Still arranging: {}.", joined(&names)));
            }
        }
        PhaseView::Playing => {
            c.panel.title = match names.as_slice() {
                [] => "Play".into(),
                _ => format!("{} to move", joined(&names)),
            };
            if let Some(chain) = &view.chain {
                c.panel.lines.push(format!(
                    "The die on {} is in the middle of a chain of jumps.",
                    chain.at
                ));
            }
        }
        PhaseView::Finished => {
            c.panel.title = match view.winner {
                Some(w) => format!("{} won", capitalised(&plain_name(board, w))),
                None => "Game over".into(),
            };
            if let Some(w) = view.winner {
                c.panel.lines.push(format!(
                    "{} brought all 8 dice home to the goal row.",
                    capitalised(&plain_name(board, w))
                ));
            }
        }
    }
}

/// The latest action in words.
fn last_move(board: &Board<'_, Gype>, cells: &HashMap<Square, &CellView>) -> Option<String> {
    let view = board.view;
    let last = view.last_move.as_ref()?;
    let who = capitalised(&plain_name(board, last.seat));
    let whose = capitalised(&possessive(board, last.seat));
    let end = *last.trail.last()?;
    let face = cells
        .get(&end)
        .and_then(|c| c.die.as_ref())
        .and_then(|d| d.face)
        .map_or("die", face_name);
    let trail: Vec<String> = last.trail.iter().map(Square::to_string).collect();
    let mut text = match last.kind {
        MoveKind::Step => format!("{who} moved a {face} from {}.", trail.join(" to ")),
        MoveKind::Jump => {
            let still = view.chain.is_some();
            format!(
                "{whose} {face} jumped {}{}.",
                trail.join(" → "),
                if still { " and may jump on" } else { "" }
            )
        }
        MoveKind::Hat => format!("{whose} Hat leapt from {}.", trail.join(" to ")),
        MoveKind::Roll => {
            let rolled = last.rolls.first().map_or("?", |r| face_name(r.face));
            return Some(format!("{who} rolled the die on {end}: it shows {rolled}."));
        }
    };
    if !last.rolls.is_empty() {
        let rolls: Vec<String> = last
            .rolls
            .iter()
            .map(|r| format!("the die on {} now shows {}", r.at, face_name(r.face)))
            .collect();
        text.push_str(&format!(" Rolled: {}.", joined(&rolls)));
    }
    Some(text)
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
            controls.badge(roll.at, "rolled".into());
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
    let chaos_note = limited.and(view.turn).map(|seat| {
        format!(
            "Chaos rule: {} still had dice in the start row when this turn began, so this turn no \
             die may land beyond the centre line, in the shaded half of the board.",
            capitalised(&plain_name(board, seat))
        )
    });
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
                side: s.side.name(),
                colour: o.colour,
                home: s.dice_in_goal,
                in_start: s.dice_in_start_row,
                arranged: (view.phase == PhaseView::Arranging).then_some(s.arranged),
                to_act: view.to_act.contains(&s.seat),
            }
        })
        .collect();
    let viewer_words = match board.me {
        Some(_) => format!("from your side ({} at the bottom)", bottom.name()),
        None => format!("from the {} side", bottom.name()),
    };
    BoardHtml {
        caption: format!(
            "The board seen {viewer_words}. Each die shows its face and its owner’s letter."
        ),
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
                name: face_name(face),
                moves: face_moves(face),
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
        DieHtml {
            classes: die_classes.join(" "),
            icon: die.face.map(icon),
            face: die.face.map_or("hidden", face_name),
            owner: letter,
            href: controls.die_links.get(&square).cloned(),
            note: if die.jumping {
                Some("jumping")
            } else if die.frozen {
                Some("home")
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
