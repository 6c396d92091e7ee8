//! A new table as its creator asks for it — from the form, a JSON body or an email command —
//! read and checked the same way whichever way it came.

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::Value;

use crate::auth::accounts;
use crate::bots::Level;
use crate::game_log::stream::RatingRange;
use crate::game_log::stream::time_control::{DAY_CHOICES, OnTimeout, TimeControl};
use crate::present::GameUi;
use crate::present::form::FormFields;
use crate::rules::{Message, Rules};

/// What a creator asks for, read and checked.
pub struct Request {
    pub options: serde_json::Value,
    pub invitees: Vec<String>,
    pub open_seats: usize,
    pub computers: Vec<Level>,
    pub time_control: Option<TimeControl>,
    /// Rated unless the creator asks for a casual game (a table with a computer is casual).
    pub rated: bool,
    /// The ratings that may take the open seats.
    pub rating_range: Option<RatingRange>,
}

impl Request {
    /// The table this request asks for, of `kind`, ready for [`crate::tables::seating::create_game`].
    pub fn table(
        &self,
        kind: crate::rules::Kind,
        private: bool,
        invitation_days: i64,
    ) -> crate::tables::seating::NewTable<'_> {
        crate::tables::seating::NewTable {
            kind,
            options: self.options.clone(),
            private,
            invitees: &self.invitees,
            open_seats: self.open_seats,
            computers: &self.computers,
            time_control: self.time_control,
            rated: self.rated,
            rating_range: self.rating_range,
            invitation_days,
        }
    }
}

/// The fewest and most players the game can seat.
pub fn player_range<R: Rules>() -> (usize, usize) {
    let counts = R::player_counts(&R::Options::default());
    (*counts.start(), *counts.end())
}

/// The invited addresses, checked; the message names the first bad one.
fn invitees(form: &FormFields, max_players: usize) -> Result<Vec<String>, Message> {
    (1..max_players)
        .filter_map(|n| form.get(&format!("invite_{n}")))
        .filter(|typed| !typed.trim().is_empty())
        .map(accounts::normalize_email)
        .collect()
}

/// What `form` asks for, checked against the game's rules: the first mistake in words.
pub fn read<R: GameUi>(form: &FormFields, day_seconds: i64) -> Result<Request, Message> {
    let options = R::options_from_form(form)?;
    let max = player_range::<R>().1;
    let invitees = invitees(form, max)?;
    let open_seats = match form.get("open_seats").unwrap_or("0") {
        "" => 0,
        typed => typed
            .parse::<usize>()
            .ok()
            .filter(|n| *n < max)
            .ok_or_else(|| Message::new("new-game-choose-open-seats"))?,
    };
    Ok(Request {
        options: serde_json::to_value(options).expect("options serialize"),
        invitees,
        open_seats,
        computers: computers(form, max)?,
        time_control: time_control(form, day_seconds)?,
        rated: rated(form)?,
        rating_range: rating_range(form)?,
    })
}

/// The rating range asked for the open seats: none when both ends are blank.
fn rating_range(form: &FormFields) -> Result<Option<RatingRange>, Message> {
    let end = |field: &str| -> Result<Option<i32>, Message> {
        match form.get(field).map(str::trim).unwrap_or("") {
            "" => Ok(None),
            typed => typed
                .parse::<i32>()
                .ok()
                .filter(|n| (0..=4000).contains(n))
                .map(Some)
                .ok_or_else(|| Message::new("new-game-choose-rating-range")),
        }
    };
    let range = RatingRange {
        min: end("rating_min")?,
        max: end("rating_max")?,
    };
    Ok((range != RatingRange::default()).then_some(range))
}

/// Whether the form asks for a rated game: it is, unless "casual" is chosen.
fn rated(form: &FormFields) -> Result<bool, Message> {
    match form.get("rated").unwrap_or("rated") {
        "rated" | "" => Ok(true),
        "casual" => Ok(false),
        _ => Err(Message::new("new-game-choose-rated")),
    }
}

/// The table's time control: `days` per move (or none), as a deadline or a bank, and what
/// happens to a player out of time.
fn time_control(form: &FormFields, day_seconds: i64) -> Result<Option<TimeControl>, Message> {
    let days = match form.get("days").unwrap_or("none") {
        "none" | "" => return Ok(None),
        typed => typed
            .parse::<i64>()
            .ok()
            .filter(|d| DAY_CHOICES.contains(d)),
    };
    let Some(days) = days else {
        return Err(Message::new("new-game-choose-time-limit"));
    };
    let bank = match form.get("clock").unwrap_or("move") {
        "move" => false,
        "bank" => true,
        _ => return Err(Message::new("new-game-choose-clock")),
    };
    let on_timeout = match form.get("on_timeout").unwrap_or("withdraw") {
        "withdraw" => OnTimeout::Withdraw,
        "others" => OnTimeout::OthersDecide,
        "computer" => OnTimeout::ComputerTakesOver,
        _ => return Err(Message::new("new-game-choose-on-timeout")),
    };
    Ok(Some(TimeControl::from_days(
        days,
        bank,
        on_timeout,
        day_seconds,
    )))
}

/// The computer seats chosen on the form.
fn computers(form: &FormFields, max: usize) -> Result<Vec<Level>, Message> {
    (1..max)
        .filter_map(|n| form.get(&format!("computer_{n}")))
        .filter(|typed| !typed.is_empty())
        .map(|typed| Level::parse(typed).ok_or_else(|| Message::new("new-game-choose-computer")))
        .collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    #[serde(default)]
    options: Option<Value>,
    #[serde(default)]
    invitees: Vec<String>,
    #[serde(default)]
    open_seats: usize,
    #[serde(default)]
    computers: Vec<String>,
    #[serde(default)]
    private: bool,
    #[serde(default = "rated_by_default")]
    rated: bool,
    #[serde(default)]
    rating_range: Option<RatingRange>,
    #[serde(default)]
    time_control: Option<Clock>,
}

fn rated_by_default() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Clock {
    days: i64,
    #[serde(default)]
    clock: Option<String>,
    #[serde(default)]
    on_timeout: Option<String>,
}

/// Reads a JSON new-game body (as `GET /games/new/{kind}` describes it) and whether the table
/// is private; the message says what is wrong.
pub fn from_json<R: Rules>(body: &[u8], day_seconds: i64) -> Result<(Request, bool), Message> {
    let table: Table = serde_json::from_slice(body)
        .map_err(|e| Message::new("json-form-unreadable").text("detail", e.to_string()))?;
    let options = table
        .options
        .unwrap_or_else(|| serde_json::to_value(R::Options::default()).expect("serializes"));
    unknown_options::<R>(&options)?;
    let max = player_range::<R>().1;
    if table.invitees.len() >= max {
        return Err(Message::new("json-form-too-many-invitees")
            .with("game", Message::new(R::NAME))
            .with("max", max)
            .with("most", max - 1));
    }
    let invitees = table
        .invitees
        .iter()
        .map(|typed| accounts::normalize_email(typed))
        .collect::<Result<Vec<_>, _>>()?;
    if table.open_seats >= max {
        return Err(Message::new("json-form-too-many-open").with("most", max - 1));
    }
    let time_control = table
        .time_control
        .map(|clock| clock_of(clock, day_seconds))
        .transpose()?;
    let computers = table
        .computers
        .iter()
        .map(|level| Level::parse(level).ok_or_else(|| Message::new("new-game-choose-computer")))
        .collect::<Result<Vec<_>, _>>()?;
    if computers.len() >= max {
        return Err(Message::new("json-form-too-many-open").with("most", max - 1));
    }
    let request = Request {
        options,
        invitees,
        open_seats: table.open_seats,
        computers,
        time_control,
        rated: table.rated,
        rating_range: table.rating_range,
    };
    Ok((request, table.private))
}

/// Option names the engine would silently ignore are refused, so a typo is not a surprise.
pub fn unknown_options<R: Rules>(options: &Value) -> Result<(), Message> {
    let Some(given) = options.as_object() else {
        return Err(Message::new("json-form-options-object"));
    };
    let defaults = serde_json::to_value(R::Options::default()).expect("serializes");
    let known: BTreeSet<&String> = defaults
        .as_object()
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    match given.keys().find(|key| !known.contains(key)) {
        None => Ok(()),
        Some(key) => Err(Message::new("json-form-unknown-option")
            .with("game", Message::new(R::NAME))
            .text("option", key.as_str())
            .text(
                "known",
                known
                    .iter()
                    .map(|k| k.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            )),
    }
}

fn clock_of(clock: Clock, day_seconds: i64) -> Result<TimeControl, Message> {
    if !DAY_CHOICES.contains(&clock.days) {
        return Err(Message::new("json-form-days")
            .text("choices", DAY_CHOICES.map(|d| d.to_string()).join(", ")));
    }
    let bank = match clock.clock.as_deref().unwrap_or("move") {
        "move" => false,
        "bank" => true,
        _ => return Err(Message::new("json-form-clock")),
    };
    let on_timeout = match clock.on_timeout.as_deref().unwrap_or("withdraw") {
        "withdraw" => OnTimeout::Withdraw,
        "others" => OnTimeout::OthersDecide,
        "computer" => OnTimeout::ComputerTakesOver,
        _ => return Err(Message::new("json-form-on-timeout")),
    };
    Ok(TimeControl::from_days(
        clock.days,
        bank,
        on_timeout,
        day_seconds,
    ))
}
