//! Two `turnpost serve` processes on one database, each with its own cache of folded games,
//! behave as one server: a move made through either shows on the other's next page, the stale
//! move guard holds across them, and their mail workers send each email once.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use crate::support::{
    Browser, ServerProcess, Table, TestApp, assert_log_verifies, count_rows, seat_table,
};

/// What a player's JSON view shows of the game, without what depends on the server answering
/// (the time left, relative times).
fn game_as_seen(twin: &Value) -> Value {
    serde_json::json!({
        "seq": twin["seq"],
        "head_hash": twin["head_hash"],
        "phase": twin["phase"],
        "status": twin["status"],
        "view": twin["view"],
        "legal_commands": twin["legal_commands"],
    })
}

#[actix_web::test]
async fn two_server_processes_on_one_database_play_one_game() {
    let table: Table = seat_table(
        TestApp::start().await,
        "kalah",
        &["Ann", "Bo"],
        &[("seeds_per_pit", "3")],
    )
    .await;
    // Started once the players are seated, so that its mail worker does not take the set-up's
    // emails from under the test's feet.
    let other = ServerProcess::start(&table.app).await;
    let here = &table.players;
    let there: Vec<Browser> = here.iter().map(|b| b.copy_to(&other.base)).collect();
    let servers = [here.as_slice(), there.as_slice()];

    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut moves = 0;
    loop {
        // Both servers show both players the same game, each from its own cache.
        let mut seen = Vec::new();
        for (player, browser_here) in here.iter().enumerate() {
            let browsers = [browser_here, &there[player]];
            let twins: Vec<Value> = browsers
                .iter()
                .map(|browser| browser.get_json(&table.path))
                .collect::<futures_util::future::JoinAll<_>>()
                .await
                .into_iter()
                .map(|page| page.json())
                .collect();
            assert_eq!(
                game_as_seen(&twins[0]),
                game_as_seen(&twins[1]),
                "player {player} sees the same game on both servers"
            );
            seen.push(twins[0].clone());
        }
        let Some(mover) =
            (0..2).find(|&p| !seen[p]["legal_commands"].as_array().unwrap().is_empty())
        else {
            break;
        };
        let twin = &seen[mover];
        let legal = twin["legal_commands"].as_array().unwrap();
        let command = legal[rng.random_range(0..legal.len())]["command"].to_string();
        let seq = twin["seq"].to_string();
        let csrf = twin["csrf"].as_str().unwrap().to_string();
        // Moves alternate between the servers; each is shown at once by the other.
        let (through, other_server) = (moves % 2, 1 - moves % 2);
        let play = format!("{}/play", table.path);
        let fields = [
            ("csrf", csrf.as_str()),
            ("seq", &seq),
            ("command", &command),
        ];
        let made = servers[through][mover].post_form(&play, &fields).await;
        assert_eq!(made.status, 200, "{}", made.body);
        // A move that ends the game is followed by the game's rating row.
        table.app.rate_finished_games();
        let after = servers[other_server][mover]
            .get_json(&table.path)
            .await
            .json();
        let rating_row = i64::from(after["phase"] == "finished");
        assert_eq!(
            after["seq"].as_i64(),
            twin["seq"].as_i64().map(|s| s + 1 + rating_row)
        );

        // The same move sent again, through the other server, is stale there too, and changes
        // nothing.
        let rows = count_rows(&table.app.db, "game_events");
        let again = servers[other_server][mover].post_form(&play, &fields).await;
        assert_eq!(again.status, 409, "{}", again.body);
        assert_eq!(count_rows(&table.app.db, "game_events"), rows);
        moves += 1;
        if moves % 5 == 0 {
            table.app.deliver();
        }
    }
    assert!(moves > 5, "a whole game was played ({moves} moves)");
    let finished = there[0].get_json(&table.path).await.json();
    assert_eq!(finished["phase"], "finished");
    assert_log_verifies(&table).await;

    // The second server's mail worker and this one's rounds share the outbox: every email is
    // sent once. The relay records a message before it accepts it, so once the sent rows are counted
    // every one of them has arrived; a message sent after the count (the second server's worker
    // keeps sending what is queued meanwhile) is caught by the next look.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mails = loop {
        table.app.deliver();
        let sent = count_rows(&table.app.db, "emails WHERE sent_at IS NOT NULL");
        let mails = table.app.mails();
        let waiting = count_rows(&table.app.db, "emails WHERE sent_at IS NULL");
        if waiting == 0 && mails.len() as i64 == sent {
            break mails;
        }
        assert!(
            Instant::now() < deadline,
            "{waiting} emails still wait; {sent} sent, {} arrived: each should arrive once",
            mails.len()
        );
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    };
    let ids: HashSet<String> = mails
        .iter()
        .map(|m| m.header("Message-ID").unwrap_or_default())
        .collect();
    assert_eq!(ids.len(), mails.len());
    drop(other);
}

/// A second process keeps a tournament folded once it has shown it: its next page still shows
/// what was signed through another connection since, and the pseudonym of an entrant who closed
/// their account in place of the name in the log's first rows, which the head row never held.
#[actix_web::test]
async fn a_tournament_kept_folded_by_another_process_shows_later_sign_ups_and_replaced_names() {
    use diesel::RunQueryDsl;
    use turnpost::auth::accounts;
    use turnpost::i18n::Lang;
    use turnpost::rules::Kind;
    use turnpost::tournaments::log::facts::Format;
    use turnpost::tournaments::service;

    let app = TestApp::start().await;
    let other = ServerProcess::start(&app).await;
    let conn = &mut app.db.connect_as_server();
    let people: Vec<_> = ["zanzibar", "quillon", "oxalis"]
        .map(|name| accounts::find_or_create(conn, &format!("{name}@example.com"), Lang::En))
        .map(Result::unwrap)
        .into();
    let mut setup = crate::events::setup(Kind::Kalah, Format::Swiss { rounds: 3 }, 8, Some(86_400));
    setup.sign_up_closes = (chrono::Utc::now() + chrono::Duration::hours(1)).to_rfc3339();
    let id = service::create(conn, &people[0], setup).unwrap();
    service::sign_up(conn, &id, &people[1]).unwrap();
    let visitor = Browser::new(&other.base);
    let path = format!("/events/{id}");

    let first = visitor.get(&path).await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert!(
        first.body.contains(&people[1].display_name),
        "{}",
        first.body
    );
    assert!(
        !first.body.contains(&people[2].display_name),
        "{}",
        first.body
    );

    service::sign_up(conn, &id, &people[2]).unwrap();
    let second = visitor.get(&path).await;
    assert!(
        second.body.contains(&people[2].display_name),
        "{}",
        second.body
    );

    let pseudonym = format!("Former player {}", people[1].id);
    let renamed: i64 = diesel::select(diesel::dsl::sql::<diesel::sql_types::BigInt>(&format!(
        "forget_names({}, '{pseudonym}')",
        people[1].id
    )))
    .get_result(conn)
    .unwrap();
    assert_eq!(renamed, 1, "the second entrant's sign-up row, not the head");
    let third = visitor.get(&path).await;
    assert!(third.body.contains(&pseudonym), "{}", third.body);
    assert!(
        !third.body.contains(&people[1].display_name),
        "{}",
        third.body
    );
    assert!(
        third.body.contains(&people[2].display_name),
        "{}",
        third.body
    );
}
