//! Azul: Summer Pavilion over HTTP: signed-in players play whole games by following the board
//! page's choice links and submitting its forms; the page offers exactly the legal commands; the
//! history, earlier boards and JSON twin work; every bag draw is recorded and can be re-drawn
//! from the seed revealed at the end; bad moves are refused without changing anything.

use std::collections::{BTreeSet, VecDeque};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use scraper::Selector;
use serde_json::{Value, json};
use turnpost::game_log::stream::seed;
use turnpost::game_log::stream::{Entry, Participant};
use turnpost::rules::azul::{Azul, Command, Event, Options};
use turnpost::rules::{Rules, fold};

use crate::support::{
    Browser, Page, Table, assert_altered_outcome_caught, assert_log_verifies, count_rows,
    start_table, whole_history,
};

/// The hrefs of the page's choice links (the steps that build up a move).
fn choice_links(page: &Page) -> Vec<String> {
    let selector = Selector::parse(".azul a.choice").unwrap();
    page.html()
        .select(&selector)
        .map(|a| a.value().attr("href").unwrap().to_string())
        .collect()
}

/// The player who may act, with their JSON twin; None once nobody may.
async fn mover(table: &Table) -> Option<(usize, Value)> {
    for player in 0..table.players.len() {
        let twin = table.twin(player).await;
        if !twin["legal_commands"].as_array().unwrap().is_empty() {
            return Some((player, twin));
        }
    }
    None
}

fn legal_set(twin: &Value) -> BTreeSet<String> {
    twin["legal_commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["command"].to_string())
        .collect()
}

/// Every command whose form can be reached from the board page by following choice links.
async fn reachable(browser: &Browser, path: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut found = BTreeSet::new();
    let mut queue = VecDeque::from([path.to_string()]);
    while let Some(url) = queue.pop_front() {
        if !seen.insert(url.clone()) {
            continue;
        }
        let page = browser.get(&url).await;
        assert_eq!(page.status, 200, "{url}: {}", page.body);
        found.extend(page.move_forms().iter().map(|f| f.command().to_string()));
        queue.extend(choice_links(&page));
        assert!(seen.len() < 500, "the choice links do not end");
    }
    found
}

/// Makes one move as a person would: from the board page, follow choice links until a form is
/// chosen, then submit it. At the first step every control is equally likely; after that a
/// form is taken half the time when there is one. Returns the command submitted.
async fn play_one(browser: &Browser, path: &str, rng: &mut ChaCha8Rng) -> Value {
    let mut page = browser.get(path).await;
    for depth in 0..20 {
        let forms = page.move_forms();
        let links = choice_links(&page);
        assert!(
            !forms.is_empty() || !links.is_empty(),
            "a dead end at {}:\n{}",
            page.url,
            page.body
        );
        let take_form = if depth == 0 {
            rng.random_range(0..forms.len() + links.len()) < forms.len()
        } else {
            !forms.is_empty() && (links.is_empty() || rng.random_bool(0.5))
        };
        if take_form {
            let form = &forms[rng.random_range(0..forms.len())];
            assert!(!form.label.is_empty(), "every button has words");
            let after = browser.submit(form).await;
            assert_eq!(after.status, 200, "{form}: {}", after.body);
            return form.command();
        }
        page = browser.get(&links[rng.random_range(0..links.len())]).await;
        assert_eq!(page.status, 200, "{}", page.body);
    }
    panic!("no move after 20 steps");
}

/// Checks every bag draw of a finished game: with the revealed seed, re-running each row's
/// decision on the stream of its sequence number gives exactly the recorded events.
fn verify_draws(history: &Value, options: &Options, players: usize) -> usize {
    let rows = history["rows"].as_array().unwrap();
    let entries = |row: &Value| -> Vec<Entry<Event>> {
        serde_json::from_value(row["events"].clone()).unwrap()
    };
    let revealed = rows
        .iter()
        .flat_map(entries)
        .find_map(|e| match e {
            Entry::GameEnded { seed, .. } => Some(seed),
            _ => None,
        })
        .expect("the last row reveals the seed");
    let game_seed = seed::parse_hex(&revealed).unwrap();
    let mut joined: Vec<Participant> = Vec::new();
    let mut seating: Vec<Participant> = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut draws = 0;
    for row in rows {
        let seq = row["seq"].as_i64().unwrap();
        let recorded = entries(row);
        let game_events: Vec<Event> = recorded
            .iter()
            .filter_map(|e| match e {
                Entry::Game { event } => Some(event.clone()),
                _ => None,
            })
            .collect();
        draws += game_events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::FactoriesFilled { .. } | Event::SupplyRefilled { .. }
                )
            })
            .count();
        let mut rng = seed::rng_for(&game_seed, seq);
        for entry in &recorded {
            match entry {
                Entry::PlayerJoined { player } => joined.push(player.clone()),
                Entry::GameStarted { seating: drawn } => {
                    let mut expected = joined.clone();
                    expected.shuffle(&mut rng);
                    assert_eq!(&expected, drawn, "row {seq}: the seating");
                    seating = drawn.clone();
                    let setup = Azul::setup(options, players, &mut rng);
                    assert_eq!(setup, game_events, "row {seq}: the opening draws");
                }
                _ => {}
            }
        }
        if row["command"]["type"] == "play" {
            let state = fold::<Azul>(options, players, &events);
            let actor = row["actor"].as_i64().unwrap();
            let seat = seating.iter().position(|p| p.id == actor).unwrap();
            let command: Command =
                serde_json::from_value(row["command"]["command"].clone()).unwrap();
            let decided = Azul::decide(&state, seat, &command, &mut rng).unwrap();
            assert_eq!(decided, game_events, "row {seq}: {command:?}");
        }
        events.extend(game_events);
    }
    draws
}

#[actix_web::test]
async fn two_players_play_a_whole_game_through_the_page_links_and_forms() {
    let table = start_table("azul", &["Ann", "Bo"], &[]).await;
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut checked: BTreeSet<String> = BTreeSet::new();
    let mut moves = 0;
    while let Some((player, twin)) = mover(&table).await {
        let browser = &table.players[player];
        let awaiting = twin["view"]["awaiting"]["kind"]
            .as_str()
            .unwrap()
            .to_string();
        // The page offers exactly the legal commands: at every choice of bonus or kept tiles,
        // the first time each kind of decision comes up, and every 10 moves.
        let first = checked.insert(awaiting.clone());
        if first || moves % 10 == 0 || awaiting == "choose_bonus" || awaiting == "keep" {
            assert_eq!(
                reachable(browser, &table.path).await,
                legal_set(&twin),
                "{awaiting} at move {moves}"
            );
            let other = &table.players[1 - player];
            let page = other.get(&table.path).await;
            assert!(page.move_forms().is_empty() && choice_links(&page).is_empty());
        }
        // The bag is only ever shown as counts: no order of tiles to read.
        let bag = twin["view"]["bag"].as_object().unwrap();
        let keys: BTreeSet<&str> = bag.keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            BTreeSet::from([
                "blue", "green", "orange", "purple", "red", "total", "yellow"
            ])
        );
        let command = play_one(browser, &table.path, &mut rng).await;
        assert!(legal_set(&twin).contains(&command.to_string()));
        moves += 1;
        assert!(moves < 600, "the game does not end");
    }
    assert!(
        checked.contains("take") && checked.contains("place_or_pass"),
        "{checked:?}"
    );

    // The end: every page shows the result.
    table.app.rate_finished_games();
    let twin = table.twin(0).await;
    assert_eq!(twin["phase"], "finished");
    let scores: Vec<i64> = twin["status"]["outcome"]["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_i64().unwrap())
        .collect();
    let page = table.players[1].get(&table.path).await;
    assert!(page.body.contains("Game over"), "{}", page.body);
    assert!(page.body.contains("Final scores"));
    for (seat, score) in scores.iter().enumerate() {
        assert_eq!(twin["view"]["players"][seat]["score"], *score);
        let points = if *score == 1 { "point" } else { "points" };
        assert!(
            page.body.contains(&format!("{score} {points}")),
            "{}",
            page.body
        );
    }
    assert!(page.move_forms().is_empty() && choice_links(&page).is_empty());

    // The history lists every row; the board after any of them can be shown.
    let (rows, _) = whole_history(&table.players[0], &table.path).await;
    let history = serde_json::json!({ "rows": rows });
    let last = twin["seq"].as_i64().unwrap();
    assert_eq!(rows.len() as i64, last);
    let (_, html) = whole_history(&table.players[1], &table.path).await;
    for n in 1..=last {
        assert!(html.contains(&format!("id=\"event-{n}\"")), "row {n}");
    }
    assert!(html.contains("took") && html.contains("placed"));
    // The rated game's log ends with its rating row, which changes no board.
    assert_eq!(rows.last().unwrap()["command"]["type"], "rate");
    let last_move = last - 1;
    for n in [3, last / 2, last_move - 1] {
        let earlier = table.players[0]
            .get(&format!("{}?at={n}", table.path))
            .await;
        assert_eq!(earlier.status, 200);
        assert!(
            earlier
                .body
                .contains(&format!("as it was after event {n} of {last}"))
        );
        assert!(earlier.body.contains("Rounds and their wild colours"));
        let json = table.players[0]
            .get_json(&format!("{}?at={n}", table.path))
            .await
            .json();
        assert_eq!(json["at"], n);
        assert_ne!(json["view"], twin["view"]);
    }

    // Every draw from the bag is in the log, and the revealed seed re-draws exactly those tiles.
    let draws = verify_draws(&history, &Options::default(), 2);
    assert!(draws >= 6, "the factories were filled every round: {draws}");
    assert_log_verifies(&table).await;
    // A tile drawn from the bag, changed in the log with its hashes recomputed, is caught.
    let drawn = |event: &Value| event["type"] == "factories_filled";
    assert_altered_outcome_caught(&table, drawn, |event| {
        let tile = &mut event["tiles"][0][0];
        *tile = Value::from(if tile == "red" { "blue" } else { "red" });
    })
    .await;
}

#[actix_web::test]
async fn four_players_see_every_board_and_only_the_player_to_act_has_controls() {
    let table = start_table("azul", &["Ann", "Bo", "Cy", "Di"], &[("board", "variant")]).await;
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let spectator = table.app.browser();
    for round in 0..6 {
        let (player, twin) = mover(&table).await.unwrap();
        let page = table.players[player].get(&table.path).await;
        assert_eq!(page.body.matches("class=\"azul-player ").count(), 4);
        assert!(page.body.contains("Factory 9:") || round > 0);
        assert!(page.body.contains("Grey boards (the variant)"));
        if round % 2 == 0 {
            assert_eq!(
                reachable(&table.players[player], &table.path).await,
                legal_set(&twin)
            );
        }
        for other in (0..4).filter(|&p| p != player) {
            let page = table.players[other].get(&table.path).await;
            assert!(page.move_forms().is_empty() && choice_links(&page).is_empty());
        }
        let watched = spectator.get(&table.path).await;
        assert_eq!(watched.status, 200);
        assert!(watched.move_forms().is_empty() && choice_links(&watched).is_empty());
        play_one(&table.players[player], &table.path, &mut rng).await;
    }
    assert_eq!(
        table.twin(0).await["seq"],
        3 + 6 + 1,
        "created, 3 joins, 6 moves"
    );
}

/// Posts a move form with the session's CSRF token.
async fn post_move(browser: &Browser, path: &str, seq: &str, command: &str) -> Page {
    let csrf = browser.get("/sign-in").await.csrf();
    browser
        .post_form(
            &format!("{path}/play"),
            &[("csrf", &csrf), ("seq", seq), ("command", command)],
        )
        .await
}

#[actix_web::test]
async fn malformed_and_illegal_moves_are_refused_and_change_nothing() {
    let table = start_table("azul", &["Ann", "Bo"], &[]).await;
    let (player, twin) = mover(&table).await.unwrap();
    let browser = &table.players[player];
    let seq = twin["seq"].to_string();
    let rows = count_rows(&table.app.db, "game_events");
    for bad in [
        "{".to_string(),
        json!({"type": "take"}).to_string(),
        json!({"type": "fly"}).to_string(),
        json!({"type": "take", "source": {"factory": 1}, "colour": "pink"}).to_string(),
        json!({"type": "place", "star": -1, "space": 1, "colour": "red", "wild_count": 0})
            .to_string(),
        json!({"type": "keep", "tiles": "red"}).to_string(),
    ] {
        let page = post_move(browser, &table.path, &seq, &bad).await;
        assert_eq!(page.status, 400, "{bad}: {}", page.body);
    }
    // A factory holding purple (wild in round 1) and another colour, if there is one.
    let factories = twin["view"]["factories"].as_array().unwrap();
    let mixed = factories.iter().position(|f| {
        let tiles = f.as_array().unwrap();
        tiles.iter().any(|t| t == "purple") && tiles.iter().any(|t| t != "purple")
    });
    let mut illegal = vec![
        json!({"type": "take", "source": {"factory": 99}, "colour": "red"}),
        json!({"type": "take", "source": "centre", "colour": "red"}),
        json!({"type": "pass"}),
        json!({"type": "place", "star": 1, "space": 1, "colour": "purple", "wild_count": 0}),
        json!({"type": "choose_bonus", "tiles": ["red"]}),
        json!({"type": "keep", "tiles": []}),
    ];
    if let Some(i) = mixed {
        illegal.push(json!({"type": "take", "source": {"factory": i + 1}, "colour": "purple"}));
    }
    for command in illegal {
        let page = post_move(browser, &table.path, &seq, &command.to_string()).await;
        assert_eq!(page.status, 422, "{command}: {}", page.body);
        assert!(page.body.contains("class=\"error\""), "{}", page.body);
    }
    // A legal command from the player who is not to act.
    let legal = twin["legal_commands"][0]["command"].to_string();
    let refused = post_move(&table.players[1 - player], &table.path, &seq, &legal).await;
    assert_eq!(refused.status, 403);
    assert_eq!(count_rows(&table.app.db, "game_events"), rows);
    let after = table.twin(player).await;
    assert_eq!(after["seq"], twin["seq"]);
    assert_eq!(after["view"], twin["view"]);

    // Bad table options are refused with a message when the game is created.
    let form = browser.get("/games/new/azul").await;
    let csrf = form.csrf();
    let page = browser
        .post_form(
            "/games/new/azul",
            &[
                ("csrf", &csrf),
                ("invite_1", "cy@example.com"),
                ("board", "glazed"),
            ],
        )
        .await;
    assert_eq!(page.status, 400);
    assert!(page.body.contains("grey boards"), "{}", page.body);
}
