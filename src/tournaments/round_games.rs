//! A tournament's game: made by the server with every seat filled as the pairing says, so that it
//! starts at once with the pairing's seat order.
//!
//! Its log is a game's like any other: the server's creation row names the event, round and
//! table and the seat order, then each entrant's seat is taken in seat order, and the last one
//! starts the game with that order instead of a drawn one. The verifier checks it as it checks
//! every game.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use serde_json::Value;

use crate::auth::accounts;
use crate::game_log::commands::resign_locked;
use crate::game_log::decide::seal::seal;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::load;
use crate::game_log::fold::load::load;
use crate::game_log::fold::load::lock_game;
use crate::game_log::fold::replay::{Phase, replay};
use crate::game_log::record::read_model;
use crate::game_log::record::write::store_row;
use crate::game_log::stream::participant;
use crate::game_log::stream::seed;
use crate::game_log::stream::time_control::TimeControl;
use crate::game_log::stream::{Entry, EventTable, Participant, Submitted};
use crate::rules::{Kind, Rules, with_rules};
use crate::store::log_json::LogJson;
use crate::store::schema::game_seeds;
use crate::tables::seating::join_locked;

/// The table a round gives one group of entrants.
pub struct NewEventGame<'a> {
    pub game_id: &'a str,
    pub kind: Kind,
    pub options: &'a Value,
    pub time_control: TimeControl,
    pub rated: bool,
    pub table: EventTable,
}

/// Creates the game and seats everyone; it starts in the same transaction.
pub fn open(conn: &mut PgConnection, new: NewEventGame<'_>) -> Result<()> {
    with_rules!(new.kind, |R| open_as::<R>(conn, new))
}

fn open_as<R: Rules>(conn: &mut PgConnection, new: NewEventGame<'_>) -> Result<()> {
    let seating = new.table.seating.clone();
    let Some(first) = seating.first().cloned() else {
        return Err(ServiceError::BadRequest(crate::rules::Message::new(
            "options-invalid",
        )));
    };
    let players = seating.len();
    let game_seed = seed::generate();
    let listed = read_model::NewGameRow {
        kind: new.kind,
        options: new.options,
        players,
        open_seats: 0,
        private: false,
        time_control: Some(new.time_control),
        rated: new.rated,
        rating_range: None,
        creator: first.id,
    };
    read_model::insert_game(conn, new.game_id, &listed)?;
    diesel::insert_into(game_seeds::table)
        .values((
            game_seeds::game_id.eq(new.game_id),
            game_seeds::seed.eq(game_seed.to_vec()),
        ))
        .execute(conn)?;
    let entries: Vec<Entry<R::Event>> = vec![
        Entry::GameCreated {
            kind: new.kind,
            options: new.options.clone(),
            players,
            private: false,
            seed_commitment: seed::commitment(&game_seed),
            creator: first.clone(),
            time_control: Some(new.time_control),
            rated: new.rated,
            rating_range: None,
            event: Some(new.table),
        },
        Entry::PlayerJoined { player: first },
    ];
    let submitted = Submitted::<R::Command>::CreateGame {
        kind: new.kind,
        options: new.options.clone(),
        players,
        private: false,
        time_control: Some(new.time_control),
        rated: new.rated,
    };
    let now = crate::store::database_now(conn)?;
    let row = seal(now, new.game_id, None, None, &submitted, &entries);
    let game = replay::<R>(std::slice::from_ref(&row), None)?;
    store_row(conn, &row, &game, &[])?;
    for (i, sitter) in seating.iter().enumerate() {
        let player = accounts::find(conn, sitter.id)?.ok_or(ServiceError::NotFound)?;
        if i == 0 {
            crate::clocks::vacation::carry_into::<R>(conn, new.game_id, &player)?;
        } else {
            join_locked::<R>(conn, new.game_id, &player)?;
        }
    }
    Ok(())
}

/// Resigns `player`'s seat in a running game, as they withdraw from its event. Nothing happens
/// if the game has ended or they have already left it.
pub fn resign_for_event(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Participant,
) -> Result<()> {
    let kind = lock_game(conn, game_id)?;
    with_rules!(kind, |R| {
        let (game, _) = load::<R>(conn, game_id)?;
        let seat = game.seat_of(player.id);
        if game.phase() != Phase::Active || seat.is_none_or(|s| game.resigned.contains(&s)) {
            return Ok(());
        }
        let Some(account) = accounts::find(conn, player.id)? else {
            return Ok(());
        };
        resign_locked::<R>(conn, game_id, &account, game.board_seq)
    })
}

/// How a finished game of an event ended, for its log: each seat's place, the seats whose time
/// ran out, and the hash of the game log's row that ended it. `None` while it runs.
pub struct Ending {
    pub places: Vec<u32>,
    pub timed_out: Vec<usize>,
    pub head: String,
}

pub fn ending(conn: &mut PgConnection, game_id: &str) -> Result<Option<Ending>> {
    let kind = load::kind_of(conn, game_id)?;
    with_rules!(kind, |R| {
        let (game, rows) = load::<R>(conn, game_id)?;
        if game.phase() != Phase::Finished {
            return Ok(None);
        }
        Ok(Some(Ending {
            places: game.seat_places(),
            timed_out: game.timed_out.clone(),
            head: (rows.iter())
                .find(|row| ends_game(&row.events))
                .map(|row| row.hash_hex())
                .unwrap_or_default(),
        }))
    })
}

/// The participant an account is in a game's log.
pub fn as_participant(player: &crate::auth::Player) -> Participant {
    participant(player)
}

/// Whether a row's recorded facts include the game's end.
pub fn ends_game(events: &LogJson) -> bool {
    events.has_entry("game_ended")
}
