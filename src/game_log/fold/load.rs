//! Loading a game: its kind, its log folded to the head (through the folded-game cache), its
//! players' names as they are now, its seed, and the lock that puts commands on one game in
//! order.

use diesel::pg::PgConnection;
use diesel::prelude::*;

use super::cache::{self, Folded, Log};
use super::replay::Game;
use crate::game_log::error::{ReplayError, Result, ServiceError};
use crate::game_log::stream::seed;
use crate::rules::{Kind, Rules};
use crate::store::events;
use crate::store::schema::{game_seeds, games};

/// The kind of a stored game, or NotFound.
pub fn kind_of(conn: &mut PgConnection, game_id: &str) -> Result<Kind> {
    if let Some(kind) = cache::shared().kind(game_id) {
        return Ok(kind);
    }
    let kind: Option<String> = games::table
        .find(game_id)
        .select(games::kind)
        .first(conn)
        .optional()?;
    let kind = kind.ok_or(ServiceError::NotFound)?;
    Kind::parse(&kind).ok_or_else(|| {
        ServiceError::Corrupt(ReplayError {
            seq: 1,
            problem: format!("unknown game kind {kind:?}"),
        })
    })
}

/// Loads a game folded to the head of its log, and the log. The hash chain of every row is
/// checked before it is first folded, so an altered log is refused rather than shown or played on.
pub fn load<R: Rules>(conn: &mut PgConnection, game_id: &str) -> Result<(Game<R>, Log)> {
    let (folded, mut names) = cache::shared().load::<R>(conn, game_id)?;
    if !names_everyone(&folded, &names) {
        names = current_names(conn, &folded.game.participant_ids())?;
    }
    Ok(named(&folded, &names))
}

/// Whether `names` holds the name of every player of `folded`.
pub fn names_everyone<R: Rules>(folded: &Folded<R>, names: &events::Names) -> bool {
    (folded.game.participant_ids().iter()).all(|id| names.contains_key(id))
}

/// A folded game, with its players' names as they are now where `names` holds them, and its
/// log.
pub fn named<R: Rules>(folded: &Folded<R>, names: &events::Names) -> (Game<R>, Log) {
    let mut game = folded.game.clone();
    game.use_names(names);
    (game, folded.rows.clone())
}

/// Players' names as they are now: a rename shows everywhere, the log keeps the old ones.
fn current_names(conn: &mut PgConnection, ids: &[i64]) -> Result<events::Names> {
    use crate::store::schema::players;
    let found: Vec<(i64, String)> = players::table
        .filter(players::id.eq_any(ids))
        .select((players::id, players::display_name))
        .load(conn)?;
    Ok(found.into_iter().collect())
}

/// The game's secret seed, read once for as long as the game stays cached.
pub fn load_seed<R: Rules>(conn: &mut PgConnection, game: &Game<R>) -> Result<seed::Seed> {
    cache::shared().seed(game, || read_seed(conn, &game.id))
}

fn read_seed(conn: &mut PgConnection, game_id: &str) -> Result<seed::Seed> {
    let bytes: Vec<u8> = game_seeds::table
        .find(game_id)
        .select(game_seeds::seed)
        .first(conn)?;
    bytes.try_into().map_err(|_| {
        ServiceError::Corrupt(ReplayError {
            seq: 1,
            problem: "the stored seed is not 32 bytes".into(),
        })
    })
}

/// Locks the game's read-model row so that commands on one game run one at a time.
///
/// Like every row lock Turnpost takes to put work in order, it is `NO KEY UPDATE`: it excludes
/// other lockers but not the foreign-key checks of rows that refer to the game. A `FOR UPDATE`
/// lock would deadlock a move (holding the game, inserting an event that refers to its player)
/// against the mail composer (holding the player, inserting a reply token that refers to the
/// game).
pub fn lock_game(conn: &mut PgConnection, game_id: &str) -> Result<Kind> {
    let kind: Option<String> = games::table
        .find(game_id)
        .select(games::kind)
        .for_no_key_update()
        .first(conn)
        .optional()?;
    kind.and_then(|k| Kind::parse(&k))
        .ok_or(ServiceError::NotFound)
}
