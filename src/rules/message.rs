//! Words for people, kept language-neutral: a key into the translations and its arguments. The
//! engines say what happened or why a command was refused in these; the web and mail layers
//! (`crate::i18n`) turn them into sentences in the reader's language.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::Seat;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub key: Cow<'static, str>,
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

/// One argument of a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arg {
    /// A count or a number shown as such; plural forms select on it.
    Number(i64),
    /// Text shown as it is (a name or words a player typed).
    Text(String),
    /// A seat, shown as that player's name.
    Seat(Seat),
    /// Words of their own, translated before they are put in.
    Message(Message),
    /// Several items, joined as the language joins a list ("a, b and c").
    List(ListStyle, Vec<Message>),
}

/// How the items of a list are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ListStyle {
    /// "a, b and c": items that are words.
    And,
    /// "a; b; c": items that are clauses of their own.
    Clauses,
    /// "a, b, c": items of a parenthesis, such as scores.
    Commas,
}

impl Message {
    pub fn new(key: &'static str) -> Message {
        Message {
            key: Cow::Borrowed(key),
            args: Vec::new(),
        }
    }

    /// Adds an argument; numbers and messages convert on their own, seats go through [`Message::seat`].
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        self.args.push((Cow::Borrowed(name), value.into()));
        self
    }

    /// Adds a seat, shown as the player's name.
    pub fn seat(self, name: &'static str, seat: Seat) -> Message {
        self.with(name, Arg::Seat(seat))
    }

    /// Adds text shown as it is.
    pub fn text(self, name: &'static str, text: impl Into<String>) -> Message {
        self.with(name, Arg::Text(text.into()))
    }

    /// Adds a list of items joined with "and".
    pub fn list(self, name: &'static str, items: impl IntoIterator<Item = Message>) -> Message {
        self.with(name, Arg::List(ListStyle::And, items.into_iter().collect()))
    }

    /// Adds a list of clauses joined with semicolons.
    pub fn clauses(self, name: &'static str, items: impl IntoIterator<Item = Message>) -> Message {
        self.with(
            name,
            Arg::List(ListStyle::Clauses, items.into_iter().collect()),
        )
    }

    /// Adds a list of items joined with commas alone.
    pub fn commas(self, name: &'static str, items: impl IntoIterator<Item = Message>) -> Message {
        self.with(
            name,
            Arg::List(ListStyle::Commas, items.into_iter().collect()),
        )
    }

    /// The message with every seat replaced by its name in `names`, to be kept and shown later
    /// whatever the players are called by then. Seats without a name are left as they are.
    pub fn naming(&self, names: &[String]) -> Message {
        let name = |arg: &Arg| match arg {
            Arg::Seat(seat) => names
                .get(*seat)
                .map_or_else(|| arg.clone(), |n| Arg::Text(n.clone())),
            Arg::Message(inner) => Arg::Message(inner.naming(names)),
            Arg::List(style, items) => {
                Arg::List(*style, items.iter().map(|m| m.naming(names)).collect())
            }
            other => other.clone(),
        };
        Message {
            key: self.key.clone(),
            args: self
                .args
                .iter()
                .map(|(n, a)| (n.clone(), name(a)))
                .collect(),
        }
    }

    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

/// A yes-or-no argument is the text `true` or `false`, for a message to select on:
/// `{ $moving -> [true] … *[false] … }`.
impl From<bool> for Arg {
    fn from(yes: bool) -> Arg {
        Arg::Text(yes.to_string())
    }
}

impl From<Message> for Arg {
    fn from(m: Message) -> Arg {
        Arg::Message(m)
    }
}
