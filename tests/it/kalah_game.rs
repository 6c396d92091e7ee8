//! Two people sign in through their emailed links, create and join a Kalah game and play it to
//! the end over HTTP, pressing the buttons the pages offer.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use turnpost::rules::kalah::{Command, Kalah, Options};
use turnpost::rules::{Rules, Status, fold};

use crate::support::{Browser, Page, Table, assert_log_verifies, start_table};

/// A started Kalah game between Ann (who created it) and Bo.
pub async fn started_game(extra: &[(&str, &str)]) -> Table {
    start_table("kalah", &["Ann", "Bo"], extra).await
}

impl Table {
    pub fn ann(&self) -> &Browser {
        &self.players[0]
    }

    pub fn bo(&self) -> &Browser {
        &self.players[1]
    }

    /// The browser of whoever must move now, with their page; None once the game is over.
    pub async fn mover(&self) -> Option<(&Browser, Page)> {
        for browser in &self.players {
            let page = browser.get(&self.path).await;
            assert_eq!(page.status, 200, "{}", page.body);
            if !page.move_forms().is_empty() {
                return Some((browser, page));
            }
        }
        None
    }
}

/// The legal commands in the page's JSON twin.
fn json_commands(json: &Value) -> Vec<Value> {
    json["legal_commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["command"].clone())
        .collect()
}

/// Plays random legal moves by pressing the page's buttons until the game ends. Checks on every
/// turn that the JSON twin offers exactly the moves the HTML offers. Returns the commands played.
pub async fn play_to_end(table: &Table, seed: u64) -> Vec<Value> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = Vec::new();
    while let Some((browser, page)) = table.mover().await {
        let forms = page.move_forms();
        let twin = browser.get_json(&table.path).await.json();
        let mut html: Vec<Value> = forms.iter().map(|f| f.command()).collect();
        let mut json = json_commands(&twin);
        html.sort_by_key(Value::to_string);
        json.sort_by_key(Value::to_string);
        assert_eq!(
            html, json,
            "the JSON twin and the page offer different moves"
        );
        let form = &forms[rng.random_range(0..forms.len())];
        let after = browser.submit(form).await;
        assert_eq!(after.status, 200, "{}", after.body);
        played.push(form.command());
        assert!(played.len() < 500, "the game does not end");
    }
    played
}

/// Replays the game in the engine alone: the opening facts recorded at the start, then the
/// commands played.
fn engine_outcome(history: &Value, options: &Options, commands: &[Value]) -> Status {
    let mut events = Vec::new();
    for row in history["rows"].as_array().unwrap() {
        for entry in row["events"].as_array().unwrap() {
            if entry["type"] == "game_started" {
                let opening = row["events"].as_array().unwrap();
                for e in opening.iter().filter(|e| e["type"] == "game") {
                    events.push(serde_json::from_value(e["event"].clone()).unwrap());
                }
            }
        }
    }
    let mut state = fold::<Kalah>(options, 2, &events);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for command in commands {
        let command: Command = serde_json::from_value(command.clone()).unwrap();
        let seat = Kalah::status(&state).to_act()[0];
        for event in Kalah::decide(&state, seat, &command, &mut rng).unwrap() {
            state = Kalah::evolve(state, &event);
        }
    }
    Kalah::status(&state)
}

#[actix_web::test]
async fn two_players_play_a_whole_game_and_the_result_matches_the_engine() {
    let table = started_game(&[("seeds_per_pit", "3"), ("pie_rule", "on")]).await;
    let commands = play_to_end(&table, 7).await;
    assert!(!commands.is_empty());

    let twin = table.ann().get_json(&table.path).await.json();
    assert_eq!(twin["phase"], "finished");
    let history = table
        .ann()
        .get_json(&format!("{}/history", table.path))
        .await
        .json();
    let options = Options {
        seeds_per_pit: 3,
        pie_rule: true,
        ..Options::default()
    };
    let Status::Finished { outcome } = engine_outcome(&history, &options, &commands) else {
        panic!("the engine says the game goes on");
    };
    let shown: Vec<i64> = twin["status"]["outcome"]["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    assert_eq!(shown, outcome.scores);
    assert_eq!(shown.iter().sum::<i64>(), 36);

    // The page states the result with both final scores, each by its player's name, the
    // winner's first.
    let page = table.bo().get(&table.path).await;
    let name = |seat: usize| match twin["players"][seat]["name"].as_str().unwrap() {
        "Bo" => "you",
        other => other,
    };
    let (first, second) = if outcome.scores[1] > outcome.scores[0] {
        (1, 0)
    } else {
        (0, 1)
    };
    let scores = format!(
        "— {} {}, {} {}.",
        name(first),
        outcome.scores[first],
        name(second),
        outcome.scores[second]
    );
    assert!(page.body.contains("Game over"), "{}", page.body);
    assert!(page.body.contains(&scores), "{scores} not in {}", page.body);

    // The last row ends the game and reveals the seed, whose hash is the commitment.
    let rows = history["rows"].as_array().unwrap();
    let last = rows.last().unwrap()["events"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["type"], "game_ended");
    let seed = hex::decode(last["seed"].as_str().unwrap()).unwrap();
    use sha2::Digest;
    assert_eq!(
        hex::encode(sha2::Sha256::digest(&seed)),
        twin["seed_commitment"].as_str().unwrap()
    );
    assert_log_verifies(&table).await;
}

#[actix_web::test]
async fn the_history_lists_every_event_and_shows_the_board_after_any_of_them() {
    let table = started_game(&[]).await;
    let (browser, page) = table.mover().await.unwrap();
    browser.submit(&page.move_forms()[0]).await;
    let history = table.bo().get(&format!("{}/history", table.path)).await;
    assert_eq!(history.status, 200);
    let twin = table
        .bo()
        .get_json(&format!("{}/history", table.path))
        .await
        .json();
    let rows = twin["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "created, joined, one move");
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["seq"], i as i64 + 1);
        assert!(history.body.contains(&format!("id=\"event-{}\"", i + 1)));
    }
    assert!(history.body.contains("Ann created a game"));
    assert!(history.body.contains("Bo joined."));
    assert!(rows[0]["actor_name"] == "Ann" && rows[2]["actor_name"].is_string());

    // The board after the start differs from the board after the move.
    let at_start = table
        .bo()
        .get_json(&format!("{}?at=2", table.path))
        .await
        .json();
    let now = table.bo().get_json(&table.path).await.json();
    assert_eq!(at_start["at"], 2);
    assert_ne!(at_start["view"], now["view"]);
    assert_eq!(at_start["legal_commands"].as_array().unwrap().len(), 0);
    let html = table.bo().get(&format!("{}?at=2", table.path)).await;
    assert!(html.body.contains("as it was after event 2 of 3"));
    assert!(html.move_forms().is_empty(), "no moves on a past board");
    // Whoever was to move then is not told "Your turn" on the past board.
    for player in &table.players {
        let past = player.get(&format!("{}?at=2", table.path)).await;
        assert!(!past.body.contains("Your turn"), "{}", past.body);
        assert!(past.body.contains("had the move"), "{}", past.body);
    }
}

#[actix_web::test]
async fn a_tool_can_play_from_the_json_twin_with_forms_or_json_bodies() {
    let table = started_game(&[]).await;
    assert!(
        !table.app.mails_to(&table.emails[1]).is_empty(),
        "Bo was invited by email"
    );
    let acting = table.to_act().await;
    assert_eq!(acting.len(), 1, "one player is to move");
    let mover = acting[0];
    let twin = table.twin(mover).await;
    let command = twin["legal_commands"][0]["command"].clone();
    assert_eq!(table.play(mover, &command).await.status, 200);
    let after = table.twin(mover).await;
    assert_eq!(after["seq"], twin["seq"].as_i64().unwrap() + 1);

    // The same as a JSON body, with the CSRF token in a header.
    let mover = table.to_act().await[0];
    let browser = &table.players[mover];
    let twin = table.twin(mover).await;
    let body = serde_json::json!({
        "seq": twin["seq"],
        "command": twin["legal_commands"][0]["command"],
    });
    let csrf = browser.get("/sign-in").await.csrf();
    let response = browser
        .client
        .post(format!("{}{}/play", browser.base, table.path))
        .header("Accept", "application/json")
        .header("X-CSRF-Token", csrf)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let fresh: Value = response.json().await.unwrap();
    assert_eq!(fresh["seq"], twin["seq"].as_i64().unwrap() + 1);

    // Without the token the JSON body is refused.
    let refused = browser
        .client
        .post(format!("{}{}/play", browser.base, table.path))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 403);
}

#[actix_web::test]
async fn a_pie_rule_swap_is_shown_on_the_board() {
    let table = started_game(&[("pie_rule", "on")]).await;
    // The first player plays until the second is offered the swap.
    let swapper = loop {
        let mover = table.to_act().await[0];
        let twin = table.twin(mover).await;
        let swap = twin["legal_commands"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["label"].as_str().unwrap().starts_with("Swap sides"))
            .cloned();
        if let Some(swap) = swap {
            assert_eq!(table.play(mover, &swap["command"]).await.status, 200);
            break mover;
        }
        let command = twin["legal_commands"][0]["command"].clone();
        assert_eq!(table.play(mover, &command).await.status, 200);
    };
    let name = ["Ann", "Bo"][swapper];
    for player in &table.players {
        let page = player.get(&table.path).await;
        assert!(
            page.body.contains("swapped sides under the pie rule"),
            "{}",
            page.body
        );
        assert!(page.body.contains(name), "{}", page.body);
    }
    // Seats are drawn at random: the view names the swapper's seat.
    let twin = table.twin(swapper).await;
    assert_eq!(twin["view"]["swapped_by"], twin["your_seat"]);
}
