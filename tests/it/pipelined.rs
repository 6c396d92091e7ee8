//! Board pages read over the HTTP workers' own connections: they see every sign-out and move at
//! once, a lost connection is answered through the pool and opened again, and the switch turns
//! them off.

use std::collections::BTreeSet;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Integer, Text};
use turnpost::store::pipelined::APPLICATION_NAME;

use crate::support::{Table, TestApp, TestDb, seat_table};

#[derive(QueryableByName)]
struct Backend {
    #[diesel(sql_type = Integer)]
    pid: i32,
    #[diesel(sql_type = Text)]
    query: String,
    /// Whether its last statement came after the mark taken with [`mark`].
    #[diesel(sql_type = Bool)]
    since_mark: bool,
}

/// The backends serving this database's worker connections.
fn page_backends(db: &TestDb) -> Vec<Backend> {
    diesel::sql_query(
        "SELECT pid, query, state_change >= (SELECT at FROM mark) AS since_mark \
         FROM pg_stat_activity WHERE datname = $1 AND application_name = $2",
    )
    .bind::<Text, _>(&db.name)
    .bind::<Text, _>(APPLICATION_NAME)
    .load(&mut db.connect())
    .unwrap()
}

/// Notes the time, for [`page_backends`] to tell which backends worked after it.
fn mark(db: &TestDb) {
    let mut conn = db.connect();
    diesel::sql_query("CREATE TABLE IF NOT EXISTS mark (at timestamptz)")
        .execute(&mut conn)
        .unwrap();
    diesel::sql_query("DELETE FROM mark")
        .execute(&mut conn)
        .unwrap();
    diesel::sql_query("INSERT INTO mark VALUES (clock_timestamp())")
        .execute(&mut conn)
        .unwrap();
}

/// Whether a worker connection read a game's rows after the last [`mark`].
fn read_over_a_worker_connection(db: &TestDb) -> bool {
    page_backends(db)
        .iter()
        .any(|backend| backend.since_mark && backend.query.contains("game_events"))
}

async fn kalah(app: TestApp) -> Table {
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;
    // The first page may fold the game through the pool; the cache holds it from then on.
    assert_eq!(table.players[0].get(&table.path).await.status, 200);
    mark(&table.app.db);
    table
}

#[actix_web::test]
async fn a_board_read_over_a_worker_connection_sees_a_sign_out_and_a_move_at_once() {
    let table = kalah(TestApp::start().await).await;
    let db = &table.app.db;
    mark(db);
    let page = table.players[0].get(&table.path).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Signed in as Ann"), "{}", page.body);
    assert!(
        read_over_a_worker_connection(db),
        "the page was not read there"
    );

    let mover = table.to_act().await[0];
    let before = table.twin(mover).await;
    let command = before["legal_commands"][0]["command"].clone();
    assert_eq!(table.play(mover, &command).await.status, 200);
    mark(db);
    let after = table.twin(1 - mover).await;
    assert_eq!(
        after["seq"].as_i64(),
        Some(before["seq"].as_i64().unwrap() + 1)
    );
    assert!(read_over_a_worker_connection(db));

    let revoked = diesel::sql_query(
        "UPDATE sessions SET revoked_at = now() \
         WHERE player_id = (SELECT id FROM players WHERE display_name = 'Ann')",
    )
    .execute(&mut db.connect())
    .unwrap();
    assert!(revoked > 0);
    mark(db);
    let page = table.players[0].get(&table.path).await;
    assert_eq!(page.status, 200);
    assert!(!page.body.contains("Signed in as"), "{}", page.body);
    assert!(read_over_a_worker_connection(db));
}

#[actix_web::test]
async fn a_lost_worker_connection_is_answered_through_the_pool_and_opened_again() {
    let table = kalah(TestApp::start().await).await;
    let db = &table.app.db;
    assert_eq!(table.players[0].get(&table.path).await.status, 200);
    let cut: BTreeSet<i32> = page_backends(db).iter().map(|b| b.pid).collect();
    assert!(!cut.is_empty());
    #[derive(QueryableByName)]
    struct Ended {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let ended: Ended = diesel::sql_query(
        "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) AS n \
         FROM pg_stat_activity WHERE datname = $1 AND application_name = $2",
    )
    .bind::<Text, _>(&db.name)
    .bind::<Text, _>(APPLICATION_NAME)
    .get_result(&mut db.connect())
    .unwrap();
    assert_eq!(ended.n as usize, cut.len());

    for _ in 0..3 {
        let page = table.players[0].get(&table.path).await;
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(page.body.contains("Signed in as Ann"));
    }
    mark(db);
    assert_eq!(table.players[0].get(&table.path).await.status, 200);
    let now: Vec<Backend> = page_backends(db);
    assert!(
        now.iter().any(|b| !cut.contains(&b.pid) && b.since_mark),
        "no new worker connection read the page"
    );
}

#[actix_web::test]
async fn with_pipelined_reads_off_every_page_is_read_through_the_pool() {
    let app = TestApp::start_with(|settings| settings.database.pipelined_reads = false).await;
    let table = kalah(app).await;
    let page = table.players[0].get(&table.path).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Signed in as Ann"));
    assert!(page_backends(&table.app.db).is_empty());
}
