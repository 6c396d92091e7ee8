//! A message with its arguments, translated when it is displayed: what templates write.

use std::fmt;

use super::Lang;
use crate::rules::message::{Arg, Message};

#[derive(Clone, Debug)]
pub struct Phrase {
    lang: Lang,
    message: Message,
}

impl Phrase {
    pub(super) fn new(lang: Lang, message: Message) -> Phrase {
        Phrase { lang, message }
    }

    /// Adds an argument: text is shown as it is, numbers select plural forms.
    pub fn arg(mut self, name: &'static str, value: impl PhraseArg) -> Phrase {
        self.message = self.message.with(name, value.to_arg());
        self
    }
}

impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lang.said(&self.message, &[]))
    }
}

/// What a template may pass as an argument, however many references deep.
pub trait PhraseArg {
    fn to_arg(&self) -> Arg;
}

impl<T: PhraseArg + ?Sized> PhraseArg for &T {
    fn to_arg(&self) -> Arg {
        (**self).to_arg()
    }
}

impl PhraseArg for str {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.to_string())
    }
}

impl PhraseArg for String {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.clone())
    }
}

impl PhraseArg for Phrase {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.to_string())
    }
}

macro_rules! number_phrase_args {
    ($($t:ty),*) => {$(
        impl PhraseArg for $t {
            fn to_arg(&self) -> Arg {
                Arg::from(*self)
            }
        }
    )*};
}
number_phrase_args!(u8, u16, u32, u64, usize, i32, i64);

/// A yes-or-no argument, as [`Arg`] takes it.
impl PhraseArg for bool {
    fn to_arg(&self) -> Arg {
        Arg::from(*self)
    }
}
