//! What the plan page shows its player: their plan's open lines in words, the line being drawn
//! up (a link per command, the draft kept in the address so that nothing is written until it is
//! saved), and, for programs, the same as JSON.

use diesel::pg::PgConnection;
use serde::Serialize;
use serde_json::Value;

use crate::auth::Player;
use crate::game_log::decide::plan_lines::{self as lines, MAX_LINES, MAX_PLIES};
use crate::game_log::error::ServiceError;
use crate::game_log::fold::load::load;
use crate::game_log::fold::replay::Game;
use crate::i18n::Lang;
use crate::present::codes::{MoveCodes, legal_codes};
use crate::present::{Board, GameUi};
use crate::rules::message::Message;
use crate::rules::{Seat, Viewer};
use crate::tables::plans as planning;
use crate::web::request::error::WebError;

/// Codes in the page's address are separated by this; no code holds it.
pub const SEPARATOR: char = '/';

/// One command of a line, in words and as the rules and email replies write it.
#[derive(Serialize)]
pub struct Ply {
    pub by_you: bool,
    pub words: String,
    pub code: String,
    pub command: Value,
}

/// A line of the plan, numbered from 1.
#[derive(Serialize)]
pub struct LineView {
    pub number: usize,
    pub plies: Vec<Ply>,
}

/// A choice for the next command of the draft: its words and the address that adds it.
#[derive(Serialize)]
pub struct Choice {
    pub words: String,
    pub code: String,
    pub href: String,
}

/// The line being drawn up.
#[derive(Serialize)]
pub struct Draft {
    pub plies: Vec<Ply>,
    /// The draft's codes, for the form that saves it.
    pub codes: String,
    /// Whose command comes next ("Bo's move", "Your answer"), when the draft may go on.
    pub next: Option<String>,
    pub next_is_yours: bool,
    pub choices: Vec<Choice>,
    /// The position after the draft, a sentence each.
    pub in_words: Vec<String>,
    /// Whether the draft is a whole line that may be saved, or why not yet.
    pub savable: bool,
    pub not_yet: Option<String>,
}

/// Everything the page and its JSON twin show.
#[derive(Serialize)]
pub struct PlanView {
    pub id: String,
    pub game_name: String,
    pub opponent: String,
    pub offered: bool,
    /// The notice of a move the plan missed, which cleared it.
    pub missed: Option<String>,
    pub lines: Vec<LineView>,
    pub draft: Option<Draft>,
    pub max_lines: usize,
    pub max_plies: usize,
}

/// The plan page of `player` in `game_id`, the draft `draft` (codes separated by
/// [`SEPARATOR`]) drawn up from the position now.
pub fn plan_view<R: GameUi + MoveCodes>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    draft: &str,
    lang: Lang,
) -> Result<PlanView, WebError> {
    let (mut game, _) = load::<R>(conn, game_id)?;
    crate::computers::name_in(&mut game, lang);
    let Some(me) = game.seat_of(player.id) else {
        return Err(ServiceError::Forbidden(Message::new("rule-not-seated")).into());
    };
    let names = game.seat_names();
    let offered = lines::offered(&game, player.id);
    let kept = planning::read(conn, game_id, player.id)?;
    // Plans are made in games of two: when none may be made now, the other seat is the one named.
    let other = (0..game.players).find(|&seat| seat != me).unwrap_or(me);
    let them = offered.map_or(other, |(_, them)| them);
    let missed = (kept.as_ref().and_then(|k| k.missed_at)).map(|row| {
        lang.say(
            &Message::new("plan-missed")
                .seat("player", them)
                .with("row", row),
            &names,
        )
    });
    let state = game.state.clone();
    let lines = match (&state, offered, &kept) {
        (Some(state), Some(_), Some(kept)) => (1..)
            .zip(kept.open_lines())
            .map(|(number, plies)| LineView {
                number,
                plies: in_words::<R>(state, me, them, &plies, &names, lang),
            })
            .collect(),
        _ => Vec::new(),
    };
    let draft = match (&state, offered) {
        (Some(state), Some(_)) => Some(drafted::<R>(&game, state, me, them, draft, lang)),
        _ => None,
    };
    Ok(PlanView {
        id: game.id.clone(),
        game_name: lang.t(R::NAME),
        opponent: names.get(them).cloned().unwrap_or_default(),
        offered: offered.is_some(),
        missed,
        lines,
        draft,
        max_lines: MAX_LINES,
        max_plies: MAX_PLIES,
    })
}

/// The plan page's address with the draft `line`.
pub fn draft_href(game_id: &str, line: &str) -> String {
    let query = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("line", line)
        .finish();
    format!("/games/{game_id}/plan?{query}")
}

/// A line's commands in words, played out from `state`.
fn in_words<R: GameUi + MoveCodes>(
    state: &R::State,
    me: Seat,
    them: Seat,
    plies: &[Value],
    names: &[String],
    lang: Lang,
) -> Vec<Ply> {
    let mut shown = Vec::new();
    let mut at = state.clone();
    for ply in plies {
        let Ok(command) = serde_json::from_value::<R::Command>(ply.clone()) else {
            break;
        };
        let Ok(by) = lines::next_to_act::<R>(&at, me, them, shown.len() + 1) else {
            break;
        };
        shown.push(ply_of::<R>(&at, by == me, &command, names, lang));
        match lines::step::<R>(at.clone(), by, &command) {
            Ok(after) => at = after,
            Err(_) => break,
        }
    }
    shown
}

fn ply_of<R: GameUi + MoveCodes>(
    state: &R::State,
    by_you: bool,
    command: &R::Command,
    names: &[String],
    lang: Lang,
) -> Ply {
    Ply {
        by_you,
        words: lang.say(&R::command_label(state, command), names),
        code: R::code(state, command),
        command: serde_json::to_value(command).expect("commands serialize"),
    }
}

/// The draft `codes` read from the position now, as far as they make a line.
fn drafted<R: GameUi + MoveCodes>(
    game: &Game<R>,
    state: &R::State,
    me: Seat,
    them: Seat,
    codes: &str,
    lang: Lang,
) -> Draft {
    let names = game.seat_names();
    let mut commands: Vec<R::Command> = Vec::new();
    let mut plies = Vec::new();
    let mut at = state.clone();
    let mut not_yet = None;
    for code in codes.split(SEPARATOR).filter(|c| !c.trim().is_empty()) {
        let step = lines::next_to_act::<R>(&at, me, them, commands.len() + 1).and_then(|by| {
            let found = legal_codes::<R>(&at, by)
                .into_iter()
                .find(|(c, _)| c == code.trim());
            let (_, command) = found.ok_or_else(|| {
                Message::new("plan-code-unknown").text("code", code.trim().to_string())
            })?;
            let after = lines::step::<R>(at.clone(), by, &command)
                .map_err(|why| why.with("ply", commands.len() + 1))?;
            Ok((by, command, after))
        });
        match step {
            Ok((by, command, after)) => {
                plies.push(ply_of::<R>(&at, by == me, &command, &names, lang));
                commands.push(command);
                at = after;
            }
            Err(why) => {
                not_yet = Some(lang.say(&why, &names));
                break;
            }
        }
    }
    let kept_codes: Vec<&str> = plies.iter().map(|p| p.code.as_str()).collect();
    let so_far = kept_codes.join(&SEPARATOR.to_string());
    let next = match commands.len() < MAX_PLIES {
        true => lines::next_to_act::<R>(&at, me, them, commands.len() + 1).ok(),
        false => None,
    };
    let choices = next.map_or_else(Vec::new, |by| {
        (legal_codes::<R>(&at, by).into_iter())
            .map(|(code, command)| {
                let line = match so_far.is_empty() {
                    true => code.clone(),
                    false => format!("{so_far}{SEPARATOR}{code}"),
                };
                Choice {
                    words: lang.say(&R::command_label(&at, &command), &names),
                    href: draft_href(&game.id, &line),
                    code,
                }
            })
            .collect()
    });
    let whole = lines::walk::<R>(state, me, them, &commands);
    if not_yet.is_none() && !commands.is_empty() {
        not_yet = whole.as_ref().err().map(|why| lang.say(why, &names));
    }
    let view = R::view(&at, Viewer::Seat(me));
    let path = format!("/games/{}", game.id);
    let board = Board::<R> {
        view: &view,
        path: &path,
        query: &Default::default(),
        names: &names,
        me: Some(me),
        actions: None,
        lang,
    };
    Draft {
        savable: whole.is_ok(),
        plies,
        codes: so_far,
        next_is_yours: next == Some(me),
        next: next.map(|by| match by == me {
            true => lang.t("plan-next-yours"),
            false => lang.say(&Message::new("plan-next-theirs").seat("player", by), &names),
        }),
        choices,
        in_words: R::in_words(&board),
        not_yet,
    }
}

/// The commands a saved draft's `codes` stand for, read from the position now; or why they
/// make no line.
pub fn commands_of<R: GameUi + MoveCodes>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    codes: &str,
) -> Result<Vec<Value>, WebError> {
    let (game, _) = load::<R>(conn, game_id)?;
    let (Some((me, them)), Some(state)) = (lines::offered(&game, player.id), game.state.clone())
    else {
        return Err(ServiceError::Rule(Message::new("plan-not-offered")).into());
    };
    let mut at = state;
    let mut commands = Vec::new();
    for code in codes.split(SEPARATOR).filter(|c| !c.trim().is_empty()) {
        let n = commands.len() + 1;
        let by = lines::next_to_act::<R>(&at, me, them, n).map_err(ServiceError::Rule)?;
        let found = legal_codes::<R>(&at, by)
            .into_iter()
            .find(|(c, _)| c == code.trim());
        let Some((_, command)) = found else {
            let why = Message::new("plan-code-unknown").text("code", code.trim().to_string());
            return Err(ServiceError::Rule(why).into());
        };
        at = lines::step::<R>(at, by, &command)
            .map_err(|why| ServiceError::Rule(why.with("ply", n)))?;
        commands.push(serde_json::to_value(&command).expect("commands serialize"));
    }
    Ok(commands)
}
