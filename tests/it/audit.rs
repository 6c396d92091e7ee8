//! Exports and the offline verifier: an honest log verifies, any change to it is found and
//! named, and random outcomes are checked against the revealed seed.

use std::process::Command;

use serde_json::Value;

use turnpost::audit::{self, Export};

use crate::kalah_game::{play_to_end, started_game};
use crate::support::{Table, rechain};

async fn download(table: &Table, player: usize) -> (String, Export) {
    let page = table.players[player]
        .get(&format!("{}/export", table.path))
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    let export = serde_json::from_str(&page.body).expect("the export parses");
    (page.body, export)
}

fn verify_file(text: &str) -> (bool, String) {
    verify_file_in(text, "C")
}

/// Runs `turnpost verify` on `text` with `LANG` set to `locale`.
fn verify_file_in(text: &str, locale: &str) -> (bool, String) {
    let path = std::env::temp_dir().join(format!(
        "turnpost-export-{}.json",
        turnpost::auth::tokens::random_id(8)
    ));
    std::fs::write(&path, text).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .arg("verify")
        .arg(&path)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", locale)
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// Every variant of `value` with one leaf (string or number) changed.
fn one_leaf_changed(value: &Value) -> Vec<Value> {
    match value {
        Value::String(text) => {
            let mut bytes = text.clone().into_bytes();
            match bytes.last_mut() {
                Some(last) => *last = if *last == b'0' { b'1' } else { b'0' },
                None => bytes.push(b'x'),
            }
            vec![Value::String(String::from_utf8_lossy(&bytes).into_owned())]
        }
        Value::Number(n) => vec![Value::from(n.as_i64().unwrap_or(0) + 1)],
        Value::Bool(b) => vec![Value::Bool(!b)],
        Value::Null => vec![Value::from(1)],
        Value::Array(items) => (0..items.len())
            .flat_map(|i| {
                one_leaf_changed(&items[i])
                    .into_iter()
                    .map(move |changed| (i, changed))
            })
            .map(|(i, changed)| {
                let mut copy = items.clone();
                copy[i] = changed;
                Value::Array(copy)
            })
            .collect(),
        Value::Object(map) => map
            .keys()
            .flat_map(|key| {
                one_leaf_changed(&map[key])
                    .into_iter()
                    .map(move |changed| (key, changed))
            })
            .map(|(key, changed)| {
                let mut copy = map.clone();
                copy.insert(key.clone(), changed);
                Value::Object(copy)
            })
            .collect(),
    }
}

#[actix_web::test]
async fn a_finished_game_verifies_offline_and_from_the_database() {
    let table = started_game(&[("seeds_per_pit", "3")]).await;
    play_to_end(&table, 5).await;
    let (text, export) = download(&table, 0).await;
    assert!(export.complete);
    assert!(
        export.seed.is_some(),
        "the seed is revealed once the game is over"
    );
    let report = audit::verify(&export).expect("an honest log verifies");
    assert!(
        report
            .lines
            .iter()
            .any(|l| l.to_string().contains("Seed revealed and matching")),
        "{report:?}"
    );

    let (ok, output) = verify_file(&text);
    assert!(ok, "{output}");
    assert!(output.starts_with("OK"), "{output}");

    let game_id = table.path.trim_start_matches("/games/");
    let output = Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .args(["verify", "--game", game_id])
        .envs(table.app.db.env())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}

/// Whether row `i` differs only in a participant's name, which the hashes leave out so that a
/// person who closes their account can be renamed.
fn only_a_name_changed(export: &audit::Export, tampered: &audit::Export, i: usize) -> bool {
    let hashed = |export: &audit::Export| {
        let row = &export.rows[i];
        (
            turnpost::chain::RowContent {
                game_id: &export.game_id,
                seq: row.seq,
                actor: row.actor,
                command: &row.command,
                events: &row.events,
                recorded_at: &row.recorded_at,
            }
            .canonical_json(),
            (row.prev_hash.clone(), row.hash.clone(), row.redacted),
        )
    };
    hashed(export) == hashed(tampered)
}

#[actix_web::test]
async fn any_change_to_any_row_is_found_and_the_row_named() {
    let table = started_game(&[("seeds_per_pit", "3")]).await;
    play_to_end(&table, 9).await;
    let (_, export) = download(&table, 1).await;
    let mut checked = 0;
    for (i, row) in export.rows.iter().enumerate() {
        let row_value = serde_json::to_value(row).unwrap();
        for changed in one_leaf_changed(&row_value) {
            let Ok(changed_row) = serde_json::from_value(changed) else {
                continue;
            };
            let mut tampered = export.clone();
            tampered.rows[i] = changed_row;
            if tampered == export || only_a_name_changed(&export, &tampered, i) {
                continue;
            }
            let found = audit::verify(&tampered).expect_err("a changed row is noticed");
            assert_eq!(found.seq, row.seq, "{found}");
            checked += 1;
        }
    }
    assert!(checked > export.rows.len() * 5, "{checked} changes tried");

    // Through the command line too: the report names the row.
    let mut tampered = export.clone();
    tampered.rows[2].recorded_at = tampered.rows[2].recorded_at.replace('T', " ");
    let (ok, output) = verify_file(&serde_json::to_string(&tampered).unwrap());
    assert!(!ok);
    assert!(output.contains("FAILED at row 3"), "{output}");
    // In the language the shell asks for.
    let (ok, output) = verify_file_in(&serde_json::to_string(&tampered).unwrap(), "ja_JP.UTF-8");
    assert!(!ok);
    assert!(output.contains("不一致：行 3："), "{output}");
}

#[actix_web::test]
async fn a_random_outcome_altered_with_a_consistent_chain_is_caught_by_the_seed() {
    let table = started_game(&[]).await;
    play_to_end(&table, 2).await;
    let (_, export) = download(&table, 0).await;
    let start = export
        .rows
        .iter()
        .position(|row| row.events.to_string().contains("first_player_drawn"))
        .unwrap();

    // Whoever moves first is drawn from the seed; claim the other player was drawn.
    let mut tampered = export.clone();
    let events = tampered.rows[start].events.as_array_mut().unwrap();
    for entry in events.iter_mut() {
        if entry["type"] == "game" && entry["event"]["type"] == "first_player_drawn" {
            let seat = entry["event"]["seat"].as_i64().unwrap();
            entry["event"]["seat"] = Value::from(1 - seat);
        }
    }
    rechain(&mut tampered);
    let found = audit::verify(&tampered).expect_err("the outcome does not follow from the seed");
    assert_eq!(found.seq, tampered.rows[start].seq);
    assert!(
        found
            .problem
            .to_string()
            .contains("differs from what the rules and the seed give"),
        "{found}"
    );

    // The seating is drawn too.
    let mut tampered = export.clone();
    let events = tampered.rows[start].events.as_array_mut().unwrap();
    for entry in events.iter_mut() {
        if entry["type"] == "game_started" {
            entry["seating"].as_array_mut().unwrap().reverse();
        }
    }
    rechain(&mut tampered);
    assert_eq!(
        audit::verify(&tampered).unwrap_err().seq,
        tampered.rows[start].seq
    );
}

#[actix_web::test]
async fn a_wrong_revealed_seed_is_reported() {
    let table = started_game(&[("seeds_per_pit", "3")]).await;
    play_to_end(&table, 4).await;
    let (_, export) = download(&table, 0).await;
    let mut tampered = export.clone();
    tampered.seed = Some("00".repeat(32));
    let found = audit::verify(&tampered).unwrap_err();
    assert!(
        found.problem.to_string().contains("not to the commitment"),
        "{found}"
    );

    // A seed that is not even hex is reported as such.
    tampered.seed = Some("not a seed".into());
    assert!(
        audit::verify(&tampered)
            .unwrap_err()
            .problem
            .to_string()
            .contains("hex")
    );
}

#[actix_web::test]
async fn a_running_game_verifies_without_its_seed() {
    let table = started_game(&[]).await;
    let (browser, page) = table.mover().await.unwrap();
    browser.submit(&page.move_forms()[0]).await;
    let (text, export) = download(&table, 0).await;
    assert!(export.seed.is_none());
    assert!(
        !text.contains("\"seed\": \""),
        "no seed while the game runs"
    );
    let report = audit::verify(&export).unwrap();
    assert!(
        report
            .lines
            .iter()
            .any(|l| l.to_string().contains("not revealed yet")),
        "{report:?}"
    );
    // Spectators may download public games.
    let spectator = table.app.browser();
    assert_eq!(
        spectator
            .get(&format!("{}/export", table.path))
            .await
            .status,
        200
    );
}
