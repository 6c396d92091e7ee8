//! Kabaleo over HTTP: three signed-in players play a whole game by following the board's colour
//! links and pressing its pile buttons; tables of 2 to 4; bad and illegal moves; and, above all,
//! the secret colours: nobody reads another player's before the end, and everybody reads all
//! after it.

use std::collections::BTreeSet;

use diesel::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use turnpost::chain::{GENESIS, Hash, RowContent};
use turnpost::store::events::{self, EventRow};
use turnpost::store::schema::game_events;

use crate::support::{Browser, Page, Table, TestApp, assert_log_verifies, count_rows, start_table};

const NAMES: [&str; 3] = ["Ann", "Bo", "Cy"];

/// The colour links of a board (the first step of a move), as paths.
fn colour_links(page: &Page) -> Vec<String> {
    let selector = scraper::Selector::parse("a.pick").unwrap();
    page.html()
        .select(&selector)
        .map(|a| a.value().attr("href").unwrap().to_string())
        .collect()
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

/// Whoever may move now (their board has colour links or buttons), with that board.
async fn mover(table: &Table) -> Option<(usize, Page)> {
    let mut found = None;
    for (i, browser) in table.players.iter().enumerate() {
        let page = browser.get(&table.path).await;
        assert_eq!(page.status, 200, "{}", page.body);
        if !page.move_forms().is_empty() || !colour_links(&page).is_empty() {
            assert!(found.is_none(), "two players may move at once");
            found = Some((i, page));
        }
    }
    found
}

/// Every command the page makes reachable: the buttons behind every colour link (or on the page
/// itself when only one colour is left).
async fn reachable(browser: &Browser, page: &Page) -> (BTreeSet<String>, Vec<(String, Page)>) {
    let mut steps = Vec::new();
    let links = colour_links(page);
    if links.is_empty() {
        return (as_set(page.move_forms().iter().map(|f| f.command())), steps);
    }
    assert!(page.move_forms().is_empty(), "no button before a colour");
    let mut all = BTreeSet::new();
    for link in links {
        let next = browser.get(&link).await;
        assert_eq!(next.status, 200);
        let forms = next.move_forms();
        assert!(!forms.is_empty(), "{link} offers no pile");
        all.extend(as_set(forms.iter().map(|f| f.command())));
        steps.push((link, next));
    }
    (all, steps)
}

/// Plays seeded random moves through the links and buttons until the game ends. Checks at every
/// turn that what the page reaches is exactly the JSON twin's legal commands, and calls `check`
/// every few turns. Returns the number of moves.
async fn play_to_end(table: &Table, seed: u64) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = 0;
    while let Some((player, page)) = mover(table).await {
        let browser = &table.players[player];
        let (offered, steps) = reachable(browser, &page).await;
        let twin = browser.get_json(&table.path).await.json();
        assert_eq!(
            offered,
            json_commands(&twin),
            "the links and buttons reach other moves than the JSON twin lists"
        );
        let forms = if steps.is_empty() {
            page.move_forms()
        } else {
            steps[rng.random_range(0..steps.len())].1.move_forms()
        };
        let form = &forms[rng.random_range(0..forms.len())];
        assert!(form.label.starts_with("Place "), "{form}");
        let after = browser.submit(form).await;
        assert_eq!(after.status, 200, "{form}: {}", after.body);
        moves += 1;
        assert!(moves <= 30, "a three-player game has 30 moves");
    }
    moves
}

/// Secret colours by seat as the server stored them (for the test's eyes only).
fn stored_secrets(table: &Table) -> Vec<Vec<String>> {
    let id = table.path.trim_start_matches("/games/");
    let rows = events::load(&mut table.app.db.connect(), id).unwrap();
    for row in rows {
        for entry in row.events.value().as_array().unwrap() {
            if entry["event"]["type"] == "secret_colours_dealt" {
                return entry["event"]["secrets"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| {
                        s.as_array()
                            .unwrap()
                            .iter()
                            .map(|c| c.as_str().unwrap().to_string())
                            .collect()
                    })
                    .collect();
            }
        }
    }
    panic!("no secret colours were dealt");
}

/// The seat of each browser (index into `table.players`).
async fn seats(table: &Table) -> Vec<usize> {
    let mut seats = Vec::new();
    for player in 0..table.players.len() {
        seats.push(table.twin(player).await["your_seat"].as_u64().unwrap() as usize);
    }
    seats
}

#[actix_web::test]
async fn three_players_play_a_whole_game_through_links_and_buttons_and_then_see_every_secret() {
    let table = start_table("kabaleo", &NAMES, &[]).await;
    let secrets = stored_secrets(&table);
    let moves = play_to_end(&table, 5).await;
    assert_eq!(moves, 30, "every piece is placed");

    let twin = table.twin(0).await;
    assert_eq!(twin["phase"], "finished");
    assert_eq!(twin["view"]["pieces_placed"], 30);
    let winners = twin["status"]["outcome"]["winners"]
        .as_array()
        .unwrap()
        .clone();
    assert!(!winners.is_empty());

    // Everyone — players, a spectator, a visitor — now sees every secret and the scores.
    let app = &table.app;
    let eve = app.signed_in("eve@example.com", "Eve").await;
    let anonymous = app.browser();
    let viewers: Vec<&Browser> = table.players.iter().chain([&eve, &anonymous]).collect();
    for browser in viewers {
        let json = browser.get_json(&table.path).await.json();
        for (seat, colours) in secrets.iter().enumerate() {
            assert_eq!(
                json["view"]["seats"][seat]["secret_colours"],
                json!(colours)
            );
        }
        let page = browser.get(&table.path).await;
        assert!(page.body.contains("Game over"), "{}", page.body);
        assert!(page.body.contains("Secret colours, revealed"));
        assert!(page.body.contains("The game is over: "));
        assert_eq!(page.body.matches("<td>won</td>").count(), winners.len());
        assert!(page.move_forms().is_empty() && colour_links(&page).is_empty());
    }

    // The history lists every row, the rating row the game ends with included; anyone can
    // recompute the whole hash chain from its JSON.
    table.app.rate_finished_games();
    let twin = table.twin(0).await;
    let history = anonymous
        .get_json(&format!("{}/history", table.path))
        .await
        .json();
    let rows = history["rows"].as_array().unwrap();
    let seq = twin["seq"].as_i64().unwrap();
    assert_eq!(rows.len() as i64, seq);
    let mut prev = GENESIS;
    for row in rows {
        assert_eq!(row["prev_hash"], hex::encode(prev));
        prev = row_hash(history["id"].as_str().unwrap(), row, &row["events"], &prev);
        assert_eq!(row["hash"], hex::encode(prev), "row {}", row["seq"]);
    }
    let html = anonymous.get(&format!("{}/history", table.path)).await;
    for n in 1..=seq {
        assert!(html.body.contains(&format!("id=\"event-{n}\"")));
    }
    assert!(
        html.body
            .contains("Each player was dealt secret colours (Ann ")
            || html
                .body
                .contains("Each player was dealt secret colours (Bo ")
            || html
                .body
                .contains("Each player was dealt secret colours (Cy ")
    );
    // The board after any row, e.g. just after the deal and after the first move.
    let start = rows
        .iter()
        .find(|row| row["events"].to_string().contains("\"game_started\""))
        .unwrap()["seq"]
        .as_i64()
        .unwrap();
    // The rated game's log ends with its rating row, after the move that ended it.
    assert_eq!(rows.last().unwrap()["command"]["type"], "rate");
    let last_move = seq - 1;
    assert_eq!(
        last_move - start,
        30,
        "one row per move, the last one ending the game"
    );
    for n in [start, start + 1, last_move - 1] {
        let at = anonymous
            .get_json(&format!("{}?at={n}", table.path))
            .await
            .json();
        assert_eq!(at["at"], n);
        assert_eq!(at["view"]["pieces_placed"], n - start);
        let page = anonymous.get(&format!("{}?at={n}", table.path)).await;
        assert!(
            page.body
                .contains(&format!("as it was after event {n} of {seq}"))
        );
    }
    assert_log_verifies(&table).await;
}

/// The hash of row `row` of game `game_id`'s history JSON, had its events been `events`.
fn row_hash(game_id: &str, row: &Value, events: &Value, prev: &Hash) -> Hash {
    RowContent {
        game_id,
        seq: row["seq"].as_i64().unwrap(),
        actor: row["actor"].as_i64(),
        command: &row["command"],
        events,
        recorded_at: row["recorded_at"].as_str().unwrap(),
    }
    .hash(prev)
}

/// The colours on the board's bases.
fn colours_in_play(twin: &Value) -> Vec<String> {
    twin["view"]["colours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["colour"].as_str().unwrap().to_string())
        .collect()
}

/// Plays `n` moves through the JSON twin (the first legal command each time).
async fn play_moves(table: &Table, n: usize) {
    for _ in 0..n {
        let player = table.to_act().await[0];
        let twin = table.twin(player).await;
        let command = twin["legal_commands"][0]["command"].clone();
        assert_eq!(table.play(player, &command).await.status, 200);
    }
}

/// Copies game `from` to a new game `to` — its read models and its log — with `seat`'s secret
/// colours replaced by `colours`, the log's hash chain recomputed. Everything else, times
/// included, is the same.
fn clone_with_secret(table: &Table, from: &str, to: &str, seat: usize, colours: &[&str]) {
    let conn = &mut table.app.db.connect();
    for sql in [
        format!(
            "INSERT INTO games SELECT '{to}', kind, options, players, private, created_by, phase, \
             last_seq, result, created_at, updated_at FROM games WHERE id = '{from}'"
        ),
        format!(
            "INSERT INTO game_players SELECT '{to}', player_id, seat, to_act, joined_at \
             FROM game_players WHERE game_id = '{from}'"
        ),
        format!(
            "INSERT INTO game_seeds SELECT '{to}', seed FROM game_seeds WHERE game_id = '{from}'"
        ),
    ] {
        diesel::sql_query(sql).execute(conn).unwrap();
    }
    let mut prev = GENESIS;
    let mut changed = false;
    for row in events::load(conn, from).unwrap() {
        let mut entries = row.events.value();
        for entry in entries.as_array_mut().unwrap() {
            if entry["event"]["type"] == "secret_colours_dealt" {
                entry["event"]["secrets"][seat] = json!(colours);
                changed = true;
            }
        }
        let recorded_at = row.recorded_at_text();
        let hash = RowContent {
            game_id: to,
            seq: row.seq,
            actor: row.actor,
            command: &row.command.value(),
            events: &entries,
            recorded_at: &recorded_at,
        }
        .hash(&prev);
        let copy = EventRow {
            game_id: to.to_string(),
            events: entries.into(),
            prev_hash: prev.to_vec(),
            hash: hash.to_vec(),
            ..row
        };
        diesel::insert_into(game_events::table)
            .values(&copy)
            .execute(conn)
            .unwrap();
        prev = hash;
    }
    assert!(changed);
    let copied = events::load(conn, to).unwrap();
    events::verify_chain(&copied).expect("the copy's chain holds");
}

/// `text` with every run of 12 or more hex digits (hashes, whole or shortened) replaced, so that
/// two logs that differ in one row compare equal wherever nothing else differs.
fn without_hashes(text: &str) -> String {
    let mut out = String::new();
    let mut run = String::new();
    for c in text.chars() {
        if c.is_ascii_hexdigit() && !c.is_ascii_uppercase() {
            run.push(c);
            continue;
        }
        out.push_str(if run.len() >= 12 { "#" } else { &run });
        run.clear();
        out.push(c);
    }
    out.push_str(if run.len() >= 12 { "#" } else { &run });
    out
}

/// Every page and JSON twin of a running game a viewer can ask for, raw.
async fn everything_shown(
    browser: &Browser,
    path: &str,
    colours: &[String],
    start: i64,
    seq: i64,
) -> Vec<(String, String)> {
    let mut urls = vec![
        path.to_string(),
        format!("{path}?format=json"),
        format!("{path}/history"),
        format!("{path}/history?format=json"),
        format!("{path}/export"),
    ];
    for n in [start, start + 1, seq - 1, seq] {
        urls.push(format!("{path}?at={n}"));
        urls.push(format!("{path}?at={n}&format=json"));
    }
    for colour in colours {
        urls.push(format!("{path}?colour={colour}"));
    }
    let mut shown = Vec::new();
    for url in urls {
        let page = browser.get(&url).await;
        assert_eq!(page.status, 200, "{url}: {}", page.body);
        shown.push((url.replacen(path, "", 1), page.body));
    }
    shown
}

#[actix_web::test]
async fn while_the_game_runs_nobody_reads_another_players_secret_colours() {
    let table = start_table("kabaleo", &NAMES, &[]).await;
    play_moves(&table, 4).await;
    let app = &table.app;
    let eve = app.signed_in("eve@example.com", "Eve").await;
    let anonymous = app.browser();
    let seats = seats(&table).await;
    let secrets = stored_secrets(&table);
    let twin = table.twin(0).await;
    let colours = colours_in_play(&twin);
    let seq = twin["seq"].as_i64().unwrap();
    let start = seq - 4;
    let id = table.path.trim_start_matches("/games/").to_string();

    // What each viewer is sent holds their own secret only, and only in the places meant for it.
    for (player, browser) in table.players.iter().enumerate() {
        let mine = seats[player];
        let json = browser.get_json(&table.path).await.json();
        let history = browser
            .get_json(&format!("{}/history", table.path))
            .await
            .json();
        let deal = history["rows"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row["events"].as_array().unwrap().clone())
            .find(|e| e["event"]["type"] == "secret_colours_dealt")
            .unwrap();
        for seat in 0..3 {
            let view = &json["view"]["seats"][seat];
            let shown = &deal["event"]["secrets"][seat];
            if seat == mine {
                assert_eq!(view["secret_colours"], json!(secrets[seat]));
                assert!(view["standing"].is_object());
                assert_eq!(shown, &json!(secrets[seat]));
            } else {
                assert!(view["secret_colours"].is_null() && view["standing"].is_null());
                assert!(shown.is_null(), "{deal}");
            }
        }
        let page = browser.get(&table.path).await;
        assert_eq!(page.body.matches("class=\"secret\"").count(), 1);
        assert!(
            page.body
                .contains(&format!("<strong>{}</strong>", secrets[mine][0]))
        );
    }
    for browser in [&eve, &anonymous] {
        let json = browser.get_json(&table.path).await.json();
        assert!(
            json["view"]["seats"]
                .as_array()
                .unwrap()
                .iter()
                .all(|s| s["secret_colours"].is_null())
        );
        let page = browser.get(&table.path).await;
        assert!(!page.body.contains("class=\"secret\""));
        assert!(!page.body.contains("Your secret"));
    }

    // The decisive check: a copy of this game in which one player's secret is another colour
    // looks exactly the same — every page, twin and history — to everyone else.
    for owner in 0..3 {
        let unowned: Vec<&String> = colours
            .iter()
            .filter(|c| !secrets.iter().any(|s| s.contains(c)))
            .collect();
        let copy = format!("copy{owner}{}", &id[5..]);
        clone_with_secret(&table, &id, &copy, owner, &[unowned[0].as_str()]);
        let copy_path = format!("/games/{copy}");
        let viewers: Vec<(&str, &Browser, bool)> = table
            .players
            .iter()
            .enumerate()
            .map(|(player, browser)| (NAMES[player], browser, seats[player] == owner))
            .chain([("Eve", &eve, false), ("a visitor", &anonymous, false)])
            .collect();
        for (name, browser, is_owner) in viewers {
            let original = everything_shown(browser, &table.path, &colours, start, seq).await;
            let changed = everything_shown(browser, &copy_path, &colours, start, seq).await;
            let mut differing = Vec::new();
            for ((url, a), (_, b)) in original.iter().zip(&changed) {
                let b = b.replace(&copy, &id);
                if without_hashes(a) != without_hashes(&b) {
                    differing.push(url.clone());
                }
            }
            if is_owner {
                assert!(
                    differing.contains(&String::new()),
                    "the owner's own board shows the changed secret"
                );
            } else {
                assert!(
                    differing.is_empty(),
                    "{name} is shown seat {owner}'s secret colour on {differing:?}"
                );
            }
        }
    }
}

/// `text` with sign-in tokens in links blanked.
fn without_tokens(text: &str) -> String {
    let mut parts = text.split("/sign-in/");
    let mut out = parts.next().unwrap_or_default().to_string();
    for part in parts {
        out.push_str("/sign-in/#");
        out.push_str(
            part.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
        );
    }
    out
}

#[actix_web::test]
async fn emails_show_nobody_another_players_secret_colours() {
    let table = start_table("kabaleo", &NAMES, &[]).await;
    play_moves(&table, 2).await;
    let app = &table.app;
    let seats = seats(&table).await;
    let secrets = stored_secrets(&table);
    let colours = colours_in_play(&table.twin(0).await);
    let id = table.path.trim_start_matches("/games/").to_string();
    let reader = table.to_act().await[0];
    let reader_email = table.emails[reader].clone();
    app.deliver();
    // Everything mailed so far (invitations, sign-in links, your-turn news) names no secret
    // colour except as the reader's own.
    for (player, email) in table.emails.iter().enumerate() {
        for mail in app.mails_to(email) {
            for (seat, colours) in secrets.iter().enumerate() {
                if seat != seats[player] {
                    for colour in colours {
                        let claim = format!("secret: {colour}");
                        assert!(!mail.text.to_lowercase().contains(&claim), "{}", mail.text);
                    }
                }
            }
        }
    }
    // The decisive check: the same news about a copy of the game in which another player's
    // secret differs reads exactly the same.
    let owner = (0..3).find(|&seat| seat != seats[reader]).unwrap();
    let unowned: Vec<&String> = colours
        .iter()
        .filter(|c| !secrets.iter().any(|s| s.contains(c)))
        .collect();
    let copy = format!("mail{}", &id[4..]);
    clone_with_secret(&table, &id, &copy, owner, &[unowned[0].as_str()]);
    let reader_id: i64 = diesel::sql_query(format!(
        "SELECT id AS n FROM players WHERE email = '{reader_email}'"
    ))
    .get_result::<PlayerId>(&mut app.db.connect())
    .unwrap()
    .n;
    for game in [&id, &copy] {
        diesel::sql_query(format!(
            "INSERT INTO notifications (player_id, kind, game_id, seq) \
             SELECT {reader_id}, 'your_turn', id, last_seq + 1000 FROM games WHERE id = '{game}'"
        ))
        .execute(&mut app.db.connect())
        .unwrap();
    }
    let before = app.mails_to(&reader_email).len();
    app.deliver();
    let mails = app.mails_to(&reader_email);
    assert_eq!(mails.len(), before + 1, "both games' news in one email");
    let mail = mails.last().unwrap();
    for body in [&mail.text, &mail.html] {
        let normalized = without_tokens(&without_hashes(&body.replace(&copy, &id)));
        let sections: Vec<&str> = normalized.split("Your turn in Kabaleo").skip(1).collect();
        assert_eq!(sections.len(), 2, "{body}");
        let (first, second) = (sections[0], sections[1]);
        // Each game's part ends with its log-head line.
        let cut = |s: &str| {
            let head = s.find("Log head").expect("a log head in every part");
            let end = s[head..].find('\n').map_or(s.len(), |n| head + n);
            s[..end].to_string()
        };
        assert_eq!(
            cut(first),
            cut(second),
            "another player's secret shows in the email"
        );
    }
}

#[derive(QueryableByName)]
struct PlayerId {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

#[actix_web::test]
async fn the_public_hashes_do_not_let_anyone_test_a_guess_of_a_hidden_secret() {
    let table = start_table("kabaleo", &NAMES, &[]).await;
    let colours = colours_in_play(&table.twin(0).await);
    let id = table.path.trim_start_matches("/games/");
    let stored = events::load(&mut table.app.db.connect(), id).unwrap();
    for browser in &table.players {
        let history = browser
            .get_json(&format!("{}/history", table.path))
            .await
            .json();
        let rows = history["rows"].as_array().unwrap();
        // The method works: the JSON of a row reproduces its hash, and with the stored events
        // so does the row that deals the secrets.
        let prev = |row: &Value| -> Hash {
            hex::decode(row["prev_hash"].as_str().unwrap())
                .unwrap()
                .try_into()
                .unwrap()
        };
        let first = &rows[0];
        assert_eq!(
            first["hash"],
            hex::encode(row_hash(id, first, &first["events"], &prev(first)))
        );
        let (index, deal_row) = rows
            .iter()
            .enumerate()
            .find(|(_, row)| row["events"].to_string().contains("secret_colours_dealt"))
            .unwrap();
        assert_eq!(
            deal_row["hash"],
            hex::encode(row_hash(
                id,
                deal_row,
                &stored[index].events.value(),
                &prev(deal_row)
            ))
        );
        // The row is sealed with a salt nobody sees before the end: every guess of the hidden
        // colours, with the seal as shown or left out, misses.
        assert!(
            deal_row["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["type"] == "sealed" && e["salt"].is_null()),
            "{deal_row}"
        );
        let entries = deal_row["events"].as_array().unwrap();
        let at = entries
            .iter()
            .position(|e| e["event"]["type"] == "secret_colours_dealt")
            .unwrap();
        let hidden: Vec<usize> = (0..3)
            .filter(|&s| entries[at]["event"]["secrets"][s].is_null())
            .collect();
        assert_eq!(hidden.len(), 2);
        let mut guesses = 0;
        for a in &colours {
            for b in &colours {
                for drop_seal in [false, true] {
                    let mut events = deal_row["events"].clone();
                    let event = &mut events[at]["event"];
                    event["secrets"][hidden[0]] = json!([a]);
                    event["secrets"][hidden[1]] = json!([b]);
                    if drop_seal {
                        events
                            .as_array_mut()
                            .unwrap()
                            .retain(|e| e["type"] != "sealed");
                    }
                    assert_ne!(
                        deal_row["hash"],
                        hex::encode(row_hash(id, deal_row, &events, &prev(deal_row))),
                        "the hash confirms a guess of the hidden colours"
                    );
                    guesses += 1;
                }
            }
        }
        assert_eq!(guesses, 50);
    }
}

#[actix_web::test]
async fn tables_seat_two_to_four_and_a_game_of_four_starts_when_all_four_have_joined() {
    let app = TestApp::start().await;
    let names = ["Ann", "Bo", "Cy", "Di"];
    let emails: Vec<String> = names
        .iter()
        .map(|n| format!("{}@example.com", n.to_lowercase()))
        .collect();
    let mut players = Vec::new();
    for (name, email) in names.iter().zip(&emails) {
        players.push(app.signed_in(email, name).await);
    }
    let form = players[0].get("/games/new/kabaleo").await;
    assert!(
        form.body.contains("Kabaleo is for 2 to 4 players"),
        "{}",
        form.body
    );
    assert!(
        form.body.contains(
            "The game is for 2 to 4 players: you, everyone you invite, and any open seats."
        ),
        "{}",
        form.body
    );
    assert!(form.body.contains("name=\"invite_3\""));
    assert!(form.body.contains("value=\"random\" checked"));

    // Uniform dealing cannot seat four: refused with the reason, and nothing is created.
    let csrf = form.csrf();
    let invites: Vec<(String, &str)> = emails[1..]
        .iter()
        .enumerate()
        .map(|(i, e)| (format!("invite_{}", i + 1), e.as_str()))
        .collect();
    let mut fields: Vec<(&str, &str)> = vec![("csrf", &csrf), ("dealing", "uniform")];
    fields.extend(invites.iter().map(|(k, v)| (k.as_str(), *v)));
    let refused = players[0].post_form("/games/new/kabaleo", &fields).await;
    assert_eq!(refused.status, 400);
    assert!(
        refused
            .body
            .contains("Uniform dealing works with 2 or 3 players only"),
        "{}",
        refused.body
    );
    assert_eq!(count_rows(&app.db, "games"), 0);

    let invitees: Vec<&str> = emails[1..].iter().map(String::as_str).collect();
    let path = crate::support::create_game(&players[0], "kabaleo", &invitees, &[]).await;
    for joined in 1..4 {
        let twin = players[0].get_json(&path).await.json();
        assert_eq!(twin["phase"], "waiting");
        assert!(twin["view"].is_null());
        assert_eq!(twin["open_seats"], 4 - joined);
        let page = players[0].get(&path).await;
        assert!(
            page.body
                .contains(&format!("Waiting for {} more player", 4 - joined))
        );
        assert!(!page.body.contains("class=\"piles\""));
        let response =
            crate::support::accept_invitation(&app, &players[joined], &emails[joined]).await;
        assert_eq!(response.status, 200);
    }
    let mut seen_seats = BTreeSet::new();
    for browser in &players {
        let twin = browser.get_json(&path).await.json();
        assert_eq!(twin["phase"], "active");
        assert_eq!(twin["players"].as_array().unwrap().len(), 4);
        assert_eq!(twin["view"]["piles"].as_array().unwrap().len(), 24);
        assert_eq!(twin["view"]["colours"].as_array().unwrap().len(), 6);
        let me = twin["your_seat"].as_u64().unwrap() as usize;
        seen_seats.insert(me);
        for (seat, view) in twin["view"]["seats"].as_array().unwrap().iter().enumerate() {
            assert_eq!(view["pieces_left"], 9);
            assert_eq!(view["secret_colours"].is_array(), seat == me);
        }
        assert_eq!(
            twin["view"]["seats"][me]["secret_colours"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
    }
    assert_eq!(seen_seats.len(), 4);

    // Two players hold two secret colours each, among four in play.
    let table = start_table("kabaleo", &["Ann", "Bo"], &[("dealing", "uniform")]).await;
    for player in 0..2 {
        let twin = table.twin(player).await;
        let me = twin["your_seat"].as_u64().unwrap() as usize;
        assert_eq!(twin["view"]["secret_colours_each"], 2);
        assert_eq!(
            twin["view"]["seats"][me]["secret_colours"]
                .as_array()
                .unwrap()
                .len(),
            2
        );
        assert_eq!(twin["view"]["piles"].as_array().unwrap().len(), 16);
        for seat in &twin["view"]["seats"].as_array().unwrap()[..] {
            for count in seat["hand"].as_array().unwrap() {
                assert_eq!(count["count"], 3, "uniform dealing: 3 of each colour");
            }
        }
        let page = table.players[player].get(&table.path).await;
        assert!(page.body.contains("Your secret colours: "), "{}", page.body);
        assert!(page.body.contains("either of your colours"));
    }
}

#[actix_web::test]
async fn malformed_moves_are_bad_requests_and_illegal_ones_are_refused_changing_nothing() {
    let table = start_table("kabaleo", &NAMES, &[]).await;
    play_moves(&table, 1).await;
    let player = table.to_act().await[0];
    let browser = &table.players[player];
    let twin = table.twin(player).await;
    let seq = twin["seq"].to_string();
    let view = &twin["view"];
    let me = twin["your_seat"].as_u64().unwrap() as usize;
    let snapshot = || count_rows(&table.app.db, "game_events");
    let before = snapshot();
    for command in [
        "not json",
        "null",
        r#"{"type":"take","pile":1}"#,
        r#"{"type":"place","pile":"one","colour":"blue"}"#,
        r#"{"type":"place","pile":-1,"colour":"blue"}"#,
        r#"{"type":"place","pile":1,"colour":"black"}"#,
        r#"{"type":"place","pile":1}"#,
    ] {
        let response = send(&table, browser, &seq, command).await;
        assert_eq!(response.status, 400, "{command}: {}", response.body);
        assert_eq!(snapshot(), before);
    }

    // Against the rules: 422, with the reason in words and the fresh board.
    let in_play = colours_in_play(&twin);
    let held: Vec<String> = view["seats"][me]["hand"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["count"].as_u64().unwrap() > 0)
        .map(|h| h["colour"].as_str().unwrap().to_string())
        .collect();
    let colour = &held[0];
    let not_in_play = ["blue", "green", "yellow", "orange", "pink", "purple"]
        .into_iter()
        .find(|c| !in_play.iter().any(|p| p == c))
        .unwrap();
    let last = view["last_pile"].as_u64().unwrap();
    let piles = view["piles"].as_array().unwrap();
    let bare_same = piles
        .iter()
        .find(|p| {
            p["bare"] == true
                && held.iter().any(|c| p["base"] == c.as_str())
                && p["last_played"] == false
        })
        .unwrap();
    let mut cases = vec![
        (
            json!({"type": "place", "pile": 99, "colour": colour}),
            "There is no pile 100".to_string(),
        ),
        (
            json!({"type": "place", "pile": 0, "colour": not_in_play}),
            format!("The colour {not_in_play} is not in play"),
        ),
        (
            json!({"type": "place", "pile": last, "colour": colour}),
            format!("Pile {} was played on by the previous move", last + 1),
        ),
        (
            json!({"type": "place", "pile": bare_same["index"], "colour": bare_same["base"]}),
            format!(
                "Pile {} is a bare {} base",
                bare_same["number"],
                bare_same["base"].as_str().unwrap()
            ),
        ),
    ];
    if let Some(missing) = in_play.iter().find(|c| !held.contains(c)) {
        cases.push((
            json!({"type": "place", "pile": (last + 1) % 20, "colour": missing}),
            format!("You have no {missing} piece left"),
        ));
    }
    for (command, reason) in cases {
        let response = send(&table, browser, &seq, &command.to_string()).await;
        assert_eq!(response.status, 422, "{command}: {}", response.body);
        assert!(
            response.body.contains(&reason),
            "{reason} not in {}",
            response.body
        );
        assert!(
            !colour_links(&response).is_empty(),
            "the fresh board comes back"
        );
        assert_eq!(snapshot(), before);
    }
    // Someone whose turn it is not, and a spectator, may not act.
    let legal = twin["legal_commands"][0]["command"].to_string();
    let other = &table.players[(player + 1) % 3];
    assert_eq!(send(&table, other, &seq, &legal).await.status, 403);
    let eve = table.app.signed_in("eve@example.com", "Eve").await;
    assert_eq!(send(&table, &eve, &seq, &legal).await.status, 403);
    assert_eq!(snapshot(), before);
    // The legal move still goes through.
    assert_eq!(send(&table, browser, &seq, &legal).await.status, 200);
    assert_eq!(snapshot(), before + 1);
}

/// Posts `command` as `who` through the board's form endpoint.
async fn send(table: &Table, who: &Browser, seq: &str, command: &str) -> Page {
    let csrf = who.get("/sign-in").await.csrf();
    who.post_form(
        &format!("{}/play", table.path),
        &[("csrf", &csrf), ("seq", seq), ("command", command)],
    )
    .await
}
