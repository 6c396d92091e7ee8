//! Setting up a table: creating it with its invitations, and taking a seat through one. When the
//! last seat fills the game starts.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use serde_json::Value;

use crate::auth::{Player, tokens};
use crate::bots::Level;
use crate::game_log::commands::commit_with_seed;
use crate::game_log::decide;
use crate::game_log::decide::play::NewRow;
use crate::game_log::decide::seal::{TableSetup, creation_row};
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::load::load;
use crate::game_log::fold::load::load_seed;
use crate::game_log::fold::load::lock_game;
use crate::game_log::fold::replay::{Phase, replay};
use crate::game_log::record::read_model;
use crate::game_log::record::write::store_row;
use crate::game_log::stream::participant;
use crate::game_log::stream::seed;
use crate::game_log::stream::time_control::TimeControl;
use crate::game_log::stream::{RatingRange, Submitted};
use crate::rules::message::Message;
use crate::rules::{Kind, Rules, with_rules};
use crate::store::schema::{game_seeds, games, invitations};

/// A table as its creator sets it up.
pub struct NewTable<'a> {
    pub kind: Kind,
    pub options: Value,
    pub private: bool,
    /// The addresses invited to the other seats.
    pub invitees: &'a [String],
    /// Seats anyone signed in may take, from the list of open tables.
    pub open_seats: usize,
    /// Seats the computer takes, at these levels; they sit down as the table is created.
    pub computers: &'a [Level],
    pub time_control: Option<TimeControl>,
    /// Whether the creator asks for a rated game. A table with a computer seat is casual
    /// whatever is asked.
    pub rated: bool,
    /// The ratings that may take the open seats.
    pub rating_range: Option<RatingRange>,
    pub invitation_days: i64,
}

/// Creates a game with `creator` in it and invites every address in `table.invitees` by email.
/// Returns the game's id.
pub fn create_game(
    conn: &mut PgConnection,
    creator: &Player,
    table: NewTable<'_>,
) -> Result<String> {
    with_rules!(table.kind, |R| create::<R>(conn, creator, table))
}

fn create<R: Rules>(
    conn: &mut PgConnection,
    creator: &Player,
    table: NewTable<'_>,
) -> Result<String> {
    let NewTable {
        kind,
        options,
        private,
        invitees,
        open_seats,
        computers,
        time_control,
        rated,
        rating_range,
        invitation_days,
    } = table;
    if let Some(range) = rating_range {
        if [range.min, range.max]
            .iter()
            .flatten()
            .any(|n| !(0..=4000).contains(n))
        {
            return Err(ServiceError::BadRequest(Message::new(
                "new-game-choose-rating-range",
            )));
        }
        if open_seats == 0 {
            return Err(ServiceError::BadRequest(Message::new(
                "rating-range-needs-open-seats",
            )));
        }
        if let (Some(min), Some(max)) = (range.min, range.max)
            && min > max
        {
            return Err(ServiceError::BadRequest(Message::new(
                "rating-range-backwards",
            )));
        }
    }
    let rated = rated && computers.is_empty();
    if open_seats > 0 && private {
        return Err(ServiceError::BadRequest(Message::new(
            "private-with-open-seats",
        )));
    }
    let typed: R::Options = serde_json::from_value(options).map_err(|e| {
        ServiceError::BadRequest(Message::new("options-invalid").text("reason", e.to_string()))
    })?;
    let players = invitees.len() + open_seats + computers.len() + 1;
    let counts = R::player_counts(&typed);
    if !counts.contains(&players) {
        let (min, max) = (counts.start() - 1, counts.end() - 1);
        let needed = if min == max {
            Message::new("players-needed-exactly").with("count", min)
        } else {
            Message::new("players-needed-between")
                .with("min", min)
                .with("max", max)
        };
        return Err(ServiceError::BadRequest(
            needed.with("game", Message::new(R::NAME)),
        ));
    }
    R::validate_options(&typed, players).map_err(|e| ServiceError::BadRequest(e.0))?;
    for (i, email) in invitees.iter().enumerate() {
        if *email == creator.email {
            return Err(ServiceError::BadRequest(Message::new("invite-yourself")));
        }
        if invitees[..i].contains(email) {
            return Err(ServiceError::BadRequest(
                Message::new("invited-twice").text("email", email.clone()),
            ));
        }
    }
    let options = serde_json::to_value(&typed).expect("options serialize");
    let game_seed = seed::generate();
    let game_id = tokens::random_id(10);
    conn.transaction(|conn| {
        let listed = read_model::NewGameRow {
            kind,
            options: &options,
            players,
            open_seats,
            private,
            time_control,
            rated,
            rating_range,
            creator: creator.id,
        };
        read_model::insert_game(conn, &game_id, &listed)?;
        diesel::insert_into(game_seeds::table)
            .values((
                game_seeds::game_id.eq(&game_id),
                game_seeds::seed.eq(game_seed.to_vec()),
            ))
            .execute(conn)?;
        let table = TableSetup {
            kind,
            options,
            players,
            private,
            time_control,
            rated,
            rating_range,
        };
        let now = crate::store::database_now(conn)?;
        let row = creation_row::<R>(now, &game_id, participant(creator), table, &game_seed);
        let game = replay::<R>(std::slice::from_ref(&row), None)?;
        store_row(conn, &row, &game, &[])?;
        for email in invitees {
            crate::tables::invitations::issue(
                conn,
                &game_id,
                creator,
                email,
                invitation_days,
                row.seq,
            )?;
        }
        crate::clocks::vacation::carry_into::<R>(conn, &game_id, creator)?;
        for computer in crate::computers::seat_players(conn, computers)? {
            join_locked::<R>(conn, &game_id, &computer)?;
        }
        Ok(game_id.clone())
    })
}

pub fn called_off() -> Message {
    Message::new("invitation-table-called-off")
}

pub fn expired_invitation() -> Message {
    Message::new("invitation-expired")
}

/// What an invitation link leads to.
pub struct InvitationInfo {
    pub game_id: String,
    pub kind: Kind,
    pub email: String,
    pub invited_by: String,
    pub accepted_by: Option<i64>,
    pub expired: bool,
    pub called_off: bool,
    pub declined: bool,
}

pub fn invitation(conn: &mut PgConnection, token: &str) -> Result<InvitationInfo> {
    use crate::store::schema::players;
    type Found = (
        String,
        String,
        String,
        Option<i64>,
        String,
        bool,
        String,
        bool,
    );
    let found: Option<Found> = invitations::table
        .inner_join(games::table)
        .inner_join(players::table.on(players::id.eq(invitations::invited_by)))
        .filter(invitations::token_hash.eq(tokens::hash(token)))
        .select((
            invitations::game_id,
            games::kind,
            invitations::email,
            invitations::accepted_by,
            players::display_name,
            diesel::dsl::sql::<diesel::sql_types::Bool>("invitations.expires_at <= now()"),
            games::phase,
            invitations::declined_at.is_not_null(),
        ))
        .first(conn)
        .optional()?;
    let (game_id, kind, email, accepted_by, invited_by, expired, phase, declined) =
        found.ok_or(ServiceError::NotFound)?;
    Ok(InvitationInfo {
        game_id,
        kind: Kind::parse(&kind).ok_or(ServiceError::NotFound)?,
        email,
        invited_by,
        accepted_by,
        expired,
        called_off: phase == Phase::Cancelled.as_str(),
        declined,
    })
}

/// The invitation to `game_id` sent to `email` that is still waiting for an answer and has not
/// expired, by its token's hash.
pub fn open_invitation(
    conn: &mut PgConnection,
    game_id: &str,
    email: &str,
) -> Result<Option<Vec<u8>>> {
    Ok(invitations::table
        .filter(invitations::game_id.eq(game_id))
        .filter(invitations::email.eq(email))
        .filter(invitations::accepted_by.is_null())
        .filter(invitations::declined_at.is_null())
        .filter(diesel::dsl::sql::<diesel::sql_types::Bool>(
            "invitations.expires_at > now()",
        ))
        .select(invitations::token_hash)
        .first(conn)
        .optional()?)
}

/// Takes a seat through an invitation. When the last seat fills, the game starts: the seating is
/// drawn and the rules' opening facts recorded, with the random stream of this row.
pub fn join(conn: &mut PgConnection, token: &str, player: &Player) -> Result<String> {
    let hash = tokens::hash(token);
    conn.transaction(|conn| {
        let found: Option<(String, Option<i64>, bool, bool)> = invitations::table
            .filter(invitations::token_hash.eq(&hash))
            .select((
                invitations::game_id,
                invitations::accepted_by,
                diesel::dsl::sql::<diesel::sql_types::Bool>("expires_at <= now()"),
                invitations::declined_at.is_not_null(),
            ))
            .first(conn)
            .optional()?;
        let (game_id, accepted_by, expired, declined) = found.ok_or(ServiceError::NotFound)?;
        let kind = lock_game(conn, &game_id)?;
        if accepted_by.is_some() {
            return Err(ServiceError::Gone(Message::new("invitation-used")));
        }
        if declined {
            return Err(ServiceError::Gone(Message::new("invitation-declined")));
        }
        if expired {
            return Err(ServiceError::Gone(expired_invitation()));
        }
        with_rules!(kind, |R| join_locked::<R>(conn, &game_id, player))?;
        diesel::update(invitations::table.find((&game_id, &hash)))
            .set(invitations::accepted_by.eq(player.id))
            .execute(conn)?;
        Ok(game_id)
    })
}

pub fn join_locked<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
) -> Result<()> {
    let (game, rows) = load::<R>(conn, game_id)?;
    match game.phase() {
        Phase::Waiting => {}
        Phase::Cancelled => return Err(ServiceError::Gone(called_off())),
        _ => return Err(ServiceError::Gone(Message::new("game-started-already"))),
    }
    if game.has_joined(player.id) {
        return Err(ServiceError::Forbidden(Message::new("seat-taken-already")));
    }
    let joined: Vec<i64> = game.joined.iter().map(|p| p.id).collect();
    if crate::auth::blocks::apart(conn, player.id, &joined)? {
        return Err(ServiceError::Forbidden(Message::new("table-not-for-you")));
    }
    let previous = rows.last();
    let seq = previous.map_or(1, |row| row.seq + 1);
    let game_seed = load_seed(conn, &game)?;
    let mut entries = decide::join_entries(&game, participant(player), &game_seed, seq);
    decide::salt_secrets(&game, None, None, &mut entries, &game_seed, seq);
    let new_row = NewRow {
        previous,
        actor: Some(player.id),
        submitted: Submitted::Join,
        entries,
    };
    commit_with_seed::<R>(conn, game, new_row, &game_seed)?;
    crate::clocks::vacation::carry_into::<R>(conn, game_id, player)
}
