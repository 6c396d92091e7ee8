//! Optimistic concurrency: the same move submitted twice at once is made once; the locks that
//! put a game's (or a player's) work in order leave the rows that refer to them writable.

use std::time::Duration;

use diesel::RunQueryDsl;
use diesel::sql_types::BigInt;
use futures_util::future::{Either, select};

use crate::kalah_game::started_game;
use crate::support::{TestDb, count_rows};

#[actix_web::test]
async fn two_concurrent_submissions_of_the_same_move_append_one_row() {
    let table = started_game(&[]).await;
    let (browser, page) = table.mover().await.unwrap();
    let form = page.move_forms()[0].clone();
    let before = count_rows(&table.app.db, "game_events");

    let (first, second) = futures_util::join!(browser.submit(&form), browser.submit(&form));

    let mut statuses = [first.status, second.status];
    statuses.sort();
    assert_eq!(
        statuses,
        [200, 409],
        "one is made, the other is refused as stale"
    );
    assert_eq!(count_rows(&table.app.db, "game_events"), before + 1);
    let refused = if first.status == 409 { &first } else { &second };
    assert!(refused.body.contains("moved on"), "{}", refused.body);
    assert!(
        refused.body.contains("kalah-board"),
        "the 409 page shows the fresh board"
    );
}

#[actix_web::test]
async fn a_resubmitted_stale_page_is_refused_and_changes_nothing() {
    let table = started_game(&[]).await;
    let (browser, page) = table.mover().await.unwrap();
    let form = page.move_forms()[0].clone();
    assert_eq!(browser.submit(&form).await.status, 200);
    let after_first = count_rows(&table.app.db, "game_events");

    let again = browser.submit(&form).await;
    assert_eq!(again.status, 409);
    assert_eq!(count_rows(&table.app.db, "game_events"), after_first);
}

/// A transaction of the test's own that holds the key-share lock every insert of a row
/// referring to `table`'s row `id` takes (a reply token refers to its game, an event to its
/// player) until it is dropped.
struct Referrer {
    _open_transaction: diesel::PgConnection,
}

impl Referrer {
    fn of_game(db: &TestDb, id: &str) -> Referrer {
        Self::locking(db, "games", id)
    }

    fn of_player(db: &TestDb, id: i64) -> Referrer {
        Self::locking(db, "players", &id.to_string())
    }

    fn locking(db: &TestDb, table: &str, id: &str) -> Referrer {
        let mut conn = db.connect();
        diesel::sql_query("BEGIN").execute(&mut conn).unwrap();
        let locked = diesel::sql_query(format!(
            "SELECT 1 FROM {table} WHERE id::text = '{id}' FOR KEY SHARE"
        ))
        .execute(&mut conn)
        .unwrap();
        assert_eq!(locked, 1, "{table} {id} is there");
        Referrer {
            _open_transaction: conn,
        }
    }
}

/// Whether any session on the test's database is waiting for a row lock.
fn someone_waits_for_a_lock(db: &TestDb) -> bool {
    let waiting = format!(
        "pg_stat_activity WHERE datname = '{}' AND wait_event_type = 'Lock'",
        db.name
    );
    count_rows(db, &waiting) > 0
}

#[actix_web::test]
async fn a_move_does_not_wait_for_a_row_being_written_that_refers_to_its_game() {
    let table = started_game(&[]).await;
    let (browser, page) = table.mover().await.unwrap();
    let form = page.move_forms()[0].clone();
    let game_id = table.path.rsplit('/').next().unwrap();
    let referrer = Referrer::of_game(&table.app.db, game_id);

    let made = Box::pin(browser.submit(&form));
    let blocked = Box::pin(async {
        while !someone_waits_for_a_lock(&table.app.db) {
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
    });
    match select(made, blocked).await {
        Either::Left((page, _)) => assert_eq!(page.status, 200, "{}", page.body),
        Either::Right(_) => panic!("the move waits for a transaction that only refers to its game"),
    }
    drop(referrer);
}

#[actix_web::test]
async fn the_mail_composer_does_not_skip_a_player_whose_row_is_referred_to() {
    let table = started_game(&[]).await;
    table.app.deliver();
    let (browser, page) = table.mover().await.unwrap();
    assert_eq!(browser.submit(&page.move_forms()[0]).await.status, 200);
    let told: Vec<i64> = {
        #[derive(diesel::QueryableByName)]
        struct Told {
            #[diesel(sql_type = BigInt)]
            player_id: i64,
        }
        diesel::sql_query("SELECT DISTINCT player_id FROM notifications WHERE state = 'pending'")
            .load::<Told>(&mut table.app.db.connect())
            .unwrap()
            .into_iter()
            .map(|t| t.player_id)
            .collect()
    };
    assert!(!told.is_empty(), "the move leaves someone to be told");
    let referrers: Vec<Referrer> = told
        .iter()
        .map(|&player| Referrer::of_player(&table.app.db, player))
        .collect();

    table.app.deliver();
    assert_eq!(
        count_rows(&table.app.db, "notifications WHERE state = 'pending'"),
        0,
        "a move being recorded for a player does not hold up their email"
    );
    drop(referrers);
}
