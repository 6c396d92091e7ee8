//! A table's own business besides the moves: calling it off before it starts, leaving it, and
//! a rematch.

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::Player;
use crate::game_log::commands::commit;
use crate::game_log::decide;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::load;
use crate::game_log::fold::load::load;
use crate::game_log::fold::load::lock_game;
use crate::game_log::fold::replay::{Game, Phase};
use crate::game_log::stream::{CancelReason, Submitted};
use crate::rules::Rules;
use crate::rules::message::Message;
use crate::rules::with_rules;
use crate::store::notifications;
use crate::store::schema::{games, invitations};

/// The creator calls off their table before it has started. Everyone invited is told.
pub fn cancel(conn: &mut PgConnection, game_id: &str, creator: &Player) -> Result<i64> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| {
            let (game, rows) = load::<R>(conn, game_id)?;
            if game.creator.id != creator.id {
                return Err(ServiceError::Forbidden(Message::new(
                    "table-only-creator-calls-off",
                )));
            }
            cancel_loaded::<R>(conn, game, &rows, Some(creator.id), CancelReason::ByCreator)
        })
    })
}

/// A player who joined `game_id` but did not make it closes their account before it starts:
/// the table is called off, and everyone at it or invited is told.
pub fn leave(conn: &mut PgConnection, game_id: &str, player: &Player) -> Result<i64> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| {
            let (game, rows) = load::<R>(conn, game_id)?;
            if !game.joined.iter().any(|p| p.id == player.id) {
                return Err(ServiceError::Forbidden(Message::new("rule-not-seated")));
            }
            cancel_loaded::<R>(conn, game, &rows, Some(player.id), CancelReason::PlayerLeft)
        })
    })
}

/// Whether a waiting table has run out of ways to fill: none of its invitations can be accepted
/// any more, and it has no open seats or, when `open_days` is given, has listed them that long.
fn cannot_fill(open_days: Option<i64>) -> diesel::expression::SqlLiteral<diesel::sql_types::Bool> {
    let listed_too_long = open_days.map_or(String::new(), |days| {
        format!(
            "OR games.created_at <= now() - make_interval(days => {})",
            days.max(1)
        )
    });
    diesel::dsl::sql(&format!(
        "games.phase = 'waiting'
         AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.game_id = games.id
                         AND i.accepted_by IS NULL AND i.expires_at > now())
         AND (games.open_seats = 0 {listed_too_long})"
    ))
}

/// Calls off a table the caller has locked if it can no longer fill (see [`cannot_fill`]), for
/// `reason`. Returns whether it did.
fn call_off_unfillable(
    conn: &mut PgConnection,
    game_id: &str,
    open_days: Option<i64>,
    reason: CancelReason,
) -> Result<bool> {
    let unfillable: Option<String> = games::table
        .find(game_id)
        .filter(cannot_fill(open_days))
        .select(games::id)
        .first(conn)
        .optional()?;
    if unfillable.is_none() {
        return Ok(false);
    }
    let kind = load::kind_of(conn, game_id)?;
    with_rules!(kind, |R| {
        let (game, rows) = load::<R>(conn, game_id)?;
        cancel_loaded::<R>(conn, game, &rows, None, reason)?;
        Ok(true)
    })
}

/// Calls off a table the caller has locked if its invitations expired and its open seats, if
/// any, were listed for `open_days`. Returns whether it did.
pub fn cancel_if_expired_locked(
    conn: &mut PgConnection,
    game_id: &str,
    open_days: i64,
) -> Result<bool> {
    call_off_unfillable(
        conn,
        game_id,
        Some(open_days),
        CancelReason::InvitationsExpired,
    )
}

/// A person invited to `game_id`, who has not answered, closes their account: their invitation
/// is withdrawn, and if the table can then no longer fill (no other invitation open and no open
/// seats) it is called off, its log saying so. Returns whether it was called off.
pub fn invitee_left(conn: &mut PgConnection, game_id: &str, email: &str) -> Result<bool> {
    conn.transaction(|conn| {
        lock_game(conn, game_id)?;
        diesel::delete(invitations::table)
            .filter(invitations::game_id.eq(game_id))
            .filter(invitations::email.eq(email))
            .filter(invitations::accepted_by.is_null())
            .execute(conn)?;
        call_off_unfillable(conn, game_id, None, CancelReason::InviteeLeft)
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
        return Err(ServiceError::Gone(Message::new(
            "table-call-off-not-started",
        )));
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
        Submitted::Cancel,
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

/// Waiting tables that can no longer fill, for the scheduler: open tables listed for longer than
/// `open_days`, and tables kept for invitations only, whose invitations have all expired.
pub fn tables_to_call_off(
    conn: &mut PgConnection,
    limit: i64,
    open_days: i64,
) -> QueryResult<Vec<String>> {
    #[derive(QueryableByName)]
    struct Due {
        #[diesel(sql_type = diesel::sql_types::Text)]
        id: String,
    }
    // Two index ranges, each as long as what is due or still waiting on invitations, rather
    // than every waiting table: the open ones up to the cut-off by when they were listed.
    let due: Vec<Due> = diesel::sql_query(
        "SELECT id FROM (
           (SELECT id FROM games
            WHERE phase = 'waiting' AND open_seats > 0
              AND created_at <= now() - make_interval(days => $1)
            ORDER BY created_at)
           UNION ALL
           (SELECT id FROM games WHERE phase = 'waiting' AND open_seats = 0)
         ) waiting
         WHERE NOT EXISTS (SELECT 1 FROM invitations i WHERE i.game_id = waiting.id
                           AND i.accepted_by IS NULL AND i.expires_at > now())
         LIMIT $2",
    )
    .bind::<diesel::sql_types::Integer, _>(open_days.clamp(1, i64::from(i32::MAX)) as i32)
    .bind::<diesel::sql_types::BigInt, _>(limit)
    .load(conn)?;
    Ok(due.into_iter().map(|d| d.id).collect())
}

/// Takes a seat at a table listed on /tables. Someone invited to the table takes the seat kept
/// for their invitation, which counts as accepted; anyone else takes an open seat. When the
/// table is full, the game starts.
pub fn sit(conn: &mut PgConnection, game_id: &str, player: &Player) -> Result<()> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        let invitation = crate::tables::seating::open_invitation(conn, game_id, &player.email)?;
        if invitation.is_none() {
            let open: i32 = games::table
                .find(game_id)
                .select(games::open_seats)
                .first(conn)?;
            if open == 0 {
                return Err(ServiceError::Gone(Message::new("table-seats-taken")));
            }
            check_rating_range(conn, game_id, kind, player)?;
        }
        with_rules!(kind, |R| crate::tables::seating::join_locked::<R>(
            conn, game_id, player
        ))?;
        match invitation {
            Some(hash) => {
                diesel::update(invitations::table.find((game_id, hash)))
                    .set(invitations::accepted_by.eq(player.id))
                    .execute(conn)?;
            }
            None => {
                diesel::update(games::table.find(game_id))
                    .set(games::open_seats.eq(games::open_seats - 1))
                    .execute(conn)?;
            }
        }
        Ok(())
    })
}

/// Refuses an open seat to a player whose rating in the game is outside the range the table
/// asks for (a player with no rating yet counts as a new player's 1500).
fn check_rating_range(
    conn: &mut PgConnection,
    game_id: &str,
    kind: crate::rules::Kind,
    player: &Player,
) -> Result<()> {
    let (min, max): (Option<i32>, Option<i32>) = games::table
        .find(game_id)
        .select((games::rating_min, games::rating_max))
        .first(conn)?;
    let range = crate::game_log::stream::RatingRange { min, max };
    if range == crate::game_log::stream::RatingRange::default() {
        return Ok(());
    }
    let now = crate::store::database_now(conn)?;
    let current = crate::ratings::rate::current(conn, &[player.id], kind)?;
    let rating = crate::ratings::rate::before(current.get(&player.id), now).shown();
    if range.admits(rating) {
        return Ok(());
    }
    Err(ServiceError::Forbidden(
        Message::new("table-rating-out-of-range")
            .with("range", range.message())
            .with("rating", rating),
    ))
}

/// What a rematch of a finished game needs: the same table, inviting the same players.
pub struct Rematch {
    pub kind: crate::rules::Kind,
    pub options: serde_json::Value,
    pub private: bool,
    pub time_control: Option<crate::game_log::stream::time_control::TimeControl>,
    /// Whether the game was rated: the rematch is too.
    pub rated: bool,
    /// The other players' addresses.
    pub invitees: Vec<String>,
    /// The computers at the table, by level: they take their seats again.
    pub computers: Vec<crate::bots::Level>,
}

/// The rematch `player` may propose after a finished game they played in.
pub fn rematch_of(conn: &mut PgConnection, game_id: &str, player: &Player) -> Result<Rematch> {
    use crate::store::schema::players;
    let kind = load::kind_of(conn, game_id)?;
    let (game_players, options, private, time_control, rated, phase) = with_rules!(kind, |R| {
        let (game, _) = load::<R>(conn, game_id)?;
        (
            // The people who left a seat to a computer are invited again, not their stand-ins.
            (game.seat_holders().iter())
                .map(|p| p.id)
                .collect::<Vec<i64>>(),
            game.options_json.clone(),
            game.private,
            game.time_control,
            game.rated,
            game.phase(),
        )
    });
    if !game_players.contains(&player.id) {
        return Err(ServiceError::Forbidden(Message::new(
            "rematch-only-players",
        )));
    }
    if phase != Phase::Finished {
        return Err(ServiceError::Rule(Message::new("rematch-after-end")));
    }
    let (computers, others): (Vec<i64>, Vec<i64>) = game_players
        .into_iter()
        .filter(|id| *id != player.id)
        .partition(|id| crate::computers::is_computer(*id));
    let invitees = players::table
        .filter(players::id.eq_any(&others))
        .select(players::email)
        .load(conn)?;
    Ok(Rematch {
        kind,
        options,
        private,
        time_control,
        rated,
        invitees,
        computers: computers
            .into_iter()
            .filter_map(crate::computers::level_of)
            .collect(),
    })
}

/// `player` proposes a rematch of the finished `game_id`: a new table with the same options,
/// time limit and computers, inviting the other players, within the proposer's limits (taken in
/// this transaction). The new game's id, or the limit that was reached.
pub fn propose_rematch(
    conn: &mut PgConnection,
    limits: &crate::config::LimitSettings,
    invitation_days: i64,
    game_id: &str,
    player: &Player,
) -> Result<std::result::Result<String, crate::store::limits::Reached>> {
    let rematch = rematch_of(conn, game_id, player)?;
    let taken = crate::store::limits::take_new_table(conn, limits, player.id, &rematch.invitees)?;
    if let Err(reached) = taken {
        return Ok(Err(reached));
    }
    let new_table = crate::tables::seating::NewTable {
        kind: rematch.kind,
        options: rematch.options,
        private: rematch.private,
        invitees: &rematch.invitees,
        open_seats: 0,
        computers: &rematch.computers,
        time_control: rematch.time_control,
        rated: rematch.rated,
        rating_range: None,
        invitation_days,
    };
    crate::tables::seating::create_game(conn, player, new_table).map(Ok)
}
