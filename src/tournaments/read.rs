//! What the pages list of events, read from the read models.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Array, Nullable, Text, Timestamptz};

use super::decide;
use super::kept::{self, Kept};
use super::log::fold::Event;
use super::log::store;
use crate::game_log::error::Result;
use crate::store::schema::events;

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
    pub waiting_for: Vec<String>,
    pub due_at: Option<DateTime<Utc>>,
}

/// The state of each of `game_ids`, by id, in one statement: the names of those it waits for
/// (in seat order) and the earliest of their clocks' deadlines.
pub fn games_of(
    conn: &mut PgConnection,
    game_ids: &[&str],
) -> QueryResult<HashMap<String, GameLine>> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = Text)]
        id: String,
        #[diesel(sql_type = Array<Text>)]
        waiting_for: Vec<String>,
        #[diesel(sql_type = Nullable<Timestamptz>)]
        due_at: Option<DateTime<Utc>>,
    }
    if game_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let found: Vec<Found> = diesel::sql_query(
        "SELECT g.id, \
           ARRAY(SELECT p.display_name FROM game_players gp JOIN players p ON p.id = gp.player_id \
                 WHERE gp.game_id = g.id AND gp.to_act ORDER BY gp.seat) AS waiting_for, \
           (SELECT min(c.due_at) FROM turn_clocks c WHERE c.game_id = g.id) AS due_at \
         FROM games g WHERE g.id = ANY($1)",
    )
    .bind::<Array<Text>, _>(game_ids)
    .load(conn)?;
    Ok(found
        .into_iter()
        .map(|f| {
            let line = GameLine {
                game_id: f.id.clone(),
                waiting_for: f.waiting_for,
                due_at: f.due_at,
            };
            (f.id, line)
        })
        .collect())
}

/// An event with its standings and the state of the games asked for, for its page.
pub struct EventView {
    pub kept: Arc<Kept>,
    /// The games asked for, by id.
    pub games: HashMap<String, GameLine>,
}

impl EventView {
    /// The state of `game`, if it was asked for.
    pub fn game(&self, game: &str) -> Option<&GameLine> {
        self.games.get(game)
    }
}

/// The event as it stands, and the state of the games `shown` picks from it.
pub fn view(
    conn: &mut PgConnection,
    event_id: &str,
    shown: impl FnOnce(&Event) -> Vec<&str>,
) -> Result<EventView> {
    let kept = kept::shared().load(conn, event_id)?;
    let games = games_of(conn, &shown(&kept.event))?;
    Ok(EventView { kept, games })
}

/// "Tournament “Autumn Kalah”, round 2" (a round robin's games have no round to name).
pub fn game_heading(
    conn: &mut PgConnection,
    table: &crate::game_log::stream::EventTable,
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
