//! Changing one's address: a link is sent to the new address, and only following it (and
//! pressing the button on the page it opens) makes the change, so nobody can move an account
//! to an address they do not read, nor to one another account holds.

use diesel::dsl::sql;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Nullable, Timestamptz};

use super::accounts;
use super::tokens;
use crate::store::notifications;
use crate::store::schema::{address_changes, players};

#[derive(Debug, thiserror::Error)]
pub enum ChangeError {
    #[error("This link is not valid.")]
    Unknown,
    #[error("This link has expired or has already been used.")]
    Spent,
    #[error("Another account uses that address.")]
    Taken,
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

/// Records a change of player `player`'s address to `new_email` (normalised) and queues the
/// email with its link, valid for `minutes`, to the new address.
pub fn request(
    conn: &mut PgConnection,
    player: i64,
    new_email: &str,
    minutes: i64,
) -> QueryResult<()> {
    conn.transaction(|conn| {
        let (token, hash) = tokens::generate();
        diesel::insert_into(address_changes::table)
            .values((
                address_changes::token_hash.eq(hash),
                address_changes::player_id.eq(player),
                address_changes::new_email.eq(new_email),
                address_changes::expires_at.eq(sql::<Timestamptz>(&format!(
                    "now() + make_interval(mins => {})",
                    minutes.max(0)
                ))),
            ))
            .execute(conn)?;
        notifications::enqueue(
            conn,
            player,
            notifications::Kind::ConfirmAddress,
            None,
            serde_json::json!({ "token": token, "address": new_email, "minutes": minutes }),
        )
    })
}

/// A link looked at without spending it.
pub struct Pending {
    pub player: i64,
    pub new_email: String,
    pub usable: bool,
}

pub fn peek(conn: &mut PgConnection, token: &str) -> QueryResult<Option<Pending>> {
    let found: Option<(i64, String, bool)> = address_changes::table
        .find(tokens::hash(token))
        .select((
            address_changes::player_id,
            address_changes::new_email,
            sql::<Bool>("used_at IS NULL AND expires_at > now()"),
        ))
        .first(conn)
        .optional()?;
    Ok(found.map(|(player, new_email, usable)| Pending {
        player,
        new_email,
        usable,
    }))
}

/// Spends a link: the account takes the new address, which is known to read mail (the link
/// was followed from it), so any suppression of it is lifted. Returns the player and address.
pub fn confirm(conn: &mut PgConnection, token: &str) -> Result<(i64, String), ChangeError> {
    let hash = tokens::hash(token);
    conn.transaction(|conn| {
        let spent: Option<(i64, String)> = diesel::update(
            address_changes::table
                .filter(address_changes::token_hash.eq(&hash))
                .filter(address_changes::used_at.is_null())
                .filter(sql::<Bool>("expires_at > now()")),
        )
        .set(address_changes::used_at.eq(sql::<Nullable<Timestamptz>>("now()")))
        .returning((address_changes::player_id, address_changes::new_email))
        .get_result(conn)
        .optional()?;
        let Some((player, new_email)) = spent else {
            let known = address_changes::table
                .find(&hash)
                .count()
                .get_result::<i64>(conn)?;
            return Err(if known > 0 {
                ChangeError::Spent
            } else {
                ChangeError::Unknown
            });
        };
        // Another account holding the address is refused by the addresses' unique index.
        diesel::update(players::table.find(player))
            .set(players::email.eq(&new_email))
            .execute(conn)
            .map_err(|e| match e {
                diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::UniqueViolation,
                    _,
                ) => ChangeError::Taken,
                other => ChangeError::Database(other),
            })?;
        accounts::confirm(conn, player)?;
        Ok((player, new_email))
    })
}
