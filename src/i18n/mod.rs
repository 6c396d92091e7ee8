//! The languages Turnpost speaks. Every sentence a person reads comes from the Fluent files in
//! `src/i18n/locales/<language>/`, one file per area; code holds only message keys and
//! arguments. The engines return [`Message`]s and this module turns them into words.

mod accept;
mod catalog;
mod phrase;
#[cfg(test)]
mod tests;

use std::borrow::Cow;

use fluent_bundle::{FluentArgs, FluentValue};
use serde::{Deserialize, Serialize};

use crate::rules::message::{Arg, ListStyle, Message};

pub use phrase::Phrase;

/// A language of the site, its emails and its messages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ja];

    /// The BCP 47 code, as stored in a player's settings and put in `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language's own name for itself.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ja => "日本語",
        }
    }

    /// The message key of the language's name in other languages.
    pub fn name_key(self) -> &'static str {
        match self {
            Lang::En => "language-english",
            Lang::Ja => "language-japanese",
        }
    }

    /// The first of the languages we speak that an `Accept-Language` header asks for, by weight.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        accept::preferred(header, |tag| {
            let primary = tag.split('-').next().unwrap_or(tag);
            Lang::from_code(&primary.to_ascii_lowercase())
        })
    }

    /// The language of a command-line session: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set ("ja_JP.UTF-8" is Japanese); English when none names a language we speak.
    pub fn from_env() -> Lang {
        let setting = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty());
        setting.map_or(Lang::En, |value| Lang::from_locale(&value))
    }

    /// The language a POSIX locale name stands for: "ja_JP.UTF-8", "ja", "en_GB"; English for
    /// "C", "POSIX" and languages we do not speak.
    pub fn from_locale(locale: &str) -> Lang {
        let code = locale
            .split(['_', '.', '@', '-'])
            .next()
            .unwrap_or_default();
        Lang::from_code(&code.to_ascii_lowercase()).unwrap_or_default()
    }

    /// The text of a message without arguments.
    pub fn t(self, key: &str) -> String {
        self.lookup(key, None).into_owned()
    }

    /// A game's name.
    pub fn game_name(self, kind: crate::rules::Kind) -> String {
        self.t(kind.name_key())
    }

    /// A message with arguments added one by one; it is looked up when displayed, so it can be
    /// written straight into a template: `{{ lang.tr("signed-in-as").arg("name", name) }}`.
    pub fn tr(self, key: &'static str) -> Phrase {
        Phrase::new(self, Message::new(key))
    }

    /// An engine's message in this language; seats are shown as the names in `names`.
    pub fn say(self, message: &Message, names: &[String]) -> String {
        self.said(message, names).into_owned()
    }

    fn said<'a>(self, message: &'a Message, names: &'a [String]) -> Cow<'static, str> {
        if message.args.is_empty() {
            return self.lookup(&message.key, None);
        }
        let mut args = FluentArgs::with_capacity(message.args.len());
        for (name, arg) in &message.args {
            let value: FluentValue<'a> = match arg {
                Arg::Number(n) => FluentValue::from(*n),
                Arg::Text(text) => FluentValue::from(text.as_str()),
                Arg::Seat(seat) => FluentValue::from(self.seat_word(names, *seat)),
                Arg::Message(inner) => FluentValue::from(self.said(inner, names)),
                Arg::List(style, items) => FluentValue::from(self.join(*style, items, names)),
            };
            args.set(name.as_ref(), value);
        }
        self.lookup(&message.key, Some(&args))
    }

    /// Items joined as this language joins a list.
    fn join(self, style: ListStyle, items: &[Message], names: &[String]) -> String {
        let words: Vec<String> = items.iter().map(|m| self.say(m, names)).collect();
        let (separator, last) = match style {
            ListStyle::And => ("list-separator", "list-last-separator"),
            ListStyle::Clauses => ("list-clause-separator", "list-clause-separator"),
            ListStyle::Commas => ("list-separator", "list-separator"),
        };
        match words.as_slice() {
            [] => String::new(),
            [only] => only.clone(),
            [rest @ .., final_word] => {
                let joined = rest.join(&self.t(separator));
                format!("{joined}{}{final_word}", self.t(last))
            }
        }
    }

    /// A seat's name, or "Player 2" when the table does not know it.
    pub fn seat_name(self, names: &[String], seat: usize) -> String {
        self.seat_word(names, seat).into_owned()
    }

    fn seat_word(self, names: &[String], seat: usize) -> Cow<'_, str> {
        match names.get(seat) {
            Some(name) => Cow::Borrowed(name),
            None => self.said(
                &Message::new("player-numbered").with("number", seat.saturating_add(1)),
                &[],
            ),
        }
    }

    fn lookup(self, key: &str, args: Option<&FluentArgs>) -> Cow<'static, str> {
        catalog::format(self, key, args).unwrap_or_else(|| {
            tracing::error!(key, language = self.code(), "missing translation");
            Cow::Owned(key.to_string())
        })
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// English, for logs and for errors that carry a message into `Display`; what people read goes
/// through [`Lang::say`] in their own language.
impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&Lang::En.say(self, &[]))
    }
}
