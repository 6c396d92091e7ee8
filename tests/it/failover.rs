//! The failover drill: a pg_auto_failover formation from Debian's packages
//! (`scripts/failover-formation`: a monitor, a primary and a synchronous standby), a server that
//! connects with a multi-host URL and `target_session_attrs=read-write`, and the primary stopped
//! while moves are being made. No acknowledged move is lost, every request during the switch is
//! answered 503 in words, and play resumes on the promoted standby without restarting the server.

use std::process::Command;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::Integer;

use turnpost::config::Settings;

use crate::support::{Browser, TestApp, TestDb, count_rows, seat_table};

const FORMATION: &str = "/var/lib/postgresql/turnpost-failover";

/// Both nodes, the primary first (a database just made on it may not yet be on the standby),
/// for a session that can write.
fn admin_url(primary: i32) -> String {
    let standby = if primary == 5451 { 5452 } else { 5451 };
    format!(
        "postgres://postgres@127.0.0.1:{primary}/postgres\
         ?host=127.0.0.1,127.0.0.1&port={primary},{standby}&target_session_attrs=read-write"
    )
}

/// Builds or restarts the formation and waits until it has a primary and a standby.
fn formation_healthy() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/failover-formation");
    let status = Command::new("bash").arg(script).status().unwrap();
    assert!(status.success(), "{script} (run as root) made no formation");
}

/// Puts the stopped node back as the standby, whatever the drill did.
struct FormationRestored;

impl Drop for FormationRestored {
    fn drop(&mut self) {
        formation_healthy();
    }
}

#[derive(QueryableByName)]
struct Port {
    #[diesel(sql_type = Integer)]
    nodeport: i32,
}

fn primary_port() -> i32 {
    let mut monitor =
        PgConnection::establish("postgres://autoctl_node@127.0.0.1:5450/pg_auto_failover").unwrap();
    diesel::sql_query(
        "SELECT nodeport FROM pgautofailover.node \
         WHERE goalstate IN ('single', 'wait_primary', 'primary')",
    )
    .get_result::<Port>(&mut monitor)
    .unwrap()
    .nodeport
}

/// Stops the node on `port` at once, as a crash would: its keeper and PostgreSQL.
fn stop_node(port: i32) {
    let node = format!("{FORMATION}/node{}", port - 5450);
    let status = Command::new("runuser")
        .args(["-u", "postgres", "--", "pg_autoctl", "stop", "--immediate"])
        .args(["--pgdata", &node])
        .status()
        .unwrap();
    assert!(status.success(), "pg_autoctl stop {node}");
}

enum Attempt {
    /// The move was acknowledged; the log's last row is `seq`.
    Moved(i64),
    /// 503, with its words.
    Unavailable(String),
    Over,
}

/// One move by whoever is to move, as a browser makes it.
async fn attempt(players: &[Browser], path: &str) -> Attempt {
    for browser in players {
        let page = browser.get(path).await;
        if page.status == 503 {
            return Attempt::Unavailable(page.body);
        }
        assert_eq!(page.status, 200, "{}", page.body);
        let Some(form) = page.move_forms().into_iter().next() else {
            continue;
        };
        let after = browser.submit(&form).await;
        return match after.status {
            200 => {
                let twin = browser.get_json(path).await;
                match twin.status {
                    200 => Attempt::Moved(twin.json()["seq"].as_i64().unwrap()),
                    _ => Attempt::Unavailable(twin.body),
                }
            }
            503 => Attempt::Unavailable(after.body),
            other => panic!(
                "a move during the failover was answered {other}: {}",
                after.body
            ),
        };
    }
    Attempt::Over
}

#[actix_web::test]
async fn the_primary_stopped_mid_game_loses_no_acknowledged_move_and_play_resumes_on_the_standby() {
    formation_healthy();
    let _restored = FormationRestored;
    let before = primary_port();
    // The shipped limits on waiting for a connection, not the tests' patient ones.
    let shipped = Settings::load(None).unwrap().database;
    let app = TestApp::start_on(TestDb::new_on(&admin_url(before)), |s| {
        s.database.checkout_timeout_ms = shipped.checkout_timeout_ms;
        s.database.connect_timeout_seconds = shipped.connect_timeout_seconds;
    })
    .await;
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;

    let mut acknowledged = Vec::new();
    let mut outage: Option<(Instant, Option<Instant>)> = None;
    let mut refusals = 0;
    let mut slowest = Duration::ZERO;
    let mut after_failover = 0;
    let deadline = Instant::now() + Duration::from_secs(90);
    while after_failover < 3 {
        assert!(Instant::now() < deadline, "play never resumed");
        if acknowledged.len() == 3 && outage.is_none() {
            stop_node(before);
            outage = Some((Instant::now(), None));
        }
        let started = Instant::now();
        let attempted = attempt(&table.players, &table.path).await;
        slowest = slowest.max(started.elapsed());
        match attempted {
            Attempt::Moved(seq) => {
                acknowledged.push(seq);
                if let Some((stopped, back)) = &mut outage {
                    back.get_or_insert_with(Instant::now);
                    after_failover += 1;
                    assert!(*stopped <= Instant::now());
                }
            }
            Attempt::Unavailable(words) => {
                assert!(outage.is_some(), "503 before the primary stopped: {words}");
                assert!(
                    words.contains("cannot reach its database")
                        || words.contains("lost its connection to the database"),
                    "{words}"
                );
                refusals += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Attempt::Over => break,
        }
    }
    let (stopped, back) = outage.expect("the primary was stopped");
    let back = back.expect("a move was made after the failover");
    eprintln!(
        "failover: {:.1} s without service, {refusals} requests answered 503, the slowest \
         attempt (a page and a move) {:.1} s",
        (back - stopped).as_secs_f64(),
        slowest.as_secs_f64()
    );
    assert!(after_failover >= 3, "three moves on the new primary");
    assert_ne!(primary_port(), before, "the standby was promoted");

    assert!(
        acknowledged.windows(2).all(|w| w[0] < w[1]),
        "no acknowledged move went missing: {acknowledged:?}"
    );
    let rows = count_rows(&table.app.db, "game_events") as i64;
    let last = *acknowledged.last().unwrap();
    assert!(
        rows >= last,
        "every acknowledged move is in the log: {rows} rows, {last} acknowledged"
    );
    let twin = table.players[0].get_json(&table.path).await.json();
    assert_eq!(twin["seq"].as_i64(), Some(rows), "the log is whole");
}
