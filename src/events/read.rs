//! What the pages list of events, read from the read models.

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
    Ok(rows
        .into_iter()
        .map(|(game_id, phase, result)| GameLine {
            waiting_for: (waiting.iter())
                .filter(|(g, _)| *g == game_id)
                .map(|(_, name)| name.clone())
                .collect(),
            due_at: (due.iter())
                .filter(|(g, _)| *g == game_id)
                .map(|(_, at)| *at)
                .min(),
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
}

pub fn view(conn: &mut PgConnection, event_id: &str) -> Result<EventView> {
    let (event, _) = store::load(conn, event_id)?;
    let standings = match event.started {
        true => decide::standings(&event, &store::load_seed(conn, event_id)?),
        false => Vec::new(),
    };
    let games = games_of(conn, event_id)?;
    Ok(EventView {
        event,
        standings,
        games,
    })
}
