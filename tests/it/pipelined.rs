//! Board pages read, and moves written, over the HTTP workers' own connections: they see every
//! sign-out and move at once, a move is written with everything it changes and never over a
//! move made since it was read, a lost connection is answered through the pool (or, during a
//! write, honestly) and opened again, and the switch turns them off.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Integer, Text};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use turnpost::auth::accounts;
use turnpost::game_log::decide::play;
use turnpost::game_log::decide::play::Asked;
use turnpost::game_log::decide::seal;
use turnpost::game_log::fold::load;
use turnpost::game_log::record::read_model::GameRow;
use turnpost::game_log::record::write;
use turnpost::rules::kalah::Kalah;
use turnpost::store::events;
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

/// Whether a worker connection wrote a move after the last [`mark`].
fn written_over_a_worker_connection(db: &TestDb) -> bool {
    page_backends(db)
        .iter()
        .any(|backend| backend.since_mark && backend.query.contains("record_move"))
}

/// Whether a backend of `application` waits for a lock.
fn waiting_for_a_lock(db: &TestDb, application: &str) -> bool {
    #[derive(QueryableByName)]
    struct Waiting {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let waiting: Waiting = diesel::sql_query(
        "SELECT count(*) AS n FROM pg_stat_activity \
         WHERE datname = $1 AND application_name = $2 AND wait_event_type = 'Lock'",
    )
    .bind::<Text, _>(&db.name)
    .bind::<Text, _>(application)
    .get_result(&mut db.connect())
    .unwrap();
    waiting.n > 0
}

/// How long a test waits for a write to queue for a lock.
const QUEUEING: Duration = Duration::from_secs(20);

/// A transaction of another connection holding game `id`'s row, so that a move's write waits;
/// roll it back to let the write go on.
fn hold_game(db: &TestDb, id: &str) -> PgConnection {
    let mut holder = db.connect();
    diesel::sql_query("BEGIN").execute(&mut holder).unwrap();
    diesel::sql_query("SELECT 1 FROM games WHERE id = $1 FOR NO KEY UPDATE")
        .bind::<Text, _>(id)
        .execute(&mut holder)
        .unwrap();
    holder
}

/// Returns once a worker connection's write waits for a lock.
async fn until_a_worker_write_waits(db: &TestDb) {
    let started = Instant::now();
    while !waiting_for_a_lock(db, APPLICATION_NAME) {
        assert!(started.elapsed() < QUEUEING, "the move never waited");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Plays `command` as `player`, whose JSON twin is `twin`, sent as JSON: the answer is built
/// through the pool, so a worker connection's last statement stays the write. Returns the
/// status.
async fn post_move(
    table: &Table,
    player: usize,
    twin: &serde_json::Value,
    command: &serde_json::Value,
) -> u16 {
    let made = table.players[player]
        .client
        .post(table.app.url(&format!("{}/play", table.path)))
        .header("X-CSRF-Token", twin["csrf"].as_str().unwrap())
        .json(&serde_json::json!({"seq": twin["seq"], "command": command}))
        .send()
        .await
        .unwrap();
    made.status().as_u16()
}

/// A move the first player to act may make now.
struct Next {
    mover: usize,
    /// The mover's JSON twin.
    twin: serde_json::Value,
    command: serde_json::Value,
    /// The sequence number the twin shows.
    seq: i64,
}

async fn next_move(table: &Table) -> Next {
    let mover = table.to_act().await[0];
    let twin = table.twin(mover).await;
    let command = twin["legal_commands"][0]["command"].clone();
    let seq = twin["seq"].as_i64().unwrap();
    Next {
        mover,
        twin,
        command,
        seq,
    }
}

/// `command` by `player`, decided on game `id` as it stands at `seq`, as a worker decides it,
/// and not yet written.
fn decided_on_head(
    conn: &mut PgConnection,
    id: &str,
    player: &accounts::Player,
    command: &serde_json::Value,
    seq: i64,
) -> seal::Closed<Kalah> {
    let (game, rows) = load::load::<Kalah>(conn, id).unwrap();
    let seed = load::load_seed(conn, &game).unwrap();
    let asked = Asked {
        player,
        expected_seq: seq,
        command: command.clone(),
    };
    let (new_row, seed) = play::decide_play(&game, &rows, asked, |_| Ok(seed)).unwrap();
    let now = turnpost::store::database_now(conn).unwrap();
    seal::close(game, new_row, &seed, now)
}

fn game_id(table: &Table) -> String {
    table.path.trim_start_matches("/games/").to_string()
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

#[actix_web::test]
async fn a_move_is_written_over_a_worker_connection_with_everything_it_changes() {
    let table = kalah(TestApp::start().await).await;
    let db = &table.app.db;
    let id = game_id(&table);
    let Next {
        mover,
        twin,
        command,
        seq,
    } = next_move(&table).await;
    mark(db);
    assert_eq!(post_move(&table, mover, &twin, &command).await, 200);
    assert!(
        written_over_a_worker_connection(db),
        "the move was not written there"
    );

    let mut conn = db.connect();
    let rows = events::load(&mut conn, &id).unwrap();
    assert_eq!(rows.len() as i64, seq + 1);
    events::verify_chain(&rows).unwrap();
    let last_seq: i64 = turnpost::store::schema::games::table
        .find(&id)
        .select(turnpost::store::schema::games::last_seq)
        .first(&mut conn)
        .unwrap();
    assert_eq!(last_seq, seq + 1);
    // Everyone now to act but the mover is told, once.
    let mut expected: Vec<i64> = Vec::new();
    for player in table.to_act().await.into_iter().filter(|&p| p != mover) {
        let found = accounts::by_email(&mut conn, &table.emails[player]);
        expected.push(found.unwrap().unwrap().id);
    }
    use turnpost::store::schema::notifications as told;
    let mut notified: Vec<i64> = told::table
        .filter(told::game_id.eq(&id))
        .filter(told::seq.eq(seq + 1))
        .filter(told::kind.eq("your_turn"))
        .select(told::player_id)
        .load(&mut conn)
        .unwrap();
    notified.sort_unstable();
    expected.sort_unstable();
    assert_eq!(notified, expected);
    assert_eq!(table.twin(1 - mover).await["seq"].as_i64(), Some(seq + 1));
}

#[actix_web::test]
async fn a_board_read_does_not_queue_behind_a_move_waiting_for_the_game() {
    // One HTTP thread, so that the page and the move are served by the same one.
    let table = kalah(TestApp::start_with(|s| s.server.workers = 1).await).await;
    let db = &table.app.db;
    let id = game_id(&table);
    let Next {
        mover,
        twin,
        command,
        seq,
    } = next_move(&table).await;

    // Another transaction holds the game, so the move's write waits for it.
    let mut holder = hold_game(db, &id);
    let holder = &mut holder;
    let meanwhile = async {
        until_a_worker_write_waits(db).await;
        mark(db);
        let page = table.players[1 - mover].get(&table.path).await;
        let read_there = read_over_a_worker_connection(db);
        diesel::sql_query("ROLLBACK").execute(holder).unwrap();
        (page, read_there)
    };
    let (made, (page, read_there)) =
        futures_util::join!(post_move(&table, mover, &twin, &command), meanwhile);

    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        read_there,
        "the page was not read over a worker connection while the move waited"
    );
    assert_eq!(made, 200);
    assert_eq!(table.twin(mover).await["seq"].as_i64(), Some(seq + 1));
}

#[actix_web::test]
async fn a_move_decided_before_another_row_was_added_is_not_written() {
    let table = kalah(TestApp::start().await).await;
    let db = &table.app.db;
    let id = game_id(&table);
    let Next {
        mover,
        command,
        seq,
        ..
    } = next_move(&table).await;
    let mut conn = db.connect_as_server();
    let player = |conn: &mut PgConnection, who: usize| {
        accounts::by_email(conn, &table.emails[who])
            .unwrap()
            .unwrap()
    };
    let (moving, talking) = (player(&mut conn, mover), player(&mut conn, 1 - mover));

    // The move is decided on the game as it stands, as a worker decides it.
    let closed = decided_on_head(&mut conn, &id, &moving, &command, seq);
    let game_row = GameRow::of(&closed.game);
    let racing = "racing-move";
    let url = format!("{}?application_name={racing}", db.server_url());
    let (go, went) = std::sync::mpsc::channel::<()>();
    let writer = std::thread::spawn(move || {
        went.recv().unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let conn = AsyncPgConnection::establish(&url).await.unwrap();
            write::record_pipelined(&conn, &closed.row, &game_row, &closed.tell).await
        })
    });

    // Meanwhile the other player writes at the table, and commits once the move waits for it.
    let talked: Result<i64, turnpost::game_log::error::ServiceError> = conn.transaction(|conn| {
        let row = turnpost::tables::talk::say(conn, &id, &talking, "Good luck".into())?;
        go.send(()).unwrap();
        let started = Instant::now();
        while !waiting_for_a_lock(db, racing) {
            assert!(started.elapsed() < QUEUEING, "the move never waited");
            std::thread::sleep(Duration::from_millis(20));
        }
        Ok(row)
    });
    assert_eq!(talked.unwrap(), seq + 1);
    assert_eq!(writer.join().unwrap().unwrap(), None);

    let stored = events::load(&mut conn, &id).unwrap();
    assert_eq!(stored.len() as i64, seq + 1, "the move was written");
    assert_eq!(stored.last().unwrap().actor, Some(talking.id));
    use turnpost::store::schema::notifications as told;
    let told_after: i64 = told::table
        .filter(told::game_id.eq(&id))
        .filter(told::seq.gt(seq + 1))
        .count()
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(told_after, 0);

    // Talk changes nothing a move depends on: made again, it is decided afresh and made.
    assert_eq!(table.play(mover, &command).await.status, 200);
    assert_eq!(table.twin(mover).await["seq"].as_i64(), Some(seq + 2));
}

#[actix_web::test]
async fn a_move_decided_on_another_history_is_not_written() {
    let table = kalah(TestApp::start().await).await;
    let db = &table.app.db;
    let id = game_id(&table);
    let Next {
        mover,
        command,
        seq,
        ..
    } = next_move(&table).await;
    let mut conn = db.connect_as_server();
    let moving = accounts::by_email(&mut conn, &table.emails[mover])
        .unwrap()
        .unwrap();
    let mut closed = decided_on_head(&mut conn, &id, &moving, &command, seq);
    // The head it follows, by sequence number, is the log's; by hash it is another log's.
    closed.row.prev_hash[0] ^= 1;
    let game_row = GameRow::of(&closed.game);
    let conn = AsyncPgConnection::establish(&db.server_url())
        .await
        .unwrap();
    let written = write::record_pipelined(&conn, &closed.row, &game_row, &closed.tell).await;
    assert_eq!(written.unwrap(), None);
    let stored = events::load(&mut db.connect(), &id).unwrap();
    assert_eq!(stored.len() as i64, seq, "the move was written");
    assert_eq!(table.play(mover, &command).await.status, 200);
    assert_eq!(table.twin(mover).await["seq"].as_i64(), Some(seq + 1));
}

#[actix_web::test]
async fn a_move_that_ends_the_game_names_its_players_as_they_are_now() {
    // A draw names nobody, so tables are played until one is won.
    for game in 0..4 {
        let table = kalah(TestApp::start().await).await;
        for (player, name) in [(0, "Annabel"), (1, "Robert")] {
            let renamed = table.players[player].rename(name).await;
            assert_eq!(renamed.status, 200, "{}", renamed.body);
        }
        crate::kalah_game::play_to_end(&table, game).await;
        use turnpost::store::schema::games;
        let result: Option<String> = games::table
            .find(game_id(&table))
            .select(games::result)
            .first(&mut table.app.db.connect())
            .unwrap();
        let result = result.expect("the game has a result");
        if result.starts_with("Draw") {
            continue;
        }
        assert!(
            result.contains("Annabel") || result.contains("Robert"),
            "{result}"
        );
        assert!(
            !result.contains("Ann ") && !result.contains("Bo"),
            "{result}"
        );
        return;
    }
    panic!("four tables in a row were drawn");
}

#[actix_web::test]
async fn a_move_whose_connection_breaks_while_it_is_written_is_not_called_made_or_refused() {
    let table = kalah(TestApp::start().await).await;
    let db = &table.app.db;
    let id = game_id(&table);
    let Next {
        mover,
        command,
        seq,
        ..
    } = next_move(&table).await;

    // Another transaction holds the game, so the write waits; its connection is then cut.
    let mut holder = hold_game(db, &id);
    let cut = async {
        until_a_worker_write_waits(db).await;
        diesel::sql_query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = $1 AND application_name = $2 AND wait_event_type = 'Lock'",
        )
        .bind::<Text, _>(&db.name)
        .bind::<Text, _>(APPLICATION_NAME)
        .execute(&mut db.connect())
        .unwrap();
    };
    let (answer, ()) = futures_util::join!(table.play(mover, &command), cut);
    diesel::sql_query("ROLLBACK").execute(&mut holder).unwrap();

    assert_eq!(answer.status, 503, "{}", answer.body);
    assert!(
        answer
            .body
            .contains("reload the game in a minute to see whether it was made"),
        "{}",
        answer.body
    );
    let stored = events::load(&mut db.connect(), &id).unwrap();
    assert_eq!(stored.len() as i64, seq);
    // The thread opens a new connection, and the move can be made.
    assert_eq!(table.play(mover, &command).await.status, 200);
    assert_eq!(table.twin(mover).await["seq"].as_i64(), Some(seq + 1));
}

#[actix_web::test]
async fn a_timed_game_s_move_is_made_through_the_pool_with_its_clock() {
    let app = TestApp::start().await;
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[("days", "1")]).await;
    assert_eq!(table.players[0].get(&table.path).await.status, 200);
    let db = &table.app.db;
    let Next {
        mover,
        twin,
        command,
        ..
    } = next_move(&table).await;
    mark(db);
    assert_eq!(post_move(&table, mover, &twin, &command).await, 200);
    assert!(!written_over_a_worker_connection(db));
    let acting = table.to_act().await;
    assert_eq!(
        crate::support::count_rows(db, "turn_clocks"),
        acting.len() as i64
    );
}
