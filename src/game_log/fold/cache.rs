//! Folded games kept between requests, so that a page or a move folds only the rows added since
//! the game was last folded (usually none or one) rather than its whole log.
//!
//! The database stays the truth. Before an entry is used, the game's rows from the entry's last
//! one on are read, with its players' names as they are now, in one statement: the entry answers
//! only if that row is still there exactly as it was folded, and rows after it are chain-checked
//! and folded in. Anything else (a row rolled back, an evicted or missing entry) folds the whole
//! log again. So any number of server processes may share one database, each with a cache of
//! its own, and losing the cache loses nothing.
//!
//! Rows before the head are hash-checked once, when they are first read: a row altered later
//! behind the server's back (which takes the schema's owner disabling the log's trigger) is
//! found when the game is next folded from its whole log — by a server that does not hold it, or
//! after a restart — and by `turnpost verify` on its export.
//!
//! Entries hold the game as its log tells it, with every row; never a page or a view, which
//! depend on who is looking.

use std::any::Any;
use std::sync::{Arc, OnceLock};

use diesel::pg::PgConnection;
use quick_cache::Weighter;
use quick_cache::sync::Cache;

use crate::game_log::error::ReplayError;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::replay::{Game, replay};
use crate::game_log::stream::seed::{self, Seed};
use crate::rules::Kind;
use crate::rules::Rules;
use crate::store::events::{self, EventRow, Names};

/// A game's log as loaded: shared, never copied, by everyone reading it.
pub type Log = Arc<Vec<EventRow>>;

/// How many rows of log the cache holds when nothing configures it.
pub const DEFAULT_ROWS: u64 = 20_000;

/// A game folded through its whole log, the log, and the game's seed once a move has needed it.
pub struct Folded<R: Rules> {
    pub game: Game<R>,
    pub rows: Log,
    seed: OnceLock<Seed>,
}

impl<R: Rules> Clone for Folded<R> {
    fn clone(&self) -> Self {
        Folded {
            game: self.game.clone(),
            rows: self.rows.clone(),
            seed: self.seed.clone(),
        }
    }
}

impl<R: Rules> Folded<R> {
    /// Folds a whole log, checking its hash chain first.
    fn from_log(rows: Vec<EventRow>) -> Result<Self> {
        if rows.is_empty() {
            return Err(ServiceError::NotFound);
        }
        events::verify_chain(&rows).map_err(ServiceError::Damaged)?;
        Ok(Folded {
            game: replay::<R>(&rows, None)?,
            rows: Arc::new(rows),
            seed: OnceLock::new(),
        })
    }

    /// Checks that `newer` continues the log and folds it in. Talk whose words a newer row
    /// removes loses them here too, as it did in the database in that row's transaction.
    fn extend(&mut self, newer: Vec<EventRow>) -> Result<()> {
        events::verify_chain_after(self.rows.last(), &newer).map_err(ServiceError::Damaged)?;
        for row in &newer {
            self.game.fold_row(row)?;
        }
        let removes = (newer.iter()).any(|row| row.command.type_tag() == Some("remove_talk"));
        // Copies the rows only while another request is still reading the older log.
        let rows = Arc::make_mut(&mut self.rows);
        rows.extend(newer);
        if removes {
            let removed = (self.game.talk.iter()).filter(|(_, talked)| talked.removed);
            for (seq, _) in removed {
                let index = usize::try_from(seq - 1).unwrap_or(usize::MAX);
                if let Some(row) = rows.get_mut(index) {
                    row.forget_words();
                }
            }
        }
        Ok(())
    }

    fn head(&self) -> Option<&EventRow> {
        self.rows.last()
    }
}

#[derive(Clone)]
struct Slot {
    rows: u64,
    kind: Kind,
    folded: Arc<dyn Any + Send + Sync>,
}

/// What a slot holds while a request brings its game up to date: nothing to answer from.
struct TakenOut;

#[derive(Clone)]
struct ByRows;

impl Weighter<String, Slot> for ByRows {
    fn weight(&self, _: &String, slot: &Slot) -> u64 {
        slot.rows
    }
}

/// A bounded cache of folded games, weighed in rows of log.
pub struct GameCache {
    entries: Option<Cache<String, Slot, ByRows>>,
}

static SHARED: OnceLock<GameCache> = OnceLock::new();

/// Sets the size of this process's cache, in rows of log (0: no cache). Only the first call in
/// a process counts; it should come before the first game is loaded.
pub fn configure(rows: u64) {
    let _ = SHARED.set(GameCache::holding(rows));
}

/// This process's cache.
pub fn shared() -> &'static GameCache {
    SHARED.get_or_init(|| GameCache::holding(DEFAULT_ROWS))
}

impl GameCache {
    /// A cache of at most `rows` rows of log; 0 keeps nothing.
    pub fn holding(rows: u64) -> GameCache {
        // A typical game holds a few dozen rows.
        let games = usize::try_from(rows / 32).unwrap_or(usize::MAX).max(1);
        GameCache {
            entries: (rows > 0).then(|| Cache::with_weighter(games, rows, ByRows)),
        }
    }

    /// Drops what is held of `game_id`: its names in the log changed.
    pub fn forget(&self, game_id: &str) {
        if let Some(entries) = &self.entries {
            entries.remove(game_id);
        }
    }

    /// The kind of a game held here: a game's kind never changes.
    pub fn kind(&self, game_id: &str) -> Option<Kind> {
        Some(self.entries.as_ref()?.get(game_id)?.kind)
    }

    fn get<R: Rules>(&self, game_id: &str) -> Option<Arc<Folded<R>>> {
        let slot = self.entries.as_ref()?.get(game_id)?;
        slot.folded.downcast::<Folded<R>>().ok()
    }

    fn put<R: Rules>(&self, game_id: &str, folded: Folded<R>) -> Arc<Folded<R>> {
        let folded = Arc::new(folded);
        let rows = u64::try_from(folded.rows.len()).unwrap_or(u64::MAX);
        self.put_slot(game_id, rows, folded.game.kind, folded.clone());
        folded
    }

    /// Fills the game's slot, where it stands if the game has one: the cache's eviction keeps
    /// what is used often, and a game in play is put back after every move.
    fn put_slot(&self, game_id: &str, rows: u64, kind: Kind, folded: Arc<dyn Any + Send + Sync>) {
        if let Some(entries) = &self.entries {
            entries.insert(game_id.to_string(), Slot { rows, kind, folded });
        }
    }

    /// Empties `known`'s slot if it still holds `known`, so that the caller holds the only
    /// reference and extends it without copying its log. The slot keeps its place: removing it
    /// would put the game back among the entries seen once, the first to be evicted, and with a
    /// few dozen games in play at once those are evicted before their next move. The check and
    /// the emptying are two steps: a request that fills the slot between them loses its entry,
    /// which costs the next use a fold of the whole log and nothing else.
    fn take_out<T: Any + Send + Sync>(&self, game_id: &str, known: &Arc<T>) {
        let Some(entries) = &self.entries else { return };
        let Some(slot) = entries.peek(game_id) else {
            return;
        };
        if !std::ptr::addr_eq(Arc::as_ptr(&slot.folded), Arc::as_ptr(known)) {
            return;
        }
        let emptied = Slot {
            folded: Arc::new(TakenOut),
            ..slot
        };
        let _ = entries.replace(game_id.to_string(), emptied, true);
    }

    /// The game folded to the head of its log as the database has it now, and the current
    /// names of the players it held before, read with its newer rows (empty when the game was
    /// folded from its whole log).
    pub fn load<R: Rules>(
        &self,
        conn: &mut PgConnection,
        game_id: &str,
    ) -> Result<(Arc<Folded<R>>, Names)> {
        let Some((known, head)) = self.held::<R>(game_id) else {
            return self.load_whole::<R>(conn, game_id);
        };
        let named = known.game.participant_ids();
        let (newer, names) = events::load_from_naming(conn, game_id, head, &named)?;
        match self.advance(game_id, known, newer)? {
            Some(folded) => Ok((folded, names)),
            None => self.load_whole::<R>(conn, game_id),
        }
    }

    /// The game as held here, and the sequence number of the last row it was folded to: the
    /// rows to read from there on are the ones [`GameCache::advance`] takes.
    pub fn held<R: Rules>(&self, game_id: &str) -> Option<(Arc<Folded<R>>, i64)> {
        let known = self.get::<R>(game_id)?;
        let head = known.head()?.seq;
        Some((known, head))
    }

    /// Brings `known` up to the head of its log, given the rows from its last one on as the
    /// database has them now; `None` when that row is no longer the one it folded (the whole
    /// log must be folded again).
    pub fn advance<R: Rules>(
        &self,
        game_id: &str,
        known: Arc<Folded<R>>,
        mut newer: Vec<EventRow>,
    ) -> Result<Option<Arc<Folded<R>>>> {
        if newer.first() != known.head() {
            return Ok(None);
        }
        crate::metrics::cache_use(true);
        newer.remove(0);
        if newer.is_empty() {
            return Ok(Some(known));
        }
        self.take_out(game_id, &known);
        let mut folded = Arc::try_unwrap(known).unwrap_or_else(|shared| (*shared).clone());
        folded.extend(newer)?;
        Ok(Some(self.put(game_id, folded)))
    }

    /// The secret seed of `game` (as folded from this database's log): kept with the cached game
    /// once `read` has fetched it, and used only while it matches the commitment the log opens
    /// with.
    pub fn seed<R: Rules>(
        &self,
        game: &Game<R>,
        read: impl FnOnce() -> Result<Seed>,
    ) -> Result<Seed> {
        if let Some(seed) = self.held_seed(game) {
            return Ok(seed);
        }
        let seed = read()?;
        if seed::commitment(&seed) != game.seed_commitment {
            return Err(ServiceError::Corrupt(ReplayError {
                seq: 1,
                problem: "the stored seed does not match the commitment the log opens with".into(),
            }));
        }
        if let Some(folded) = self.get::<R>(&game.id) {
            let _ = folded.seed.set(seed);
        }
        Ok(seed)
    }

    /// The seed of `game`, if it is kept with the cached game and matches the commitment the
    /// log opens with.
    pub fn held_seed<R: Rules>(&self, game: &Game<R>) -> Option<Seed> {
        let held = self.get::<R>(&game.id)?;
        let seed = *held.seed.get()?;
        (seed::commitment(&seed) == game.seed_commitment).then_some(seed)
    }

    fn load_whole<R: Rules>(
        &self,
        conn: &mut PgConnection,
        game_id: &str,
    ) -> Result<(Arc<Folded<R>>, Names)> {
        crate::metrics::cache_use(false);
        let folded = Folded::<R>::from_log(events::load(conn, game_id)?)?;
        Ok((self.put(game_id, folded), Names::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `games` games at once, a move in one of them after another, each move bringing its
    /// game up to date as a request does (taking it out of its slot and putting it back one row
    /// longer); a game ends after 50 rows and a new one takes its place. Returns how many moves
    /// found their game evicted, a game's first move aside (its first row came from its
    /// creation, so nothing held it).
    fn evictions_in_play(games: usize, moves: usize) -> usize {
        let cache = GameCache::holding(DEFAULT_ROWS);
        let mut rows = vec![1u64; games];
        let mut first_move = vec![true; games];
        let mut started = games;
        let mut ids: Vec<String> = (0..games).map(|n| format!("g{n}")).collect();
        let mut evicted = 0;
        for n in 0..moves {
            let game = n * 7919 % games;
            let id = &ids[game];
            let slot = cache.entries.as_ref().unwrap().get(id.as_str());
            match slot.map(|slot| slot.folded.downcast::<u64>()) {
                Some(Ok(known)) => {
                    cache.take_out(id, &known);
                    assert_eq!(
                        Arc::strong_count(&known),
                        1,
                        "the caller holds the only one"
                    );
                }
                _ if first_move[game] => {}
                _ => evicted += 1,
            }
            first_move[game] = false;
            rows[game] += 1;
            cache.put_slot(id, rows[game], Kind::Kalah, Arc::new(rows[game]));
            if rows[game] == 50 {
                rows[game] = 1;
                first_move[game] = true;
                ids[game] = format!("g{started}");
                started += 1;
            }
        }
        evicted
    }

    #[test]
    fn games_in_play_stay_cached_while_many_are_played_at_once() {
        let moves = 100_000;
        let evicted = evictions_in_play(64, moves);
        assert!(
            evicted <= moves / 1000,
            "{evicted} of {moves} moves found their game evicted"
        );
    }
}
