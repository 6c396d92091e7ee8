//! The new-game form for tools: each game's table options as a JSON Schema, and a table created
//! from a JSON body holding the same options the engine stores.

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::bots::Level;
use crate::games::clock::{DAY_CHOICES, OnTimeout, TimeControl};
use crate::i18n::Lang;
use crate::rules::{Kind, with_rules};
use crate::rules::{Message, Rules};

use crate::games::table_request::{Request, player_range};

/// The games on offer, with where to read their options; names in `lang`.
pub fn kinds(lang: Lang) -> Value {
    let kinds: Vec<Value> = Kind::ALL
        .iter()
        .map(|&kind| {
            let (min, max) = with_rules!(kind, |R| player_range::<R>());
            json!({
                "kind": kind.as_str(),
                "name": lang.game_name(kind),
                "players": {"min": min, "max": max},
                "rules": format!("/rules/{}", kind.as_str()),
                "new_game": format!("/games/new/{}", kind.as_str()),
            })
        })
        .collect();
    json!({ "games": kinds })
}

/// What `POST /games/new/{kind}` accepts, as a JSON Schema, with the default options. Titles and
/// descriptions are in `lang`; property names and values are the same in every language.
pub fn form<R: Rules>(kind: Kind, lang: Lang) -> Value {
    let (min, max) = player_range::<R>();
    let mut options =
        serde_json::to_value(schemars::schema_for!(R::Options)).expect("a schema serializes");
    // Definitions the options refer to move to the root, where their `$ref`s point.
    let definitions = options
        .as_object_mut()
        .and_then(|o| {
            o.remove("$schema");
            o.remove("$defs")
        })
        .unwrap_or_else(|| Value::Object(Map::new()));
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": lang.tr("json-form-title").arg("game", lang.t(R::NAME)).to_string(),
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "options": options,
            "invitees": {
                "description": lang.t("json-form-invitees"),
                "type": "array",
                "items": {"type": "string", "format": "email"},
                "maxItems": max - 1,
                "default": [],
            },
            "open_seats": {
                "description": lang.t("json-form-open-seats"),
                "type": "integer", "minimum": 0, "maximum": max - 1, "default": 0,
            },
            "computers": {
                "description": lang.t("json-form-computers"),
                "type": "array",
                "items": {"enum": ["easy", "medium", "hard"]},
                "maxItems": max - 1,
                "default": [],
            },
            "private": {
                "description": lang.t("json-form-private"),
                "type": "boolean", "default": false,
            },
            "rated": {
                "description": lang.t("json-form-rated"),
                "type": "boolean", "default": true,
            },
            "rating_range": {
                "description": lang.t("json-form-rating-range"),
                "default": null,
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "additionalProperties": false,
                        "properties": {
                            "min": {"type": "integer", "minimum": 0, "maximum": 4000},
                            "max": {"type": "integer", "minimum": 0, "maximum": 4000},
                        },
                    },
                ],
            },
            "time_control": {
                "description": lang.t("json-form-time-control"),
                "default": null,
                "oneOf": [
                    {"type": "null"},
                    {
                        "type": "object",
                        "additionalProperties": false,
                        "required": ["days"],
                        "properties": {
                            "days": {"enum": DAY_CHOICES},
                            "clock": {"enum": ["move", "bank"], "default": "move"},
                            "on_timeout": {"enum": ["withdraw", "others", "computer"], "default": "withdraw"},
                        },
                    },
                ],
            },
        },
        "$defs": definitions,
    });
    json!({
        "kind": kind.as_str(),
        "name": lang.t(R::NAME),
        "players": {"min": min, "max": max},
        "rules": format!("/rules/{}", kind.as_str()),
        "default_options": R::Options::default(),
        "schema": schema,
    })
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
    rating_range: Option<crate::games::stream::RatingRange>,
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

/// Reads a JSON new-game body; the message says what is wrong.
pub fn read<R: Rules>(body: &[u8], day_seconds: i64) -> Result<(Request, bool), Message> {
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
        .map(|typed| crate::auth::accounts::normalize_email(typed))
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
pub(super) fn unknown_options<R: Rules>(options: &Value) -> Result<(), Message> {
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
