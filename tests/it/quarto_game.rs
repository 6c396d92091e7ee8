//! Quarto over HTTP: two signed-in players play whole games by pressing the buttons the board
//! page offers, and bad or illegal moves are refused without changing anything.

use std::collections::BTreeSet;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use turnpost::rules::quarto::{Quarto, QuartoCommand, QuartoOptions};
use turnpost::rules::{Rules, Status, fold};

use crate::support::{Browser, Page, Table, assert_log_verifies, count_rows, start_table};

async fn quarto_table(extra: &[(&str, &str)]) -> Table {
    start_table("quarto", &["Ann", "Bo"], extra).await
}

/// The player whose board offers buttons now, with that page; None once the game is over.
async fn mover(table: &Table) -> Option<(usize, Page)> {
    let mut found = None;
    for (i, browser) in table.players.iter().enumerate() {
        let page = browser.get(&table.path).await;
        assert_eq!(page.status, 200, "{}", page.body);
        if !page.move_forms().is_empty() {
            assert!(found.is_none(), "two players have buttons at once");
            found = Some((i, page));
        }
    }
    found
}

fn as_set(commands: impl IntoIterator<Item = Value>) -> BTreeSet<String> {
    commands.into_iter().map(|c| c.to_string()).collect()
}

fn json_commands(twin: &Value) -> BTreeSet<String> {
    as_set(
        twin["legal_commands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["command"].clone()),
    )
}

/// Plays seeded random moves through the page's own buttons until the game ends, checking on
/// every turn that the buttons are exactly the JSON twin's legal commands. Returns the commands.
async fn play_to_end(table: &Table, seed: u64) -> Vec<Value> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = Vec::new();
    while let Some((player, page)) = mover(table).await {
        let browser = &table.players[player];
        let forms = page.move_forms();
        let twin = browser.get_json(&table.path).await.json();
        assert_eq!(
            as_set(forms.iter().map(|f| f.command())),
            json_commands(&twin),
            "the page and its JSON twin offer different moves"
        );
        let form = &forms[rng.random_range(0..forms.len())];
        // Every button says in words what it does.
        assert!(
            form.label.starts_with("Place on ") || form.label.starts_with("Give the "),
            "{form}"
        );
        let after = browser.submit(form).await;
        assert_eq!(after.status, 200, "{form}: {}", after.body);
        played.push(form.command());
        assert!(played.len() <= 32, "a Quarto game has at most 32 commands");
    }
    played
}

/// The opening facts recorded at the start, from the history's JSON.
fn opening(history: &Value) -> Vec<turnpost::rules::quarto::QuartoEvent> {
    history["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| {
            row["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["type"] == "game_started")
        })
        .unwrap()["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["type"] == "game")
        .map(|e| serde_json::from_value(e["event"].clone()).unwrap())
        .collect()
}

#[actix_web::test]
async fn two_players_play_whole_games_through_the_buttons_and_the_engine_agrees() {
    for (seed, advanced) in [(1, false), (2, true)] {
        let extra: &[(&str, &str)] = if advanced { &[("advanced", "on")] } else { &[] };
        let table = quarto_table(extra).await;
        let commands = play_to_end(&table, seed).await;
        table.app.rate_finished_games();
        assert!(commands.len() >= 8, "four pieces per line at least");

        // The engine, fed the recorded opening and the same commands, reaches the same end.
        let ann = &table.players[0];
        let history = ann
            .get_json(&format!("{}/history", table.path))
            .await
            .json();
        let options = QuartoOptions { advanced };
        let mut state = fold::<Quarto>(&options, 2, &opening(&history));
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        for command in &commands {
            let command: QuartoCommand = serde_json::from_value(command.clone()).unwrap();
            let seat = Quarto::status(&state).to_act()[0];
            for event in Quarto::decide(&state, seat, &command, &mut rng).unwrap() {
                state = Quarto::evolve(state, &event);
            }
        }
        let Status::Finished { outcome } = Quarto::status(&state) else {
            panic!("the engine says the game goes on");
        };
        let twin = ann.get_json(&table.path).await.json();
        assert_eq!(twin["phase"], "finished");
        assert_eq!(
            twin["status"]["outcome"],
            serde_json::to_value(&outcome).unwrap()
        );
        assert_eq!(twin["view"]["finished"], true);

        // Both pages state the result in words, with no button left.
        for browser in &table.players {
            let page = browser.get(&table.path).await;
            assert!(page.body.contains("Game over"), "{}", page.body);
            assert!(page.move_forms().is_empty());
            if outcome.is_draw() {
                assert!(page.body.contains("the game is a draw"), "{}", page.body);
            } else {
                assert!(page.body.contains("placed the last piece and completed"));
                assert!(page.body.contains("(winning)"));
            }
        }

        // The history lists every row, and the board after each command can be shown.
        let rows = history["rows"].as_array().unwrap();
        let seq = twin["seq"].as_i64().unwrap();
        assert_eq!(rows.len() as i64, seq);
        let html = ann.get(&format!("{}/history", table.path)).await;
        for n in 1..=seq {
            assert!(html.body.contains(&format!("id=\"event-{n}\"")), "row {n}");
        }
        assert!(html.body.contains("was drawn to give the first piece"));
        assert!(html.body.contains("placed the "));
        let start = seq - commands.len() as i64;
        let mut placed_before = -1;
        for n in start..=seq {
            let at = ann.get_json(&format!("{}?at={n}", table.path)).await.json();
            assert_eq!(at["at"], n);
            let placed = at["view"]["placements"].as_i64().unwrap();
            assert!(placed >= placed_before && placed <= 16);
            placed_before = placed;
            assert!(at["legal_commands"].as_array().unwrap().is_empty());
        }
        let page = ann.get(&format!("{}?at={start}", table.path)).await;
        assert_eq!(page.status, 200);
        assert!(
            page.body
                .contains(&format!("as it was after event {start} of {seq}"))
        );
        assert!(page.body.contains("0 of 16 pieces placed"), "{}", page.body);
        assert!(page.move_forms().is_empty());
        assert_log_verifies(&table).await;
    }
}

#[actix_web::test]
async fn the_board_describes_every_piece_in_words_and_offers_the_right_buttons() {
    let table = quarto_table(&[]).await;
    let (giver, page) = mover(&table).await.unwrap();
    let placer = 1 - giver;
    // The giver sees one "Give" button per piece, each piece drawn and described.
    let forms = page.move_forms();
    assert_eq!(forms.len(), 16);
    assert!(forms.iter().all(|f| f.label.starts_with("Give the ")));
    assert_eq!(page.body.matches("<svg").count(), 16);
    assert!(
        page.body
            .contains("aria-label=\"tall dark round hollow piece\"")
    );
    assert!(page.body.contains("Your turn: choose the piece"));
    let other = table.players[placer].get(&table.path).await;
    assert!(other.move_forms().is_empty());
    assert!(
        other.body.contains("is choosing a piece for Bo (you)")
            || other.body.contains("is choosing a piece for Ann (you)"),
        "{}",
        other.body
    );

    // After the give, the piece to place is shown to both, and the placer gets 16 squares.
    let give = forms
        .iter()
        .find(|f| f.label == "Give the tall dark round hollow piece")
        .unwrap();
    assert_eq!(table.players[giver].submit(give).await.status, 200);
    let (now, page) = mover(&table).await.unwrap();
    assert_eq!(now, placer);
    let forms = page.move_forms();
    assert_eq!(forms.len(), 16);
    assert!(forms.iter().any(|f| f.label == "Place on c2"));
    for browser in &table.players {
        let page = browser.get(&table.path).await;
        assert!(page.body.contains("Piece to place"));
        assert!(
            page.body
                .contains("<span class=\"piece-words\">tall dark round hollow</span>")
        );
        assert!(
            page.body
                .contains("Pieces still to give <span class=\"count\">(15)</span>"),
            "{}",
            page.body
        );
    }
    let place = forms.iter().find(|f| f.label == "Place on c2").unwrap();
    assert_eq!(table.players[placer].submit(place).await.status, 200);
    let page = table.players[giver].get(&table.path).await;
    assert!(page.body.contains("c2:</span>"));
    assert!(page.body.contains("(placed last)"));
    assert!(page.body.contains("Last move: "));
    assert!(
        page.body
            .contains("placed the tall dark round hollow piece on c2.")
    );
    // The placer now gives: 15 pieces left.
    let (now, page) = mover(&table).await.unwrap();
    assert_eq!(now, placer);
    assert_eq!(page.move_forms().len(), 15);
}

/// The number of rows in the log and the position as Ann's JSON twin shows it.
async fn snapshot(table: &Table) -> (i64, Value) {
    (
        count_rows(&table.app.db, "game_events"),
        table.twin(0).await["view"].clone(),
    )
}

async fn post_command(table: &Table, browser: &Browser, seq: &str, command: &str) -> Page {
    let csrf = browser.get("/sign-in").await.csrf();
    browser
        .post_form(
            &format!("{}/play", table.path),
            &[("csrf", &csrf), ("seq", seq), ("command", command)],
        )
        .await
}

#[actix_web::test]
async fn malformed_moves_are_bad_requests_and_illegal_ones_are_refused_changing_nothing() {
    let table = quarto_table(&[]).await;
    let (giver, page) = mover(&table).await.unwrap();
    let placer = 1 - giver;
    let seq = page.move_forms()[0].field("seq").to_string();
    let before = snapshot(&table).await;
    for command in [
        "not json",
        r#"{"type":"give"}"#,
        r#"{"type":"give","piece":16}"#,
        r#"{"type":"give","piece":-1}"#,
        r#"{"type":"give","piece":"tall"}"#,
        r#"{"type":"place","cell":16}"#,
        r#"{"type":"shout","word":"Quarto!"}"#,
    ] {
        let response = post_command(&table, &table.players[giver], &seq, command).await;
        assert_eq!(response.status, 400, "{command}: {}", response.body);
        assert_eq!(
            snapshot(&table).await,
            before,
            "{command} changed something"
        );
    }
    // Placing before anything was given is against the rules: 422 with the reason and the board.
    let response = post_command(
        &table,
        &table.players[giver],
        &seq,
        r#"{"type":"place","cell":0}"#,
    )
    .await;
    assert_eq!(response.status, 422, "{}", response.body);
    assert!(
        response.body.contains("You have no piece to place"),
        "{}",
        response.body
    );
    assert_eq!(
        response.move_forms().len(),
        16,
        "the fresh board comes back"
    );
    assert_eq!(snapshot(&table).await, before);
    // The other player may not act at all.
    let response = post_command(
        &table,
        &table.players[placer],
        &seq,
        r#"{"type":"give","piece":3}"#,
    )
    .await;
    assert_eq!(response.status, 403, "{}", response.body);
    assert_eq!(snapshot(&table).await, before);

    // Give piece 5; then the placer may not give, and may not place on a taken square later.
    let give = json!({"type": "give", "piece": 5});
    assert_eq!(table.play(giver, &give).await.status, 200);
    let seq = table.twin(placer).await["seq"].to_string();
    let before = snapshot(&table).await;
    let response = post_command(
        &table,
        &table.players[placer],
        &seq,
        r#"{"type":"give","piece":6}"#,
    )
    .await;
    assert_eq!(response.status, 422);
    assert!(
        response.body.contains("You must first place the"),
        "{}",
        response.body
    );
    assert_eq!(snapshot(&table).await, before);
    assert_eq!(
        table
            .play(placer, &json!({"type": "place", "cell": 0}))
            .await
            .status,
        200
    );
    let seq = table.twin(placer).await["seq"].to_string();
    let before = snapshot(&table).await;
    let response = post_command(
        &table,
        &table.players[placer],
        &seq,
        r#"{"type":"give","piece":5}"#,
    )
    .await;
    assert_eq!(response.status, 422);
    assert!(
        response.body.contains("is already on a1"),
        "{}",
        response.body
    );
    assert_eq!(
        table
            .play(placer, &json!({"type": "give", "piece": 6}))
            .await
            .status,
        200
    );
    let seq = table.twin(giver).await["seq"].to_string();
    let response = post_command(
        &table,
        &table.players[giver],
        &seq,
        r#"{"type":"place","cell":0}"#,
    )
    .await;
    assert_eq!(response.status, 422);
    assert!(
        response.body.contains("a1 is already taken"),
        "{}",
        response.body
    );
    assert_ne!(
        snapshot(&table).await,
        before,
        "the legal moves in between were recorded"
    );
}

#[actix_web::test]
async fn the_options_form_offers_the_advanced_rule_and_refuses_nonsense() {
    let app = crate::support::TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let form = ann.get("/games/new/quarto").await;
    assert_eq!(form.status, 200);
    assert!(
        form.body
            .contains("The game is for 2 players: you, everyone you invite"),
        "{}",
        form.body
    );
    assert!(form.body.contains("name=\"advanced\""));
    assert!(!form.body.contains("invite_2"), "Quarto seats exactly two");
    let csrf = form.csrf();
    let refused = ann
        .post_form(
            "/games/new/quarto",
            &[
                ("csrf", csrf.as_str()),
                ("invite_1", "bo@example.com"),
                ("advanced", "maybe"),
            ],
        )
        .await;
    assert_eq!(refused.status, 400);
    assert!(
        refused.body.contains("The advanced rule is either on"),
        "{}",
        refused.body
    );
    let created = ann
        .post_form(
            "/games/new/quarto",
            &[
                ("csrf", csrf.as_str()),
                ("invite_1", "bo@example.com"),
                ("advanced", "on"),
            ],
        )
        .await;
    assert_eq!(created.status, 200);
    assert!(
        created
            .body
            .contains("Advanced rule: four pieces sharing a trait win")
    );
    let twin = ann
        .get_json(url::Url::parse(&created.url).unwrap().path())
        .await
        .json();
    assert_eq!(twin["options"], json!({"advanced": true}));
}
