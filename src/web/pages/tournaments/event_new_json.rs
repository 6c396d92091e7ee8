//! A tournament asked for in JSON: the same choices as the form, by name.

use chrono::{Duration, Utc};
use serde::Deserialize;

use crate::game_log::stream::time_control::{DAY_CHOICES, OnTimeout, TimeControl};
use crate::rules::{Kind, Message, Rules, with_rules};
use crate::tables::request::unknown_options;
use crate::tournaments::log::facts::{Format, Setup, SwissPairing};

/// The body of `POST /events/new/KIND`; what is left out takes the form's default.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Asked {
    title: String,
    #[serde(default)]
    options: Option<serde_json::Value>,
    format: String,
    #[serde(default = "default_rounds")]
    rounds: u32,
    #[serde(default = "default_days")]
    days_per_move: i64,
    #[serde(default)]
    bank: bool,
    #[serde(default = "default_round_days")]
    round_days: i64,
    #[serde(default = "default_days")]
    sign_up_days: i64,
    min_players: u32,
    max_players: u32,
    #[serde(default = "default_timeouts")]
    timeouts_to_withdraw: u32,
    #[serde(default = "default_rated")]
    rated: bool,
}

fn default_rounds() -> u32 {
    4
}
fn default_days() -> i64 {
    3
}
fn default_round_days() -> i64 {
    14
}
fn default_timeouts() -> u32 {
    2
}
fn default_rated() -> bool {
    true
}

/// The setup a JSON body asks for, or what is wrong with it in words. The service checks the
/// rest, as it does for the form.
pub fn read(body: &[u8], kind: Kind, day_seconds: i64) -> Result<Setup, Message> {
    let asked: Asked = serde_json::from_slice(body)
        .map_err(|e| Message::new("json-event-unreadable").text("detail", e.to_string()))?;
    let format = match asked.format.as_str() {
        "round_robin" => Format::RoundRobin { double: false },
        "double_round_robin" => Format::RoundRobin { double: true },
        "swiss" => Format::Swiss {
            rounds: asked.rounds,
        },
        "tables3" => Format::Tables {
            seats: 3,
            rounds: asked.rounds,
        },
        "tables4" => Format::Tables {
            seats: 4,
            rounds: asked.rounds,
        },
        other => return Err(Message::new("json-event-format").text("format", other)),
    };
    if !DAY_CHOICES.contains(&asked.days_per_move) {
        let choices = DAY_CHOICES.map(|d| d.to_string()).join(", ");
        return Err(Message::new("json-event-days").text("choices", choices));
    }
    if !(1..=60).contains(&asked.round_days) || !(1..=14).contains(&asked.sign_up_days) {
        return Err(Message::new("json-event-round-days"));
    }
    let options = match asked.options {
        Some(options) => options,
        None => with_rules!(kind, |R| serde_json::to_value(
            <R as Rules>::Options::default()
        )
        .expect("options serialize")),
    };
    with_rules!(kind, |R| unknown_options::<R>(&options))?;
    Ok(Setup {
        title: asked.title,
        kind,
        options,
        format,
        rated: asked.rated,
        time_control: TimeControl::from_days(
            asked.days_per_move,
            asked.bank,
            OnTimeout::Withdraw,
            day_seconds,
        ),
        sign_up_closes: (Utc::now() + Duration::seconds(asked.sign_up_days * day_seconds))
            .to_rfc3339(),
        min_entrants: asked.min_players,
        max_entrants: asked.max_players,
        round_seconds: Some(asked.round_days * day_seconds),
        timeouts_to_withdraw: asked.timeouts_to_withdraw,
        swiss_pairing: SwissPairing::Matching,
    })
}
