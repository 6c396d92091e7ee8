//! The read models kept beside the log: the game list and whose turn it is. Written in the same
//! transaction as each row, and derivable from the log alone.

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use serde_json::Value;

use crate::game_log::fold::replay::{Game, Phase};
use crate::game_log::stream::time_control::TimeControl;
use crate::i18n::Lang;
use crate::rules::Kind;
use crate::rules::{Message, Rules};
use crate::store::schema::{game_players, games, turn_clocks};

/// The game's row in the game list, as it is created.
pub struct NewGameRow<'a> {
    pub kind: Kind,
    pub options: &'a Value,
    pub players: usize,
    pub open_seats: usize,
    pub private: bool,
    pub time_control: Option<TimeControl>,
    pub rated: bool,
    pub rating_range: Option<crate::game_log::stream::RatingRange>,
    pub creator: i64,
}

pub fn insert_game(
    conn: &mut PgConnection,
    game_id: &str,
    row: &NewGameRow<'_>,
) -> QueryResult<()> {
    let now = Utc::now();
    diesel::insert_into(games::table)
        .values((
            games::id.eq(game_id),
            games::kind.eq(row.kind.as_str()),
            games::options.eq(row.options),
            games::players.eq(row.players as i32),
            games::open_seats.eq(row.open_seats as i32),
            games::private.eq(row.private),
            games::time_control.eq(row
                .time_control
                .map(|c| serde_json::to_value(c).expect("serializes"))),
            games::created_by.eq(row.creator),
            games::rated.eq(row.rated),
            games::rating_min.eq(row.rating_range.and_then(|r| r.min)),
            games::rating_max.eq(row.rating_range.and_then(|r| r.max)),
            games::phase.eq("waiting"),
            games::last_seq.eq(0i64),
            games::created_at.eq(now),
            games::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// What a game's read-model rows say once its log is folded: its row in the game list and, in
/// the order it was joined, each player's seat and whether they are to act.
pub struct GameRow {
    pub phase: &'static str,
    pub last_seq: i64,
    pub result: Option<String>,
    pub result_message: Option<Value>,
    pub updated_at: DateTime<Utc>,
    pub players: Vec<i64>,
    pub seats: Vec<Option<i32>>,
    pub to_act: Vec<bool>,
}

impl GameRow {
    pub fn of<R: Rules>(game: &Game<R>) -> GameRow {
        let names = game.seat_names();
        let result = game.end_message().map(|m| m.naming(&names));
        let acting = game
            .status()
            .map(|status| status.to_act().to_vec())
            .unwrap_or_default();
        let seats: Vec<Option<i32>> = (game.at_table())
            .map(|p| game.seat_of(p.id).map(|s| s as i32))
            .collect();
        let to_act = (seats.iter())
            .map(|seat| seat.is_some_and(|s| acting.contains(&(s as usize))))
            .collect();
        GameRow {
            phase: game.phase().as_str(),
            last_seq: game.seq,
            result: result.as_ref().map(|m| Lang::En.say(m, &[])),
            result_message: result
                .as_ref()
                .map(|m| serde_json::to_value(m).expect("messages serialize")),
            updated_at: Utc::now(),
            players: game.at_table().map(|p| p.id).collect(),
            seats,
            to_act,
        }
    }
}

/// Keeps one `turn_clocks` row per running clock. A turn that goes on keeps its row (and so the
/// reminders already sent for it); a new turn gets a fresh one.
pub fn sync_clocks<R: Rules>(conn: &mut PgConnection, game: &Game<R>) -> QueryResult<()> {
    if game.time_control.is_none() {
        // An untimed game never has a running clock.
        return Ok(());
    }
    /// Seat, player, the row that started the turn, when it started, when it runs out.
    type Running = (i32, i64, i64, DateTime<Utc>, DateTime<Utc>);
    let running: Vec<Running> = match &game.clock {
        Some(clock) if game.phase() == Phase::Active => clock
            .seats
            .iter()
            .enumerate()
            .filter_map(|(seat, c)| {
                let since = c.since?;
                let player = game.seating.get(seat)?.id;
                Some((seat as i32, player, c.turn_seq, since, clock.due_at(seat)?))
            })
            .collect(),
        _ => Vec::new(),
    };
    let stored: Vec<(i32, i64)> = turn_clocks::table
        .filter(turn_clocks::game_id.eq(&game.id))
        .select((turn_clocks::seat, turn_clocks::turn_seq))
        .load(conn)?;
    for (seat, turn) in stored {
        if !running.iter().any(|r| r.0 == seat && r.2 == turn) {
            diesel::delete(turn_clocks::table.find((&game.id, seat))).execute(conn)?;
        }
    }
    for (seat, player, turn, since, due) in running {
        diesel::insert_into(turn_clocks::table)
            .values((
                turn_clocks::game_id.eq(&game.id),
                turn_clocks::seat.eq(seat),
                turn_clocks::player_id.eq(player),
                turn_clocks::turn_seq.eq(turn),
                turn_clocks::started_at.eq(since),
                turn_clocks::due_at.eq(due),
            ))
            // The same turn keeps its reminders, but a vacation moves its deadline.
            .on_conflict((turn_clocks::game_id, turn_clocks::seat))
            .do_update()
            .set((
                turn_clocks::started_at.eq(since),
                turn_clocks::due_at.eq(due),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// One line of a player's game list: the game's row and the player's seat at it.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = games, check_for_backend(diesel::pg::Pg))]
pub struct GameSummary {
    pub id: String,
    pub kind: String,
    pub phase: String,
    pub result: Option<String>,
    pub result_message: Option<Value>,
    pub updated_at: DateTime<Utc>,
    #[diesel(select_expression = game_players::to_act)]
    pub my_turn: bool,
}

impl GameSummary {
    /// How the game ended, in `lang`; the stored English line for games that ended before
    /// results were kept as messages.
    pub fn result_in(&self, lang: Lang) -> Option<String> {
        self.result_message
            .clone()
            .and_then(|v| serde_json::from_value::<Message>(v).ok())
            .map(|m| lang.say(&m, &[]))
            .or_else(|| self.result.clone())
    }
}

/// The games a player sits at that have not ended, the ones waiting for them first, then the
/// most recently changed.
pub fn current_games_of(conn: &mut PgConnection, player_id: i64) -> QueryResult<Vec<GameSummary>> {
    games::table
        .inner_join(game_players::table)
        .filter(game_players::player_id.eq(player_id))
        .filter(game_players::ended_at.is_null())
        .order((game_players::to_act.desc(), games::updated_at.desc()))
        .select(GameSummary::as_select())
        .load(conn)
}

/// Where a page of a player's ended games starts: after the game that ended at `ended_at`
/// with id `game_id` (newest first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndedAfter {
    pub ended_at: DateTime<Utc>,
    pub game_id: String,
}

/// Up to `limit` of the games a player sat at that have ended, the latest first, starting after
/// `after`; and where the next page starts, if there is one.
pub fn ended_games_of(
    conn: &mut PgConnection,
    player_id: i64,
    after: Option<&EndedAfter>,
    limit: i64,
) -> QueryResult<(Vec<GameSummary>, Option<EndedAfter>)> {
    let mut query = games::table
        .inner_join(game_players::table)
        .filter(game_players::player_id.eq(player_id))
        .filter(game_players::ended_at.is_not_null())
        .order((game_players::ended_at.desc(), game_players::game_id.desc()))
        .select((GameSummary::as_select(), game_players::ended_at))
        .limit(limit + 1)
        .into_boxed();
    if let Some(after) = after {
        query = query.filter(
            game_players::ended_at
                .lt(after.ended_at)
                .or(game_players::ended_at
                    .eq(after.ended_at)
                    .and(game_players::game_id.lt(&after.game_id))),
        );
    }
    let mut rows: Vec<(GameSummary, Option<DateTime<Utc>>)> = query.load(conn)?;
    let more = rows.len() as i64 > limit;
    rows.truncate(limit.max(0) as usize);
    let next = match (more, rows.last()) {
        (true, Some((game, Some(ended_at)))) => Some(EndedAfter {
            ended_at: *ended_at,
            game_id: game.id.clone(),
        }),
        _ => None,
    };
    Ok((rows.into_iter().map(|(game, _)| game).collect(), next))
}

/// Someone at a game's table, with their current display name.
#[derive(Clone, Debug)]
pub struct Seated {
    pub player_id: i64,
    pub name: String,
    pub seat: Option<i32>,
    pub to_act: bool,
}

/// A seat of one of several games, with its player's current display name.
#[derive(QueryableByName)]
struct SeatedAt {
    #[diesel(sql_type = diesel::sql_types::Text)]
    game_id: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    player_id: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    name: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Integer>)]
    seat: Option<i32>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    to_act: bool,
}

/// Everyone at each of `game_ids`, in seat order (then joining order), with whether it is
/// their turn, in one query.
pub fn tables_of(
    conn: &mut PgConnection,
    game_ids: &[String],
) -> QueryResult<std::collections::HashMap<String, Vec<Seated>>> {
    // Each name by the player's key: a join lets the planner read every player to hash them,
    // a cost that grows with the site rather than with the list.
    let rows: Vec<SeatedAt> = diesel::sql_query(
        "SELECT gp.game_id, gp.player_id, gp.seat, gp.to_act,
                (SELECT p.display_name FROM players p WHERE p.id = gp.player_id) AS name
         FROM game_players gp
         WHERE gp.game_id = ANY($1)
         ORDER BY gp.game_id, gp.seat, gp.joined_at",
    )
    .bind::<diesel::sql_types::Array<diesel::sql_types::Text>, _>(game_ids)
    .load(conn)?;
    let mut tables = std::collections::HashMap::<String, Vec<Seated>>::new();
    for row in rows {
        tables.entry(row.game_id).or_default().push(Seated {
            player_id: row.player_id,
            name: row.name,
            seat: row.seat,
            to_act: row.to_act,
        });
    }
    Ok(tables)
}

/// A public table waiting for players, as the lists of open tables show it.
pub struct OpenTable {
    pub id: String,
    pub kind: Kind,
    pub options: Value,
    pub time_control: Option<TimeControl>,
    pub open_seats: i32,
    pub rating_range: crate::game_log::stream::RatingRange,
}

impl OpenTable {
    /// The table's time limit in words, or that it has none.
    pub fn time_message(&self) -> Message {
        self.time_control
            .map_or_else(|| Message::new("game-no-time-limit"), |c| c.message())
    }
}

/// Public tables with open seats, newest first, at most `limit`; without the ones `player` has
/// joined, when one is given, and without those where someone and `seen_by` keep each other from
/// a table (a block of games, either way round).
pub fn open_tables(
    conn: &mut PgConnection,
    not_joined_by: Option<i64>,
    seen_by: Option<i64>,
    limit: i64,
) -> QueryResult<Vec<OpenTable>> {
    type Row = (
        String,
        String,
        Value,
        Option<Value>,
        i32,
        Option<i32>,
        Option<i32>,
    );
    let mut query = games::table
        .filter(games::phase.eq("waiting"))
        .filter(games::open_seats.gt(0))
        .filter(games::private.eq(false))
        .into_boxed();
    if let Some(player) = not_joined_by {
        let joined = game_players::table
            .filter(game_players::player_id.eq(player))
            .select(game_players::game_id);
        query = query.filter(games::id.ne_all(joined));
    }
    if let Some(viewer) = seen_by {
        use diesel::sql_types::{BigInt, Bool};
        query = query.filter(
            diesel::dsl::sql::<Bool>(
                "NOT EXISTS (SELECT 1 FROM game_players gp JOIN blocks b ON b.games
                    AND ((b.blocker = gp.player_id AND b.blocked = ",
            )
            .bind::<BigInt, _>(viewer)
            .sql(") OR (b.blocked = gp.player_id AND b.blocker = ")
            .bind::<BigInt, _>(viewer)
            .sql(")) WHERE gp.game_id = games.id)"),
        );
    }
    let rows: Vec<Row> = query
        .order(games::created_at.desc())
        .limit(limit)
        .select((
            games::id,
            games::kind,
            games::options,
            games::time_control,
            games::open_seats,
            games::rating_min,
            games::rating_max,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, kind, options, time_control, open_seats, min, max)| {
            Some(OpenTable {
                id,
                kind: Kind::parse(&kind)?,
                options,
                time_control: time_control.and_then(|c| serde_json::from_value(c).ok()),
                open_seats,
                rating_range: crate::game_log::stream::RatingRange { min, max },
            })
        })
        .collect())
}
