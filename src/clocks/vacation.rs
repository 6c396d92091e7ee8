//! Vacations: a player stops their clocks in every game they sit at, within a yearly allowance.
//! The allowance is the player's business and lives in `vacations`; what a vacation does to a
//! game is a row in that game's log (`away`, and `back` if they return early), so the clocks,
//! the scheduler and the verifier all see it.

use chrono::{DateTime, Datelike, Duration, TimeZone, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::Player;
use crate::game_log::commands::commit;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::load::load;
use crate::game_log::fold::load::lock_game;
use crate::game_log::stream::participant;
use crate::game_log::stream::{Entry, Submitted};
use crate::rules::Rules;
use crate::rules::message::Message;
use crate::rules::with_rules;
use crate::store::database_now;
use crate::store::events::format_time;
use crate::store::schema::{game_players, games, players, vacations};

/// The yearly allowance and how a player stands against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowance {
    /// Days a player may take in a calendar year.
    pub days_per_year: i64,
    /// Seconds in one of those days (shorter in tests).
    pub day_seconds: i64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The end of the vacation the player is on now.
    pub away_until: Option<DateTime<Utc>>,
    /// Days still free this calendar year.
    pub days_left: i64,
}

/// The vacation a player is on and the days they have left this year, at the database's time.
pub fn standing(conn: &mut PgConnection, player_id: i64, allowance: Allowance) -> Result<Standing> {
    let now = database_now(conn)?;
    let year_start = Utc
        .with_ymd_and_hms(now.year(), 1, 1, 0, 0, 0)
        .single()
        .expect("1 January is a valid date");
    /// Starts, is due to end, ended early.
    type Taken = (DateTime<Utc>, DateTime<Utc>, Option<DateTime<Utc>>);
    let taken: Vec<Taken> = vacations::table
        .filter(vacations::player_id.eq(player_id))
        .filter(vacations::starts_at.ge(year_start))
        .select((
            vacations::starts_at,
            vacations::ends_at,
            vacations::ended_at,
        ))
        .load(conn)?;
    let mut used = 0;
    let mut away_until = None;
    for (starts, ends, ended) in taken {
        let over = ended.unwrap_or(ends);
        used += days_spent(starts, over, allowance.day_seconds);
        if ended.is_none() && ends > now {
            away_until = Some(ends);
        }
    }
    Ok(Standing {
        away_until,
        days_left: (allowance.days_per_year - used).max(0),
    })
}

/// Whole days counted for a vacation from `starts` to `over`: any part of a day counts as one.
fn days_spent(starts: DateTime<Utc>, over: DateTime<Utc>, day_seconds: i64) -> i64 {
    let seconds = (over - starts).num_seconds().max(0);
    (seconds + day_seconds - 1) / day_seconds.max(1)
}

/// Starts a vacation of `days` for `player` now; returns when it ends.
pub fn start(
    conn: &mut PgConnection,
    player: &Player,
    days: i64,
    allowance: Allowance,
) -> Result<DateTime<Utc>> {
    conn.transaction(|conn| {
        lock_player(conn, player.id)?;
        let standing = standing(conn, player.id, allowance)?;
        if let Some(until) = standing.away_until {
            return Err(ServiceError::Rule(
                Message::new("vacation-already-away").text("until", format_time(until)),
            ));
        }
        if days < 1 || days > standing.days_left {
            return Err(ServiceError::Rule(
                Message::new("vacation-days-allowed").with("days", standing.days_left),
            ));
        }
        let now = database_now(conn)?;
        let until = now + Duration::seconds(days * allowance.day_seconds);
        diesel::insert_into(vacations::table)
            .values((
                vacations::player_id.eq(player.id),
                vacations::starts_at.eq(now),
                vacations::ends_at.eq(until),
            ))
            .execute(conn)?;
        let until_text = format_time(until);
        for game_id in open_games_of(conn, player.id)? {
            record(conn, &game_id, player, Change::Away { until: &until_text })?;
        }
        Ok(until)
    })
}

/// Ends `player`'s vacation now, before it was due to end: their clocks run again.
pub fn end(conn: &mut PgConnection, player: &Player, allowance: Allowance) -> Result<()> {
    conn.transaction(|conn| {
        lock_player(conn, player.id)?;
        if standing(conn, player.id, allowance)?.away_until.is_none() {
            return Err(ServiceError::Rule(Message::new("vacation-not-away")));
        }
        let now = database_now(conn)?;
        diesel::update(vacations::table)
            .filter(vacations::player_id.eq(player.id))
            .filter(vacations::ended_at.is_null())
            .filter(vacations::ends_at.gt(now))
            .set(vacations::ended_at.eq(now))
            .execute(conn)?;
        for game_id in open_games_of(conn, player.id)? {
            record(conn, &game_id, player, Change::Back)?;
        }
        Ok(())
    })
}

/// When the vacation `player_id` is on now ends, if they are on one.
fn away_until(conn: &mut PgConnection, player_id: i64) -> Result<Option<DateTime<Utc>>> {
    Ok(vacations::table
        .filter(vacations::player_id.eq(player_id))
        .filter(vacations::ended_at.is_null())
        .filter(vacations::ends_at.gt(diesel::dsl::now))
        .select(vacations::ends_at)
        .order(vacations::ends_at.desc())
        .first(conn)
        .optional()?)
}

/// A player on vacation who creates or joins a table: the vacation covers that game too. The
/// caller holds the game's lock (or has just created it).
pub fn carry_into<R: Rules>(conn: &mut PgConnection, game_id: &str, player: &Player) -> Result<()> {
    match away_until(conn, player.id)? {
        Some(until) => {
            let until = format_time(until);
            record_as::<R>(conn, game_id, player, Change::Away { until: &until })
        }
        None => Ok(()),
    }
}

/// Serializes a player's vacation changes.
fn lock_player(conn: &mut PgConnection, player_id: i64) -> Result<()> {
    players::table
        .find(player_id)
        .select(players::id)
        .for_no_key_update()
        .first::<i64>(conn)?;
    Ok(())
}

/// The unfinished games the player has joined, in the order their rows are locked.
fn open_games_of(conn: &mut PgConnection, player_id: i64) -> Result<Vec<String>> {
    Ok(games::table
        .inner_join(game_players::table)
        .filter(game_players::player_id.eq(player_id))
        .filter(games::phase.eq_any(["waiting", "active"]))
        .select(games::id)
        .order(games::id)
        .load(conn)?)
}

/// What a vacation row records.
#[derive(Clone, Copy)]
enum Change<'a> {
    Away { until: &'a str },
    Back,
}

/// Appends the player's vacation row to one game, if they are still at its table.
fn record(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    change: Change<'_>,
) -> Result<()> {
    let kind = lock_game(conn, game_id)?;
    with_rules!(kind, |R| record_as::<R>(conn, game_id, player, change))
}

fn record_as<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    change: Change<'_>,
) -> Result<()> {
    let (game, rows) = load::<R>(conn, game_id)?;
    if !game.has_joined(player.id) || game.ended.is_some() || game.cancelled.is_some() {
        return Ok(());
    }
    let who = participant(player);
    let (submitted, entry) = match change {
        Change::Away { until } => (
            Submitted::Away {
                until: until.to_string(),
            },
            Entry::Away {
                player: who,
                until: until.to_string(),
            },
        ),
        Change::Back => (Submitted::Back, Entry::Back { player: who }),
    };
    commit::<R>(
        conn,
        game,
        rows.last(),
        Some(player.id),
        submitted,
        vec![entry],
    )?;
    Ok(())
}
