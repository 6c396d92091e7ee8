//! Rate limits kept in PostgreSQL, so that every server process counts the same actions: each
//! action taken is a row, counted over a sliding window.

use crate::config::LimitSettings;
use crate::rules::Message;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text};

/// How often one kind of action may be taken by (or for) one subject.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub action: &'static str,
    pub max: i64,
    pub window_seconds: i64,
}

const MINUTE: i64 = 60;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;

/// The configured limits, each with the action it counts.
impl Limit {
    pub fn sign_in_per_address(limits: &LimitSettings) -> Limit {
        Limit {
            action: "sign_in_address",
            max: limits.sign_in_per_address,
            window_seconds: limits.sign_in_window_minutes * MINUTE,
        }
    }

    pub fn sign_in_per_client(limits: &LimitSettings) -> Limit {
        Limit {
            action: "sign_in_client",
            max: limits.sign_in_per_client,
            window_seconds: limits.sign_in_window_minutes * MINUTE,
        }
    }

    pub fn games_per_player(limits: &LimitSettings) -> Limit {
        Limit {
            action: "game_created",
            max: limits.games_per_player_per_hour,
            window_seconds: HOUR,
        }
    }

    pub fn invitations_per_player(limits: &LimitSettings) -> Limit {
        Limit {
            action: "invitation_sent",
            max: limits.invitations_per_player_per_day,
            window_seconds: DAY,
        }
    }

    pub fn invitations_per_address(limits: &LimitSettings) -> Limit {
        Limit {
            action: "invitation_received",
            max: limits.invitations_per_address_per_day,
            window_seconds: DAY,
        }
    }

    pub fn events_per_player(limits: &LimitSettings) -> Limit {
        Limit {
            action: "event_created",
            max: limits.events_per_player_per_day,
            window_seconds: DAY,
        }
    }

    pub fn event_sign_ups_per_player(limits: &LimitSettings) -> Limit {
        Limit {
            action: "event_sign_up",
            max: limits.event_sign_ups_per_player_per_hour,
            window_seconds: HOUR,
        }
    }

    pub fn data_downloads_per_player(limits: &LimitSettings) -> Limit {
        Limit {
            action: "data_download",
            max: limits.data_downloads_per_player_per_day,
            window_seconds: DAY,
        }
    }

    pub fn account_closures_per_player(limits: &LimitSettings) -> Limit {
        Limit {
            action: "account_closure",
            max: limits.account_closures_per_player_per_day,
            window_seconds: DAY,
        }
    }

    pub fn chat_per_player(limits: &LimitSettings) -> Limit {
        Limit {
            action: "chat_message",
            max: limits.chat_per_player_per_hour,
            window_seconds: HOUR,
        }
    }

    pub fn plans_per_player(limits: &LimitSettings) -> Limit {
        Limit {
            action: "plan",
            max: limits.plans_per_player_per_hour,
            window_seconds: HOUR,
        }
    }

    /// A feed's fresh copies: one a token and feed per `feed_poll_seconds`.
    pub fn feed_polls(limits: &LimitSettings) -> Limit {
        Limit {
            action: "feed",
            max: 1,
            window_seconds: limits.feed_poll_seconds,
        }
    }

    pub fn reports_per_player(limits: &LimitSettings) -> Limit {
        Limit {
            action: "report",
            max: limits.reports_per_player_per_hour,
            window_seconds: HOUR,
        }
    }
}

/// A limit was reached: the action may be taken again after this many seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exceeded {
    pub retry_after_seconds: i64,
}

/// A limit reached, and what it limits, in words.
pub type Reached = (Exceeded, Message);

/// Takes the allowances for `inviter` sending one invitation to each of `addresses`, and each
/// address's own, in the caller's transaction; the first one reached.
pub fn take_invitations(
    conn: &mut PgConnection,
    limits: &LimitSettings,
    inviter: i64,
    addresses: &[String],
) -> QueryResult<Result<(), Reached>> {
    let count = addresses.len() as i64;
    if let Err(exceeded) =
        Limit::invitations_per_player(limits).take(conn, &inviter.to_string(), count)?
    {
        return Ok(Err((exceeded, Message::new("limit-invitations-sent"))));
    }
    for address in addresses {
        if let Err(exceeded) = Limit::invitations_per_address(limits).take(conn, address, 1)? {
            let what = Message::new("limit-address-invited").text("address", address.clone());
            return Ok(Err((exceeded, what)));
        }
    }
    Ok(Ok(()))
}

/// Takes a new table's allowances, in the transaction that makes it: the creator's game, and
/// the invitations as [`take_invitations`] does.
pub fn take_new_table(
    conn: &mut PgConnection,
    limits: &LimitSettings,
    creator: i64,
    invited: &[String],
) -> QueryResult<Result<(), Reached>> {
    if let Err(exceeded) = Limit::games_per_player(limits).take(conn, &creator.to_string(), 1)? {
        return Ok(Err((exceeded, Message::new("limit-games"))));
    }
    take_invitations(conn, limits, creator, invited)
}

#[derive(QueryableByName)]
struct Usage {
    #[diesel(sql_type = BigInt)]
    used: i64,
    #[diesel(sql_type = Nullable<BigInt>)]
    free_in: Option<i64>,
}

impl Limit {
    /// Takes `units` of the limit for `subject`, or says when there will be room. Call it in the
    /// transaction of the action itself, so that an action refused or rolled back for another
    /// reason takes nothing.
    pub fn take(
        &self,
        conn: &mut PgConnection,
        subject: &str,
        units: i64,
    ) -> QueryResult<Result<(), Exceeded>> {
        let window = self.window_seconds.max(1);
        diesel::sql_query("SELECT pg_advisory_xact_lock(hashtextextended($1 || ':' || $2, 0))")
            .bind::<Text, _>(self.action)
            .bind::<Text, _>(subject)
            .execute(conn)?;
        diesel::sql_query(
            "DELETE FROM rate_events WHERE action = $1 AND subject = $2 \
             AND at <= now() - make_interval(secs => $3)",
        )
        .bind::<Text, _>(self.action)
        .bind::<Text, _>(subject)
        .bind::<BigInt, _>(window)
        .execute(conn)?;
        let usage: Usage = diesel::sql_query(
            "SELECT count(*) AS used, \
             ceil(extract(epoch FROM min(at) + make_interval(secs => $3) - now()))::bigint AS free_in \
             FROM rate_events WHERE action = $1 AND subject = $2",
        )
        .bind::<Text, _>(self.action)
        .bind::<Text, _>(subject)
        .bind::<BigInt, _>(window)
        .get_result(conn)?;
        if usage.used + units > self.max {
            return Ok(Err(Exceeded {
                retry_after_seconds: usage.free_in.unwrap_or(window).max(1),
            }));
        }
        diesel::sql_query(
            "INSERT INTO rate_events (action, subject) SELECT $1, $2 FROM generate_series(1, $3)",
        )
        .bind::<Text, _>(self.action)
        .bind::<Text, _>(subject)
        .bind::<BigInt, _>(units)
        .execute(conn)?;
        Ok(Ok(()))
    }
}

/// "3 minutes", "1 hour", "2 hours" — a wait in words, rounded up.
/// How long to wait, for a page in the reader's language: "2 minutes", "2分".
pub fn wait_message(seconds: i64) -> Message {
    if seconds <= 90 {
        Message::new("wait-seconds").with("count", seconds.max(1))
    } else if seconds <= 90 * 60 {
        Message::new("wait-minutes").with("count", (seconds + 59) / 60)
    } else {
        Message::new("wait-hours").with("count", (seconds + 3599) / 3600)
    }
}

/// How long to wait, in the ASCII English of SMTP replies (RFC 5321 §4.2).
pub fn wait_in_words(seconds: i64) -> String {
    let (n, unit) = if seconds <= 90 {
        (seconds.max(1), "second")
    } else if seconds <= 90 * 60 {
        ((seconds + 59) / 60, "minute")
    } else {
        ((seconds + 3599) / 3600, "hour")
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_are_rounded_up_into_words() {
        assert_eq!(wait_in_words(1), "1 second");
        assert_eq!(wait_in_words(45), "45 seconds");
        assert_eq!(wait_in_words(91), "2 minutes");
        assert_eq!(wait_in_words(15 * 60), "15 minutes");
        assert_eq!(wait_in_words(3 * 3600 - 10), "3 hours");
    }
}
