//! The downloadable log of a game.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::games::Kind;
use crate::games::replay::{Game, ReplayError, entries};
use crate::games::stream::{Entry, Submitted};
use crate::rules::{Rules, Viewer};
use crate::store::events::EventRow;

pub const FORMAT: &str = "turnpost-game-log/1";

/// A game's whole log with what is needed to check it offline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Export {
    pub format: String,
    pub game_id: String,
    pub kind: Kind,
    pub options: Value,
    pub players: usize,
    /// SHA-256 of the seed, published when the game was created.
    pub seed_commitment: String,
    /// The seed, once the game has ended.
    pub seed: Option<String>,
    /// False when some rows were withheld from the viewer (the game runs and has secrets).
    pub complete: bool,
    pub rows: Vec<ExportRow>,
}

/// One row of the log, as stored (or, when `redacted`, as the viewer may see it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportRow {
    pub seq: i64,
    pub actor: Option<i64>,
    pub recorded_at: String,
    pub command: Value,
    pub events: Value,
    pub prev_hash: String,
    pub hash: String,
    /// Parts of this row are withheld from the viewer; its hash cannot be checked until the
    /// game ends.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub redacted: bool,
}

/// A row's command and events as `viewer` may see them, and whether anything was withheld.
pub fn visible_row<R: Rules>(
    game: &Game<R>,
    row: &EventRow,
    viewer: Viewer,
) -> Result<(Value, Value), ReplayError> {
    let shown: Vec<Entry<R::Event>> = entries::<R>(row)?
        .iter()
        .map(|entry| entry.redacted::<R>(viewer))
        .collect();
    let events = serde_json::to_value(&shown).expect("events serialize");
    let command = match serde_json::from_value::<Submitted<R::Command>>(row.command.clone()) {
        Ok(Submitted::Play { command }) => {
            let actor = row.actor.and_then(|id| game.seat_of(id));
            match actor {
                Some(seat) if !R::command_visible(&command, seat, viewer) => Value::Null,
                _ => row.command.clone(),
            }
        }
        _ => row.command.clone(),
    };
    Ok((command, events))
}

/// The log of `game` as `viewer` may see it.
pub fn export<R: Rules>(
    game: &Game<R>,
    rows: &[EventRow],
    viewer: Viewer,
) -> Result<Export, ReplayError> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let (command, events) = visible_row(game, row, viewer)?;
        let redacted = command != row.command || events != row.events;
        out.push(ExportRow {
            seq: row.seq,
            actor: row.actor,
            recorded_at: row.recorded_at_text(),
            command,
            events,
            prev_hash: hex::encode(&row.prev_hash),
            hash: row.hash_hex(),
            redacted,
        });
    }
    Ok(Export {
        format: FORMAT.to_string(),
        game_id: game.id.clone(),
        kind: game.kind,
        options: game.options_json.clone(),
        players: game.players,
        seed_commitment: game.seed_commitment.clone(),
        seed: game.ended.as_ref().map(|ended| ended.seed.clone()),
        complete: out.iter().all(|row| !row.redacted),
        rows: out,
    })
}
