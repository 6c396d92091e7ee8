//! Events folded and ranked, kept between requests, so that the page of an event of a thousand
//! players reads one row of its log, not every sign-up and result it holds.
//!
//! The database stays the truth, as for folded games ([`crate::game_log::fold::cache`]): before
//! an entry answers, the numbers and hashes of the event's rows from the entry's last one on are
//! read with the event's `names_version` in one statement. The entry answers only if that row is
//! still there with the hash it was folded with and no name in the log has been replaced since
//! (a participant who closes their account is renamed in every row that names them, not only
//! the head); newer rows are read, chain-checked and folded in; anything else folds the whole
//! log again. Any number of servers may share one database, each with entries of its own, and
//! losing them loses nothing.

use std::sync::{Arc, OnceLock};

use diesel::pg::PgConnection;
use diesel::prelude::*;
use quick_cache::Weighter;
use quick_cache::sync::Cache;

use super::decide;
use super::log::fold::Event;
use super::log::store;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::stream::seed::Seed;
use crate::store::events::{EventRow, verify_chain_after};
use crate::store::schema::{event_log, events};
use crate::tournament_rules::Standing;

/// How many rows of event log the entries stand for when nothing configures it.
pub const DEFAULT_ROWS: u64 = 50_000;

/// An event folded to the head of its log, with its standings then.
pub struct Kept {
    pub event: Event,
    /// Empty before the start.
    pub standings: Vec<Standing>,
    /// The log's last row: what the next use checks, and with `event.seq` what a verifier
    /// compares.
    pub head: EventRow,
    names_version: i64,
    /// Read once the event has started, when the standings first need the lots.
    seed: Option<Seed>,
}

impl Kept {
    /// The hash of the log's last row, in hex.
    pub fn head_hex(&self) -> String {
        self.head.hash_hex()
    }

    fn rows(&self) -> u64 {
        u64::try_from(self.head.seq).unwrap_or(1)
    }
}

#[derive(Clone)]
struct ByRows;

impl Weighter<String, Arc<Kept>> for ByRows {
    fn weight(&self, _: &String, kept: &Arc<Kept>) -> u64 {
        kept.rows()
    }
}

/// A bounded set of folded events, weighed in rows of their logs.
pub struct EventCache {
    entries: Option<Cache<String, Arc<Kept>, ByRows>>,
}

static SHARED: OnceLock<EventCache> = OnceLock::new();

/// Sets the size of this process's entries, in rows of event log (0: none kept). Only the first
/// call in a process counts; it should come before the first event is read.
pub fn configure(rows: u64) {
    let _ = SHARED.set(EventCache::holding(rows));
}

/// This process's entries.
pub fn shared() -> &'static EventCache {
    SHARED.get_or_init(|| EventCache::holding(DEFAULT_ROWS))
}

impl EventCache {
    /// Entries standing for at most `rows` rows of log; 0 keeps nothing.
    pub fn holding(rows: u64) -> EventCache {
        // A small event's log holds a few dozen rows.
        let events = usize::try_from(rows / 32).unwrap_or(usize::MAX).max(1);
        EventCache {
            entries: (rows > 0).then(|| Cache::with_weighter(events, rows, ByRows)),
        }
    }

    /// The event as its log stands now in the database, with its standings.
    pub fn load(&self, conn: &mut PgConnection, event_id: &str) -> Result<Arc<Kept>> {
        let Some(known) = self.entries.as_ref().and_then(|e| e.get(event_id)) else {
            return self.load_whole(conn, event_id);
        };
        // The head's number and hash, not its JSON: the row that started a round of a
        // thousand entrants holds five hundred tables, and reading it on every use cost a large
        // event's page more than all its lines. Rows are never rewritten (the server's role may
        // only add them), and the hash is the row's content.
        let found: Vec<(i64, Vec<u8>, i64)> = event_log::table
            .inner_join(events::table)
            .filter(event_log::event_id.eq(event_id))
            .filter(event_log::seq.ge(known.head.seq))
            .order(event_log::seq.asc())
            .select((event_log::seq, event_log::hash, events::names_version))
            .load(conn)?;
        let still_named_so = found.first().map(|(_, _, v)| *v) == Some(known.names_version);
        let same_head = (found.first())
            .is_some_and(|(seq, hash, _)| *seq == known.head.seq && *hash == known.head.hash);
        if !still_named_so || !same_head {
            return self.load_whole(conn, event_id);
        }
        crate::metrics::event_cache_use(true);
        if found.len() == 1 {
            return Ok(known);
        }
        let newer: Vec<EventRow> = event_log::table
            .filter(event_log::event_id.eq(event_id))
            .filter(event_log::seq.gt(known.head.seq))
            .order(event_log::seq.asc())
            .select(store::ROW)
            .load(conn)?;
        if newer.is_empty() {
            return self.load_whole(conn, event_id);
        }
        verify_chain_after(Some(&known.head), &newer).map_err(ServiceError::Damaged)?;
        let mut event = known.event.clone();
        for row in &newer {
            event.apply_row(row.seq, &store::facts(row).map_err(store::corrupt)?);
        }
        let head = newer.into_iter().last().expect("newer rows");
        self.ranked(conn, event, head, known.names_version, known.seed)
    }

    fn load_whole(&self, conn: &mut PgConnection, event_id: &str) -> Result<Arc<Kept>> {
        crate::metrics::event_cache_use(false);
        // Read before the rows: a name replaced in between raises it again, and the next use
        // folds anew.
        let names_version: i64 = events::table
            .find(event_id)
            .select(events::names_version)
            .first(conn)
            .optional()?
            .ok_or(ServiceError::NotFound)?;
        let (event, mut rows) = store::load(conn, event_id)?;
        let head = rows.pop().expect("a loaded log has rows");
        self.ranked(conn, event, head, names_version, None)
    }

    /// Ranks `event` (reading its seed if it has started and none is known) and keeps it.
    fn ranked(
        &self,
        conn: &mut PgConnection,
        event: Event,
        head: EventRow,
        names_version: i64,
        seed: Option<Seed>,
    ) -> Result<Arc<Kept>> {
        let seed = match (event.started, seed) {
            (true, None) => Some(store::load_seed(conn, &event.id)?),
            (_, seed) => seed,
        };
        let standings = match (&seed, event.started) {
            (Some(seed), true) => decide::standings(&event, seed),
            _ => Vec::new(),
        };
        let kept = Arc::new(Kept {
            event,
            standings,
            head,
            names_version,
            seed,
        });
        if let Some(entries) = &self.entries {
            entries.insert(kept.event.id.clone(), kept.clone());
        }
        Ok(kept)
    }
}
