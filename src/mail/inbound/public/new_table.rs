//! `new …` by email: a table asked for in words, read into the body the JSON API takes
//! (`tables::request::from_json`), so that it gets the same options, defaults and checks as
//! the new-game form, and created within the same limits.
//!
//! `new kalah seeds 6 with bo@example.com`, `new azul 3 players open`… in words:
//! `new GAME` (its name, or its first word, in any language), then in any order
//! `with ADDRESS…`, `open` or `N open`, `against LEVEL computer`, `N days` (a time limit per
//! move; `bank` makes it a bank), `casual`, `private`, and `OPTION VALUE` for the game's own
//! options, named as `GET /games/new/GAME` names them (a unique beginning is enough: `seeds 6`).

use diesel::Connection;
use diesel::pg::PgConnection;
use serde_json::{Map, Value, json};

use crate::auth::Player;
use crate::bots::Level;
use crate::computers;
use crate::config::Settings;
use crate::game_log::error::ServiceError;
use crate::i18n::Lang;
use crate::rules::{Kind, Message, Rules, with_rules};
use crate::store::limits::{self, wait_message};
use crate::tables::request;
use crate::tables::seating;

/// Words for the same thing in the languages Turnpost speaks.
const WITH: [&str; 2] = ["with", "招待"];
const OPEN: [&str; 2] = ["open", "公開"];
const AGAINST: [&str; 2] = ["against", "対戦"];
const COMPUTER: [&str; 3] = ["computer", "コンピューター", "コンピュータ"];
const DAYS: [&str; 3] = ["days", "day", "日"];
const PLAYERS: [&str; 3] = ["players", "player", "人"];
const BANK: [&str; 2] = ["bank", "持ち時間制"];
const CASUAL: [&str; 2] = ["casual", "カジュアル"];
const PRIVATE: [&str; 2] = ["private", "非公開"];
const YES: [&str; 5] = ["yes", "on", "true", "はい", "あり"];
const NO: [&str; 5] = ["no", "off", "false", "いいえ", "なし"];

/// The game a word names: its slug, its name in any language, or the name's first word.
pub fn game_named(word: &str) -> Option<Kind> {
    let word = word.to_lowercase();
    Kind::ALL.iter().copied().find(|&kind| {
        kind.as_str() == word
            || Lang::ALL.into_iter().any(|lang| {
                let name = lang.game_name(kind).to_lowercase();
                let first = name.split([' ', ':', '：']).next().unwrap_or_default();
                name == word || first == word || name.ends_with(&format!(" {word}"))
            })
    })
}

/// The computer level a word names, in any language.
fn level_named(word: &str) -> Option<Level> {
    Level::parse(word).or_else(|| {
        Level::ALL.into_iter().find(|&level| {
            Lang::ALL
                .into_iter()
                .any(|lang| computers::level_name(level, lang).to_lowercase() == word)
        })
    })
}

/// The JSON body `words` (after `new GAME`) ask for, or what is wrong with them.
pub fn body<R: Rules>(words: &[&str]) -> Result<Value, Message> {
    let defaults = serde_json::to_value(R::Options::default()).expect("options serialize");
    let mut options = defaults.as_object().cloned().unwrap_or_default();
    let (mut invitees, mut computers) = (Vec::<String>::new(), Vec::<&str>::new());
    let (mut open_seats, mut days, mut bank) = (0, None::<i64>, false);
    let (mut rated, mut private) = (true, false);
    let mut at = 0;
    while let Some(&word) = words.get(at) {
        at += 1;
        if WITH.contains(&word) {
            while let Some(address) = words.get(at).filter(|w| w.contains('@')) {
                invitees.push(
                    address
                        .trim_matches(|c| c == '<' || c == '>' || c == ',')
                        .into(),
                );
                at += 1;
            }
        } else if OPEN.contains(&word) {
            open_seats += 1;
        } else if AGAINST.contains(&word) {
            let level = words.get(at).and_then(|w| level_named(w));
            let level = level.ok_or_else(|| Message::new("command-new-level"))?;
            computers.push(level.as_str());
            at += 1;
            if words.get(at).is_some_and(|w| COMPUTER.contains(w)) {
                at += 1;
            }
        } else if BANK.contains(&word) {
            bank = true;
        } else if CASUAL.contains(&word) {
            rated = false;
        } else if PRIVATE.contains(&word) {
            private = true;
        } else if DAYS.contains(&word) {
            days = words.get(at).and_then(|w| w.parse().ok());
            days.ok_or_else(|| Message::new("command-new-days"))?;
            at += 1;
        } else if let Some(n) = word.strip_suffix('日').and_then(|d| d.parse().ok()) {
            days = Some(n);
        } else if word
            .strip_suffix('人')
            .is_some_and(|d| d.parse::<u32>().is_ok())
        {
            // The seats follow from who is invited, the open seats and the computers.
        } else if let Ok(n) = word.parse::<usize>() {
            match words.get(at) {
                Some(w) if DAYS.contains(w) => days = Some(n as i64),
                Some(w) if OPEN.contains(w) => open_seats += n,
                Some(w) if PLAYERS.contains(w) => {}
                _ => return Err(unknown(word, &options)),
            }
            at += 1;
        } else {
            let value = words.get(at).ok_or_else(|| unknown(word, &options))?;
            set_option(&mut options, word, value)?;
            at += 1;
        }
    }
    let time_control =
        days.map(|days| json!({"days": days, "clock": if bank { "bank" } else { "move" }}));
    Ok(json!({
        "options": options,
        "invitees": invitees,
        "open_seats": open_seats,
        "computers": computers,
        "private": private,
        "rated": rated,
        "time_control": time_control,
    }))
}

fn unknown(word: &str, options: &Map<String, Value>) -> Message {
    let known: Vec<&str> = options.keys().map(String::as_str).collect();
    Message::new("command-new-unknown-word")
        .text("word", word)
        .text("known", known.join(", "))
}

/// Sets the option `name` (or the one it uniquely begins) to `value`, read as its default is
/// written: a number, yes or no, or a word.
fn set_option(options: &mut Map<String, Value>, name: &str, value: &str) -> Result<(), Message> {
    let key = match options.contains_key(name) {
        true => name.to_string(),
        false => {
            let starting: Vec<&String> = options.keys().filter(|k| k.starts_with(name)).collect();
            match starting.as_slice() {
                [one] => one.to_string(),
                _ => return Err(unknown(name, options)),
            }
        }
    };
    let bad = || {
        Message::new("command-new-option-value")
            .text("option", key.clone())
            .text("value", value)
    };
    let read = match &options[&key] {
        Value::Bool(_) if YES.contains(&value) => Value::Bool(true),
        Value::Bool(_) if NO.contains(&value) => Value::Bool(false),
        Value::Bool(_) => return Err(bad()),
        Value::Number(_) => value.parse::<i64>().map(Value::from).map_err(|_| bad())?,
        _ => Value::String(value.to_string()),
    };
    options.insert(key, read);
    Ok(())
}

/// Why a table asked for by email was not made.
pub enum Refused {
    /// A mistake in what was asked, or a limit reached: in words.
    Said(Message),
    Database(diesel::result::Error),
}

impl From<diesel::result::Error> for Refused {
    fn from(error: diesel::result::Error) -> Self {
        Refused::Database(error)
    }
}

/// Creates the table `words` ask for, with `creator` at it, within the creator's and the
/// invitees' limits, in a transaction of its own (nothing is taken when nothing is made).
pub fn create(
    conn: &mut PgConnection,
    settings: &Settings,
    creator: &Player,
    kind: Kind,
    words: &[&str],
) -> Result<(String, request::Request), Refused> {
    let body = with_rules!(kind, |R| body::<R>(words)).map_err(Refused::Said)?;
    let bytes = serde_json::to_vec(&body).expect("JSON serializes");
    let day_seconds = settings.clock.day_seconds;
    let (request, private) = with_rules!(kind, |R| request::from_json::<R>(&bytes, day_seconds))
        .map_err(Refused::Said)?;
    conn.transaction(|conn| {
        if let Err((exceeded, what)) =
            limits::take_new_table(conn, &settings.limits, creator.id, &request.invitees)?
        {
            return Err(Refused::Said(
                Message::new("limit-reached")
                    .with("what", what)
                    .with("wait", wait_message(exceeded.retry_after_seconds)),
            ));
        }
        let table = request.table(kind, private, settings.auth.invitation_days);
        match seating::create_game(conn, creator, table) {
            Ok(game_id) => Ok(game_id),
            Err(ServiceError::Database(e)) => Err(Refused::Database(e)),
            Err(other) => Err(Refused::Said(
                crate::mail::inbound::answers::told::refused_message(other),
            )),
        }
    })
    .map(|game_id| (game_id, request))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kalah::Kalah;

    fn words(text: &str) -> Vec<&str> {
        text.split_whitespace().collect()
    }

    #[test]
    fn games_are_named_in_either_language() {
        assert_eq!(game_named("Kalah"), Some(Kind::Kalah));
        assert_eq!(game_named("カラハ"), Some(Kind::Kalah));
        assert_eq!(game_named("azul"), Some(Kind::Azul));
        assert_eq!(game_named("アズール"), Some(Kind::Azul));
        assert_eq!(game_named("gype"), Some(Kind::Gype));
        assert_eq!(game_named("chess"), None);
    }

    #[test]
    fn a_table_in_words_becomes_the_json_the_api_takes() {
        let asked = body::<Kalah>(&words(
            "seeds 6 with bo@example.com, cy@example.com 3 days bank casual",
        ))
        .unwrap();
        assert_eq!(asked["options"]["seeds_per_pit"], 6);
        assert_eq!(
            asked["invitees"],
            json!(["bo@example.com", "cy@example.com"])
        );
        assert_eq!(asked["time_control"], json!({"days": 3, "clock": "bank"}));
        assert_eq!(asked["rated"], false);
        let ja = body::<Kalah>(&words("対戦 上級 コンピューター 3日")).unwrap();
        assert_eq!(ja["computers"], json!(["hard"]));
        assert_eq!(ja["time_control"]["days"], 3);
        let open = body::<Kalah>(&words("open pie_rule no")).unwrap();
        assert_eq!(
            (
                open["open_seats"].clone(),
                open["options"]["pie_rule"].clone()
            ),
            (json!(1), json!(false))
        );
        assert_eq!(body::<Kalah>(&words("2 open")).unwrap()["open_seats"], 2);
    }

    #[test]
    fn a_word_it_does_not_know_is_named_with_the_options_it_knows() {
        let wrong = body::<Kalah>(&words("colour red")).unwrap_err();
        assert_eq!(wrong.key, "command-new-unknown-word");
        assert!(format!("{wrong:?}").contains("seeds_per_pit"), "{wrong:?}");
        let value = body::<Kalah>(&words("seeds many")).unwrap_err();
        assert_eq!(value.key, "command-new-option-value");
        assert_eq!(
            body::<Kalah>(&words("against grandmaster"))
                .unwrap_err()
                .key,
            "command-new-level"
        );
    }
}
