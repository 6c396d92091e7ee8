//! Move codes: the few words a player writes in an email reply to make a move ("3" for Kalah's
//! pit 3, "c3 then give TDRH" in Quarto).
//!
//! A code is never parsed on its own: a reply is read by comparing it with the codes of the
//! commands that are legal right now, so the rules engine stays the only judge of legality and a
//! code can only ever mean a legal command. Several codes may follow one another on a line; each
//! is played before the next is read against the new position.
//!
//! Each game's codes are in its own folder (`present/<game>/codes.rs`); this module reads replies
//! for all of them.

pub mod vocabulary;

#[cfg(test)]
mod tests;

use crate::i18n::Lang;
use crate::rules::{Rules, Seat};

/// How a game's commands are written in email replies.
pub trait MoveCodes: Rules {
    /// The code a player writes for `command` in `state`: lower-case words and numbers separated
    /// by single spaces.
    fn code(state: &Self::State, command: &Self::Command) -> String;

    /// Words a reply may add for readability that mean nothing ("pit", "on", "the").
    const FILLERS: &'static [&'static str] = &[];

    /// Puts a reply's words in the order codes use: lists that are sets (tiles, the two squares
    /// of a swap) sorted.
    fn canonical(_words: &mut [String]) {}

    /// How moves are written, a sentence a line, with examples, as message keys; for the help
    /// page and the foot of every your-turn email.
    const HELP: &'static [&'static str];
}

/// Words that separate moves on a line; they mean nothing in any game.
const SEPARATORS: &[&str] = &["then", "and", "&"];

/// A reply's words: lower case, split at spaces, commas and semicolons, with surrounding
/// punctuation, a leading `+` and filler words dropped; words of other languages (and
/// full-width characters) read as the code words they stand for.
pub fn words<R: MoveCodes>(line: &str) -> Vec<String> {
    let line = vocabulary::half_width(line);
    let mut words: Vec<String> = line
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '、'))
        .map(|w| {
            w.trim_matches(|c: char| ".!?\"'()[]{}<>*`“”‘’。「」".contains(c))
                .trim_start_matches('+')
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .flat_map(|w| vocabulary::code_words(&w))
        .filter(|w| !SEPARATORS.contains(&w.as_str()) && !R::FILLERS.contains(&w.as_str()))
        .collect();
    R::canonical(&mut words);
    words
}

/// Every command `seat` may make now, with its code. Commands that do the same (a swap of two
/// dice named in either order) share a code and are listed once.
pub fn legal_codes<R: MoveCodes>(state: &R::State, seat: Seat) -> Vec<(String, R::Command)> {
    let mut codes: Vec<(String, R::Command)> = Vec::new();
    for command in R::legal_commands(state, seat) {
        let code = R::code(state, &command);
        if !codes.iter().any(|(c, _)| *c == code) {
            codes.push((code, command));
        }
    }
    codes
}

/// The legal command whose code is the longest run of words at the start of `words`, and how
/// many words it used; `None` when no code matches.
pub fn read_next<R: MoveCodes>(
    state: &R::State,
    seat: Seat,
    words: &[String],
) -> Option<(R::Command, usize)> {
    read_among(&legal_codes::<R>(state, seat), words)
}

/// The command among `codes` (as [`legal_codes`] lists them) whose code is the longest run of
/// words at the start of `words`, and how many words it used.
pub fn read_among<C: Clone>(codes: &[(String, C)], words: &[String]) -> Option<(C, usize)> {
    codes
        .iter()
        .filter_map(|(code, command)| {
            let code = code.split(' ').collect::<Vec<_>>();
            let matches = code.len() <= words.len()
                && code
                    .iter()
                    .zip(words)
                    .all(|(c, w)| c.eq_ignore_ascii_case(w));
            matches.then(|| (command.clone(), code.len()))
        })
        .max_by_key(|(_, used)| *used)
}

/// The legal codes as one line each: "Reply with one of: 1, 2, 4" for a few, or grouped by
/// their first word when there are many.
pub fn menu<R: MoveCodes>(state: &R::State, seat: Seat, lang: Lang) -> Vec<String> {
    let codes: Vec<String> = legal_codes::<R>(state, seat)
        .into_iter()
        .map(|(code, _)| vocabulary::code_in(lang, &code))
        .collect();
    if codes.is_empty() {
        return Vec::new();
    }
    if codes.len() <= 12 {
        return vec![
            lang.tr("codes-reply-one-of")
                .arg("codes", codes.join(", "))
                .to_string(),
        ];
    }
    let mut single = Vec::new();
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for code in codes {
        let Some((head, rest)) = code.split_once(' ') else {
            single.push(code);
            continue;
        };
        match groups.iter_mut().find(|(h, _)| h == head) {
            Some((_, rests)) => rests.push(rest.to_string()),
            None => groups.push((head.to_string(), vec![rest.to_string()])),
        }
    }
    let mut lines = vec![lang.t("codes-reply-these")];
    if !single.is_empty() {
        lines.push(format!("  {}", single.join(", ")));
    }
    for (head, rests) in groups {
        let group = lang
            .tr("codes-group")
            .arg("head", head)
            .arg("codes", rests.join(", "));
        lines.push(format!("  {group}"));
    }
    lines
}
