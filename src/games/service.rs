//! Commands from people, each handled in one transaction: load the log, fold it, decide, append
//! the new row and bring the read models up to date. Deciding a move and what it writes
//! ([`decide_play`], [`close`]) needs no connection, so a move can also be decided on rows read
//! outside a transaction and written by one guarded call (`web::pages::game_move`).

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use serde_json::Value;

use super::cache::{self, Folded, Log};
use super::error::{Result, ServiceError};
use super::replay::{Game, Phase, ReplayError};
use super::stream::{Entry, Participant, Submitted};
use super::{decide, read_model, record, seed};
use crate::auth::Player;
use crate::metrics::Channel;
use crate::rules::message::Message;
use crate::rules::{Kind, with_rules};
use crate::rules::{Rules, Seat, Status};
use crate::store::events::{self, EventRow};
use crate::store::notifications;
use crate::store::schema::{game_seeds, games};

pub(super) fn participant(player: &Player) -> Participant {
    Participant {
        id: player.id,
        name: player.display_name.clone(),
    }
}

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

/// The row `submitted` and `entries` make after `previous`, stamped with the database's time
/// `now` and chained, not yet stored.
pub(super) fn seal<C: serde::Serialize, E: serde::Serialize>(
    now: DateTime<Utc>,
    game_id: &str,
    previous: Option<&EventRow>,
    actor: Option<i64>,
    submitted: &Submitted<C>,
    entries: &[Entry<E>],
) -> EventRow {
    let command = serde_json::to_value(submitted).expect("commands serialize");
    let events = serde_json::to_value(entries).expect("events serialize");
    events::seal(now, game_id, previous, actor, command, events)
}

/// Stores a sealed row with the read-model rows of `game` (folded through it) and the
/// notifications `tell` lists.
pub(super) fn store_row<R: Rules>(
    conn: &mut PgConnection,
    row: &EventRow,
    game: &Game<R>,
    tell: &[(i64, notifications::Kind)],
) -> Result<()> {
    record::record(conn, row, &read_model::GameRow::of(game), tell)?;
    Ok(read_model::sync_clocks(conn, game)?)
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
pub(super) fn lock_game(conn: &mut PgConnection, game_id: &str) -> Result<Kind> {
    let kind: Option<String> = games::table
        .find(game_id)
        .select(games::kind)
        .for_no_key_update()
        .first(conn)
        .optional()?;
    kind.and_then(|k| Kind::parse(&k))
        .ok_or(ServiceError::NotFound)
}

/// Appends a row and updates the read models; ends the game (revealing the seed) when the rules
/// say it is over; and tells the players who must now act, or that the game is over — everyone
/// but the actor, and nobody twice for the same turn.
pub(super) fn commit<R: Rules>(
    conn: &mut PgConnection,
    game: Game<R>,
    previous: Option<&EventRow>,
    actor: Option<i64>,
    submitted: Submitted<R::Command>,
    entries: Vec<Entry<R::Event>>,
) -> Result<i64> {
    let game_seed = load_seed(conn, &game)?;
    let new_row = NewRow {
        previous,
        actor,
        submitted,
        entries,
    };
    commit_with_seed(conn, game, new_row, &game_seed)
}

/// The row a command adds: after `previous`, by `actor`.
pub struct NewRow<'a, R: Rules> {
    pub previous: Option<&'a EventRow>,
    pub actor: Option<i64>,
    pub submitted: Submitted<R::Command>,
    pub entries: Vec<Entry<R::Event>>,
}

/// As [`commit`], with the game's seed already loaded.
pub(super) fn commit_with_seed<R: Rules>(
    conn: &mut PgConnection,
    game: Game<R>,
    new_row: NewRow<'_, R>,
    game_seed: &seed::Seed,
) -> Result<i64> {
    let now = crate::store::database_now(conn)?;
    let closed = close(game, new_row, game_seed, now);
    store_row(conn, &closed.row, &closed.game, &closed.tell)?;
    Ok(closed.row.seq)
}

/// Everything a command writes: its row, the game folded through it, and who must be told.
pub struct Closed<R: Rules> {
    pub row: EventRow,
    pub game: Game<R>,
    pub tell: Vec<(i64, notifications::Kind)>,
}

/// What [`commit_with_seed`] writes, decided without the database but for its time `now`.
pub fn close<R: Rules>(
    mut game: Game<R>,
    new_row: NewRow<'_, R>,
    game_seed: &seed::Seed,
    now: DateTime<Utc>,
) -> Closed<R> {
    let NewRow {
        previous,
        actor,
        submitted,
        mut entries,
    } = new_row;
    let acting_before = game.to_act_ids();
    let ended_before = game.ended.is_some();
    decide::settle(&mut game, &mut entries, game_seed);
    let row = seal(now, &game.id, previous, actor, &submitted, &entries);
    let mover = match &submitted {
        Submitted::Play { .. } => actor.and_then(|id| game.seat_of(id)),
        _ => None,
    };
    game.close_row(row.seq, row.recorded_at, mover, submitted.leaves_board());
    let tell = to_tell(&game, actor, &submitted, &acting_before, ended_before);
    Closed { row, game, tell }
}

/// Who a new row must be told to: everyone but the actor when it ends the game, and the
/// players it leaves to act who were not acting before — nobody twice for the same turn, and
/// nobody for talk after the end.
fn to_tell<R: Rules>(
    game: &Game<R>,
    actor: Option<i64>,
    submitted: &Submitted<R::Command>,
    acting_before: &[i64],
    ended_before: bool,
) -> Vec<(i64, notifications::Kind)> {
    if ended_before {
        return Vec::new();
    }
    if game.ended.is_some() {
        // Those who left a seat to a computer learn how it ended too.
        let left = game.handed_over.iter().map(|h| &h.left);
        return (game.seating.iter().chain(left))
            .filter(|p| Some(p.id) != actor)
            .map(|p| (p.id, notifications::Kind::GameOver))
            .collect();
    }
    // The player whose arrival starts the game is told too if they are to move: should they
    // leave the page, the email (sent after the coalescing window, and only if they have not
    // moved by then) is how they learn it and can reply with their move.
    let starts = matches!(submitted, Submitted::Join);
    (game.to_act_ids().into_iter())
        .filter(|&player| (starts || Some(player) != actor) && !acting_before.contains(&player))
        .map(|player| (player, notifications::Kind::YourTurn))
        .collect()
}

/// Plays a rules command for `player`, made on the page showing sequence `expected_seq`.
/// Returns the sequence number of the row it appended. Uncounted: for a move inside a larger
/// transaction, whose caller counts it once that commits.
pub fn play(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
    command: Value,
) -> Result<i64> {
    play_as_kind(conn, game_id, player, expected_seq, command).1
}

/// [`play`], counted in the metrics as a move that came by `channel`.
pub fn play_via(
    channel: Channel,
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
    command: Value,
) -> Result<i64> {
    let (kind, played) = play_as_kind(conn, game_id, player, expected_seq, command);
    if let Some(kind) = kind {
        count_move(kind.as_str(), channel, &played);
    }
    played
}

/// Counts a move in the metrics: made, or refused (a database failure is neither).
pub fn count_move<T>(kind: &str, channel: Channel, played: &Result<T>) {
    match played {
        Ok(_) => crate::metrics::moves_asked(kind, channel, true, 1),
        Err(ServiceError::Database(_) | ServiceError::Corrupt(_) | ServiceError::Damaged(_)) => {}
        Err(_) => crate::metrics::moves_asked(kind, channel, false, 1),
    }
}

/// [`play`], and the kind of the game if it was found.
fn play_as_kind(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
    command: Value,
) -> (Option<Kind>, Result<i64>) {
    let mut found = None;
    let played = conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        found = Some(kind);
        with_rules!(kind, |R| play_locked::<R>(
            conn,
            game_id,
            player,
            expected_seq,
            command
        ))
    });
    (found, played)
}

/// Loads a game for a command by `player` made on the page showing `expected_seq`: refused if
/// they have no seat, or if the game has moved on since.
pub(super) fn load_seated<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
) -> Result<(Game<R>, Log, Seat)> {
    let (game, rows) = load::<R>(conn, game_id)?;
    let seat = seated(&game, player, expected_seq)?;
    Ok((game, rows, seat))
}

/// The seat of `player` in `game`, for a command made on the page showing `expected_seq`:
/// refused if they have none, or if the game has moved on since.
fn seated<R: Rules>(game: &Game<R>, player: &Player, expected_seq: i64) -> Result<Seat> {
    let Some(seat) = game.seat_of(player.id) else {
        return Err(ServiceError::Forbidden(Message::new("rule-not-seated")));
    };
    if expected_seq > game.seq {
        return Err(ServiceError::Rule(
            Message::new("seq-ahead")
                .with("seq", expected_seq)
                .with("events", game.seq),
        ));
    }
    // Table talk since the page was loaded changes nothing a move depends on.
    if expected_seq < game.board_seq {
        return Err(ServiceError::Stale);
    }
    Ok(seat)
}

fn play_locked<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
    command: Value,
) -> Result<i64> {
    let (game, rows) = load::<R>(conn, game_id)?;
    let asked = Asked {
        player,
        expected_seq,
        command,
    };
    let (new_row, game_seed) = decide_play(&game, &rows, asked, |game| load_seed(conn, game))?;
    commit_with_seed::<R>(conn, game, new_row, &game_seed)
}

/// A move as a player asks for it: a rules command, made on the page showing `expected_seq`.
pub struct Asked<'a> {
    pub player: &'a Player,
    pub expected_seq: i64,
    pub command: Value,
}

/// The row a move adds to `game`, folded to the head of its log `rows`, and the game's seed; or
/// why the move is refused. `seed` is asked for the seed once the move is the player's to make.
pub fn decide_play<'a, R: Rules>(
    game: &Game<R>,
    rows: &'a Log,
    asked: Asked<'_>,
    seed: impl FnOnce(&Game<R>) -> Result<seed::Seed>,
) -> Result<(NewRow<'a, R>, seed::Seed)> {
    let seat = seated(game, asked.player, asked.expected_seq)?;
    let (Some(state), Some(status)) = (game.state.as_ref(), game.status()) else {
        return Err(ServiceError::Rule(Message::new("rule-not-started")));
    };
    match status {
        Status::Finished { .. } => {
            return Err(ServiceError::Rule(Message::new("rule-game-over")));
        }
        Status::ToAct { seats } if !seats.contains(&seat) => {
            return Err(ServiceError::Forbidden(Message::new("rule-not-your-turn")));
        }
        Status::ToAct { .. } => {}
    }
    let command: R::Command = serde_json::from_value(asked.command)
        .map_err(|_| ServiceError::BadRequest(Message::new("not-a-move")))?;
    let previous = rows.last();
    let seq = previous.map_or(1, |row| row.seq + 1);
    let game_seed = seed(game)?;
    let mut entries = decide::play_entries::<R>(state, seat, &command, &game_seed, seq)
        .map_err(|e| ServiceError::Rule(e.0))?;
    decide::seal(
        game,
        Some(seat),
        Some(&command),
        &mut entries,
        &game_seed,
        seq,
    );
    let new_row = NewRow {
        previous,
        actor: Some(asked.player.id),
        submitted: Submitted::Play { command },
        entries,
    };
    Ok((new_row, game_seed))
}

/// `player` gives up their seat, on the page showing sequence `expected_seq`.
pub fn resign(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
) -> Result<()> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| resign_locked::<R>(
            conn,
            game_id,
            player,
            expected_seq
        ))
    })
}

pub(super) fn resign_locked<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    expected_seq: i64,
) -> Result<()> {
    let (game, rows, seat) = load_seated::<R>(conn, game_id, player, expected_seq)?;
    if game.phase() != Phase::Active {
        return Err(ServiceError::Rule(Message::new("resign-only-in-progress")));
    }
    if game.resigned.contains(&seat) {
        return Err(ServiceError::Rule(Message::new("resigned-already")));
    }
    let previous = rows.last();
    let seq = previous.map_or(1, |row| row.seq + 1);
    let game_seed = load_seed(conn, &game)?;
    let mut entries = decide::resign_entries(&game, seat, participant(player));
    decide::seal(&game, None, None, &mut entries, &game_seed, seq);
    let new_row = NewRow {
        previous,
        actor: Some(player.id),
        submitted: Submitted::Resign,
        entries,
    };
    commit_with_seed::<R>(conn, game, new_row, &game_seed).map(|_| ())
}
