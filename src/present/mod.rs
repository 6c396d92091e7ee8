//! How each game looks, for pages and emails alike: one folder per game with its board (HTML and
//! plain text), its new-game options, its guide and its move codes, behind [`GameUi`] and
//! [`codes::MoveCodes`]. `web/` and `mail/` draw games only through these.

mod azul;
pub mod codes;
#[cfg(test)]
mod distinct_tests;
pub mod form;
pub mod guide;
mod gype;
mod kabaleo;
mod kalah;
pub mod picture;
#[cfg(test)]
mod positions;
mod quarto;
pub mod rating_chart;
pub mod result;
#[cfg(test)]
mod wording_tests;

use std::collections::BTreeMap;

use askama::Template;

use crate::i18n::Lang;
use crate::rules::Message;
use crate::rules::{Rules, Seat};
use form::FormFields;
use guide::Guide;

/// Ends a description with a full stop if it has no closing punctuation.
pub fn sentence(mut text: String) -> String {
    if !text.ends_with(['.', '!', '?', '…', '。', '！', '？']) {
        text.push('.');
    }
    text
}

/// The first letter in capitals, for names and phrases that open a heading or a line.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The page-side half of a game.
pub trait GameUi: Rules {
    /// The option inputs of the new-game form (HTML), in `lang`.
    fn options_fields(lang: Lang) -> Result<String, askama::Error>;

    /// Reads the options from a submitted new-game form.
    fn options_from_form(form: &FormFields) -> Result<Self::Options, Message>;

    /// The options in words, one per line, for the game page and invitations.
    fn describe_options(options: &Self::Options) -> Vec<Message>;

    /// The board (HTML) with a control for every action in `board.actions`. Choices made in
    /// several steps (a piece, then a square) are links that add to `board.query`; the last
    /// step is a form from `Actions::form`.
    fn board(board: &Board<'_, Self>) -> Result<String, askama::Error>;

    /// The position as plain text, for emails: a few short lines that read well in a
    /// fixed-width font.
    fn text_board(board: &Board<'_, Self>) -> String;

    /// The position in words, for screen readers and text browsers: what is on the board and
    /// what each seat holds, a sentence each, in reading order. The game page puts who is to
    /// move before these and the last move after.
    fn in_words(board: &Board<'_, Self>) -> Vec<String>;

    /// What the game is, its rules in short and its options, for newcomers.
    fn guide() -> &'static Guide;

    /// The moves `seat` may make now, each once: the rules may accept one move in several
    /// spellings (a swap of two dice named in either order), which tools and bots should not be
    /// offered twice. The page's controls cover every spelling; the JSON twin lists these.
    fn distinct_commands(state: &Self::State, seat: Seat) -> Vec<Self::Command> {
        Self::legal_commands(state, seat)
    }
}

/// What a board is drawn from.
pub struct Board<'a, R: Rules + ?Sized> {
    pub view: &'a R::View,
    /// The game page's path (`/games/ID`), for links that build up a choice.
    pub path: &'a str,
    /// The page's query parameters other than `at` and `format`: the choice made so far.
    pub query: &'a BTreeMap<String, String>,
    /// Display names by seat.
    pub names: &'a [String],
    /// The viewer's seat, if they play.
    pub me: Option<Seat>,
    /// Present when the viewer may act on this board now.
    pub actions: Option<&'a Actions>,
    /// The language the board is written in.
    pub lang: Lang,
}

impl<R: Rules + ?Sized> Board<'_, R> {
    /// An engine's message in the board's language, with the players' names.
    pub fn say(&self, message: &Message) -> String {
        self.lang.say(message, self.names)
    }

    /// A link to this page with the choice so far plus `key=value`.
    pub fn link_with(&self, key: &str, value: &str) -> String {
        let mut query = self.query.clone();
        query.insert(key.to_string(), value.to_string());
        let encoded = serde_urlencoded::to_string(&query).unwrap_or_default();
        format!("{}?{encoded}", self.path)
    }

    /// A seat's player, marked when it is the viewer.
    pub fn name(&self, seat: Seat) -> String {
        let name = self.lang.seat_name(self.names, seat);
        if self.me == Some(seat) {
            self.lang.tr("board-name-you").arg("name", name).to_string()
        } else {
            name
        }
    }

    /// A message key without arguments, in the board's language.
    pub fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }
}

/// The viewer's legal commands and what posting one needs.
pub struct Actions {
    pub game_id: String,
    pub seq: i64,
    pub csrf: String,
    pub choices: Vec<Choice>,
}

/// One legal command: its label and its JSON, as posted.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub label: String,
    pub command: serde_json::Value,
}

#[derive(Template)]
#[template(path = "_move_form.html")]
struct MoveForm<'a> {
    actions: &'a Actions,
    choice: &'a Choice,
    command: String,
    /// The button's name for screen readers where its words leave out the place it acts on
    /// (which the board around it shows): it holds the words and says the place.
    name: Option<String>,
}

impl Actions {
    /// The form that posts `choice`: one button, labelled in words.
    pub fn form(&self, choice: &Choice) -> String {
        self.render_form(choice, None)
    }

    /// The form that posts `choice`, its button named `name` for screen readers.
    pub fn named_form(&self, choice: &Choice, name: String) -> String {
        self.render_form(choice, Some(name))
    }

    fn render_form(&self, choice: &Choice, name: Option<String>) -> String {
        MoveForm {
            actions: self,
            choice,
            command: choice.command.to_string(),
            name,
        }
        .render()
        .unwrap_or_default()
    }

    /// The choice whose command equals `command` (serialized).
    pub fn find<C: serde::Serialize>(&self, command: &C) -> Option<&Choice> {
        let wanted = serde_json::to_value(command).ok()?;
        self.choices.iter().find(|c| c.command == wanted)
    }
}

/// A table's options, stored as JSON, in words, one per line; options that cannot be read give
/// none.
pub fn options_in_words(
    kind: crate::rules::Kind,
    options: &serde_json::Value,
    lang: crate::i18n::Lang,
) -> Vec<String> {
    let messages = crate::rules::with_rules!(kind, |R| {
        match serde_json::from_value::<<R as crate::rules::Rules>::Options>(options.clone()) {
            Ok(typed) => <R as GameUi>::describe_options(&typed),
            Err(_) => Vec::new(),
        }
    });
    messages.iter().map(|m| lang.say(m, &[])).collect()
}
