//! A table's own business besides the moves: calling it off before it starts, and table talk.

use diesel::dsl::{exists, not};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use super::replay::{Game, Phase};
use super::service::{Result, ServiceError, commit, load, lock_game, participant};
use super::stream::{CancelReason, Submitted};
use super::{decide, with_rules};
use crate::auth::Player;
use crate::rules::Rules;
use crate::store::notifications;
use crate::store::schema::{games, invitations};

/// The creator calls off their table before it has started. Everyone invited is told.
pub fn cancel(conn: &mut PgConnection, game_id: &str, creator: &Player) -> Result<i64> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| {
            let (game, rows) = load::<R>(conn, game_id, None)?;
            if game.creator.id != creator.id {
                return Err(ServiceError::Forbidden(
                    "Only the player who made this table can call it off.".into(),
                ));
            }
            cancel_loaded::<R>(conn, game, &rows, Some(creator.id), CancelReason::ByCreator)
        })
    })
}

/// Calls off a table the caller has locked if it is still waiting and none of its open
/// invitations can be accepted any more. Returns whether it did.
pub fn cancel_if_expired_locked(conn: &mut PgConnection, game_id: &str) -> Result<bool> {
    let still_open = invitations::table
        .filter(invitations::game_id.eq(game_id))
        .filter(invitations::accepted_by.is_null())
        .filter(invitations::expires_at.gt(diesel::dsl::now));
    if diesel::select(exists(still_open)).get_result::<bool>(conn)? {
        return Ok(false);
    }
    let kind = super::service::kind_of(conn, game_id)?;
    with_rules!(kind, |R| {
        let (game, rows) = load::<R>(conn, game_id, None)?;
        cancel_loaded::<R>(conn, game, &rows, None, CancelReason::InvitationsExpired)?;
        Ok(true)
    })
}

fn cancel_loaded<R: Rules>(
    conn: &mut PgConnection,
    game: Game<R>,
    rows: &[crate::store::events::EventRow],
    actor: Option<i64>,
    reason: CancelReason,
) -> Result<i64> {
    if game.phase() != Phase::Waiting {
        return Err(ServiceError::Gone(
            "Only a table that has not started can be called off.".into(),
        ));
    }
    let mut told: Vec<i64> = game.joined.iter().map(|p| p.id).collect();
    let invited: Vec<i64> = invitations::table
        .inner_join(
            crate::store::schema::players::table
                .on(crate::store::schema::players::email.eq(invitations::email)),
        )
        .filter(invitations::game_id.eq(&game.id))
        .filter(invitations::accepted_by.is_null())
        .select(crate::store::schema::players::id)
        .load(conn)?;
    told.extend(invited);
    told.retain(|id| Some(*id) != actor);
    let game_id = game.id.clone();
    let seq = commit::<R>(
        conn,
        game,
        rows.last(),
        actor,
        &Submitted::Cancel,
        decide::cancel_entries(reason),
    )?;
    for player in told {
        notifications::enqueue(
            conn,
            player,
            notifications::Kind::TableCancelled,
            Some((&game_id, seq)),
            serde_json::json!({ "reason": reason }),
        )?;
    }
    Ok(seq)
}

/// Waiting tables whose every open invitation has expired, for the scheduler.
pub fn tables_to_call_off(conn: &mut PgConnection, limit: i64) -> QueryResult<Vec<String>> {
    let still_open = invitations::table
        .filter(invitations::game_id.eq(games::id))
        .filter(invitations::accepted_by.is_null())
        .filter(invitations::expires_at.gt(diesel::dsl::now));
    games::table
        .filter(games::phase.eq("waiting"))
        .filter(not(exists(still_open)))
        .select(games::id)
        .limit(limit)
        .load(conn)
}

/// A player at the table writes `text` (already tidied). Spectators cannot; nor can anyone at
/// a table that was called off.
pub fn say(conn: &mut PgConnection, game_id: &str, player: &Player, text: String) -> Result<i64> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| {
            let (game, rows) = load::<R>(conn, game_id, None)?;
            if !game.has_joined(player.id) {
                return Err(ServiceError::Forbidden(
                    "Only the players at this table can write here.".into(),
                ));
            }
            if game.phase() == Phase::Cancelled {
                return Err(ServiceError::Gone("This table was called off.".into()));
            }
            commit::<R>(
                conn,
                game,
                rows.last(),
                Some(player.id),
                &Submitted::Say { text: text.clone() },
                decide::say_entries(participant(player), text),
            )
        })
    })
}
