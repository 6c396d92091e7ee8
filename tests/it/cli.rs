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

/// Settings for a server that connects as the unprivileged role and may not migrate.
fn without_owner(db: &crate::support::TestDb) -> turnpost::config::DatabaseSettings {
    let mut settings = turnpost::config::Settings::load(None).unwrap().database;
    settings.url = db.server_url();
    settings.admin_url = String::new();
    settings.pool_size = 1;
    settings
}

#[test]
fn without_the_owners_url_the_server_serves_a_migrated_database_and_refuses_an_old_one() {
    let migrated = crate::support::TestDb::new();
    let pool =
        turnpost::store::connect(&without_owner(&migrated)).expect("serves as turnpost_server");
    let mut conn = pool.get().unwrap();
    #[derive(QueryableByName)]
    struct Me {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
    }
    let me: Me = diesel::sql_query("SELECT current_user::text AS name")
        .get_result(&mut *conn)
        .unwrap();
    assert_eq!(me.name, "turnpost_server");
    drop(conn);
    pool.close(std::time::Duration::from_secs(5)).unwrap();

    // A database one migration behind.
    let old = crate::support::TestDb::new();
    diesel::sql_query(
        "DELETE FROM __diesel_schema_migrations WHERE version = (SELECT max(version) FROM __diesel_schema_migrations)",
    )
    .execute(&mut old.connect())
    .unwrap();
    let refused = turnpost::store::connect(&without_owner(&old))
        .err()
        .expect("refused");
    assert!(
        refused.to_string().contains("run `turnpost migrate` first"),
        "{refused}"
    );
}
