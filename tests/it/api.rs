//! The JSON side, for tools and bots: the token a move needs, answers in the format asked in,
//! refusals that say what would have been accepted, and the list of a player's games.

use serde_json::{Value, json};

use crate::kalah_game::started_game;
use crate::support::{Browser, Page, Table, TestApp, count_rows};

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

/// POSTs `body` as JSON with the player's token in the header.
pub(crate) async fn post_json_to(browser: &Browser, path: &str, csrf: &str, body: &Value) -> Page {
    let response = browser
        .client
        .post(browser.absolute(path))
        .header("X-CSRF-Token", csrf)
        .json(body)
        .send()
        .await
        .unwrap();
    Browser::read(response).await
}

pub(crate) async fn token_of(browser: &Browser) -> String {
    let list = browser.get_json("/").await.json();
    list["csrf"]
        .as_str()
        .expect("the games list carries the token")
        .to_string()
}

#[actix_web::test]
async fn the_new_game_options_are_published_as_a_schema() {
    let app = TestApp::start().await;
    let kinds = app.browser().get_json("/games/new").await.json();
    let slugs: Vec<&str> = kinds["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        slugs,
        ["kalah", "quarto", "kabaleo", "azul", "gype"],
        "{kinds}"
    );

    let kalah = app.browser().get_json("/games/new/kalah").await.json();
    let schema = &kalah["schema"];
    let seeds = &schema["properties"]["options"]["properties"]["seeds_per_pit"];
    assert_eq!(
        (seeds["minimum"].as_i64(), seeds["maximum"].as_i64()),
        (Some(3), Some(6)),
        "{seeds}"
    );
    assert_eq!(kalah["default_options"]["seeds_per_pit"], 4);
    // The end rule's allowed values are reachable through its reference.
    let end_rule = &schema["properties"]["options"]["properties"]["end_rule"]["$ref"];
    let name = end_rule.as_str().unwrap().trim_start_matches("#/$defs/");
    let allowed = schema["$defs"][name].to_string();
    assert!(
        allowed.contains("no_move") && allowed.contains("either_side_empty"),
        "{allowed}"
    );
    assert_eq!(schema["properties"]["invitees"]["maxItems"], 1);

    let azul = app.browser().get_json("/games/new/azul").await.json();
    assert_eq!(azul["players"], json!({"min": 2, "max": 4}));
    assert_eq!(azul["schema"]["properties"]["open_seats"]["maximum"], 3);
}

#[actix_web::test]
async fn a_bot_creates_a_table_in_json_and_another_joins_it() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let ann_token = token_of(&ann).await;
    let games = count_rows(&app.db, "games");

    // A misspelt option is refused, not silently dropped.
    let typo = post_json_to(
        &ann,
        "/games/new/kalah",
        &ann_token,
        &json!({
            "options": {"seed_per_pit": 5}, "open_seats": 1,
        }),
    )
    .await;
    assert_eq!(typo.status, 400, "{}", typo.body);
    assert!(
        typo.json()["error"]
            .as_str()
            .unwrap()
            .contains("no option “seed_per_pit”"),
        "{}",
        typo.body
    );
    // Without the token, nothing is created either.
    let forged = post_json_to(
        &ann,
        "/games/new/kalah",
        "forged",
        &json!({"open_seats": 1}),
    )
    .await;
    assert_eq!(forged.status, 403, "{}", forged.body);
    assert!(forged.json()["error"].is_string(), "{}", forged.body);
    assert_eq!(count_rows(&app.db, "games"), games);

    let created = post_json_to(&ann, "/games/new/kalah", &ann_token, &json!({
        "options": {"seeds_per_pit": 5, "pie_rule": true, "empty_capture": false, "end_rule": "either_side_empty"},
        "open_seats": 1,
        "time_control": {"days": 3, "clock": "bank"},
    }))
    .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let url = created.json()["url"].as_str().unwrap().to_string();
    let twin = ann.get_json(&url).await.json();
    assert_eq!(twin["options"]["seeds_per_pit"], 5, "{twin}");
    assert_eq!(twin["options"]["end_rule"], "either_side_empty", "{twin}");
    assert_eq!(twin["open_seats"], 1, "{twin}");
    assert!(!twin["time_control"].is_null(), "{twin}");

    // Bo takes the open seat with the token in a header and no form at all.
    let bo_token = token_of(&bo).await;
    let sat = bo
        .client
        .post(bo.absolute(&format!("{url}/sit")))
        .header("X-CSRF-Token", &bo_token)
        .header("Accept", "application/json")
        .send()
        .await
        .unwrap();
    let sat = Browser::read(sat).await;
    assert_eq!(sat.status, 200, "{}", sat.body);
    let twin = sat.json();
    assert_eq!(twin["phase"], "active", "{twin}");
    assert!(twin["your_seat"].is_number(), "{twin}");
}

/// The bot printed in the API docs, run as a real process, plays a whole game of Kalah.
#[actix_web::test]
async fn the_readme_bot_plays_a_whole_game() {
    let bot_source = include_str!("../../scripts/bot.py");
    let readme = include_str!("../../docs/api.md");
    assert!(
        readme.contains(bot_source.trim()),
        "docs/api.md shows scripts/bot.py as it is"
    );

    let table = started_game(&[]).await;
    let token = crate::api_tokens::make_token(&table.players[1], "bot.py").await;
    let mut bot = std::process::Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/bot.py"))
        .args([table.app.base.as_str(), "0.1"])
        .env("TURNPOST_TOKEN", &token)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs the bot");
    let mut finished = false;
    for _ in 0..600 {
        let twin = table.twin(0).await;
        if twin["phase"] == "finished" {
            finished = true;
            break;
        }
        match twin["legal_commands"].as_array().unwrap().first() {
            Some(mine) => {
                let played = table.play(0, &mine["command"]).await;
                assert_eq!(played.status, 200, "{}", played.body);
            }
            None => actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await,
        }
    }
    bot.kill().unwrap();
    let output = bot.wait_with_output().unwrap();
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        finished,
        "the game ended; the bot said:\n{printed}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bot_moves = printed.lines().filter(|l| l.ends_with(" played")).count();
    assert!(
        bot_moves > 0 && printed.lines().all(|l| l.ends_with(" played")),
        "{printed}"
    );
    crate::support::assert_log_verifies(&table).await;
}

#[actix_web::test]
async fn every_refused_json_move_carries_the_reference_of_its_request() {
    let table = started_game(&[]).await;
    let (mover, twin) = to_move(&table).await;
    let csrf = twin["csrf"].as_str().unwrap().to_string();
    let seq = twin["seq"].as_i64().unwrap();
    let pit = twin["legal_commands"][0]["command"].clone();
    let mut seen = Vec::new();
    for (body, status) in [
        // Unreadable, illegal (a pit of the other side), and made on a page long gone.
        (json!({"seq": seq, "command": {"type": "fly"}}), 400),
        (
            json!({"seq": seq, "command": {"type": "sow", "pit": 9}}),
            422,
        ),
        (json!({"seq": seq - 1, "command": pit}), 409),
    ] {
        let (got, _, answer) = post_json(&table, mover, &csrf, body).await;
        assert_eq!(got, status, "{answer}");
        assert!(answer["error"].as_str().is_some(), "{answer}");
        let reference = answer["request_id"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"));
        seen.push(reference.to_string());
    }
    seen.dedup();
    assert_eq!(seen.len(), 3, "each request its own reference: {seen:?}");
}
