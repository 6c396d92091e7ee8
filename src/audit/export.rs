//! The downloadable log of a game.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::chain;
use crate::game_log::error::ReplayError;
use crate::game_log::fold::cache::Log;
use crate::game_log::fold::replay::{Game, entries};
use crate::game_log::stream::{Entry, Submitted};
use crate::rules::Kind;
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
    pub rows: Vec<ExportRow>,
    /// False when some rows were withheld from the viewer (the game runs and has secrets). It
    /// follows the rows, so that a download can be sent as its rows are written.
    pub complete: bool,
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
    let command = match row.command.decode::<Submitted<R::Command>>() {
        Ok(Submitted::Play { command }) => {
            // A seat's moves stay its own after a computer took it over from their player.
            let actor = row.actor.and_then(|id| game.seat_held_by(id));
            match actor {
                Some(seat) if !R::command_visible(&command, seat, viewer) => Value::Null,
                _ => row.command.value(),
            }
        }
        _ => row.command.value(),
    };
    Ok((command, events))
}

/// Gives each participant in `value` their name as it is now. Names lie outside the hashes, so
/// this changes no row's hash; a person who closed their account is shown by their pseudonym
/// even where a server still holds the log as it was read before.
fn named_as_now(value: &mut Value, names: &HashMap<i64, String>) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(|item| named_as_now(item, names)),
        Value::Object(map) => {
            if let Some(id) = chain::participant_id(map).and_then(Value::as_i64) {
                if let Some(name) = names.get(&id) {
                    map.insert("name".into(), Value::String(name.clone()));
                }
                return;
            }
            map.values_mut().for_each(|item| named_as_now(item, names));
        }
        _ => {}
    }
}

/// One row of the log as `viewer` may see it.
fn export_row<R: Rules>(
    game: &Game<R>,
    row: &EventRow,
    viewer: Viewer,
    names: &HashMap<i64, String>,
) -> Result<ExportRow, ReplayError> {
    let (command, mut events, redacted) = match viewer {
        // Everyone sees every secret and every command: the row is shown as stored, with
        // nothing to decode to find what to withhold (a finished game's download, or an
        // operator's export, would otherwise pay for it on every row).
        Viewer::Everyone => (row.command.value(), row.events.value(), false),
        _ => {
            let (command, events) = visible_row(game, row, viewer)?;
            let redacted = command != row.command.value() || events != row.events.value();
            (command, events, redacted)
        }
    };
    named_as_now(&mut events, names);
    Ok(ExportRow {
        seq: row.seq,
        actor: row.actor,
        recorded_at: row.recorded_at_text(),
        command,
        events,
        prev_hash: hex::encode(&row.prev_hash),
        hash: row.hash_hex(),
        redacted,
    })
}

/// The log of `game` as `viewer` may see it.
pub fn export<R: Rules>(
    game: &Game<R>,
    rows: &[EventRow],
    viewer: Viewer,
) -> Result<Export, ReplayError> {
    let names = game.names_by_id();
    let rows = (rows.iter())
        .map(|row| export_row(game, row, viewer, &names))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Export {
        complete: rows.iter().all(|row| !row.redacted),
        rows,
        ..heading(game)
    })
}

/// An export without its rows.
fn heading<R: Rules>(game: &Game<R>) -> Export {
    Export {
        format: FORMAT.to_string(),
        game_id: game.id.clone(),
        kind: game.kind,
        options: game.options_json.clone(),
        players: game.players,
        seed_commitment: game.seed_commitment.clone(),
        seed: game.ended.as_ref().map(|ended| ended.seed.clone()),
        rows: Vec::new(),
        complete: true,
    }
}

/// How many rows each piece of a [`Written`] export holds.
const ROWS_PER_PIECE: usize = 100;

/// The text of an export, in pieces of [`ROWS_PER_PIECE`] rows, so that a long game's file is
/// sent as it is written instead of being built whole first. Joined, the pieces are exactly
/// `serde_json::to_string_pretty` of [`export`].
pub struct Written<R: Rules> {
    game: Game<R>,
    rows: Log,
    viewer: Viewer,
    /// The players' names as they are now, by id.
    names: HashMap<i64, String>,
    /// The next row to write; `None` before the heading.
    next: Option<usize>,
    complete: bool,
    done: bool,
}

impl<R: Rules> Written<R> {
    pub fn new(game: Game<R>, rows: Log, viewer: Viewer) -> Written<R> {
        Written {
            names: game.names_by_id(),
            game,
            rows,
            viewer,
            next: None,
            complete: true,
            done: false,
        }
    }

    /// The export's opening up to the first row: the pretty-printed heading with its `rows`
    /// array left open.
    fn opening(&self) -> String {
        let heading =
            serde_json::to_string_pretty(&heading(&self.game)).expect("exports serialize");
        // The field, not a key of the same name deeper in the options.
        let open = heading
            .rfind("\n  \"rows\": []")
            .expect("the heading has its rows");
        format!("{}\n  \"rows\": [", &heading[..open])
    }

    fn rows_from(&mut self, first: usize) -> Result<String, ReplayError> {
        let end = (first + ROWS_PER_PIECE).min(self.rows.len());
        let mut text = String::new();
        for (i, row) in self.rows[first..end].iter().enumerate() {
            let row = export_row(&self.game, row, self.viewer, &self.names)?;
            self.complete &= !row.redacted;
            let pretty = serde_json::to_string_pretty(&row).expect("exports serialize");
            // Rows sit two levels deep. JSON strings hold no raw line breaks, so every line
            // break in the text is between tokens.
            text.push_str(if first + i == 0 { "\n    " } else { ",\n    " });
            text.push_str(&pretty.replace('\n', "\n    "));
        }
        self.next = Some(end);
        Ok(text)
    }

    fn closing(&mut self) -> String {
        self.done = true;
        let before = if self.rows.is_empty() { "" } else { "\n  " };
        format!("{before}],\n  \"complete\": {}\n}}", self.complete)
    }
}

impl<R: Rules> Iterator for Written<R> {
    type Item = Result<String, ReplayError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        Some(match self.next {
            None => {
                self.next = Some(0);
                Ok(self.opening())
            }
            Some(first) if first < self.rows.len() => {
                let piece = self.rows_from(first);
                if piece.is_err() {
                    self.done = true;
                }
                piece
            }
            Some(_) => Ok(self.closing()),
        })
    }
}
