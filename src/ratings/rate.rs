//! Rating finished games: a projection of their logs, one game at a time, in a defined order.
//!
//! When a rated game has ended, the next pass of [`rate_finished`] (any server's scheduler, or
//! the request that ended it) appends a row to the game's log that records every person's rating
//! before and after it, and brings `player_ratings` and `rating_changes` up to date in the same
//! transaction. Passes take one advisory lock, so of all the servers sharing a database one
//! rates at a time: games that end at the same moment for the same player are rated one after
//! the other, the one that ended first first, each once. The order is written into every rated
//! game's log, and `turnpost ratings rebuild` follows it.

use std::cmp::Reverse;
use std::collections::HashMap;

use chrono::{DateTime, SubsecRound, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;

use crate::game_log::decide::play::NewRow;
use crate::game_log::decide::seal::close;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::load::load;
use crate::game_log::fold::load::load_seed;
use crate::game_log::fold::load::lock_game;
use crate::game_log::fold::replay::{Game, Phase};
use crate::game_log::record::write::store_row;
use crate::game_log::stream::{Entry, Participant, RatingChange, Submitted};
use crate::glicko2::{self, Rating};
use crate::rules::{Kind, Rules, with_rules};
use crate::store::schema::{game_events, games, player_ratings, rating_changes};

/// The advisory lock every rating pass (and a rebuild) holds.
pub const RATINGS_LOCK: i64 = 0x7475_726e_7261_7465;

/// The rating order of a finished game that is not rated (nobody to rate it against, or a log
/// that cannot be read).
const UNRATED: i64 = 0;

/// How a person finished, for rating: those who stayed to the end before those who left (the
/// last to leave first), winners before the rest, then by score where the game keeps one.
type Standing = (bool, usize, bool, Reverse<i64>);

impl<R: Rules> Game<R> {
    /// The people a finished game rates, in seat order, each with their place (1 the best;
    /// equals share a place). Computers are not rated; a person whose seat a computer took over
    /// is rated as having left when they did.
    pub fn rated_places(&self) -> Vec<(Participant, u32)> {
        let people: Vec<(Participant, Standing)> = (self.seat_standings().into_iter())
            .filter(|(person, _)| !person.is_computer())
            .collect();
        let standings: Vec<Standing> = people.iter().map(|(_, s)| *s).collect();
        let places = glicko2::places(&standings);
        people.into_iter().map(|(p, _)| p).zip(places).collect()
    }

    /// Every seat's place in a finished game, by the same rule as [`Game::rated_places`], in
    /// seat order; empty while the game runs.
    pub fn seat_places(&self) -> Vec<u32> {
        let standings: Vec<Standing> = (self.seat_standings().into_iter())
            .map(|(_, s)| s)
            .collect();
        glicko2::places(&standings)
    }

    /// Who answers for each seat (the person who left it, where a computer took it over) and
    /// how they finished.
    fn seat_standings(&self) -> Vec<(Participant, Standing)> {
        let Some(ended) = &self.ended else {
            return Vec::new();
        };
        let outcome = &ended.outcome;
        (self.seat_holders().into_iter().enumerate())
            .map(|(seat, person)| {
                let standing = match self.left.iter().position(|id| *id == person.id) {
                    Some(at) => (true, self.left.len() - at, false, Reverse(0)),
                    None => {
                        let score = match R::SCORED {
                            true => outcome.scores.get(seat).copied().unwrap_or(0),
                            false => 0,
                        };
                        (false, 0, !outcome.winners.contains(&seat), Reverse(score))
                    }
                };
                (person.clone(), standing)
            })
            .collect()
    }

    /// Whether the game still awaits its rating.
    pub fn awaits_rating(&self) -> bool {
        self.rated && self.phase() == Phase::Finished && self.rating.is_none()
    }
}

/// A person's rating in one kind of game as it stands after their last rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Current {
    pub rating: Rating,
    pub games: i32,
    pub last_rated_at: DateTime<Utc>,
}

/// A person's rating just before a game rated at `at`: a new player's if they have none, else
/// their last one with the time away since counted.
pub fn before(current: Option<&Current>, at: DateTime<Utc>) -> Rating {
    current.map_or(Rating::NEW, |c| {
        let away = (at - c.last_rated_at)
            .num_microseconds()
            .unwrap_or(i64::MAX);
        c.rating.after_days_away(away as f64 / 86_400_000_000.0)
    })
}

/// Every rated person's change in a game, from their places and ratings just before it.
pub fn changes(places: &[(Participant, u32)], before: &[Rating]) -> Vec<RatingChange> {
    let numbers: Vec<u32> = places.iter().map(|(_, place)| *place).collect();
    let after = glicko2::rate_game(before, &numbers);
    (places.iter().zip(before).zip(after))
        .map(|(((player, place), before), after)| RatingChange {
            player: player.clone(),
            place: *place,
            before: *before,
            after,
        })
        .collect()
}

/// Rates finished rated games, the earliest ended first, until none is left or `most` have
/// been rated. Returns how many were.
pub fn rate_finished(conn: &mut PgConnection, most: usize) -> Result<usize> {
    if !any_awaiting(conn, None)? {
        return Ok(0);
    }
    let mut rated = 0;
    while rated < most && conn.transaction(rate_next)? {
        rated += 1;
        crate::metrics::game_rated();
    }
    Ok(rated)
}

/// Whether any finished rated game (of `among`, if given) awaits its rating.
pub fn any_awaiting(conn: &mut PgConnection, among: Option<&[String]>) -> QueryResult<bool> {
    let mut awaiting = games::table
        .filter(games::phase.eq("finished"))
        .filter(games::rated)
        .filter(games::rating_order.is_null())
        .into_boxed();
    if let Some(ids) = among {
        awaiting = awaiting.filter(games::id.eq_any(ids));
    }
    diesel::select(diesel::dsl::exists(awaiting)).get_result(conn)
}

/// Rates the next game awaiting its rating, under the ratings lock; false when none awaits, or
/// when another process holds the lock (it rates what awaits, or a rebuild runs).
fn rate_next(conn: &mut PgConnection) -> Result<bool> {
    let locked = diesel::select(
        diesel::dsl::sql::<diesel::sql_types::Bool>("pg_try_advisory_xact_lock(")
            .bind::<BigInt, _>(RATINGS_LOCK)
            .sql(")"),
    )
    .get_result::<bool>(conn)?;
    if !locked {
        return Ok(false);
    }
    let next: Option<String> = games::table
        .inner_join(
            game_events::table.on(game_events::game_id
                .eq(games::id)
                .and(game_events::seq.eq(games::last_seq))),
        )
        .filter(games::phase.eq("finished"))
        .filter(games::rated)
        .filter(games::rating_order.is_null())
        .order((game_events::recorded_at.asc(), games::id.asc()))
        .select(games::id)
        .first(conn)
        .optional()?;
    let Some(game_id) = next else {
        return Ok(false);
    };
    let kind = lock_game(conn, &game_id)?;
    let rated = conn.transaction(|conn| with_rules!(kind, |R| rate_locked::<R>(conn, &game_id)));
    match rated {
        // A log that no longer replays is a matter for the operator; the games that ended after
        // it are rated without it rather than wait for it for ever.
        Err(damaged @ (ServiceError::Corrupt(_) | ServiceError::Damaged(_))) => {
            tracing::error!(game = %game_id, "left unrated: {damaged}");
            set_order(conn, &game_id, UNRATED)?;
        }
        other => other?,
    }
    Ok(true)
}

fn rate_locked<R: Rules>(conn: &mut PgConnection, game_id: &str) -> Result<()> {
    let (game, rows) = load::<R>(conn, game_id)?;
    let places = game.rated_places();
    if !game.awaits_rating() || places.len() < 2 {
        // Nothing to rate, such as a game that left one person at the table.
        let order = game.rating.as_ref().map_or(UNRATED, |r| r.order);
        set_order(conn, game_id, order)?;
        return Ok(());
    }
    // The lock is held: the clock's time now follows every earlier rating's.
    let now: DateTime<Utc> = diesel::select(diesel::dsl::sql::<diesel::sql_types::Timestamptz>(
        "clock_timestamp()",
    ))
    .get_result::<DateTime<Utc>>(conn)?
    .trunc_subsecs(6);
    // Only rated games have an order above 0, and only they are in the order's index: without
    // the filter, PostgreSQL reads every game to find the largest.
    let order: i64 = games::table
        .filter(games::rating_order.gt(0))
        .select(diesel::dsl::max(games::rating_order))
        .first::<Option<i64>>(conn)?
        .unwrap_or(0)
        + 1;
    let ids: Vec<i64> = places.iter().map(|(p, _)| p.id).collect();
    let current = current(conn, &ids, game.kind)?;
    let before: Vec<Rating> = (ids.iter())
        .map(|id| before(current.get(id), now))
        .collect();
    let changes = changes(&places, &before);
    let game_seed = load_seed(conn, &game)?;
    let new_row = NewRow {
        previous: rows.last(),
        actor: None,
        submitted: Submitted::Rate,
        entries: vec![Entry::Rated {
            order,
            players: changes.clone(),
        }],
    };
    let kind = game.kind;
    let closed = close(game, new_row, &game_seed, now);
    store_row(conn, &closed.row, &closed.game, &closed.tell)?;
    write_changes(conn, game_id, kind, order, now, &changes, &current)?;
    Ok(())
}

fn set_order(conn: &mut PgConnection, game_id: &str, order: i64) -> QueryResult<()> {
    diesel::update(games::table.find(game_id))
        .set(games::rating_order.eq(order))
        .execute(conn)
        .map(|_| ())
}

/// A row of `player_ratings`: a person's rating in a kind of game after their last rated game.
#[derive(Clone, Debug, PartialEq, Queryable, Selectable)]
#[diesel(table_name = player_ratings)]
pub struct StoredRating {
    pub player_id: i64,
    pub kind: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: i32,
    pub last_rated_at: DateTime<Utc>,
}

impl StoredRating {
    pub fn current(&self) -> Current {
        Current {
            rating: Rating {
                rating: self.rating,
                deviation: self.deviation,
                volatility: self.volatility,
            },
            games: self.games,
            last_rated_at: self.last_rated_at,
        }
    }
}

/// The current ratings of `players` in `kind`, for those who have one.
pub fn current(
    conn: &mut PgConnection,
    players: &[i64],
    kind: Kind,
) -> QueryResult<HashMap<i64, Current>> {
    let rows: Vec<StoredRating> = player_ratings::table
        .filter(player_ratings::player_id.eq_any(players))
        .filter(player_ratings::kind.eq(kind.as_str()))
        .select(StoredRating::as_select())
        .load(conn)?;
    Ok(rows.iter().map(|r| (r.player_id, r.current())).collect())
}

/// Writes a rated game's changes into the projection: the game's order, each person's new
/// current rating (from `current`, their ratings before it), and the changes themselves.
pub fn write_changes(
    conn: &mut PgConnection,
    game_id: &str,
    kind: Kind,
    order: i64,
    at: DateTime<Utc>,
    changes: &[RatingChange],
    current: &HashMap<i64, Current>,
) -> QueryResult<()> {
    set_order(conn, game_id, order)?;
    for change in changes {
        let id = change.player.id;
        let games = current.get(&id).map_or(0, |c| c.games) + 1;
        diesel::insert_into(player_ratings::table)
            .values((
                player_ratings::player_id.eq(id),
                player_ratings::kind.eq(kind.as_str()),
                player_ratings::rating.eq(change.after.rating),
                player_ratings::deviation.eq(change.after.deviation),
                player_ratings::volatility.eq(change.after.volatility),
                player_ratings::games.eq(games),
                player_ratings::last_rated_at.eq(at),
            ))
            .on_conflict((player_ratings::player_id, player_ratings::kind))
            .do_update()
            .set((
                player_ratings::rating.eq(change.after.rating),
                player_ratings::deviation.eq(change.after.deviation),
                player_ratings::volatility.eq(change.after.volatility),
                player_ratings::games.eq(games),
                player_ratings::last_rated_at.eq(at),
            ))
            .execute(conn)?;
        diesel::insert_into(rating_changes::table)
            .values((
                rating_changes::game_id.eq(game_id),
                rating_changes::player_id.eq(id),
                rating_changes::kind.eq(kind.as_str()),
                rating_changes::rating_order.eq(order),
                rating_changes::place.eq(change.place as i32),
                rating_changes::rated_players.eq(changes.len() as i32),
                rating_changes::rating_before.eq(change.before.rating),
                rating_changes::deviation_before.eq(change.before.deviation),
                rating_changes::volatility_before.eq(change.before.volatility),
                rating_changes::rating_after.eq(change.after.rating),
                rating_changes::deviation_after.eq(change.after.deviation),
                rating_changes::volatility_after.eq(change.after.volatility),
                rating_changes::rated_at.eq(at),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// A rating as people see it: "1512", or "1512?" while it is provisional.
pub fn shown(rating: &Rating) -> String {
    match rating.is_provisional() {
        true => format!("{}?", rating.shown()),
        false => rating.shown().to_string(),
    }
}

/// "Ann 1512 → 1527 (+15)": one person's change in words.
pub fn change_message(player: String, change: &RatingChange) -> crate::rules::Message {
    let difference = change.after.shown() - change.before.shown();
    let signed = match difference {
        d if d > 0 => format!("+{d}"),
        0 => "±0".to_string(),
        d => format!("−{}", -d),
    };
    crate::rules::Message::new("rating-change")
        .text("player", player)
        .text("before", shown(&change.before))
        .text("after", shown(&change.after))
        .text("difference", signed)
}
