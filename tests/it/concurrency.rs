//! Optimistic concurrency: the same move submitted twice at once is made once.

use crate::kalah_game::started_game;
use crate::support::count_rows;

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
