//! Secrets the server makes for itself on first use and keeps in the database, so that every
//! process sharing the database uses the same (the session cookies' key, the return paths' key).

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::store::schema::server_secrets;

/// The secret called `name`: made now (`len` random bytes) unless some process made it first.
pub fn get_or_make(conn: &mut PgConnection, name: &str, len: usize) -> anyhow::Result<Vec<u8>> {
    let mut fresh = vec![0u8; len];
    getrandom::fill(&mut fresh)?;
    diesel::insert_into(server_secrets::table)
        .values((
            server_secrets::name.eq(name),
            server_secrets::value.eq(fresh),
        ))
        .on_conflict_do_nothing()
        .execute(conn)?;
    Ok(server_secrets::table
        .find(name)
        .select(server_secrets::value)
        .first(conn)?)
}
