//! The new-game form for tools: each game's table options as a JSON Schema, and a table created
//! from a JSON body holding the same options the engine stores.

use serde_json::{Map, Value, json};

use crate::game_log::stream::time_control::DAY_CHOICES;
use crate::i18n::Lang;
use crate::rules::Rules;
use crate::rules::{Kind, with_rules};
use crate::tables::request::player_range;

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
