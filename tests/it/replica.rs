//! Reads from a streaming replica: the primary and replica clusters `scripts/replica-clusters`
//! makes (ports 5442 and 5443, a real `pg_basebackup -R` standby). With the replica's replay
//! paused, a page of the past shows another player a consistent older game, while the player
//! who has just moved, whose links carry the row they saw, is answered by the primary after a
//! short wait. With the replica stopped, every such page is answered by the primary.

use std::process::Command;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool};

use crate::metrics::{Scrape, scrape_until};
use crate::support::{Browser, Page, TestApp, TestDb, seat_table};

const PRIMARY: &str = "postgres://postgres@127.0.0.1:5442/postgres";
const REPLICA: &str = "postgres://postgres@127.0.0.1:5443/postgres";
const REPLICA_CLUSTER: &str = "turnpost_replica";

#[derive(QueryableByName)]
struct Seq {
    #[diesel(sql_type = BigInt)]
    last_seq: i64,
}

#[derive(QueryableByName)]
struct Flag {
    #[diesel(sql_type = Bool)]
    flag: bool,
}

fn replica_admin() -> PgConnection {
    PgConnection::establish(REPLICA).unwrap_or_else(|e| {
        panic!("no replica at {REPLICA} ({e}): run scripts/replica-clusters as root")
    })
}

/// The newest release of PostgreSQL whose clusters Debian keeps here.
fn pg_version() -> String {
    let mut versions: Vec<u32> = std::fs::read_dir("/etc/postgresql")
        .expect("Debian's PostgreSQL clusters")
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok())
        .collect();
    versions.sort();
    versions.last().expect("a PostgreSQL version").to_string()
}

fn replica_cluster(action: &str) {
    let status = Command::new("pg_ctlcluster")
        .args([
            "--skip-systemctl-redirect",
            &pg_version(),
            REPLICA_CLUSTER,
            action,
        ])
        .args(if action == "stop" {
            &["-m", "fast"][..]
        } else {
            &[]
        })
        .status()
        .expect("pg_ctlcluster runs");
    assert!(status.success(), "pg_ctlcluster {action} {REPLICA_CLUSTER}");
}

/// Leaves the replica running and replaying, whatever the test did to it.
struct ReplicaRestored;

impl Drop for ReplicaRestored {
    fn drop(&mut self) {
        if PgConnection::establish(REPLICA).is_err() {
            replica_cluster("start");
        }
        if let Ok(mut admin) = PgConnection::establish(REPLICA) {
            let _ = diesel::sql_query("SELECT pg_wal_replay_resume()").execute(&mut admin);
        }
    }
}

fn replica_url(db: &TestDb) -> String {
    let mut url = url::Url::parse(&db.server_url()).unwrap();
    url.set_port(Some(5443)).unwrap();
    url.to_string()
}

/// The game's last row as the replica has it.
fn replica_seq(db: &TestDb, game_id: &str) -> Option<i64> {
    let mut url = url::Url::parse(&db.url).unwrap();
    url.set_port(Some(5443)).unwrap();
    let mut conn = PgConnection::establish(url.as_str()).ok()?;
    diesel::sql_query("SELECT last_seq FROM games WHERE id = $1")
        .bind::<diesel::sql_types::Text, _>(game_id)
        .get_result::<Seq>(&mut conn)
        .ok()
        .map(|s| s.last_seq)
}

fn wait_for_replica(db: &TestDb, game_id: &str, seq: i64) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while replica_seq(db, game_id) != Some(seq) {
        assert!(
            Instant::now() < deadline,
            "the replica never reached row {seq}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

async fn history_seq(browser: &Browser, path: &str) -> i64 {
    let page = browser.get_json(path).await;
    assert_eq!(page.status, 200, "{path}: {}", page.body);
    page.json()["seq"].as_i64().unwrap()
}

async fn export_rows(browser: &Browser, path: &str) -> usize {
    let page = browser.get(path).await;
    assert_eq!(page.status, 200, "{path}: {}", page.body);
    page.json()["rows"].as_array().unwrap().len()
}

/// The row of the log a board page showed, as its history link carries it.
fn seen_on(page: &Page) -> i64 {
    let link = "/history?seen=";
    let at = page.body.find(link).expect("a history link") + link.len();
    let digits: String = page.body[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// Makes a move at `path` as whoever is to move; returns the board page after it.
async fn play_one(players: &[Browser], path: &str) -> (usize, Page) {
    for (i, browser) in players.iter().enumerate() {
        let page = browser.get(path).await;
        if let Some(form) = page.move_forms().first() {
            let after = browser.submit(form).await;
            assert_eq!(after.status, 200, "{}", after.body);
            return (i, after);
        }
    }
    panic!("nobody is to move");
}

#[actix_web::test]
async fn a_lagging_or_stopped_replica_never_shows_a_player_their_own_move_undone() {
    let _restored = ReplicaRestored;
    let mut admin = replica_admin();
    let in_recovery = diesel::sql_query("SELECT pg_is_in_recovery() AS flag")
        .get_result::<Flag>(&mut admin)
        .unwrap();
    assert!(in_recovery.flag, "port 5443 holds a standby");
    let db = TestDb::new_on(PRIMARY);
    let replica = replica_url(&db);
    let metrics = crate::support::free_port();
    let app = TestApp::start_on(db, |s| {
        s.database.replica_url = replica;
        s.database.replica_wait_ms = 300;
        s.metrics.bind = format!("127.0.0.1:{metrics}");
    })
    .await;
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;
    let app = &table.app;
    let game_id = table.path.trim_start_matches("/games/").to_string();
    let (_, first) = play_one(&table.players, &table.path).await;
    let before = seen_on(&first);
    wait_for_replica(&app.db, &game_id, before);

    diesel::sql_query("SELECT pg_wal_replay_pause()")
        .execute(&mut admin)
        .unwrap();
    let (mover, board) = play_one(&table.players, &table.path).await;
    let other = 1 - mover;
    let seen = seen_on(&board);
    assert!(seen > before);
    assert_eq!(
        table.players[mover].get_json(&table.path).await.json()["seq"],
        seen,
        "the board page's history link carries the row it showed"
    );
    let history_link = format!("{}/history?seen={seen}", table.path);
    std::thread::sleep(Duration::from_millis(100));
    assert_eq!(
        replica_seq(&app.db, &game_id),
        Some(before),
        "the replica is held"
    );
    let lag = "turnpost_replica_lag_seconds";
    scrape_until(metrics, "the replica's lag shows", |s| {
        s.value(lag, &[]) > 0.0
    })
    .await;

    let winner = mover;
    let mover = &table.players[mover];
    let other = &table.players[other];
    assert_eq!(
        history_seq(mover, &history_link).await,
        seen,
        "the mover's history shows the move, from the primary"
    );
    let export = format!("{}/export", table.path);
    assert_eq!(
        export_rows(mover, &format!("{export}?seen={seen}")).await as i64,
        seen
    );
    let plain_history = format!("{}/history", table.path);
    assert_eq!(
        history_seq(other, &plain_history).await,
        before,
        "a page that asks for nothing in particular is the replica's, older but whole"
    );
    assert_eq!(export_rows(other, &export).await as i64, before);
    assert_eq!(
        other.get_json(&table.path).await.json()["seq"],
        seen,
        "the board page of a running game is the primary's"
    );
    for page in ["/tables", "/ratings/kalah", "/players/Ann"] {
        let read = other.get(page).await;
        assert_eq!(read.status, 200, "{page}: {}", read.body);
    }

    diesel::sql_query("SELECT pg_wal_replay_resume()")
        .execute(&mut admin)
        .unwrap();
    wait_for_replica(&app.db, &game_id, seen);
    assert_eq!(history_seq(other, &plain_history).await, seen);
    scrape_until(metrics, "the replica catches up", |s| {
        s.value(lag, &[]) == 0.0
    })
    .await;
    let reads = Scrape::of(metrics).await;
    for source in ["replica", "primary"] {
        let read = reads.value("turnpost_replica_reads_total", &[("source", source)]);
        assert!(read >= 1.0, "reads from the {source}");
    }

    drop(admin);
    replica_cluster("stop");
    let (_, third) = play_one(&table.players, &table.path).await;
    let latest = seen_on(&third);
    assert_eq!(
        history_seq(other, &plain_history).await,
        latest,
        "with the replica down the primary answers"
    );
    let down = Scrape::of(metrics).await.value(lag, &[]);
    assert_eq!(down, -1.0, "a replica that cannot be asked");
    assert_eq!(export_rows(other, &export).await as i64, latest);
    for page in ["/tables", "/ratings/kalah", "/players/Ann", "/players/Bo"] {
        let read = other.get(page).await;
        assert_eq!(read.status, 200, "{page}: {}", read.body);
    }
    replica_cluster("start");

    // The game-over email links to the history at the last row: with the replica held before
    // the resignation, the page it opens still shows the ending.
    wait_for_replica(&app.db, &game_id, latest);
    let mut admin = replica_admin();
    diesel::sql_query("SELECT pg_wal_replay_pause()")
        .execute(&mut admin)
        .unwrap();
    let resigned = other
        .post_form(
            &format!("{}/resign", table.path),
            &[
                ("csrf", &other.get(&table.path).await.csrf()),
                ("seq", &latest.to_string()),
            ],
        )
        .await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    assert_eq!(
        replica_seq(&app.db, &game_id),
        Some(latest),
        "the replica is held"
    );
    let mail = app.mail(&table.emails[winner], "Game over");
    let link = mail.link(&app.base, "/sign-in/");
    let opened = app.browser().follow_sign_in_link(&link).await;
    assert_eq!(opened.status, 200, "{}", opened.body);
    let (_, ending) = opened
        .url
        .split_once("/history?seen=")
        .unwrap_or_else(|| panic!("the link opens the history at a row: {}", opened.url));
    let ending: i64 = ending.parse().unwrap();
    assert!(ending > latest, "the link names the ending's row");
    // The server passes over a replica for five seconds after it failed (it was stopped just
    // before): once it reads the replica again, a page that names no row is the held one's.
    let deadline = Instant::now() + Duration::from_secs(10);
    while history_seq(other, &plain_history).await != latest {
        assert!(
            Instant::now() < deadline,
            "the server never read the held replica again"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(
        history_seq(other, &opened.url).await >= ending,
        "the linked history shows the ending while the replica is held"
    );
}
