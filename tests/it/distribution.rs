//! The schema is ready to be distributed by game id: every key of a table that holds a game's
//! rows starts with the game's id, and the logs are append-only by privilege, not only by trigger.

use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};

use crate::support::TestDb;

#[derive(QueryableByName, Debug)]
struct KeyStart {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    first_column: String,
}

#[derive(QueryableByName)]
struct Allowed {
    #[diesel(sql_type = Bool)]
    allowed: bool,
}

#[test]
fn every_key_of_a_games_table_starts_with_the_game_id() {
    let db = TestDb::new();
    let mut conn = db.connect();
    // The first column of each primary key of a table that has a game_id column.
    let keys: Vec<KeyStart> = diesel::sql_query(
        "SELECT c.relname::text AS table_name, a.attname::text AS first_column
           FROM pg_index i
           JOIN pg_class c ON c.oid = i.indrelid
           JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
           JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
          WHERE i.indisprimary
            AND EXISTS (SELECT 1 FROM pg_attribute g
                         WHERE g.attrelid = c.oid AND g.attname = 'game_id' AND NOT g.attisdropped)
          ORDER BY 1",
    )
    .load(&mut conn)
    .unwrap();
    let tables: Vec<&str> = keys.iter().map(|k| k.table_name.as_str()).collect();
    for expected in ["game_events", "invitations", "reply_tokens", "turn_clocks"] {
        assert!(tables.contains(&expected), "{expected} in {tables:?}");
    }
    // Notifications belong to their player, reports to the moderators' desk and received mail
    // to the machine's log: they may name a game, but are not its rows.
    let wrong: Vec<&KeyStart> = (keys.iter())
        .filter(|k| !["notifications", "inbound_mail", "reports"].contains(&k.table_name.as_str()))
        .filter(|k| k.first_column != "game_id")
        .collect();
    assert!(wrong.is_empty(), "keys not led by game_id: {wrong:?}");
}

#[test]
fn the_server_role_holds_no_privilege_to_change_a_log() {
    let db = TestDb::new();
    let mut conn = db.connect();
    for table in [
        "game_events",
        "game_seeds",
        "event_log",
        "event_seeds",
        "moderation_log",
    ] {
        for privilege in ["UPDATE", "DELETE", "TRUNCATE"] {
            let held = diesel::sql_query(format!(
                "SELECT has_table_privilege('turnpost_server', '{table}', '{privilege}') AS allowed"
            ))
            .get_result::<Allowed>(&mut conn)
            .unwrap();
            assert!(!held.allowed, "turnpost_server may {privilege} {table}");
        }
        let insert = diesel::sql_query(format!(
            "SELECT has_table_privilege('turnpost_server', '{table}', 'INSERT') AS allowed"
        ))
        .get_result::<Allowed>(&mut conn)
        .unwrap();
        assert!(insert.allowed, "turnpost_server may add to {table}");
    }
}
