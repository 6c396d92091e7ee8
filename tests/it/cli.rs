//! The command line and start-up.

use std::process::Command;

use diesel::prelude::*;

#[test]
fn help_explains_the_commands() {
    let output = Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(
        help.contains("serve") && help.contains("Run the web server"),
        "{help}"
    );
    assert!(
        help.contains("migrate") && help.contains("migrations"),
        "{help}"
    );
}

#[test]
fn migrate_creates_a_missing_database_and_its_tables() {
    let admin = std::env::var("TURNPOST_TEST_ADMIN_URL")
        .unwrap_or_else(|_| "postgres://postgres@localhost/postgres".into());
    let name = format!("turnpost_fresh_{}", turnpost::auth::tokens::random_id(10));
    let mut url = url::Url::parse(&admin).unwrap();
    url.set_path(&format!("/{name}"));
    let output = Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .arg("migrate")
        .env("TURNPOST__DATABASE__ADMIN_URL", url.as_str())
        .output()
        .unwrap();
    let created = PgConnection::establish(url.as_str()).map(|mut conn| {
        diesel::sql_query("SELECT 1 FROM game_events LIMIT 1")
            .execute(&mut conn)
            .is_ok()
    });
    let mut admin_conn = PgConnection::establish(&admin).unwrap();
    diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut admin_conn)
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(created, Ok(true), "the database and its tables exist");
}
