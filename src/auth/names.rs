//! Display names that cannot impersonate. A name is normalised (NFKC: full-width Latin becomes
//! plain, half-width kana full-width), refused if it holds invisible or format characters, and
//! refused if its confusable skeleton (Unicode UTS #39, from `unicode-security`) is that of a
//! name kept for the site — a closed account's, a computer's, a moderator's — or of another
//! player's current name: "Ηard cοmputer" with Greek letters is "Hard computer" to a reader.

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

use crate::bots::Level;
use crate::i18n::Lang;
pub use crate::lookalike::skeleton;
use crate::rules::message::Message;

pub const MAX_NAME_CHARS: usize = 40;

/// What a closed account is called, before its number.
pub const FORMER_PLAYER: &str = "Former player";

/// How many computers of one level there are ("Hard computer", "Hard computer 2", …).
pub const COMPUTERS_PER_LEVEL: usize = 3;

/// Checks a display name: normalised, 1–40 characters after trimming, nothing invisible, and
/// not one of the names kept for the site. The message says what is wrong.
pub fn normalize_name(input: &str) -> Result<String, Message> {
    let normalised: String = input.nfkc().collect();
    let name: String = normalised.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        return Err(Message::new("name-missing"));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(Message::new("name-too-long").with("most", MAX_NAME_CHARS));
    }
    if name.chars().any(char::is_control) {
        return Err(Message::new("name-control"));
    }
    if name.chars().any(is_invisible) {
        return Err(Message::new("name-invisible"));
    }
    if let Some(kept) = reserved_like(&name) {
        return Err(Message::new("name-reserved").text("name", kept));
    }
    Ok(name)
}

/// Format characters (zero-width spaces and joiners, direction marks, soft hyphens) and the
/// variation selectors: they change what a name looks like, or nothing at all.
fn is_invisible(c: char) -> bool {
    c.general_category() == GeneralCategory::Format
        || matches!(c, '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}' | '\u{3164}' | '\u{115F}' | '\u{1160}')
}

/// The kept name `name` looks like or starts like, if any: a closed account's, a computer's or a
/// moderator's, in every language ("Hard computer 4" is refused as well as "Hard computer 2").
fn reserved_like(name: &str) -> Option<String> {
    let shape = skeleton(name);
    reserved_names()
        .into_iter()
        .find(|kept| shape.starts_with(&skeleton(kept)))
}

/// The names kept for the site, each also kept as the start of a name: a closed account's, every
/// computer level's and the moderators', in every language.
pub fn reserved_names() -> Vec<String> {
    let mut names = vec![FORMER_PLAYER.to_string()];
    for lang in Lang::ALL {
        names.push(lang.t("moderator-name"));
        names.extend(Level::ALL.map(|level| computer_name(level, 0, lang)));
    }
    names
}

/// A level's name in words ("Hard", "上級").
pub fn level_name(level: Level, lang: Lang) -> String {
    lang.t(match level {
        Level::Easy => "computer-level-easy",
        Level::Medium => "computer-level-medium",
        Level::Hard => "computer-level-hard",
    })
}

/// The name of the `n`th computer (from 0) of `level`, in `lang`: "Hard computer", "Hard
/// computer 2".
pub fn computer_name(level: Level, n: usize, lang: Lang) -> String {
    let named = lang
        .tr("computer-name")
        .arg("level", level_name(level, lang))
        .to_string();
    match n {
        0 => named,
        n => format!("{named} {}", n + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_of_kept_names_are_refused() {
        for name in [
            "Former player 3",
            "Fоrmer player 3", // Cyrillic о
            "Fοrmer plαyer 3", // Greek ο and α
            "Former\u{200B} player 3",
            "Hard computer",
            "Hаrd computer",   // Cyrillic а
            "Ηard cοmputer 2", // Greek Η and ο
            "ＨＡＲＤ ＣＯＭＰＵＴＥＲ",
            "Moderator",
            "Mоderator Ann",
            "モデレーター",
        ] {
            assert!(normalize_name(name).is_err(), "{name}");
        }
    }

    #[test]
    fn invisible_characters_are_refused_and_widths_made_one() {
        let refused = normalize_name("Ann\u{200D}a").unwrap_err();
        assert_eq!(refused.key, "name-invisible");
        assert!(normalize_name("An\u{00AD}n").is_err());
        assert!(normalize_name("Ann\u{FE0F}").is_err());
        assert_eq!(normalize_name("ｶﾀｶﾅ").unwrap(), "カタカナ");
        assert_eq!(normalize_name("  Ｚｏｒａ  ").unwrap(), "Zora");
        assert_eq!(skeleton("Zora"), skeleton("Ζοrа"));
        assert_ne!(skeleton("Zora"), skeleton("Zola"));
        assert_eq!(
            normalize_name("Hard computing fan").unwrap(),
            "Hard computing fan"
        );
    }
}
