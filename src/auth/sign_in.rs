//! Single-use sign-in links.

use crate::i18n::Lang;
use diesel::dsl::sql;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Nullable, Timestamptz};

use super::accounts::{self, Player};
use super::tokens;
use crate::rules::Message;
use crate::store::notifications;
use crate::store::schema::sign_in_tokens;

#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    #[error("This sign-in link is not valid. Please ask for a new one.")]
    Unknown,
    #[error("This sign-in link has expired or has already been used. Please ask for a new one.")]
    Spent,
    /// A moderator suspended the account: the words say until when.
    #[error("This account is suspended.")]
    Suspended(Message),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

/// Where a sign-in may send people afterwards: a path on this site only.
pub fn safe_next_path(next: &str) -> String {
    let ok = next.starts_with('/')
        && !next.starts_with("//")
        && !next.contains('\\')
        && !next.chars().any(char::is_control)
        && next.len() <= 512;
    if ok {
        next.to_string()
    } else {
        "/".to_string()
    }
}

/// Records a new link for `email`, valid for `valid_minutes`, and returns its token.
pub fn create_link(
    conn: &mut PgConnection,
    email: &str,
    next_path: &str,
    valid_minutes: i64,
) -> QueryResult<String> {
    let (token, hash) = tokens::generate();
    diesel::insert_into(sign_in_tokens::table)
        .values((
            sign_in_tokens::token_hash.eq(hash),
            sign_in_tokens::email.eq(email),
            sign_in_tokens::next_path.eq(safe_next_path(next_path)),
            sign_in_tokens::expires_at.eq(sql::<Timestamptz>(&format!(
                "now() + make_interval(mins => {})",
                valid_minutes.max(0)
            ))),
        ))
        .execute(conn)?;
    Ok(token)
}

/// A sign-in link for `email`, to be emailed: the account is made now if it is new, and the
/// email is queued in the same transaction.
pub fn request_link(
    conn: &mut PgConnection,
    email: &str,
    next_path: &str,
    valid_minutes: i64,
    lang: Lang,
) -> QueryResult<()> {
    conn.transaction(|conn| {
        let player = accounts::find_or_create(conn, email, lang)?;
        let token = create_link(conn, email, next_path, valid_minutes)?;
        notifications::enqueue(
            conn,
            player.id,
            notifications::Kind::SignIn,
            None,
            serde_json::json!({ "token": token, "minutes": valid_minutes }),
        )
    })
}

/// A link looked at without spending it.
pub struct Peeked {
    /// The address it signs in.
    pub email: String,
    /// Where it leads.
    pub next: String,
    /// Not yet used and not expired.
    pub usable: bool,
}

/// Looks a link up without spending it; `None` if there is no such link.
pub fn peek(conn: &mut PgConnection, token: &str) -> QueryResult<Option<Peeked>> {
    let found: Option<(String, String, bool)> = sign_in_tokens::table
        .find(tokens::hash(token))
        .select((
            sign_in_tokens::email,
            sign_in_tokens::next_path,
            sql::<Bool>("used_at IS NULL AND expires_at > now()"),
        ))
        .first(conn)
        .optional()?;
    Ok(found.map(|(email, next, usable)| Peeked {
        email,
        next,
        usable,
    }))
}

/// Spends a link: the player it signs in (created on first sign-in, and from now on known to
/// read mail at that address, in `lang`) and where to go next.
pub fn redeem(
    conn: &mut PgConnection,
    token: &str,
    lang: Lang,
) -> Result<(Player, String), LinkError> {
    let hash = tokens::hash(token);
    conn.transaction(|conn| {
        let spent: Option<(String, String)> = diesel::update(
            sign_in_tokens::table
                .filter(sign_in_tokens::token_hash.eq(&hash))
                .filter(sign_in_tokens::used_at.is_null())
                .filter(sql::<Bool>("expires_at > now()")),
        )
        .set(sign_in_tokens::used_at.eq(sql::<Nullable<Timestamptz>>("now()")))
        .returning((sign_in_tokens::email, sign_in_tokens::next_path))
        .get_result(conn)
        .optional()?;
        let Some((email, next)) = spent else {
            let known = sign_in_tokens::table
                .find(&hash)
                .count()
                .get_result::<i64>(conn)?;
            return Err(if known > 0 {
                LinkError::Spent
            } else {
                LinkError::Unknown
            });
        };
        let player = accounts::find_or_create(conn, &email, lang)?;
        if let Some(why) = player.suspension() {
            return Err(LinkError::Suspended(why));
        }
        accounts::confirm(conn, player.id)?;
        Ok((player, next))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_local_paths_are_followed() {
        assert_eq!(safe_next_path("/games/abc?at=3"), "/games/abc?at=3");
        assert_eq!(safe_next_path("//evil.example/"), "/");
        assert_eq!(safe_next_path("https://evil.example/"), "/");
        assert_eq!(safe_next_path("/\\evil"), "/");
        assert_eq!(safe_next_path(""), "/");
    }
}
