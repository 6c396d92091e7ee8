//! Every game Turnpost can host, and the one place that maps a stored kind to its code.

use serde::{Deserialize, Serialize};

/// Every game Turnpost can host.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Kalah,
    Quarto,
    Kabaleo,
    Azul,
    Gype,
}

impl Kind {
    pub const ALL: &'static [Kind] = &[
        Kind::Kalah,
        Kind::Quarto,
        Kind::Kabaleo,
        Kind::Azul,
        Kind::Gype,
    ];

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|kind| kind.as_str() == text)
    }

    pub fn as_str(self) -> &'static str {
        with_rules!(self, |R| <R as super::Rules>::KIND)
    }

    /// The message key of the game's name.
    pub fn name_key(self) -> &'static str {
        with_rules!(self, |R| <R as super::Rules>::NAME)
    }
}

/// Runs `$body` with `$R` bound to the rules type of `$kind`: the one place that maps a stored
/// kind to code.
#[macro_export]
macro_rules! with_rules {
    ($kind:expr, |$R:ident| $body:expr) => {
        match $kind {
            $crate::rules::Kind::Kalah => {
                type $R = $crate::rules::kalah::Kalah;
                $body
            }
            $crate::rules::Kind::Quarto => {
                type $R = $crate::rules::quarto::Quarto;
                $body
            }
            $crate::rules::Kind::Kabaleo => {
                type $R = $crate::rules::kabaleo::Kabaleo;
                $body
            }
            $crate::rules::Kind::Azul => {
                type $R = $crate::rules::azul::Azul;
                $body
            }
            $crate::rules::Kind::Gype => {
                type $R = $crate::rules::gype::Gype;
                $body
            }
        }
    };
}
pub use with_rules;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_through_their_names() {
        for kind in Kind::ALL {
            assert_eq!(Kind::parse(kind.as_str()), Some(*kind));
            let json = serde_json::to_value(kind).unwrap();
            assert_eq!(json, serde_json::Value::String(kind.as_str().into()));
        }
        assert_eq!(Kind::parse("chess"), None);
    }
}
