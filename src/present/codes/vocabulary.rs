//! The words of move codes in every language. Codes are made and compared in their English
//! words; a player reading another language sees them in theirs ("取る 3 赤" for "take 3 red")
//! and may reply in either, with or without spaces between the words.

use std::sync::OnceLock;

use crate::i18n::Lang;

/// Every word a code or a reply may hold that has a translation, with its message key. Square
/// names, numbers and Quarto's trait letters are the same in every language.
const WORDS: &[(&str, &str)] = &[
    ("swap", "code-word-swap"),
    ("give", "code-word-give"),
    ("then", "code-word-then"),
    ("if", "code-word-if"),
    ("then", "code-word-if-then"),
    ("take", "code-word-take"),
    ("centre", "code-word-centre"),
    ("place", "code-word-place"),
    ("wild", "code-word-wild"),
    ("bonus", "code-word-bonus"),
    ("next", "code-word-next"),
    ("round", "code-word-round"),
    ("pass", "code-word-pass"),
    ("keep", "code-word-keep"),
    ("nothing", "code-word-nothing"),
    ("done", "code-word-done"),
    ("move", "code-word-move"),
    ("jump", "code-word-jump"),
    ("hat", "code-word-hat"),
    ("via", "code-word-via"),
    ("end", "code-word-end"),
    ("roll", "code-word-roll"),
    ("blue", "code-word-blue"),
    ("green", "code-word-green"),
    ("yellow", "code-word-yellow"),
    ("orange", "code-word-orange"),
    ("pink", "code-word-pink"),
    ("purple", "code-word-purple"),
    ("red", "code-word-red"),
    ("sow", "code-word-sow"),
    ("pit", "code-word-pit"),
    ("pile", "code-word-pile"),
    ("star", "code-word-star"),
    ("space", "code-word-space"),
    ("factory", "code-word-factory"),
    ("piece", "code-word-piece"),
    ("die", "code-word-die"),
    ("say", "code-word-say"),
    ("resign", "code-word-resign"),
    ("report", "code-word-report"),
    ("help", "code-word-help"),
    ("board", "code-word-board"),
];

/// A code word in `lang`; words without a translation are the same in every language.
pub fn word_in(lang: Lang, word: &str) -> String {
    match WORDS.iter().find(|(english, _)| *english == word) {
        Some((_, key)) => lang.t(key),
        None => word.to_string(),
    }
}

/// A code (English words separated by spaces) as a player reading `lang` writes it.
pub fn code_in(lang: Lang, code: &str) -> String {
    code.split(' ')
        .map(|word| word_in(lang, word))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every translation that differs from its English word, longest first, so that a run of words
/// written without spaces is read word by word.
fn translations() -> &'static [(String, &'static str)] {
    static TRANSLATIONS: OnceLock<Vec<(String, &'static str)>> = OnceLock::new();
    TRANSLATIONS.get_or_init(|| {
        let mut all: Vec<(String, &'static str)> = WORDS
            .iter()
            .flat_map(|&(english, key)| {
                Lang::ALL
                    .into_iter()
                    .map(move |lang| (lang.t(key).to_lowercase(), english))
            })
            .filter(|(word, english)| word != english)
            .collect();
        all.sort_by_key(|(word, _)| std::cmp::Reverse(word.chars().count()));
        all.dedup();
        all
    })
}

/// Full-width letters, digits and punctuation as their ASCII forms, as Japanese keyboards type
/// them ("ｃ３" is "c3").
pub fn half_width(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .collect()
}

/// A reply's token as code words: translated words become their English words, and a token
/// that runs several words together ("取る3赤") is split into them. What is not a known word
/// is kept as it is, so that it fails to match and the reply is answered as unreadable.
pub fn code_words(token: &str) -> Vec<String> {
    if token.is_ascii() {
        return vec![token.to_string()];
    }
    let mut words = Vec::new();
    // Characters that are no known word, kept together as one word of their own.
    let mut unknown = String::new();
    let mut rest = token;
    while let Some(next) = rest.chars().next() {
        let known = translations()
            .iter()
            .find(|(word, _)| rest.starts_with(word.as_str()));
        let ascii = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        let (word, used) = match known {
            Some((word, english)) => (english.to_string(), word.len()),
            None if ascii > 0 => (rest[..ascii].to_string(), ascii),
            None => {
                unknown.push(next);
                rest = &rest[next.len_utf8()..];
                continue;
            }
        };
        if !unknown.is_empty() {
            words.push(std::mem::take(&mut unknown));
        }
        words.push(word);
        rest = &rest[used..];
    }
    if !unknown.is_empty() {
        words.push(unknown);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_words_read_as_code_words_with_or_without_spaces() {
        assert_eq!(code_in(Lang::Ja, "take 3 red"), "取る 3 赤");
        assert_eq!(code_in(Lang::En, "take 3 red"), "take 3 red");
        assert_eq!(code_words("取る3赤"), ["take", "3", "red"]);
        assert_eq!(code_words("次のラウンド"), ["next", "round"]);
        assert_eq!(code_words("入れ替え"), ["swap"]);
        assert_eq!(code_words("c3"), ["c3"]);
        assert_eq!(code_words("もし3なら4"), ["if", "3", "then", "4"]);
        assert_eq!(code_words("こんにちは"), ["こんにちは"]);
        assert_eq!(half_width("ｃ３　渡す　ＴＤＲＨ"), "c3 渡す TDRH");
    }

    #[test]
    fn no_two_words_share_a_translation() {
        for lang in Lang::ALL {
            let mut seen = std::collections::BTreeMap::new();
            for (english, key) in WORDS {
                let word = lang.t(key);
                // A word may have two translations (Japanese "then" is 次に, and なら in a
                // plan's "if … then …"), but no translation two words.
                if let Some(other) = seen.insert(word.clone(), english)
                    && other != english
                {
                    panic!("{lang}: “{word}” is both {other} and {english}");
                }
            }
        }
    }
}
