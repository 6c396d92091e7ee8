//! Every message received for a reply address, kept with what became of it.

use diesel::dsl::sql;
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bytea, Nullable, Text, Timestamptz};

use super::schema::inbound_mail;

/// A message as it arrived.
pub struct Arrival<'a> {
    pub message_id: Option<&'a str>,
    pub envelope_from: &'a str,
    pub recipient: &'a str,
    /// Its size in bytes as received.
    pub size: usize,
    /// What is kept of it: at most the configured number of bytes.
    pub raw: &'a [u8],
}

/// Where a stored message stands.
#[derive(Debug, PartialEq, Eq)]
pub enum Recorded {
    /// Stored; to be handled now.
    New(i64),
    /// Received before but never handled (the database failed mid-way): handle that one now.
    Unhandled(i64),
    /// Received and handled before: stored as a duplicate, and nothing more to do.
    Duplicate(i64),
}

#[derive(QueryableByName)]
struct Id {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

/// Stores a message, or notes that it came before.
pub fn record(conn: &mut PgConnection, arrival: &Arrival<'_>) -> QueryResult<Recorded> {
    conn.transaction(|conn| {
        let inserted: Option<Id> = diesel::sql_query(
            "INSERT INTO inbound_mail (message_id, envelope_from, recipient, size, raw) \
             VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (message_id, recipient) \
                 WHERE duplicate_of IS NULL AND message_id IS NOT NULL DO NOTHING \
             RETURNING id",
        )
        .bind::<Nullable<Text>, _>(arrival.message_id)
        .bind::<Text, _>(arrival.envelope_from)
        .bind::<Text, _>(arrival.recipient)
        .bind::<BigInt, _>(arrival.size as i64)
        .bind::<Bytea, _>(arrival.raw)
        .get_result(conn)
        .optional()?;
        if let Some(Id { id }) = inserted {
            return Ok(Recorded::New(id));
        }
        let (first, outcome): (i64, String) = inbound_mail::table
            .filter(inbound_mail::message_id.eq(arrival.message_id))
            .filter(inbound_mail::recipient.eq(arrival.recipient))
            .filter(inbound_mail::duplicate_of.is_null())
            .select((inbound_mail::id, inbound_mail::outcome))
            .first(conn)?;
        if outcome == PENDING {
            return Ok(Recorded::Unhandled(first));
        }
        let id = diesel::insert_into(inbound_mail::table)
            .values((
                inbound_mail::message_id.eq(arrival.message_id),
                inbound_mail::duplicate_of.eq(first),
                inbound_mail::envelope_from.eq(arrival.envelope_from),
                inbound_mail::recipient.eq(arrival.recipient),
                inbound_mail::size.eq(arrival.size as i64),
                inbound_mail::raw.eq(arrival.raw),
                inbound_mail::outcome.eq("duplicate"),
                inbound_mail::handled_at.eq(sql::<Nullable<Timestamptz>>("now()")),
            ))
            .returning(inbound_mail::id)
            .get_result(conn)?;
        Ok(Recorded::Duplicate(id))
    })
}

pub const PENDING: &str = "pending";

/// Locks a stored message for handling; false when it was handled meanwhile.
pub fn lock_unhandled(conn: &mut PgConnection, id: i64) -> QueryResult<bool> {
    let outcome: String = inbound_mail::table
        .find(id)
        .select(inbound_mail::outcome)
        .for_no_key_update()
        .first(conn)?;
    Ok(outcome == PENDING)
}

/// What became of a message.
#[derive(Debug, Default)]
pub struct Settled {
    pub outcome: &'static str,
    pub detail: Option<String>,
    pub game_id: Option<String>,
    pub player_id: Option<i64>,
    pub seq: Option<i64>,
}

pub fn settle(conn: &mut PgConnection, id: i64, settled: &Settled) -> QueryResult<()> {
    diesel::update(inbound_mail::table.find(id))
        .set((
            inbound_mail::outcome.eq(settled.outcome),
            inbound_mail::detail.eq(&settled.detail),
            inbound_mail::game_id.eq(&settled.game_id),
            inbound_mail::player_id.eq(settled.player_id),
            inbound_mail::seq.eq(settled.seq),
            inbound_mail::handled_at.eq(sql::<Nullable<Timestamptz>>("now()")),
        ))
        .execute(conn)
        .map(|_| ())
}

/// A stored message, for an operator.
#[derive(Debug, Queryable)]
pub struct Stored {
    pub id: i64,
    pub received_at: chrono::DateTime<chrono::Utc>,
    pub message_id: Option<String>,
    pub envelope_from: String,
    pub recipient: String,
    pub size: i64,
    pub outcome: String,
    pub detail: Option<String>,
    pub game_id: Option<String>,
    pub seq: Option<i64>,
}

/// The latest `limit` messages, newest first.
pub fn latest(conn: &mut PgConnection, limit: i64) -> QueryResult<Vec<Stored>> {
    inbound_mail::table
        .order(inbound_mail::id.desc())
        .limit(limit)
        .select((
            inbound_mail::id,
            inbound_mail::received_at,
            inbound_mail::message_id,
            inbound_mail::envelope_from,
            inbound_mail::recipient,
            inbound_mail::size,
            inbound_mail::outcome,
            inbound_mail::detail,
            inbound_mail::game_id,
            inbound_mail::seq,
        ))
        .load(conn)
}

/// A stored message's envelope and bytes, to handle it again.
pub fn raw(conn: &mut PgConnection, id: i64) -> QueryResult<(String, String, Vec<u8>, String)> {
    inbound_mail::table
        .find(id)
        .select((
            inbound_mail::envelope_from,
            inbound_mail::recipient,
            inbound_mail::raw,
            inbound_mail::outcome,
        ))
        .first(conn)
}
