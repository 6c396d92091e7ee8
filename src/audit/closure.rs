//! Closing an account. The person asks in Settings and confirms by the link emailed to them
//! (single use, it expires; following it shows a page, and only its button closes). Closing
//! then, in one transaction: withdraws them from their tournaments by the usual rule; resigns
//! their running games, or leaves each seat to a computer where the table allows it and they
//! chose that; calls off the tables they made that have not started; removes the words of
//! everything they wrote at a table (a row in each game says so); and erases them
//! ([`crate::store::erasure`]): from then on they are "Former player N" everywhere, N their
//! account's number, and nothing kept gives back their address or their name.

use diesel::dsl::sql;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Nullable, Timestamptz};

use crate::auth::accounts::{self, Player};
use crate::auth::tokens;
use crate::clocks::hand_over;
use crate::game_log::commands;
use crate::game_log::error::ServiceError;
use crate::game_log::fold::cache;
use crate::store::erasure::{self, Erased};
use crate::store::notifications;
use crate::store::schema::{
    account_closures, event_entrants, events as event_rows, game_players, games, invitations,
};
use crate::tables::table;
use crate::tournaments;

/// What happens to the games a person is playing when they leave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunningGames {
    Resign,
    /// A computer plays each seat on where the table allows it; the others are resigned.
    LeaveToComputer,
}

impl RunningGames {
    pub fn as_str(self) -> &'static str {
        match self {
            RunningGames::Resign => "resign",
            RunningGames::LeaveToComputer => "computer",
        }
    }

    pub fn parse(text: &str) -> Option<RunningGames> {
        [RunningGames::Resign, RunningGames::LeaveToComputer]
            .into_iter()
            .find(|r| r.as_str() == text)
    }
}

/// What everyone is called once they have closed their account.
pub fn pseudonym(player: i64) -> String {
    format!("{} {player}", accounts::FORMER_PLAYER)
}

#[derive(Debug, thiserror::Error)]
pub enum ClosureError {
    #[error("this link is not valid")]
    Unknown,
    #[error("this link has expired or has already been used")]
    Spent,
    #[error(transparent)]
    Service(#[from] ServiceError),
}

impl From<diesel::result::Error> for ClosureError {
    fn from(e: diesel::result::Error) -> Self {
        ClosureError::Service(e.into())
    }
}

/// Records a request to close `player`'s account and queues the email with its link, valid for
/// `valid_minutes`.
pub fn request(
    conn: &mut PgConnection,
    player: &Player,
    running: RunningGames,
    valid_minutes: i64,
) -> QueryResult<()> {
    let (token, hash) = tokens::generate();
    conn.transaction(|conn| {
        diesel::insert_into(account_closures::table)
            .values((
                account_closures::token_hash.eq(hash),
                account_closures::player_id.eq(player.id),
                account_closures::running_games.eq(running.as_str()),
                account_closures::expires_at.eq(sql::<Timestamptz>(&format!(
                    "now() + make_interval(mins => {})",
                    valid_minutes.max(1)
                ))),
            ))
            .execute(conn)?;
        notifications::enqueue(
            conn,
            player.id,
            notifications::Kind::CloseAccount,
            None,
            serde_json::json!({ "token": token, "minutes": valid_minutes }),
        )
    })
}

/// A closure link looked at without following it.
pub struct Pending {
    pub player: i64,
    pub running: RunningGames,
    /// Not used and not expired.
    pub usable: bool,
}

/// The request a link stands for, if there is one.
pub fn peek(conn: &mut PgConnection, token: &str) -> QueryResult<Option<Pending>> {
    let found: Option<(i64, String, bool)> = account_closures::table
        .find(tokens::hash(token))
        .select((
            account_closures::player_id,
            account_closures::running_games,
            sql::<Bool>("used_at IS NULL AND expires_at > now()"),
        ))
        .first(conn)
        .optional()?;
    Ok(found.map(|(player, running, usable)| Pending {
        player,
        running: RunningGames::parse(&running).unwrap_or(RunningGames::Resign),
        usable,
    }))
}

/// What closing an account did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Closed {
    pub player: i64,
    pub resigned: usize,
    pub left_to_computer: usize,
    pub called_off: usize,
    pub withdrawn: usize,
    /// Games where the words they wrote were removed.
    pub talk_removed: usize,
    pub erased: Erased,
}

/// Follows a closure link: closes the account it was made for, all in one transaction.
pub fn close(conn: &mut PgConnection, token: &str) -> Result<Closed, ClosureError> {
    let hash = tokens::hash(token);
    let closed = conn.transaction(|conn| {
        let spent: Option<(i64, String)> = diesel::update(
            account_closures::table
                .filter(account_closures::token_hash.eq(&hash))
                .filter(account_closures::used_at.is_null())
                .filter(sql::<Bool>("expires_at > now()")),
        )
        .set(account_closures::used_at.eq(sql::<Nullable<Timestamptz>>("now()")))
        .returning((account_closures::player_id, account_closures::running_games))
        .get_result(conn)
        .optional()?;
        let Some((player, running)) = spent else {
            let known: i64 = account_closures::table
                .find(&hash)
                .count()
                .get_result(conn)?;
            return Err(match known {
                0 => ClosureError::Unknown,
                _ => ClosureError::Spent,
            });
        };
        let running = RunningGames::parse(&running).unwrap_or(RunningGames::Resign);
        let player = accounts::find(conn, player)?.ok_or(ClosureError::Unknown)?;
        close_account(conn, &player, running)
    })?;
    Ok(closed)
}

/// Closes `player`'s account: their tournaments, games and tables, then the erasure.
fn close_account(
    conn: &mut PgConnection,
    player: &Player,
    running: RunningGames,
) -> Result<Closed, ClosureError> {
    let mut closed = Closed {
        player: player.id,
        ..Closed::default()
    };
    let entered: Vec<String> = event_entrants::table
        .inner_join(event_rows::table.on(event_rows::id.eq(event_entrants::event_id)))
        .filter(event_entrants::player_id.eq(player.id))
        .filter(event_entrants::withdrawn.eq(false))
        .filter(event_rows::phase.eq_any(["open", "running"]))
        .select(event_entrants::event_id)
        .load(conn)?;
    for event in entered {
        tournaments::service::withdraw(conn, &event, player)?;
        closed.withdrawn += 1;
    }
    let seated: Vec<(String, String, i64, i64)> = game_players::table
        .inner_join(games::table)
        .filter(game_players::player_id.eq(player.id))
        .filter(games::phase.eq_any(["waiting", "active"]))
        .select((games::id, games::phase, games::last_seq, games::created_by))
        .load(conn)?;
    for (game, phase, seq, creator) in seated {
        match phase.as_str() {
            "waiting" if creator == player.id => {
                table::cancel(conn, &game, player)?;
                closed.called_off += 1;
            }
            "waiting" => {
                table::leave(conn, &game, player)?;
                closed.called_off += 1;
            }
            _ => leave_game(conn, &game, seq, player, running, &mut closed)?,
        }
        cache::shared().forget(&game);
    }
    let invited: Vec<String> = invitations::table
        .inner_join(games::table)
        .filter(invitations::email.eq(&player.email))
        .filter(invitations::accepted_by.is_null())
        .filter(games::phase.eq("waiting"))
        .select(invitations::game_id)
        .distinct()
        .load(conn)?;
    for game in invited {
        if table::invitee_left(conn, &game, &player.email)? {
            closed.called_off += 1;
        }
        cache::shared().forget(&game);
    }
    closed.talk_removed = crate::tables::talk::remove_all_of(conn, player.id)?;
    let who = erasure::identity(conn, player.id)?;
    closed.erased = erasure::erase(conn, &who, &pseudonym(player.id))?;
    tracing::info!(
        player = player.id,
        resigned = closed.resigned,
        left_to_computer = closed.left_to_computer,
        called_off = closed.called_off,
        withdrawn = closed.withdrawn,
        talk_removed = closed.talk_removed,
        log_rows_renamed = closed.erased.log_rows_renamed,
        "account closed"
    );
    Ok(closed)
}

/// Leaves one running game as the person chose; a seat already given up is left as it is.
fn leave_game(
    conn: &mut PgConnection,
    game: &str,
    seq: i64,
    player: &Player,
    running: RunningGames,
    closed: &mut Closed,
) -> Result<(), ClosureError> {
    if running == RunningGames::LeaveToComputer {
        match hand_over::hand_over(conn, game, player, seq) {
            Ok(_) => {
                closed.left_to_computer += 1;
                return Ok(());
            }
            Err(ServiceError::Rule(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    match commands::resign(conn, game, player, seq) {
        Ok(()) => closed.resigned += 1,
        // Their seat is already given up (resigned, timed out, or a tournament's withdrawal).
        Err(ServiceError::Rule(_)) => {}
        Err(e) => return Err(e.into()),
    }
    Ok(())
}
