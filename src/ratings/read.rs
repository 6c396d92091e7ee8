//! What players read of the ratings: a game's leaderboard, and one player's ratings, history,
//! results and record against another.

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Double, Integer, Text, Timestamptz};

use crate::glicko2::Rating;
use crate::glicko2::parameters::{
    ESTABLISHED_DEVIATION, ESTABLISHED_GAMES, ESTABLISHED_WITHIN_DAYS, PERIODS_PER_DAY, SCALE,
    START_DEVIATION,
};
use crate::ratings::rate::{StoredRating, before};
use crate::rules::Kind;
use crate::store::schema::{player_ratings, players, rating_changes};

/// One line of a leaderboard.
#[derive(Clone, Debug, QueryableByName)]
pub struct Leader {
    #[diesel(sql_type = BigInt)]
    pub player_id: i64,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = Double)]
    pub rating: f64,
    /// The deviation today, with the time since the last rated game counted.
    #[diesel(sql_type = Double)]
    pub deviation: f64,
    #[diesel(sql_type = Integer)]
    pub games: i32,
    #[diesel(sql_type = BigInt)]
    total: i64,
}

/// A page of a game's leaderboard: its established players (a deviation of at most 80 today,
/// at least 10 rated games, one in the last 90 days), best first, and how many there are.
pub fn leaderboard(
    conn: &mut PgConnection,
    kind: Kind,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<Leader>, i64)> {
    let leaders: Vec<Leader> = diesel::sql_query(
        "WITH live AS (
             SELECT r.player_id, p.display_name AS name, r.rating, r.games,
                    LEAST($6, sqrt(r.deviation ^ 2
                        + GREATEST(0, extract(epoch FROM now() - r.last_rated_at)) / 86400
                          * $7 * (r.volatility * $8) ^ 2)) AS deviation
             FROM player_ratings r JOIN players p ON p.id = r.player_id
             WHERE r.kind = $1 AND r.games >= $2
               AND r.last_rated_at > now() - make_interval(days => $3))
         SELECT *, count(*) OVER () AS total FROM live WHERE deviation <= $4
         ORDER BY rating DESC, player_id LIMIT $5 OFFSET $9",
    )
    .bind::<Text, _>(kind.as_str())
    .bind::<Integer, _>(ESTABLISHED_GAMES)
    .bind::<Integer, _>(ESTABLISHED_WITHIN_DAYS)
    .bind::<Double, _>(ESTABLISHED_DEVIATION)
    .bind::<BigInt, _>(limit)
    .bind::<Double, _>(START_DEVIATION)
    .bind::<Double, _>(PERIODS_PER_DAY)
    .bind::<Double, _>(SCALE)
    .bind::<BigInt, _>(offset)
    .load(conn)?;
    let total = leaders.first().map_or(0, |l| l.total);
    Ok((leaders, total))
}

/// A person as their page shows them.
#[derive(Clone, Debug, Queryable)]
pub struct Person {
    pub id: i64,
    pub name: String,
    pub bot: bool,
}

/// The player called `name` (in any case), if there is one. Computers have no page.
pub fn person_named(conn: &mut PgConnection, name: &str) -> QueryResult<Option<Person>> {
    players::table
        .filter(
            diesel::dsl::sql::<diesel::sql_types::Bool>("lower(display_name) = lower(")
                .bind::<Text, _>(name)
                .sql(")"),
        )
        .filter(players::id.gt(0))
        .select((players::id, players::display_name, players::bot))
        .first(conn)
        .optional()
}

/// A player's rating in one kind of game, as it stands today, with their results.
#[derive(Clone, Debug)]
pub struct KindRating {
    pub kind: Kind,
    pub rating: Rating,
    pub games: i32,
    pub last_rated_at: DateTime<Utc>,
    /// Games won outright, first place shared, and the rest.
    pub won: i64,
    pub shared: i64,
    pub lost: i64,
}

#[derive(QueryableByName)]
struct Results {
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = BigInt)]
    won: i64,
    #[diesel(sql_type = BigInt)]
    shared: i64,
    #[diesel(sql_type = BigInt)]
    lost: i64,
}

/// Every rating a player has, in the order of `Kind::ALL`, with the deviation as it stands
/// today (`now`).
pub fn ratings_of(
    conn: &mut PgConnection,
    player: i64,
    now: DateTime<Utc>,
) -> QueryResult<Vec<KindRating>> {
    let rows: Vec<StoredRating> = player_ratings::table
        .filter(player_ratings::player_id.eq(player))
        .select(StoredRating::as_select())
        .load(conn)?;
    let results: Vec<Results> = diesel::sql_query(
        "SELECT c.kind,
                count(*) FILTER (WHERE c.place = 1 AND NOT shared) AS won,
                count(*) FILTER (WHERE c.place = 1 AND shared) AS shared,
                count(*) FILTER (WHERE c.place > 1) AS lost
         FROM (SELECT c.kind, c.place,
                      EXISTS (SELECT 1 FROM rating_changes o
                              WHERE o.game_id = c.game_id AND o.player_id <> c.player_id
                                AND o.place = c.place) AS shared
               FROM rating_changes c WHERE c.player_id = $1) c
         GROUP BY c.kind",
    )
    .bind::<BigInt, _>(player)
    .load(conn)?;
    let mut ratings: Vec<KindRating> = (rows.iter())
        .filter_map(|row| {
            let kind = Kind::parse(&row.kind)?;
            let counted = results.iter().find(|r| r.kind == kind.as_str());
            Some(KindRating {
                kind,
                rating: before(Some(&row.current()), now),
                games: row.games,
                last_rated_at: row.last_rated_at,
                won: counted.map_or(0, |r| r.won),
                shared: counted.map_or(0, |r| r.shared),
                lost: counted.map_or(0, |r| r.lost),
            })
        })
        .collect();
    ratings.sort_by_key(|r| Kind::ALL.iter().position(|k| *k == r.kind));
    Ok(ratings)
}

/// One point of a rating's history: the rating after a rated game.
#[derive(Clone, Debug, Queryable)]
pub struct Point {
    pub game_id: String,
    pub rated_at: DateTime<Utc>,
    pub place: i32,
    pub rated_players: i32,
    pub before: f64,
    pub after: f64,
    pub deviation: f64,
}

/// A player's rating in `kind` after each of their rated games, oldest first.
pub fn history_of(conn: &mut PgConnection, player: i64, kind: Kind) -> QueryResult<Vec<Point>> {
    rating_changes::table
        .filter(rating_changes::player_id.eq(player))
        .filter(rating_changes::kind.eq(kind.as_str()))
        .order(rating_changes::rating_order.asc())
        .select((
            rating_changes::game_id,
            rating_changes::rated_at,
            rating_changes::place,
            rating_changes::rated_players,
            rating_changes::rating_before,
            rating_changes::rating_after,
            rating_changes::deviation_after,
        ))
        .load(conn)
}

/// How two players finished against each other in the rated games they played together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, QueryableByName)]
pub struct Record {
    /// Games the first finished ahead of the second.
    #[diesel(sql_type = BigInt)]
    pub ahead: i64,
    #[diesel(sql_type = BigInt)]
    pub level: i64,
    #[diesel(sql_type = BigInt)]
    pub behind: i64,
}

pub fn record_between(conn: &mut PgConnection, first: i64, second: i64) -> QueryResult<Record> {
    diesel::sql_query(
        "SELECT count(*) FILTER (WHERE a.place < b.place) AS ahead,
                count(*) FILTER (WHERE a.place = b.place) AS level,
                count(*) FILTER (WHERE a.place > b.place) AS behind
         FROM rating_changes a
         JOIN rating_changes b ON b.game_id = a.game_id AND b.player_id = $2
         WHERE a.player_id = $1",
    )
    .bind::<BigInt, _>(first)
    .bind::<BigInt, _>(second)
    .get_result(conn)
}

/// One of a player's recent games, as their page lists it.
#[derive(Clone, Debug, QueryableByName)]
pub struct RecentGame {
    #[diesel(sql_type = Text)]
    pub id: String,
    #[diesel(sql_type = Text)]
    pub kind: String,
    #[diesel(sql_type = Text)]
    pub phase: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Jsonb>)]
    pub result_message: Option<serde_json::Value>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    pub rated: bool,
    #[diesel(sql_type = Timestamptz)]
    pub updated_at: DateTime<Utc>,
}

/// The latest games `player` sits at that `reader` may see: public ones, and private ones the
/// reader sits at too. Tables still waiting for players are left out.
pub fn recent_games(
    conn: &mut PgConnection,
    player: i64,
    reader: Option<i64>,
    limit: i64,
) -> QueryResult<Vec<RecentGame>> {
    diesel::sql_query(
        // The running games, and the latest ended ones through the seats' index of when
        // their game ended: however many games the player has finished, one page is read.
        "WITH visible AS NOT MATERIALIZED (
           SELECT g.id, g.kind, g.phase, g.result_message, g.rated, g.updated_at, gp.ended_at
           FROM game_players gp JOIN games g ON g.id = gp.game_id
           WHERE gp.player_id = $1
             AND (NOT g.private OR EXISTS (SELECT 1 FROM game_players r
                                           WHERE r.game_id = g.id AND r.player_id = $2)))
         SELECT id, kind, phase, result_message, rated, updated_at FROM (
           (SELECT * FROM visible WHERE ended_at IS NULL AND phase = 'active')
           UNION ALL
           (SELECT * FROM visible WHERE ended_at IS NOT NULL AND phase = 'finished'
            ORDER BY ended_at DESC, id DESC LIMIT $3)
         ) latest
         ORDER BY updated_at DESC LIMIT $3",
    )
    .bind::<BigInt, _>(player)
    .bind::<BigInt, _>(reader.unwrap_or(0))
    .bind::<BigInt, _>(limit)
    .load(conn)
}
