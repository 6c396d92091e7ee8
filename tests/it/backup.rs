//! The restore drill: a base backup taken with `pg_basebackup` while the server plays, the WAL
//! archived by `archive_command` as play goes on, and a new cluster restored from both to a
//! named point in time. The restored site holds every move acknowledged before that point and
//! none after, a server started on it plays on, and the site-wide audit finds nothing wrong.
//! `scripts/backup-drill` runs this test alone; docs/operations.md gives the procedure.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use serde_json::Value;

use crate::cluster::Cluster;
use crate::support::{Table, TestApp, seat_table};

#[derive(QueryableByName)]
struct Wal {
    #[diesel(sql_type = Text)]
    file: String,
}

#[derive(QueryableByName)]
struct Seq {
    #[diesel(sql_type = BigInt)]
    seq: i64,
}

/// Plays the first legal move of whoever is to act; the sequence number the server
/// acknowledged.
async fn play_one(table: &Table) -> i64 {
    for player in 0..table.players.len() {
        let twin = table.twin(player).await;
        if let Some(first) = twin["legal_commands"].as_array().unwrap().first() {
            let played = table.play(player, &first["command"]).await;
            assert_eq!(played.status, 200, "{}", played.body);
            let after: Value = table.twin(player).await;
            return after["seq"].as_i64().unwrap();
        }
    }
    panic!("nobody is to act");
}

/// Ends the WAL segment in use, so that `archive_command` archives it, and waits until it has.
fn archive_now(admin: &mut PgConnection, archive: &Path) {
    let wal: Wal = diesel::sql_query("SELECT pg_walfile_name(pg_switch_wal()) AS file")
        .get_result(admin)
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while !archive.join(&wal.file).exists() {
        assert!(Instant::now() < deadline, "{} was not archived", wal.file);
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn last_seq(url: &str, game_id: &str) -> i64 {
    let mut conn = PgConnection::establish(url).unwrap();
    let found: Seq =
        diesel::sql_query("SELECT max(seq) AS seq FROM game_events WHERE game_id = $1")
            .bind::<Text, _>(game_id)
            .get_result(&mut conn)
            .unwrap();
    found.seq
}

/// Waits until the restored cluster has replayed to its target and been promoted.
fn wait_for_promotion(url: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let promoted = PgConnection::establish(url).ok().and_then(|mut conn| {
            diesel::select(diesel::dsl::sql::<diesel::sql_types::Bool>(
                "NOT pg_is_in_recovery()",
            ))
            .get_result::<bool>(&mut conn)
            .ok()
        });
        if promoted == Some(true) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the restored cluster was not promoted"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// `turnpost audit` on the database `url` names: its report, and whether it passed.
pub fn audit(url: &str, server_url: &str) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .arg("audit")
        .env("TURNPOST__DATABASE__URL", server_url)
        .env("TURNPOST__DATABASE__ADMIN_URL", url)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout).to_string()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), report)
}

#[actix_web::test]
async fn a_restore_to_a_point_in_time_holds_every_move_acknowledged_before_it_and_none_after() {
    let (primary, archive) = Cluster::start_archiving();
    let app = TestApp::start_with(|s| {
        s.database.url = primary.url("turnpost_server");
        s.database.admin_url = primary.url("postgres");
        s.computers.worker = false;
    })
    .await;
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;
    let game_id = table.path.trim_start_matches("/games/").to_owned();
    play_one(&table).await;
    // The base backup is taken while the server plays on.
    let backup = primary.base_backup();
    let mut acknowledged = 0;
    for _ in 0..3 {
        acknowledged = play_one(&table).await;
    }
    let mut admin = PgConnection::establish(&primary.url("postgres")).unwrap();
    diesel::sql_query("SELECT pg_create_restore_point('drill')")
        .execute(&mut admin)
        .unwrap();
    let mut later = 0;
    for _ in 0..2 {
        later = play_one(&table).await;
    }
    assert!(later > acknowledged);
    archive_now(&mut admin, &archive);

    let restored = Cluster::restore(&backup, &archive, "drill");
    wait_for_promotion(&restored.url("postgres"));
    assert_eq!(
        last_seq(&restored.url("postgres"), &game_id),
        acknowledged,
        "every move acknowledged before the point, and none after"
    );
    assert_eq!(last_seq(&primary.url("postgres"), &game_id), later);
    let (passed, report) = audit(&restored.url("postgres"), &restored.url("turnpost_server"));
    assert!(passed, "{report}");

    // A server on the restored site shows the game as it stood, and play goes on.
    let app = TestApp::start_with(|s| {
        s.database.url = restored.url("turnpost_server");
        s.database.admin_url = restored.url("postgres");
        s.computers.worker = false;
    })
    .await;
    let players = table.players.iter().map(|b| b.copy_to(&app.base)).collect();
    let on_restored = Table {
        app,
        players,
        emails: table.emails.clone(),
        path: table.path.clone(),
    };
    assert_eq!(on_restored.twin(0).await["seq"], acknowledged);
    assert_eq!(play_one(&on_restored).await, acknowledged + 1);
    let (passed, report) = audit(&restored.url("postgres"), &restored.url("turnpost_server"));
    assert!(passed, "{report}");
}
