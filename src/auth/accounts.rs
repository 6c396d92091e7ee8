//! Players: an email address and a display name.

use std::str::FromStr;

use chrono::Utc;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use serde::Serialize;

use crate::i18n::Lang;
use crate::rules::Message;
use crate::store::notifications::Notify;
use crate::store::schema::players;

#[derive(Clone, Debug, PartialEq, Eq, Queryable, Selectable, Serialize)]
#[diesel(table_name = players)]
pub struct Player {
    pub id: i64,
    pub email: String,
    pub display_name: String,
    pub notify: String,
    /// The IANA time zone the player reads times in.
    pub time_zone: String,
    /// The code of the language the player reads pages and emails in.
    pub language: String,
    /// Until when a moderator suspended the account, if they did.
    pub suspended_until: Option<chrono::DateTime<Utc>>,
    /// Since when mail to the address is not sent: it was refused, or bounced too often.
    pub email_rejected_at: Option<chrono::DateTime<Utc>>,
    /// When the person's mail provider said they marked an email of ours as spam.
    pub complained_at: Option<chrono::DateTime<Utc>>,
}

impl Player {
    pub fn lang(&self) -> Lang {
        Lang::from_code(&self.language).unwrap_or_default()
    }

    /// Until when the account is suspended, if it is now: no sign-in, and nothing done by web,
    /// API token or email.
    pub fn suspended(&self) -> Option<chrono::DateTime<Utc>> {
        self.suspended_until.filter(|until| *until > Utc::now())
    }

    /// Why the account may not act now, in words, if it is suspended.
    pub fn suspension(&self) -> Option<Message> {
        let until = self.suspended()?;
        Some(Message::new("account-suspended").text("until", until_text(until)))
    }
}

/// When a suspension or a mute ends, as its message says it: "2026-12-10 08:19 UTC".
pub fn until_text(until: chrono::DateTime<Utc>) -> String {
    until.format("%Y-%m-%d %H:%M UTC").to_string()
}

/// What the mail worker needs to know about a recipient.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = players)]
pub struct Recipient {
    pub id: i64,
    pub email: String,
    pub display_name: String,
    pub notify: String,
    pub unsubscribe_token: String,
    pub email_rejected_at: Option<chrono::DateTime<Utc>>,
    pub language: String,
    /// Game emails carry a picture of the board.
    pub email_pictures: bool,
}

impl Recipient {
    pub fn lang(&self) -> Lang {
        Lang::from_code(&self.language).unwrap_or_default()
    }
}

pub use super::names::{FORMER_PLAYER, MAX_NAME_CHARS, normalize_name};

/// Checks and normalizes an email address: trimmed, lower-cased, and a syntactically valid
/// address. The message says what is wrong.
pub fn normalize_email(input: &str) -> Result<String, Message> {
    let email = input.trim().to_lowercase();
    if email.is_empty() {
        return Err(Message::new("email-missing"));
    }
    if email.len() > 254 {
        return Err(Message::new("email-too-long"));
    }
    match lettre::Address::from_str(&email) {
        Ok(_) if email.contains('@') => Ok(email),
        _ => Err(Message::new("email-invalid").text("email", input.trim())),
    }
}

/// The name a new player starts with: the part of the address before the @.
fn default_name(email: &str) -> String {
    let local = email.split('@').next().unwrap_or(email);
    normalize_name(&local.chars().take(MAX_NAME_CHARS).collect::<String>())
        .unwrap_or_else(|_| "Player".into())
}

pub fn find(conn: &mut PgConnection, id: i64) -> QueryResult<Option<Player>> {
    players::table
        .find(id)
        .select(Player::as_select())
        .first(conn)
        .optional()
}

pub fn by_email(conn: &mut PgConnection, email: &str) -> QueryResult<Option<Player>> {
    players::table
        .filter(players::email.eq(email))
        .select(Player::as_select())
        .first(conn)
        .optional()
}

/// The player with this (normalized) address, created if new. A new player is named after their
/// address, with a number added if another player already has that name, and reads `lang`.
pub fn find_or_create(conn: &mut PgConnection, email: &str, lang: Lang) -> QueryResult<Player> {
    if let Some(player) = by_email(conn, email)? {
        return Ok(player);
    }
    let base = default_name(email);
    for n in 1.. {
        let name = if n == 1 {
            base.clone()
        } else {
            let suffix = format!(" {n}");
            let room = MAX_NAME_CHARS - suffix.len();
            format!("{}{suffix}", base.chars().take(room).collect::<String>())
        };
        if name_taken(conn, &name, None)? {
            continue;
        }
        // In a savepoint: a concurrent sign-up may take the name (or the address) first.
        let inserted = conn.transaction(|conn| {
            diesel::insert_into(players::table)
                .values((
                    players::email.eq(email),
                    players::display_name.eq(&name),
                    players::name_skeleton.eq(super::names::skeleton(&name)),
                    players::created_at.eq(Utc::now()),
                    players::unsubscribe_token.eq(super::tokens::random_id(32)),
                    players::language.eq(lang.code()),
                ))
                .on_conflict(players::email)
                .do_nothing()
                .execute(conn)
        });
        match inserted {
            Ok(_) => break,
            Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) if n < 50 => {}
            Err(e) => return Err(e),
        }
    }
    players::table
        .filter(players::email.eq(email))
        .select(Player::as_select())
        .first(conn)
}

/// Whether another player (not `except`) has this name, whatever its case, or one that looks
/// like it (the same confusable skeleton).
pub fn name_taken(conn: &mut PgConnection, name: &str, except: Option<i64>) -> QueryResult<bool> {
    let shape = super::names::skeleton(name);
    let mut query = players::table
        .filter(
            lower(players::display_name)
                .eq(name.to_lowercase())
                .or(players::name_skeleton.eq(&shape)),
        )
        .into_boxed();
    if let Some(id) = except {
        query = query.filter(players::id.ne(id));
    }
    query.count().get_result::<i64>(conn).map(|n| n > 0)
}

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// Sets which game emails the player wants. Choosing any clears a complaint's mark: the
/// person asked for those emails by name.
pub fn set_notify(conn: &mut PgConnection, id: i64, notify: Notify) -> QueryResult<()> {
    let player = diesel::update(players::table.find(id));
    if notify == Notify::Never {
        player
            .set(players::notify.eq(notify.as_str()))
            .execute(conn)?;
    } else {
        (player.set((
            players::notify.eq(notify.as_str()),
            players::complained_at.eq(None::<chrono::DateTime<Utc>>),
        )))
        .execute(conn)?;
    }
    Ok(())
}

/// Whether the player's game emails carry a picture of the board.
pub fn wants_pictures(conn: &mut PgConnection, id: i64) -> QueryResult<bool> {
    players::table
        .find(id)
        .select(players::email_pictures)
        .first(conn)
}

pub fn set_pictures(conn: &mut PgConnection, id: i64, pictures: bool) -> QueryResult<()> {
    diesel::update(players::table.find(id))
        .set(players::email_pictures.eq(pictures))
        .execute(conn)
        .map(|_| ())
}

/// Sets the time zone the player reads times in; `zone` must be a known IANA name.
pub fn set_language(conn: &mut PgConnection, id: i64, lang: Lang) -> QueryResult<()> {
    diesel::update(players::table.find(id))
        .set(players::language.eq(lang.code()))
        .execute(conn)
        .map(|_| ())
}

pub fn set_time_zone(conn: &mut PgConnection, id: i64, zone: chrono_tz::Tz) -> QueryResult<()> {
    diesel::update(players::table.find(id))
        .set(players::time_zone.eq(zone.name()))
        .execute(conn)
        .map(|_| ())
}

pub fn recipient(conn: &mut PgConnection, id: i64) -> QueryResult<Recipient> {
    players::table
        .find(id)
        .select(Recipient::as_select())
        .first(conn)
}

/// The player an unsubscribe link belongs to.
pub fn by_unsubscribe_token(conn: &mut PgConnection, token: &str) -> QueryResult<Option<Player>> {
    players::table
        .filter(players::unsubscribe_token.eq(token))
        .select(Player::as_select())
        .first(conn)
        .optional()
}

/// Records that the mail server refused this player's address for good.
pub fn mark_rejected(conn: &mut PgConnection, id: i64, reason: &str) -> QueryResult<()> {
    diesel::update(players::table.find(id))
        .set((
            players::email_rejected_at.eq(Utc::now()),
            players::email_rejection.eq(reason),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Whether mail to `email` was refused for good.
pub fn is_rejected(conn: &mut PgConnection, email: &str) -> QueryResult<bool> {
    players::table
        .filter(players::email.eq(email))
        .filter(players::email_rejected_at.is_not_null())
        .count()
        .get_result::<i64>(conn)
        .map(|n| n > 0)
}

/// Records that the player proved they read mail at their address (they followed a link sent
/// there). Clears any earlier mark that mail to them was refused: it evidently arrives.
pub fn confirm(conn: &mut PgConnection, id: i64) -> QueryResult<()> {
    use diesel::dsl::sql;
    use diesel::sql_types::Timestamptz;
    let email = diesel::update(players::table.find(id))
        .set((
            players::confirmed_at.eq(sql::<diesel::sql_types::Nullable<Timestamptz>>(
                "coalesce(confirmed_at, now())",
            )),
            players::email_rejected_at.eq(None::<chrono::DateTime<Utc>>),
            players::email_rejection.eq(None::<String>),
        ))
        .returning(players::email)
        .get_result::<String>(conn)
        .optional()?;
    if let Some(email) = email {
        lift_suppression(conn, &email)?;
    }
    Ok(())
}

/// Mail to `address` works again (its owner followed a link sent there, or an operator said
/// so): its bounce score starts from nothing and it is no longer suppressed. A complaint
/// stays on record; the person undoes its effect by choosing emails again in Settings.
pub fn lift_suppression(conn: &mut PgConnection, address: &str) -> QueryResult<bool> {
    let lifted = diesel::sql_query(
        "UPDATE mail_addresses SET bounce_score = 0, suppressed_at = NULL
         WHERE address = lower($1) AND (suppressed_at IS NOT NULL OR bounce_score > 0)",
    )
    .bind::<diesel::sql_types::Text, _>(address)
    .execute(conn)?;
    Ok(lifted > 0)
}

/// Whether the player has ever proved they read mail at their address.
pub fn is_confirmed(conn: &mut PgConnection, id: i64) -> QueryResult<bool> {
    players::table
        .find(id)
        .select(players::confirmed_at.is_not_null())
        .first(conn)
}

/// Clears the refused mark of an address and lifts its suppression (an operator's command).
/// Returns whether it had either.
pub fn clear_refusal(conn: &mut PgConnection, email: &str) -> QueryResult<bool> {
    let cleared = diesel::update(players::table)
        .filter(players::email.eq(email))
        .filter(players::email_rejected_at.is_not_null())
        .set((
            players::email_rejected_at.eq(None::<chrono::DateTime<Utc>>),
            players::email_rejection.eq(None::<String>),
        ))
        .execute(conn)?;
    Ok(lift_suppression(conn, email)? || cleared > 0)
}

/// An address shown to someone who may not be its owner: "a•••@example.com".
pub fn mask_email(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            format!("{first}•••@{domain}")
        }
        None => "•••".into(),
    }
}

/// Why a rename did not happen.
#[derive(Debug, thiserror::Error)]
pub enum RenameError {
    #[error("Another player is already called “{0}”. Please choose another name.")]
    Taken(String),
    #[error(transparent)]
    Database(#[from] DieselError),
}

/// What a bot account's name ends with, wherever it is shown.
pub const BOT_MARK: &str = " (bot)";

/// `name` as the account shows it: marked when it is a bot account, never marked otherwise.
pub fn shown_name(name: &str, bot: bool) -> String {
    let bare = name.trim_end_matches(BOT_MARK).trim_end();
    match bot {
        true => format!("{bare}{BOT_MARK}"),
        false => bare.to_string(),
    }
}

pub fn rename(conn: &mut PgConnection, id: i64, name: &str) -> Result<(), RenameError> {
    let bot: bool = players::table.find(id).select(players::bot).first(conn)?;
    let name = &shown_name(name, bot);
    let shape = super::names::skeleton(name);
    let renamed = conn.transaction(|conn| {
        // Two people taking look-alike names at once take turns: the second finds the first.
        diesel::sql_query("SELECT pg_advisory_xact_lock(hashtext($1))")
            .bind::<diesel::sql_types::Text, _>(&shape)
            .execute(conn)?;
        if name_taken(conn, name, Some(id))? {
            return Ok(false);
        }
        diesel::update(players::table.find(id))
            .set((
                players::display_name.eq(name),
                players::name_skeleton.eq(&shape),
            ))
            .execute(conn)
            .map(|_| true)
    });
    match renamed {
        Ok(true) => Ok(()),
        Ok(false) | Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
            Err(RenameError::Taken(name.to_string()))
        }
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_trimmed_lowercased_and_checked() {
        assert_eq!(
            normalize_email("  Ann@Example.COM "),
            Ok("ann@example.com".into())
        );
        assert!(normalize_email("").is_err());
        assert!(normalize_email("ann").is_err());
        assert!(normalize_email("ann@").is_err());
        assert!(normalize_email("a b@example.com").is_err());
        assert!(normalize_email(&format!("{}@example.com", "a".repeat(260))).is_err());
    }

    #[test]
    fn names_are_collapsed_and_bounded() {
        assert_eq!(normalize_name("  Ann   Lee "), Ok("Ann Lee".into()));
        assert!(normalize_name("   ").is_err());
        assert!(normalize_name(&"x".repeat(41)).is_err());
        assert_eq!(default_name("ann.lee@example.com"), "ann.lee");
    }

    #[test]
    fn masked_addresses_keep_the_first_letter_and_the_domain() {
        assert_eq!(mask_email("ann.lee@example.com"), "a•••@example.com");
        assert_eq!(mask_email("nonsense"), "•••");
    }
}
