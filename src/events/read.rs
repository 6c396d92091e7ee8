//! What the pages list of events, read from the read models.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use super::decide;
use super::fold::Event;
use super::store;
use crate::games::error::Result;
use crate::store::schema::{event_games, events, game_players, games, players, turn_clocks};

/// An event as the list shows it.
#[derive(Clone, Debug, Queryable)]
pub struct Listed {
    pub id: String,
    pub title: String,
    pub kind: String,
    pub format: String,
    pub phase: String,
    pub sign_up_closes_at: DateTime<Utc>,
    pub round: i32,
    pub entrants: i32,
    pub max_entrants: i32,
}

/// Most events of each phase the list shows.
pub const LISTED: i64 = 50;

/// The events in `phase`: those open for sign-up soonest closing first, the others latest first.
pub fn list(conn: &mut PgConnection, phase: &str) -> QueryResult<Vec<Listed>> {
    let query = events::table
        .filter(events::phase.eq(phase))
        .select((
            events::id,
            events::title,
            events::kind,
            events::format,
            events::phase,
            events::sign_up_closes_at,
            events::round,
            events::entrants,
            events::max_entrants,
        ))
        .limit(LISTED);
    match phase {
        "open" => query
            .order((events::sign_up_closes_at.asc(), events::id.asc()))
            .load(conn),
        _ => query
            .order((events::updated_at.desc(), events::id.asc()))
            .load(conn),
    }
}

/// One of an event's games as it stands: who it waits for and until when.
#[derive(Clone, Debug)]
pub struct GameLine {
    pub game_id: String,
    pub phase: String,
    pub result: Option<String>,
    pub waiting_for: Vec<String>,
    pub due_at: Option<DateTime<Utc>>,
}

/// The state of each of an event's games, by id.
pub fn games_of(conn: &mut PgConnection, event_id: &str) -> QueryResult<Vec<GameLine>> {
    let rows: Vec<(String, String, Option<String>)> = event_games::table
        .inner_join(games::table)
        .filter(event_games::event_id.eq(event_id))
        .order((event_games::round.asc(), event_games::table_no.asc()))
        .select((games::id, games::phase, games::result))
        .load(conn)?;
    let ids: Vec<&String> = rows.iter().map(|r| &r.0).collect();
    let waiting: Vec<(String, String)> = game_players::table
        .inner_join(players::table)
        .filter(game_players::game_id.eq_any(&ids))
        .filter(game_players::to_act.eq(true))
        .order((game_players::game_id.asc(), game_players::seat.asc()))
        .select((game_players::game_id, players::display_name))
        .load(conn)?;
    let due: Vec<(String, DateTime<Utc>)> = turn_clocks::table
        .filter(turn_clocks::game_id.eq_any(&ids))
        .select((turn_clocks::game_id, turn_clocks::due_at))
        .load(conn)?;
    let mut waiting_for: HashMap<String, Vec<String>> = HashMap::new();
    for (game, name) in waiting {
        waiting_for.entry(game).or_default().push(name);
    }
    let mut due_at: HashMap<String, DateTime<Utc>> = HashMap::new();
    for (game, at) in due {
        let earliest = due_at.entry(game).or_insert(at);
        *earliest = (*earliest).min(at);
    }
    Ok(rows
        .into_iter()
        .map(|(game_id, phase, result)| GameLine {
            waiting_for: waiting_for.remove(&game_id).unwrap_or_default(),
            due_at: due_at.get(&game_id).copied(),
            game_id,
            phase,
            result,
        })
        .collect())
}

/// An event with its standings and the state of its games, for its page.
pub struct EventView {
    pub event: Event,
    /// Empty before the start.
    pub standings: Vec<crate::tournament::Standing>,
    pub games: Vec<GameLine>,
    /// The hash of the log's last row, in hex: with `event.seq`, what a verifier compares.
    pub head: String,
}

pub fn view(conn: &mut PgConnection, event_id: &str) -> Result<EventView> {
    let (event, rows) = store::load(conn, event_id)?;
    let head = rows.last().map(|row| row.hash_hex()).unwrap_or_default();
    let standings = match event.started {
        true => decide::standings(&event, &store::load_seed(conn, event_id)?),
        false => Vec::new(),
    };
    let games = games_of(conn, event_id)?;
    Ok(EventView {
        event,
        standings,
        games,
        head,
    })
}

/// "Tournament “Autumn Kalah”, round 2" (a round robin's games have no round to name).
pub fn game_heading(
    conn: &mut PgConnection,
    table: &crate::games::stream::EventTable,
    lang: crate::i18n::Lang,
) -> QueryResult<String> {
    let (title, format): (String, String) = events::table
        .find(&table.event)
        .select((events::title, events::format))
        .first(conn)?;
    let message = match format.as_str() {
        "round_robin" | "double_round_robin" => lang.tr("mail-event-game").arg("title", title),
        _ => lang
            .tr("mail-event-game-round")
            .arg("title", title)
            .arg("round", table.round),
    };
    Ok(message.to_string())
}

/// A tournament's news for one of its players, as the email tells it.
pub struct News {
    pub subject: String,
    pub lines: Vec<String>,
    /// The player's games of the round just started: who plays, and the game's path.
    pub games: Vec<(String, String)>,
}

/// What to tell `player` of the event as it stood after row `seq` (the row the news was queued
/// for): that it started or began a round (with their games of that round), that it was called
/// off, or how it ended, and the log's head then. `None` if they are not in it.
pub fn news(
    conn: &mut PgConnection,
    event_id: &str,
    seq: i64,
    player: i64,
    lang: crate::i18n::Lang,
) -> Result<Option<News>> {
    let rows = store::load_rows(conn, event_id)?;
    let upto: Vec<_> = rows.into_iter().filter(|row| row.seq <= seq).collect();
    let event = store::fold(&upto).map_err(store::corrupt)?;
    let Some(mut news) = news_of(conn, &event, player, lang)? else {
        return Ok(None);
    };
    if let Some(last) = upto.last() {
        let head = (lang.tr("mail-event-log-head"))
            .arg("seq", last.seq)
            .arg("hash", last.hash_hex());
        news.lines.push(head.to_string());
    }
    Ok(Some(news))
}

fn news_of(
    conn: &mut PgConnection,
    event: &Event,
    player: i64,
    lang: crate::i18n::Lang,
) -> Result<Option<News>> {
    let title = event.setup.title.as_str();
    if event.called_off {
        return Ok(event.has_signed_up(player).then(|| News {
            subject: lang
                .tr("mail-event-called-off-subject")
                .arg("title", title)
                .to_string(),
            lines: vec![match event.called_off_by_organiser {
                true => lang.t("mail-event-called-off-by-organiser"),
                false => lang
                    .tr("mail-event-called-off")
                    .arg("min", event.setup.min_entrants)
                    .to_string(),
            }],
            games: Vec::new(),
        }));
    }
    let Some(me) = event.entrant_of(player) else {
        return Ok(None);
    };
    if event.seed.is_some() {
        let table = decide::standings(event, &store::load_seed(conn, &event.id)?);
        let lines = (table.iter())
            .map(|s| {
                lang.tr("mail-event-standing")
                    .arg("place", s.place)
                    .arg("name", event.name_of(s.entrant))
                    .arg("points", s.points.to_string())
                    .to_string()
            })
            .collect();
        return Ok(Some(News {
            subject: lang
                .tr("mail-event-ended-subject")
                .arg("title", title)
                .to_string(),
            lines,
            games: Vec::new(),
        }));
    }
    let Some(round) = event.current_round() else {
        return Ok(None);
    };
    let games = (round.tables.iter())
        .filter(|t| t.seats.contains(&me))
        .map(|t| {
            let names: Vec<&str> = t.seats.iter().map(|&e| event.name_of(e)).collect();
            (names.join(" – "), format!("/games/{}", t.game))
        })
        .collect();
    let (subject, line) = match (event.rounds.len(), round.bye == Some(me)) {
        (1, _) => (
            lang.tr("mail-event-started-subject").arg("title", title),
            lang.t("mail-event-started"),
        ),
        (_, false) => (
            lang.tr("mail-event-round-subject")
                .arg("title", title)
                .arg("round", round.number),
            lang.t("mail-event-round"),
        ),
        (_, true) => (
            lang.tr("mail-event-round-subject")
                .arg("title", title)
                .arg("round", round.number),
            lang.t("mail-event-bye"),
        ),
    };
    let mut lines = vec![line];
    if round.bye == Some(me) && event.rounds.len() == 1 {
        lines.push(lang.t("mail-event-bye"));
    }
    Ok(Some(News {
        subject: subject.to_string(),
        lines,
        games,
    }))
}
