//! When the world fails: PostgreSQL stopped or unreachable, a damaged log, a board that cannot be
//! shown after a move was committed, and identifiers no game or link can have.

use std::net::ToSocketAddrs;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use serde_json::Value;
use turnpost::config::Settings;

use crate::db_proxy::DbProxy;
use crate::support::{Browser, ServerProcess, Table, TestApp, count_rows, seat_table};

/// PostgreSQL as the tests reach it.
fn postgres_addr() -> std::net::SocketAddr {
    let admin = std::env::var("TURNPOST_TEST_ADMIN_URL")
        .unwrap_or_else(|_| "postgres://postgres@localhost/postgres".into());
    let url = url::Url::parse(&admin).unwrap();
    let host = url.host_str().unwrap_or("localhost").to_string();
    (host.as_str(), url.port().unwrap_or(5432))
        .to_socket_addrs()
        .unwrap()
        .find(std::net::SocketAddr::is_ipv4)
        .expect("PostgreSQL listens on TCP")
}

/// A Kalah game whose server reaches PostgreSQL only through `proxy`, with the shipped limits on
/// waiting for a connection.
async fn table_behind(proxy: &DbProxy) -> Table {
    let shipped = Settings::load(None).unwrap().database;
    let app = TestApp::start_with(|settings| {
        settings.database.url = proxy.url_for(&settings.database.url);
        settings.database.checkout_timeout_ms = shipped.checkout_timeout_ms;
        settings.database.connect_timeout_seconds = shipped.connect_timeout_seconds;
    })
    .await;
    seat_table(app, "kalah", &["Ann", "Bo"], &[]).await
}

/// Asks until the answer is not 503, for at most `limit`; returns how long it took.
async fn until_served(table: &Table, limit: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let page = table.players[0].get(&table.path).await;
        if page.status == 200 {
            return start.elapsed();
        }
        assert_eq!(page.status, 503, "{}", page.body);
        assert!(
            start.elapsed() < limit,
            "still 503 {:?} after the database came back",
            start.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn assert_unavailable_then_back(table: &Table, proxy: &DbProxy) {
    let rows = count_rows(&table.app.db, "game_events");
    let start = Instant::now();
    let page = table.players[0].get(&table.path).await;
    let took = start.elapsed();
    assert_eq!(page.status, 503, "{}", page.body);
    assert!(
        page.body.contains("cannot reach its database")
            && page.body.contains("nothing was changed"),
        "{}",
        page.body
    );
    assert!(took < Duration::from_secs(5), "the 503 took {took:?}");

    let json = table.players[0].get_json(&table.path).await;
    assert_eq!(json.status, 503);
    assert!(json.content_type.starts_with("application/json"));
    assert!(
        json.json()["error"]
            .as_str()
            .unwrap()
            .contains("cannot reach its database")
    );

    let twin_seq = "2";
    let csrf = table.players[0].get("/healthz").await;
    assert_eq!(csrf.status, 200, "the process itself is up");
    assert_eq!(table.players[0].get("/readyz").await.status, 503);
    let refused = table.players[0]
        .post_form(
            &format!("{}/play", table.path),
            &[("csrf", "x"), ("seq", twin_seq), ("command", "{}")],
        )
        .await;
    assert!(
        [403, 503].contains(&refused.status),
        "{}: {}",
        refused.status,
        refused.body
    );
    assert_eq!(count_rows(&table.app.db, "game_events"), rows);

    proxy.restore();
    let back = until_served(table, Duration::from_secs(5)).await;
    eprintln!("503 after {took:?}; served again {back:?} after the database came back");
    assert_eq!(table.players[0].get("/readyz").await.status, 200);
}

#[tokio::test]
async fn a_stopped_database_gets_a_quick_503_in_words_and_service_resumes_when_it_is_back() {
    let proxy = DbProxy::start(postgres_addr());
    let table = table_behind(&proxy).await;
    assert_eq!(table.players[0].get("/readyz").await.status, 200);
    proxy.refuse();
    assert_unavailable_then_back(&table, &proxy).await;
}

#[tokio::test]
async fn an_unreachable_database_gets_a_quick_503_not_a_hung_request() {
    let proxy = DbProxy::start(postgres_addr());
    let table = table_behind(&proxy).await;
    proxy.hang();
    assert_unavailable_then_back(&table, &proxy).await;
}

#[tokio::test]
async fn health_endpoints_answer_plain_text() {
    let app = TestApp::start().await;
    let browser = app.browser();
    let health = browser.get("/healthz").await;
    assert_eq!((health.status, health.body.trim()), (200, "ok"));
    let ready = browser.get("/readyz").await;
    assert_eq!((ready.status, ready.body.trim()), (200, "ready"));
}

#[tokio::test]
async fn ids_and_tokens_no_game_or_link_can_have_are_not_found() {
    let app = TestApp::start().await;
    let browser = app.browser();
    let long = "a".repeat(5000);
    for path in [
        "/games/%00".to_string(),
        "/games/abc%00def".to_string(),
        "/games/abc%00/history".to_string(),
        "/games/abc%00/export".to_string(),
        "/games/abc%00/resign".to_string(),
        "/games/%C3%A9t%C3%A9".to_string(),
        format!("/games/{long}"),
        "/join/%00".to_string(),
        "/sign-in/%00abc".to_string(),
        "/unsubscribe/%00".to_string(),
        format!("/unsubscribe/{long}"),
    ] {
        let page = browser.get(&path).await;
        assert_eq!(page.status, 404, "{path}: {}", page.body);
        assert!(
            page.body.contains("nothing at this address") || page.body.contains("not valid"),
            "{path}: {}",
            page.body
        );
    }
    let csrf = browser.get("/sign-in").await.csrf();
    let posted = browser
        .post_form("/games/%00/play", &[("csrf", &csrf), ("seq", "1")])
        .await;
    assert_eq!(posted.status, 404, "{}", posted.body);
}

/// Alters a stored row as only the schema's owner could (the server's role cannot).
fn tamper(table: &Table, sql: &str) {
    let mut conn = table.app.db.connect();
    diesel::sql_query("ALTER TABLE game_events DISABLE TRIGGER USER")
        .execute(&mut conn)
        .unwrap();
    diesel::sql_query(sql).execute(&mut conn).unwrap();
    diesel::sql_query("ALTER TABLE game_events ENABLE TRIGGER USER")
        .execute(&mut conn)
        .unwrap();
}

#[tokio::test]
async fn a_damaged_log_shows_an_error_page_not_the_altered_board() {
    let table = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    let game_id = table.path.trim_start_matches("/games/").to_string();
    let before = table.players[0].get(&table.path).await;
    assert_eq!(before.status, 200);
    tamper(
        &table,
        &format!("UPDATE game_events SET actor = NULL WHERE game_id = '{game_id}' AND seq = 2"),
    );
    // A server keeps the games it has folded, checked row by row as they were read, and checks
    // only the head against the database on each use: a server that reads the altered log anew
    // refuses it.
    let cold = ServerProcess::start(&table.app).await;
    let players: Vec<Browser> = table
        .players
        .iter()
        .map(|p| p.copy_to(&cold.base))
        .collect();
    for path in [table.path.clone(), format!("{}/history", table.path)] {
        let page = players[0].get(&path).await;
        assert_eq!(page.status, 500, "{}", page.body);
        assert!(
            page.body.contains("failed its integrity check at row 2"),
            "{}",
            page.body
        );
        assert!(
            !page.body.contains("class=\"move\""),
            "no board, no buttons"
        );
    }
    let json = players[1].get_json(&table.path).await;
    assert!(
        json.json()["error"]
            .as_str()
            .unwrap()
            .contains("integrity check")
    );
    let rows = count_rows(&table.app.db, "game_events");
    for player in &players {
        let csrf = player.get("/sign-in").await.csrf();
        let played = player
            .post_form(
                &format!("{}/play", table.path),
                &[("csrf", &csrf), ("seq", "2"), ("command", "{\"sow\":0}")],
            )
            .await;
        assert_eq!(played.status, 500, "{}", played.body);
        assert!(played.body.contains("integrity check"), "{}", played.body);
    }
    assert_eq!(
        count_rows(&table.app.db, "game_events"),
        rows,
        "nothing is played on it"
    );
}

#[tokio::test]
async fn a_server_errors_reason_is_logged_with_the_reference_its_answer_gives() {
    let table = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    let game_id = table.path.trim_start_matches("/games/").to_string();
    tamper(
        &table,
        &format!("UPDATE game_events SET actor = NULL WHERE game_id = '{game_id}' AND seq = 2"),
    );
    let log_path =
        std::env::temp_dir().join(format!("turnpost-reasons-{}.log", std::process::id()));
    let log = std::fs::File::create(&log_path).unwrap();
    let server = ServerProcess::start_logging_to(&table.app, log).await;
    let ann = table.players[0].copy_to(&server.base);
    let asked = ann.get_json(&table.path).await;
    assert_eq!(asked.status, 500, "{}", asked.body);
    let reference = asked.json()["request_id"].as_str().unwrap().to_owned();
    drop(server);
    let logged = std::fs::read_to_string(&log_path).unwrap();
    let _ = std::fs::remove_file(&log_path);
    // The mail worker meets the damaged log too; the web server's line is the request's.
    let reasons: Vec<Value> = (logged.lines())
        .filter(|line| line.contains("integrity check"))
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter(|line| line["level"] == "ERROR")
        .collect();
    assert!(
        reasons
            .iter()
            .any(|line| line.to_string().contains(&reference)),
        "no reason's line carries the request's id {reference}: {reasons:#?}"
    );
}

#[tokio::test]
async fn a_committed_move_is_answered_as_made_even_if_the_new_board_cannot_be_shown() {
    let table = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    // From now on every stored row records a wrong hash, so loading the game after the move
    // fails — but only after the move's transaction has committed.
    let mut owner = table.app.db.connect();
    diesel::sql_query(
        "CREATE FUNCTION spoil_hash() RETURNS trigger AS $$ \
         BEGIN NEW.hash := decode(repeat('00', 32), 'hex'); RETURN NEW; END $$ LANGUAGE plpgsql",
    )
    .execute(&mut owner)
    .unwrap();
    diesel::sql_query(
        "CREATE TRIGGER spoil_hash BEFORE INSERT ON game_events \
         FOR EACH ROW EXECUTE FUNCTION spoil_hash()",
    )
    .execute(&mut owner)
    .unwrap();

    let mover = table.to_act().await[0];
    let twin = table.twin(mover).await;
    let seq = twin["seq"].as_i64().unwrap();
    let command = twin["legal_commands"][0]["command"].clone();
    let browser = &table.players[mover];
    let csrf = browser.get("/sign-in").await.csrf();
    let response = browser
        .client
        .post(format!("{}{}/play", table.app.base, table.path))
        .header("Accept", "application/json")
        .form(&[
            ("csrf", csrf.as_str()),
            ("seq", &seq.to_string()),
            ("command", &command.to_string()),
        ])
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["seq"], seq + 1, "{body}");
    assert_eq!(body["made"], true, "{body}");
    assert_eq!(
        count_rows(&table.app.db, "game_events"),
        seq + 1,
        "the move was stored"
    );
}

#[tokio::test]
async fn the_server_role_can_add_to_the_log_but_never_rewrite_it() {
    let table = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    assert!(
        table.app.settings.database.url.contains("turnpost_server@"),
        "{}",
        table.app.settings.database.url
    );
    let mut server = table.app.db.connect_as_server();
    #[derive(QueryableByName)]
    struct Flag {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        yes: bool,
    }
    let superuser = diesel::sql_query(
        "SELECT rolsuper OR rolcreaterole OR rolbypassrls AS yes FROM pg_roles WHERE rolname = current_user",
    )
    .get_result::<Flag>(&mut server)
    .unwrap();
    assert!(!superuser.yes);
    // The server's own connections use that role.
    let others = diesel::sql_query(format!(
        "SELECT count(*) > 0 AS yes FROM pg_stat_activity WHERE datname = '{}' AND usename = 'turnpost_server' AND pid <> pg_backend_pid()",
        table.app.db.name
    ))
    .get_result::<Flag>(&mut server)
    .unwrap();
    assert!(others.yes, "the running server connects as turnpost_server");

    let rows = count_rows(&table.app.db, "game_events");
    for attempt in [
        "UPDATE game_events SET actor = NULL",
        "DELETE FROM game_events",
        "TRUNCATE game_events",
        "ALTER TABLE game_events DISABLE TRIGGER ALL",
        "ALTER TABLE game_events DISABLE TRIGGER game_events_no_update_or_delete",
        "DROP TABLE game_events CASCADE",
        "DROP TRIGGER game_events_no_update_or_delete ON game_events",
        "UPDATE game_seeds SET seed = seed",
        "DELETE FROM game_seeds",
    ] {
        let refused = diesel::sql_query(attempt).execute(&mut server);
        let error = refused.expect_err(attempt).to_string();
        assert!(
            error.contains("permission denied") || error.contains("must be owner"),
            "{attempt}: {error}"
        );
    }
    assert_eq!(count_rows(&table.app.db, "game_events"), rows);
}
