//! Notification intents: written in the same transaction as whatever caused them, turned into
//! emails later by the mail worker.

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Jsonb, Nullable, Text, Timestamptz};
use serde_json::Value;

use super::schema::notifications;

diesel::define_sql_function! {
    /// Queues a notification unless the same one is queued already (a function, so that the
    /// insert is prepared once per connection); returns whether it was queued.
    fn enqueue_notification(
        player_id: BigInt,
        kind: Text,
        game_id: Nullable<Text>,
        seq: Nullable<BigInt>,
        payload: Jsonb,
    ) -> Bool;
}

/// How often a player wants game emails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notify {
    EveryTurn,
    DailyDigest,
    Never,
}

impl Notify {
    pub const ALL: [Notify; 3] = [Notify::EveryTurn, Notify::DailyDigest, Notify::Never];

    pub fn as_str(self) -> &'static str {
        match self {
            Notify::EveryTurn => "every_turn",
            Notify::DailyDigest => "daily_digest",
            Notify::Never => "none",
        }
    }

    pub fn parse(text: &str) -> Option<Notify> {
        Notify::ALL.into_iter().find(|n| n.as_str() == text)
    }

    /// The message key of the choice's words in Settings.
    pub fn label_key(self) -> &'static str {
        match self {
            Notify::EveryTurn => "notify-every-turn",
            Notify::DailyDigest => "notify-daily-digest",
            Notify::Never => "notify-never",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    SignIn,
    Invitation,
    YourTurn,
    GameOver,
    /// Half of a turn's time is gone.
    TimeHalf,
    /// A day is left for the turn.
    TimeShort,
    /// Another seat ran out of time and the others may withdraw it.
    OutOfTime,
    TableCancelled,
    /// A tournament started, began a round, or ended (payload: its id, what, the round).
    EventNews,
    /// The link that confirms closing the account (payload: its token, minutes valid).
    CloseAccount,
    /// An invitation to the recipient's table was declined (payload: who declined, by id).
    InvitationDeclined,
    /// A moderator acted on the recipient's account or words (payload: the moderation log's
    /// row and what it decided).
    Moderation,
    /// The link that confirms a new address (payload: its token, the address, minutes valid).
    ConfirmAddress,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::SignIn => "sign_in",
            Kind::Invitation => "invitation",
            Kind::YourTurn => "your_turn",
            Kind::GameOver => "game_over",
            Kind::TimeHalf => "time_half",
            Kind::TimeShort => "time_short",
            Kind::OutOfTime => "out_of_time",
            Kind::TableCancelled => "table_cancelled",
            Kind::EventNews => "event_news",
            Kind::CloseAccount => "close_account",
            Kind::InvitationDeclined => "invitation_declined",
            Kind::Moderation => "moderation",
            Kind::ConfirmAddress => "confirm_address",
        }
    }

    pub const ALL: [Kind; 13] = [
        Kind::SignIn,
        Kind::Invitation,
        Kind::YourTurn,
        Kind::GameOver,
        Kind::TimeHalf,
        Kind::TimeShort,
        Kind::OutOfTime,
        Kind::TableCancelled,
        Kind::EventNews,
        Kind::CloseAccount,
        Kind::InvitationDeclined,
        Kind::Moderation,
        Kind::ConfirmAddress,
    ];

    pub fn parse(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// Records that `player` should hear about something. A your-turn or game-over notice that
/// already exists for the same player, game and row is not written twice.
pub fn enqueue(
    conn: &mut PgConnection,
    player: i64,
    kind: Kind,
    game: Option<(&str, i64)>,
    payload: Value,
) -> QueryResult<()> {
    diesel::select(enqueue_notification(
        player,
        kind.as_str(),
        game.map(|(id, _)| id),
        game.map(|(_, seq)| seq),
        payload,
    ))
    .execute(conn)
    .map(|_| ())
}

/// A pending notification, as the mail worker reads it.
#[derive(Clone, Debug, Queryable, Selectable)]
#[diesel(table_name = notifications)]
pub struct Pending {
    pub id: i64,
    pub player_id: i64,
    pub kind: String,
    pub game_id: Option<String>,
    pub seq: Option<i64>,
    pub payload: Value,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

/// The kinds that wait for the moment their player chose (the end of a coalescing window, the
/// daily digest's hour); every other kind is mailed as soon as it is queued.
pub const NEWS: [Kind; 4] = [
    Kind::YourTurn,
    Kind::GameOver,
    Kind::TimeHalf,
    Kind::TimeShort,
];

/// When news queued so far is due: at or before `every_turn` for a player who wants an email
/// each turn, before `digest` for one who wants a daily digest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DueBefore {
    pub every_turn: DateTime<Utc>,
    pub digest: DateTime<Utc>,
}

/// The kinds mailed as soon as they are queued: every kind but [`NEWS`]. The partial index
/// `notifications_pending_at_once` lists the same kinds.
pub const MAILED_AT_ONCE: [Kind; 9] = [
    Kind::SignIn,
    Kind::Invitation,
    Kind::OutOfTime,
    Kind::TableCancelled,
    Kind::EventNews,
    Kind::CloseAccount,
    Kind::InvitationDeclined,
    Kind::Moderation,
    Kind::ConfirmAddress,
];

/// The players with pending notifications that may need an email, or skipping, now: a kind
/// that is not news; news that is due; any news of a player who wants none or whose address
/// refuses mail. A player whose news is still waiting is not visited, so a round's work does
/// not grow with the number of players waiting for their window or their digest.
///
/// Each player with anything pending is asked for their oldest pending row, by index, one
/// player after another: the cost grows with the players waiting, not with what they wait for.
pub fn players_due(conn: &mut PgConnection, due: DueBefore) -> QueryResult<Vec<i64>> {
    #[derive(QueryableByName)]
    struct Due {
        #[diesel(sql_type = BigInt)]
        player_id: i64,
    }
    let found: Vec<Due> = diesel::sql_query(players_due_sql())
        .bind::<Timestamptz, _>(due.every_turn)
        .bind::<Timestamptz, _>(due.digest)
        .load(conn)?;
    Ok(found.into_iter().map(|due| due.player_id).collect())
}

/// The statement [`players_due`] runs, with the cut-offs for news of players who want every
/// turn and a daily digest as `$1` and `$2`.
pub fn players_due_sql() -> String {
    let quoted = |kind: Kind| format!("'{}'", kind.as_str());
    let at_once = MAILED_AT_ONCE.map(quoted).join(", ");
    format!(
        "WITH RECURSIVE waiting (player_id) AS (
             (SELECT player_id FROM notifications WHERE state = 'pending'
              ORDER BY player_id LIMIT 1)
             UNION ALL
             SELECT (SELECT n.player_id FROM notifications n
                     WHERE n.state = 'pending' AND n.player_id > w.player_id
                     ORDER BY n.player_id LIMIT 1)
             FROM waiting w WHERE w.player_id IS NOT NULL
         )
         SELECT p.id AS player_id
         FROM waiting w
         JOIN players p ON p.id = w.player_id
         CROSS JOIN LATERAL (
             SELECT min(n.created_at) AS oldest FROM notifications n
             WHERE n.state = 'pending' AND n.player_id = p.id
         ) o
         WHERE p.email_rejected_at IS NOT NULL
            OR p.notify NOT IN ('{every_turn}', '{digest}')
            OR (p.notify = '{every_turn}' AND o.oldest <= $1)
            OR (p.notify = '{digest}' AND o.oldest < $2)
         UNION
         SELECT player_id FROM notifications
         WHERE state = 'pending' AND kind IN ({at_once})",
        every_turn = Notify::EveryTurn.as_str(),
        digest = Notify::DailyDigest.as_str(),
    )
}

/// A player's pending notifications, oldest first.
pub fn pending_for(conn: &mut PgConnection, player: i64) -> QueryResult<Vec<Pending>> {
    notifications::table
        .filter(notifications::state.eq("pending"))
        .filter(notifications::player_id.eq(player))
        .order(notifications::id.asc())
        .select(Pending::as_select())
        .load(conn)
}

/// Marks notifications as carried by an email. Their payload (which may hold a link's token)
/// is dropped: the email now holds what it needs.
pub fn mark_mailed(conn: &mut PgConnection, ids: &[i64], email: i64) -> QueryResult<()> {
    diesel::update(notifications::table.filter(notifications::id.eq_any(ids)))
        .set((
            notifications::state.eq("mailed"),
            notifications::email_id.eq(email),
            notifications::payload.eq(serde_json::json!({})),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Marks notifications that no email will carry (the player opted out, or the news is stale).
pub fn mark_skipped(conn: &mut PgConnection, ids: &[i64]) -> QueryResult<()> {
    diesel::update(notifications::table.filter(notifications::id.eq_any(ids)))
        .set((
            notifications::state.eq("skipped"),
            notifications::payload.eq(serde_json::json!({})),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Skips `player`'s pending "your turn" notifications of `game_id`: what they would say has
/// reached the player another way.
pub fn skip_turns_of(conn: &mut PgConnection, player: i64, game_id: &str) -> QueryResult<()> {
    diesel::update(
        notifications::table
            .filter(notifications::state.eq("pending"))
            .filter(notifications::player_id.eq(player))
            .filter(notifications::game_id.eq(game_id))
            .filter(notifications::kind.eq(Kind::YourTurn.as_str())),
    )
    .set((
        notifications::state.eq("skipped"),
        notifications::payload.eq(serde_json::json!({})),
    ))
    .execute(conn)
    .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_either_news_or_mailed_at_once() {
        for kind in Kind::ALL {
            let news = NEWS.contains(&kind);
            let at_once = MAILED_AT_ONCE.contains(&kind);
            assert!(news != at_once, "{kind:?} must be exactly one of the two");
        }
        assert_eq!(NEWS.len() + MAILED_AT_ONCE.len(), Kind::ALL.len());
    }
}
