//! The JSON side, for tools and bots: the token a move needs, answers in the format asked in,
//! refusals that say what would have been accepted, and the list of a player's games.

use serde_json::{Value, json};

use crate::kalah_game::started_game;
use crate::support::{Table, count_rows};

/// The index of the player to move, and their JSON twin.
async fn to_move(table: &Table) -> (usize, Value) {
    for player in 0..2 {
        let twin = table.twin(player).await;
        if !twin["legal_commands"].as_array().unwrap().is_empty() {
            return (player, twin);
        }
    }
    panic!("nobody is to move");
}

async fn post_json(table: &Table, player: usize, csrf: &str, body: Value) -> (u16, String, Value) {
    let response = table.players[player]
        .client
        .post(table.app.url(&format!("{}/play", table.path)))
        .header("X-CSRF-Token", csrf)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("Content-Type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let text = response.text().await.unwrap();
    (
        status,
        kind,
        serde_json::from_str(&text).unwrap_or(Value::Null),
    )
}

#[actix_web::test]
async fn a_bot_reads_its_token_and_moves_in_json_and_is_answered_in_json() {
    let table = started_game(&[]).await;
    let guest = table.app.browser().get_json(&table.path).await.json();
    assert!(guest["csrf"].is_null(), "a guest gets no token: {guest}");
    let (mover, twin) = to_move(&table).await;
    let csrf = twin["csrf"]
        .as_str()
        .expect("the twin carries the token")
        .to_string();
    let rows = count_rows(&table.app.db, "game_events");

    // A command that does not parse: 400, the reason, and the legal commands.
    let (status, kind, body) = post_json(
        &table,
        mover,
        &csrf,
        json!({"seq": twin["seq"], "command": {"type": "fly"}}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(kind.starts_with("application/json"), "{kind}");
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{body}"
    );
    assert!(
        !body["legal_commands"].as_array().unwrap().is_empty(),
        "{body}"
    );

    // Neither a form nor JSON: 415 in words.
    let odd = table.players[mover]
        .post_raw(
            &format!("{}/play", table.path),
            "text/plain",
            b"seq=3&command=sow".to_vec(),
        )
        .await;
    assert_eq!(odd.status, 415, "{}", odd.body);
    assert!(odd.body.contains("Send a move as a form"), "{}", odd.body);
    assert_eq!(
        count_rows(&table.app.db, "game_events"),
        rows,
        "nothing changed"
    );

    // A good move, sent as JSON without asking for JSON: the answer is JSON all the same.
    let command = twin["legal_commands"][0]["command"].clone();
    let (status, kind, body) = post_json(
        &table,
        mover,
        &csrf,
        json!({"seq": twin["seq"], "command": command}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(kind.starts_with("application/json"), "{kind}");
    assert_eq!(body["seq"], twin["seq"].as_i64().unwrap() + 1, "{body}");
    assert_eq!(count_rows(&table.app.db, "game_events"), rows + 1);
}

#[actix_web::test]
async fn a_player_lists_their_games_in_json() {
    let table = started_game(&[]).await;
    let (mover, _) = to_move(&table).await;
    for player in 0..2 {
        let list = table.players[player].get_json("/").await;
        assert_eq!(list.status, 200, "{}", list.body);
        let list = list.json();
        let games = list["games"].as_array().unwrap();
        assert_eq!(games.len(), 1, "{list}");
        assert_eq!(games[0]["url"], table.path.as_str());
        assert_eq!(games[0]["kind"], "kalah");
        assert_eq!(games[0]["your_turn"], player == mover, "{list}");
        assert!(list["csrf"].as_str().is_some(), "{list}");
    }
    let guest = table.app.browser().get_json("/").await;
    assert_eq!(guest.status, 401, "{}", guest.body);
    assert!(guest.body.contains("Sign in"), "{}", guest.body);
}
