//! PostgreSQL restarted under a running server (a cluster of the test's own, so that the other
//! tests' databases stay up): the first move through every HTTP thread afterwards is made, not
//! answered that nobody can tell whether it was. Each thread's own connections died with the
//! restart; a statement that never reached a server is sent again on a fresh connection.

use serde_json::{Value, json};

use crate::cluster::Cluster;
use crate::support::{Browser, TestApp, accept_invitation, create_game};

/// Makes the first legal move of whichever of `players` is to act in `path`, as a tool does,
/// over a connection of its own (so that moves in turn reach every HTTP thread); returns the
/// answer's status.
async fn move_on_a_new_connection(players: &[&Browser], path: &str) -> u16 {
    for browser in players {
        let twin: Value = browser.get_json(path).await.json();
        let Some(first) = twin["legal_commands"].as_array().unwrap().first() else {
            continue;
        };
        let answer = browser
            .client
            .post(format!("{}{path}/play", browser.base))
            .header("Connection", "close")
            .header("Accept", "application/json")
            .header("X-CSRF-Token", twin["csrf"].as_str().unwrap())
            .json(&json!({"seq": twin["seq"], "command": first["command"]}))
            .send()
            .await
            .unwrap();
        return answer.status().as_u16();
    }
    panic!("nobody is to act in {path}");
}

#[actix_web::test]
async fn after_postgresql_restarts_the_first_move_on_every_thread_is_made() {
    let cluster = Cluster::start();
    let app = TestApp::start_with(|settings| {
        settings.database.url = cluster.url("turnpost_server");
        settings.database.admin_url = cluster.url("postgres");
    })
    .await;
    let workers = 2 * app.settings.server.workers.max(2);
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let mut games = Vec::new();
    for _ in 0..workers {
        let path = create_game(&ann, "kalah", &["bo@example.com"], &[]).await;
        let joined = accept_invitation(&app, &bo, "bo@example.com").await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        games.push(path);
    }
    // Every thread has made a move, so each holds a connection for moves.
    for path in &games {
        assert_eq!(move_on_a_new_connection(&[&ann, &bo], path).await, 200);
    }

    cluster.restart();

    let mut answers = Vec::new();
    for path in &games {
        answers.push(move_on_a_new_connection(&[&ann, &bo], path).await);
    }
    assert_eq!(
        answers,
        vec![200; games.len()],
        "the moves right after the restart"
    );
}
