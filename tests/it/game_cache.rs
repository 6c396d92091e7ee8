//! The folded-game cache answers only for the log as the database has it: a row that was folded
//! and then rolled back is never served, a game folded through the cache is the game folded
//! from its whole log, and the seed kept with a game is the one its log committed to.

use diesel::{Connection, RunQueryDsl};
use turnpost::auth::accounts;
use turnpost::game_log::commands;
use turnpost::game_log::fold::load;
use turnpost::game_log::fold::replay::replay;
use turnpost::rules::kalah::Kalah;
use turnpost::store::events;

use crate::support::{ServerProcess, TestApp, count_rows, seat_table};

#[actix_web::test]
async fn a_row_folded_and_then_rolled_back_is_never_served() {
    let table = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    let id = table.path.trim_start_matches("/games/").to_string();
    let mover = table.to_act().await[0];
    let twin = table.twin(mover).await;
    let command = twin["legal_commands"][0]["command"].clone();
    let seq = twin["seq"].as_i64().unwrap();
    let mut conn = table.app.db.connect_as_server();
    let player = accounts::by_email(&mut conn, &table.emails[mover])
        .unwrap()
        .unwrap();

    // The move is made and the game folded through the cache inside a transaction that is then
    // rolled back.
    let undone: Result<(), diesel::result::Error> = conn.transaction(|conn| {
        commands::play(conn, &id, &player, seq, command.clone()).unwrap();
        let (game, _) = load::load::<Kalah>(conn, &id).unwrap();
        assert_eq!(game.seq, seq + 1);
        Err(diesel::result::Error::RollbackTransaction)
    });
    assert!(undone.is_err());
    let (game, rows) = load::load::<Kalah>(&mut conn, &id).unwrap();
    assert_eq!(game.seq, seq);
    assert_eq!(rows.len() as i64, seq);
    assert_eq!(table.twin(mover).await["seq"].as_i64(), Some(seq));

    // The move can still be made, and the cached game is the whole log's fold.
    assert_eq!(table.play(mover, &command).await.status, 200);
    let (cached, rows) = load::load::<Kalah>(&mut conn, &id).unwrap();
    let stored = events::load(&mut conn, &id).unwrap();
    let whole = replay::<Kalah>(&stored, None).unwrap();
    assert_eq!(cached.seq, seq + 1);
    assert_eq!(*rows, stored);
    assert_eq!(cached.state, whole.state);
    assert_eq!(cached.board_seq, whole.board_seq);
}

#[actix_web::test]
async fn a_cached_game_keeps_its_seed_and_a_seed_that_breaks_the_commitment_is_never_used() {
    let table = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    let id = table.path.trim_start_matches("/games/").to_string();
    let altered = format!(
        "UPDATE game_seeds SET seed = decode(repeat('00', 32), 'hex') WHERE game_id = '{id}'"
    );
    assert_eq!(
        diesel::sql_query(altered)
            .execute(&mut table.app.db.connect())
            .unwrap(),
        1
    );

    // This process drew the seating with the seed and holds it with the game: it does not read
    // the stored one again.
    let mover = table.to_act().await[0];
    let command = table.twin(mover).await["legal_commands"][0]["command"].clone();
    assert_eq!(table.play(mover, &command).await.status, 200);

    // A server that reads it finds that it is not the seed the log committed to, and refuses to
    // move with it.
    let rows = count_rows(&table.app.db, "game_events");
    let cold = ServerProcess::start(&table.app).await;
    let mover = table.to_act().await[0];
    let twin = table.twin(mover).await;
    let browser = table.players[mover].copy_to(&cold.base);
    let refused = browser
        .post_form(
            &format!("{}/play", table.path),
            &[
                ("csrf", twin["csrf"].as_str().unwrap()),
                ("seq", &twin["seq"].to_string()),
                ("command", &twin["legal_commands"][0]["command"].to_string()),
            ],
        )
        .await;
    assert_eq!(refused.status, 500, "{}", refused.body);
    assert_eq!(count_rows(&table.app.db, "game_events"), rows);
}
