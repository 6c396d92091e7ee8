//! The board page's log: what happened since the viewer last moved, each with who did it, how
//! long ago, and when in the viewer's own time zone.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;

use crate::game_log::fold::replay::{Game, entries};
use crate::game_log::stream::Entry;
use crate::i18n::Lang;
use crate::present::sentence;
use crate::rules::Rules;
use crate::store::events::EventRow;
use crate::web::frame::clock_text::{ago, local};
use crate::web::pages::play::entry_words::{describe, starts_game};
use crate::web::request::error::WebError;

/// The most lines the log shows; the history page has the rest.
const MOST_LINES: usize = 20;
/// How far back a spectator's log reaches.
const SPECTATOR_ROWS: usize = 8;

pub struct RecentLine {
    pub seq: i64,
    /// "Bo", "you", or "Turnpost" for the server's own rows.
    pub actor: String,
    pub text: String,
    /// "3 h ago".
    pub ago: String,
    /// "2026-11-24 16:05 CET".
    pub time: String,
}

fn is_move_by(row: &EventRow, player: i64) -> bool {
    let kind = row.command.type_tag();
    row.actor == Some(player) && matches!(kind, Some("play") | None)
}

/// Where the log starts: after the viewer's previous move. If the viewer moved last, their
/// move before that, so that their own latest move is shown with what led to it.
/// Read from the end, so that a long game costs no more than a short one.
fn first_shown(rows: &[EventRow], me: Option<i64>) -> usize {
    let Some(me) = me else {
        return rows.len().saturating_sub(SPECTATOR_ROWS);
    };
    let mut mine = (0..rows.len()).rev().filter(|&i| is_move_by(&rows[i], me));
    let Some(last) = mine.next() else {
        return 0;
    };
    // Every row after the viewer's last move is someone else's.
    if last + 1 < rows.len() {
        return last + 1;
    }
    mine.next().map_or(0, |before| before + 1)
}

/// The log lines for `viewer_id` (table talk is shown apart, so left out), oldest first.
pub fn recent_lines<R: Rules>(
    game: &Game<R>,
    rows: &[EventRow],
    viewer_id: Option<i64>,
    zone: Tz,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<Vec<RecentLine>, WebError> {
    let viewer = game.viewer_for(viewer_id);
    let me = viewer_id.filter(|id| game.has_joined(*id));
    let names = game.seat_names();
    let now_called = game.names_by_id();
    let ending = game.ending();
    // The table's setting up (creation, joins) is the history page's business.
    let started = rows.iter().position(starts_game).unwrap_or(rows.len());
    let mut lines = Vec::new();
    for row in &rows[first_shown(rows, me).max(started)..] {
        let said: Vec<String> = entries::<R>(row)?
            .iter()
            .filter(|e| !matches!(e, Entry::Said { .. } | Entry::Sealed { .. }))
            .map(|e| {
                sentence(lang.say(
                    &describe::<R>(&e.redacted::<R>(viewer), ending.as_ref(), &now_called, zone),
                    &names,
                ))
            })
            .collect();
        if said.is_empty() {
            continue;
        }
        let actor = match row.actor {
            None => "Turnpost".to_string(),
            Some(id) if Some(id) == me => lang.t("recent-you"),
            Some(id) => now_called
                .get(&id)
                .cloned()
                .unwrap_or_else(|| lang.t("recent-a-player")),
        };
        lines.push(RecentLine {
            seq: row.seq,
            actor,
            text: said.join(" "),
            ago: lang.say(&ago(row.recorded_at, now), &[]),
            time: local(row.recorded_at, zone),
        });
    }
    let skip = lines.len().saturating_sub(MOST_LINES);
    lines.drain(..skip);
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use serde_json::json;

    fn row(seq: i64, actor: Option<i64>, kind: &str) -> EventRow {
        EventRow {
            game_id: "g".into(),
            seq,
            actor,
            command: json!({ "type": kind }).into(),
            events: json!([]).into(),
            recorded_at: Utc.with_ymd_and_hms(2026, 11, 1, 0, 0, 0).unwrap(),
            prev_hash: Vec::new(),
            hash: Vec::new(),
        }
    }

    #[test]
    fn the_log_starts_after_my_previous_move() {
        let rows = vec![
            row(1, Some(1), "create_game"),
            row(2, Some(2), "join"),
            row(3, Some(1), "play"),
            row(4, Some(2), "play"),
            row(5, Some(2), "say"),
            row(6, Some(2), "play"),
        ];
        assert_eq!(first_shown(&rows, Some(1)), 3, "after my move 3");
        assert_eq!(
            first_shown(&rows, Some(2)),
            4,
            "I moved last: after my move before"
        );
        let mut after = rows.clone();
        after.push(row(7, Some(1), "play"));
        assert_eq!(
            first_shown(&after, Some(1)),
            3,
            "my own latest move is shown"
        );
        assert_eq!(
            first_shown(&rows[..2], Some(1)),
            0,
            "no move yet: everything"
        );
        assert_eq!(
            first_shown(&rows, None),
            0,
            "a spectator sees the last rows"
        );
    }
}
