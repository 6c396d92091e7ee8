//! The moderators, named by the operator (`turnpost moderators add|remove|list`), and the
//! limits a moderator's action puts on a person: muted from talk, suspended.

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamptz};

use super::log::{self, Decision};
use crate::auth::accounts;

/// Why the operator's command did nothing.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    #[error("nobody has the address {0}; they must sign in once first")]
    NoSuchPerson(String),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

/// Names the person with address `email` a moderator (from now, if they were not one). Returns
/// whether anything changed; the moderation log records it.
pub fn add(conn: &mut PgConnection, email: &str) -> Result<bool, Refused> {
    set(conn, email, true)
}

/// Takes the moderator's powers from the person with address `email`.
pub fn remove(conn: &mut PgConnection, email: &str) -> Result<bool, Refused> {
    set(conn, email, false)
}

fn set(conn: &mut PgConnection, email: &str, moderator: bool) -> Result<bool, Refused> {
    conn.transaction(|conn| {
        let player = accounts::by_email(conn, email)?
            .ok_or_else(|| Refused::NoSuchPerson(email.to_string()))?;
        let changed = diesel::sql_query(
            "UPDATE players SET moderator_since = CASE WHEN $2 THEN now() END
             WHERE id = $1 AND (moderator_since IS NULL) = $2",
        )
        .bind::<BigInt, _>(player.id)
        .bind::<diesel::sql_types::Bool, _>(moderator)
        .execute(conn)?;
        if changed == 0 {
            return Ok(false);
        }
        let decision = match moderator {
            true => Decision::ModeratorAdded { player: player.id },
            false => Decision::ModeratorRemoved { player: player.id },
        };
        log::append(conn, None, &decision)?;
        Ok(true)
    })
}

/// A moderator as the operator lists them.
#[derive(Clone, Debug, QueryableByName)]
pub struct Moderator {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = Text)]
    pub email: String,
    #[diesel(sql_type = Text)]
    pub display_name: String,
    #[diesel(sql_type = Timestamptz)]
    pub moderator_since: DateTime<Utc>,
}

pub fn list(conn: &mut PgConnection) -> QueryResult<Vec<Moderator>> {
    diesel::sql_query(
        "SELECT id, email, display_name, moderator_since FROM players
         WHERE moderator_since IS NOT NULL ORDER BY moderator_since, id",
    )
    .load(conn)
}

/// Whether `player` is a moderator now.
pub fn is_moderator(conn: &mut PgConnection, player: i64) -> QueryResult<bool> {
    #[derive(QueryableByName)]
    struct Since {
        #[diesel(sql_type = Nullable<Timestamptz>)]
        moderator_since: Option<DateTime<Utc>>,
    }
    let found: Option<Since> =
        diesel::sql_query("SELECT moderator_since FROM players WHERE id = $1")
            .bind::<BigInt, _>(player)
            .get_result(conn)
            .optional()?;
    Ok(found.is_some_and(|f| f.moderator_since.is_some()))
}
