//! A new table as its creator asks for it — from the form, a JSON body or an email command —
//! read and checked the same way whichever way it came.

use crate::auth::accounts;
use crate::bots::Level;
use crate::games::clock::{DAY_CHOICES, OnTimeout, TimeControl};
use crate::games::stream::RatingRange;
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
