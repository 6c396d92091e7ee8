//! One person blocking another, with two switches: **talk** (the other's table talk is hidden
//! from the blocker on pages and in emails) and **games** (the other cannot invite the blocker,
//! join or sit at a table the blocker is at, and the two are not seated together from open
//! tables). Undone at any time; the blocked person is never told.

use std::collections::BTreeSet;

use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};

/// What `blocker` blocks of one other person.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Block {
    pub talk: bool,
    pub games: bool,
}

impl Block {
    pub fn any(self) -> bool {
        self.talk || self.games
    }
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = BigInt)]
    blocked: i64,
    #[diesel(sql_type = Bool)]
    talk: bool,
    #[diesel(sql_type = Bool)]
    games: bool,
}

/// Sets what `blocker` blocks of `blocked`; blocking nothing undoes the block.
pub fn set(conn: &mut PgConnection, blocker: i64, blocked: i64, block: Block) -> QueryResult<()> {
    if !block.any() {
        diesel::sql_query("DELETE FROM blocks WHERE blocker = $1 AND blocked = $2")
            .bind::<BigInt, _>(blocker)
            .bind::<BigInt, _>(blocked)
            .execute(conn)?;
        return Ok(());
    }
    diesel::sql_query(
        "INSERT INTO blocks (blocker, blocked, talk, games) VALUES ($1, $2, $3, $4)
         ON CONFLICT (blocker, blocked) DO UPDATE SET talk = $3, games = $4",
    )
    .bind::<BigInt, _>(blocker)
    .bind::<BigInt, _>(blocked)
    .bind::<Bool, _>(block.talk)
    .bind::<Bool, _>(block.games)
    .execute(conn)?;
    Ok(())
}

/// What `blocker` blocks of `blocked`.
pub fn of(conn: &mut PgConnection, blocker: i64, blocked: i64) -> QueryResult<Block> {
    let found: Option<Row> = diesel::sql_query(
        "SELECT blocked, talk, games FROM blocks WHERE blocker = $1 AND blocked = $2",
    )
    .bind::<BigInt, _>(blocker)
    .bind::<BigInt, _>(blocked)
    .get_result(conn)
    .optional()?;
    Ok(found.map_or(Block::default(), |row| Block {
        talk: row.talk,
        games: row.games,
    }))
}

/// Everyone `blocker` blocks, with their name and what, in the order they were blocked.
pub fn list(conn: &mut PgConnection, blocker: i64) -> QueryResult<Vec<(i64, String, Block)>> {
    #[derive(QueryableByName)]
    struct Named {
        #[diesel(embed)]
        found: Row,
        #[diesel(sql_type = diesel::sql_types::Text)]
        display_name: String,
    }
    let rows: Vec<Named> = diesel::sql_query(
        "SELECT b.blocked, b.talk, b.games, p.display_name
         FROM blocks b JOIN players p ON p.id = b.blocked
         WHERE b.blocker = $1 ORDER BY b.created_at",
    )
    .bind::<BigInt, _>(blocker)
    .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|named| {
            let block = Block {
                talk: named.found.talk,
                games: named.found.games,
            };
            (named.found.blocked, named.display_name, block)
        })
        .collect())
}

/// The people whose talk `viewer` does not see, in order (a page's tag is made from them).
pub fn talk_hidden_from(conn: &mut PgConnection, viewer: i64) -> QueryResult<BTreeSet<i64>> {
    #[derive(QueryableByName)]
    struct Blocked {
        #[diesel(sql_type = BigInt)]
        blocked: i64,
    }
    let rows: Vec<Blocked> =
        diesel::sql_query("SELECT blocked FROM blocks WHERE blocker = $1 AND talk")
            .bind::<BigInt, _>(viewer)
            .load(conn)?;
    Ok(rows.into_iter().map(|row| row.blocked).collect())
}

/// Whether `one` and any of `others` keep each other from a table, either way round.
pub fn apart(conn: &mut PgConnection, one: i64, others: &[i64]) -> QueryResult<bool> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = Bool)]
        apart: bool,
    }
    let found: Found = diesel::sql_query(
        "SELECT EXISTS (SELECT 1 FROM blocks WHERE games AND
                ((blocker = $1 AND blocked = ANY($2)) OR (blocked = $1 AND blocker = ANY($2))))
         AS apart",
    )
    .bind::<BigInt, _>(one)
    .bind::<diesel::sql_types::Array<BigInt>, _>(others)
    .get_result(conn)?;
    Ok(found.apart)
}
