//! The event log at the database: append-only, and its hash chain recomputes from what is
//! stored.

use diesel::prelude::*;

use turnpost::store::events;

use crate::kalah_game::{play_to_end, started_game};

#[actix_web::test]
async fn update_and_delete_on_game_events_fail_at_the_database() {
    let table = started_game(&[]).await;
    let mut conn = table.app.db.connect();
    for statement in [
        "UPDATE game_events SET actor = NULL",
        "UPDATE game_events SET events = '[]'::jsonb WHERE seq = 1",
        "DELETE FROM game_events",
        "DELETE FROM game_events WHERE seq = 2",
        "TRUNCATE game_events CASCADE",
    ] {
        let result = diesel::sql_query(statement).execute(&mut conn);
        let error = result.expect_err(statement).to_string();
        assert!(error.contains("append-only"), "{statement}: {error}");
    }
    let game_id = table.path.trim_start_matches("/games/");
    assert_eq!(events::load(&mut conn, game_id).unwrap().len(), 2);
}

#[actix_web::test]
async fn the_hash_chain_of_a_finished_game_recomputes_from_the_stored_rows() {
    let table = started_game(&[("seeds_per_pit", "3")]).await;
    play_to_end(&table, 11).await;
    let game_id = table.path.trim_start_matches("/games/");
    let mut conn = table.app.db.connect();
    let rows = events::load(&mut conn, game_id).unwrap();
    assert!(rows.len() > 5);
    let head = events::verify_chain(&rows).expect("the stored chain verifies");
    assert_eq!(head.to_vec(), rows.last().unwrap().hash);

    // The chain notices a row whose content differs from what was hashed.
    let mut altered = rows.clone();
    altered[3].events = serde_json::json!([]).into();
    assert_eq!(events::verify_chain(&altered).unwrap_err().seq, 4);

    // The page shows the head of the log as a witness.
    let page = table.ann().get(&table.path).await;
    assert!(
        page.body
            .contains(&hex::encode(&rows.last().unwrap().hash)[..12])
    );
}
