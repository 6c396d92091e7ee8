//! A computer taking a seat over in a game of three or four: from a player who runs out of time
//! at a table that says so, and from one who chooses to leave on the resign page. The seat plays
//! on, the log says who played it from which row, and the verifier checks every hand-over.

use std::time::{Duration, Instant};

use diesel::prelude::*;
use serde_json::Value;

use turnpost::audit::Export;
use turnpost::store::schema::game_events;

use crate::support::{Table, TestApp, assert_log_verifies, count_rows, rechain, seat_table};

const NAMES: [&str; 3] = ["Ann", "Bo", "Cy"];

/// Waits until the running turn's time has run out.
fn sleep_until_late(table: &Table) {
    std::thread::sleep(table.time_to_deadline() + Duration::from_millis(200));
}

/// The rows computers made in the game's log.
fn computer_rows(table: &Table) -> i64 {
    game_events::table
        .filter(game_events::actor.lt(0))
        .count()
        .get_result(&mut table.app.db.connect())
        .unwrap()
}

/// Waits until a computer has made `rows` rows.
async fn wait_for_computer_rows(table: &Table, rows: i64) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while computer_rows(table) < rows {
        assert!(Instant::now() < deadline, "the computer did not move");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until one of `people` may act; returns them.
async fn wait_for_one_of(table: &Table, people: &[usize]) -> usize {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        for &person in people {
            let twin = table.twin(person).await;
            if !twin["legal_commands"].as_array().unwrap().is_empty() {
                return person;
            }
        }
        assert!(Instant::now() < deadline, "nobody is asked to move");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The resign page of `player`, and the answer to posting it with `fields` added.
async fn leave(table: &Table, player: usize, fields: &[(&str, &str)]) -> (String, u16, String) {
    let browser = &table.players[player];
    let confirm = browser.get(&format!("{}/resign", table.path)).await;
    assert_eq!(confirm.status, 200, "{}", confirm.body);
    let (csrf, seq) = (confirm.csrf(), confirm.input_value("seq").unwrap());
    let mut posted = vec![("csrf", csrf.as_str()), ("seq", seq.as_str())];
    posted.extend_from_slice(fields);
    let page = browser
        .post_form(&format!("{}/resign", table.path), &posted)
        .await;
    (confirm.body, page.status, page.body)
}

const HAND_OVER: &str = "Leave, and let the computer play my seat";

async fn export_of(table: &Table) -> Export {
    let page = table.players[0]
        .get(&format!("{}/export", table.path))
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    serde_json::from_str(&page.body).unwrap()
}

/// The export's row in which a computer took a seat over.
fn hand_over_row(export: &Export) -> usize {
    export
        .rows
        .iter()
        .position(|row| row.events[0]["type"] == "seat_taken_over")
        .expect("a seat was taken over")
}

/// Alters the export with `alter`, keeps the chain whole, and checks that the verifier names
/// the hand-over's row with a problem saying `says`.
fn assert_altered_hand_over_caught(export: &Export, alter: impl Fn(&mut Export), says: &str) {
    let mut altered = export.clone();
    alter(&mut altered);
    rechain(&mut altered);
    let found = turnpost::audit::verify(&altered).expect_err("the altered log is refused");
    let row = &export.rows[hand_over_row(export)];
    assert_eq!(found.seq, row.seq, "{found}");
    assert!(found.problem.to_string().contains(says), "{found}");
}

#[actix_web::test]
async fn a_seat_out_of_time_is_taken_over_by_the_computer_and_plays_on_to_the_end() {
    let app = TestApp::start_with(|s| s.clock.day_seconds = 3).await;
    let table = seat_table(
        app,
        "azul",
        &NAMES,
        &[("days", "1"), ("on_timeout", "computer")],
    )
    .await;
    let acting = table.to_act().await;
    assert_eq!(acting.len(), 1, "{acting:?}");
    let late = acting[0];
    let others: Vec<usize> = (0..3).filter(|&p| p != late).collect();

    sleep_until_late(&table);
    let round = table.app.schedule();
    assert_eq!((round.taken_over, round.withdrawn), (1, 0), "{round:?}");
    assert_eq!(table.app.schedule().taken_over, 0, "once only");
    wait_for_computer_rows(&table, 1).await;

    // The one who ran out of time follows the game but plays no more.
    let twin = table.twin(late).await;
    assert_eq!(twin["phase"], "active", "{twin}");
    assert!(twin["your_seat"].is_null(), "{twin}");
    assert!(twin["legal_commands"].as_array().unwrap().is_empty());
    let stood_in = (twin["players"].as_array().unwrap().iter())
        .find(|p| p["playing_for"].is_string())
        .expect("a seat shows who it is played for")
        .clone();
    assert_eq!(stood_in["name"], "Medium computer", "{twin}");
    assert!(
        (stood_in["playing_for"].as_str().unwrap())
            .starts_with(&format!("playing for {} from row ", NAMES[late])),
        "{stood_in}"
    );
    let board = table.players[others[0]].get(&table.path).await;
    assert!(
        board.body.contains("Medium computer</strong> (playing for"),
        "{}",
        board.body
    );
    let history = table.players[others[0]]
        .get(&format!("{}/history", table.path))
        .await;
    assert!(
        history
            .body
            .contains(&format!("{} ran out of time (at ", NAMES[late]))
            && history
                .body
                .contains("Medium computer plays their seat from here on."),
        "{}",
        history.body
    );

    // The running game's log already proves the hand-over; altered, it does not.
    let export = export_of(&table).await;
    let report = turnpost::audit::verify(&export).unwrap_or_else(|found| panic!("{found}"));
    assert!(
        (report.lines.iter()).any(|line| line.to_string().contains(&format!(
            "was played by Medium computer from row {} on, for {}",
            export.rows[hand_over_row(&export)].seq,
            NAMES[late]
        ))),
        "{report:?}"
    );
    assert_altered_hand_over_caught(
        &export,
        |e| e.rows[0].events[0]["time_control"]["on_timeout"] = "withdraw".into(),
        "a timeout called in a way this table's time control does not allow",
    );
    let ann = crate::computers::player_id(&table.app, "ann@example.com");
    assert_altered_hand_over_caught(
        &export,
        |e| {
            let row = hand_over_row(e);
            e.rows[row].events[0]["computer"]["id"] = ann.into();
        },
        "not a computer",
    );

    // The two people resign one after the other: the computer's seat is the last in play.
    let (page, status, _) = leave(&table, others[0], &[]).await;
    assert!(page.contains(HAND_OVER), "another person plays on: {page}");
    assert_eq!(status, 200);
    let (page, status, _) = leave(&table, others[1], &[]).await;
    assert!(!page.contains(HAND_OVER), "nobody else plays on: {page}");
    assert_eq!(status, 200);
    assert_eq!(table.twin(late).await["phase"], "finished");
    let mail = table.app.mail(&table.emails[late], "Game over");
    assert!(mail.text.contains("Medium computer won"), "{}", mail.text);

    // The game was rated before its last email: the computer not at all, the people by when they
    // left, the last to leave first and the one whose seat was taken over last.
    let twin = table.twin(late).await;
    let mut rated: Vec<(i64, &str)> = (twin["ratings"].as_array().expect("rated").iter())
        .map(|c| (c["place"].as_i64().unwrap(), c["player"].as_str().unwrap()))
        .collect();
    rated.sort();
    assert_eq!(
        rated,
        vec![
            (1, NAMES[others[1]]),
            (2, NAMES[others[0]]),
            (3, NAMES[late])
        ],
        "{twin}"
    );
    assert_log_verifies(&table).await;
}

#[actix_web::test]
async fn a_player_who_leaves_a_game_of_three_hands_the_seat_to_the_computer() {
    let table = seat_table(TestApp::start().await, "kabaleo", &NAMES, &[]).await;
    let (page, status, body) = leave(&table, 0, &[("leave_to", "computer")]).await;
    assert!(page.contains(HAND_OVER), "{page}");
    assert!(page.contains("Medium"), "{page}");
    assert_eq!(status, 200, "{body}");

    let ann = table.twin(0).await;
    assert!(ann["your_seat"].is_null(), "{ann}");
    assert_eq!(ann["can_resign"], false);
    assert_eq!(ann["phase"], "active");
    // The computer may be moving in Ann's seat; count the rows once a person is to move.
    wait_for_one_of(&table, &[1, 2]).await;
    let rows = count_rows(&table.app.db, "game_events");
    let forged = table.play(0, &serde_json::json!({"type": "pass"})).await;
    assert_eq!(forged.status, 403, "{}", forged.body);
    let again = table.players[0]
        .get(&format!("{}/resign", table.path))
        .await;
    assert_eq!(again.status, 403, "no seat left to resign or hand over");
    assert_eq!(count_rows(&table.app.db, "game_events"), rows);

    // Play goes round the table, the computer's seat included.
    for _ in 0..4 {
        let person = wait_for_one_of(&table, &[1, 2]).await;
        let twin = table.twin(person).await;
        let page = table
            .play(person, &twin["legal_commands"][0]["command"])
            .await;
        assert_eq!(page.status, 200, "{}", page.body);
    }
    assert!(computer_rows(&table) >= 1, "the computer plays Ann's seat");
    let (_, history) = crate::support::whole_history(&table.players[1], &table.path).await;
    assert!(
        history.contains("Ann left the game; Medium computer plays their seat from here on."),
        "{history}"
    );

    // Bo resigns; Cy, the last person, cannot hand over to leave the computers among themselves.
    let (_, status, _) = leave(&table, 1, &[]).await;
    assert_eq!(status, 200);
    // Until it is Cy's turn the computer may still move; count the rows once it waits for her.
    wait_for_one_of(&table, &[2]).await;
    let rows = count_rows(&table.app.db, "game_events");
    let (page, status, body) = leave(&table, 2, &[("leave_to", "computer")]).await;
    assert!(!page.contains(HAND_OVER), "{page}");
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("another person still plays"), "{body}");
    assert_eq!(count_rows(&table.app.db, "game_events"), rows);
    let (_, status, _) = leave(&table, 2, &[]).await;
    assert_eq!(status, 200);
    let mail = table.app.mail("ann@example.com", "Game over");
    assert!(mail.text.contains("Medium computer"), "{}", mail.text);
    assert_log_verifies(&table).await;

    let export = export_of(&table).await;
    assert_altered_hand_over_caught(
        &export,
        |e| {
            let row = hand_over_row(e);
            let seat = e.rows[row].events[0]["seat"].as_u64().unwrap();
            e.rows[row].events[0]["seat"] = ((seat + 1) % 3).into();
        },
        "from someone who does not sit in it",
    );
}

#[actix_web::test]
async fn in_a_game_of_two_a_player_out_of_time_is_withdrawn_even_where_computers_take_over() {
    let app = TestApp::start_with(|s| s.clock.day_seconds = 3).await;
    let table = seat_table(
        app,
        "kalah",
        &NAMES[..2],
        &[("days", "1"), ("on_timeout", "computer")],
    )
    .await;
    let (page, status, body) = leave(&table, 0, &[("leave_to", "computer")]).await;
    assert!(!page.contains(HAND_OVER), "{page}");
    assert_eq!(status, 422, "{body}");
    sleep_until_late(&table);
    let round = table.app.schedule();
    assert_eq!((round.taken_over, round.withdrawn), (0, 1), "{round:?}");
    let twin: Value = table.twin(0).await;
    assert_eq!(twin["phase"], "finished", "{twin}");
    assert_eq!(computer_rows(&table), 0);
    assert_log_verifies(&table).await;
}

/// The log's entries of one type, in order.
fn entries_of(export: &Export, kind: &str) -> Vec<Value> {
    (export.rows.iter())
        .flat_map(|row| row.events.as_array().unwrap().iter())
        .filter(|entry| entry["type"] == kind)
        .cloned()
        .collect()
}

#[actix_web::test]
async fn people_out_of_time_at_once_are_withdrawn_and_no_computer_plays_on_among_computers() {
    let app = TestApp::start_with(|s| s.clock.day_seconds = 3).await;
    let table = seat_table(
        app,
        "gype",
        &NAMES,
        &[("days", "1"), ("on_timeout", "computer")],
    )
    .await;
    // Everyone arranges at once; nobody does.
    assert_eq!(table.to_act().await, vec![0, 1, 2]);
    sleep_until_late(&table);
    let round = table.app.schedule();
    assert_eq!((round.taken_over, round.withdrawn), (0, 2), "{round:?}");

    let twin = table.twin(0).await;
    assert_eq!(twin["phase"], "finished", "{twin}");
    assert_eq!(computer_rows(&table), 0, "no computer ever sat down");
    let export = export_of(&table).await;
    assert!(entries_of(&export, "seat_taken_over").is_empty());
    let out: Vec<i64> = (entries_of(&export, "timed_out").iter())
        .map(|e| e["seat"].as_i64().unwrap())
        .collect();
    assert_eq!(out.len(), 2, "{out:?}");
    assert_log_verifies(&table).await;

    // Had a computer taken over a late seat, the verifier would say the table did not allow it.
    let mut altered = export.clone();
    let first = (altered.rows.iter())
        .position(|row| row.events[0]["type"] == "timed_out")
        .unwrap();
    let seat = altered.rows[first].events[0]["seat"].clone();
    let left = altered.rows[first].events[0]["player"].clone();
    altered.rows[first].events = serde_json::json!([{
        "type": "seat_taken_over",
        "seat": seat,
        "left": left,
        "computer": {"id": -2001, "name": "Medium computer"},
        "due_at": altered.rows[first].events[0]["due_at"],
    }]);
    altered.rows.truncate(first + 1);
    rechain(&mut altered);
    let found = turnpost::audit::verify(&altered).expect_err("the hand-over is refused");
    assert_eq!(found.seq, altered.rows[first].seq, "{found}");
    assert!(
        found.problem.to_string().contains("another person"),
        "{found}"
    );
}

#[actix_web::test]
async fn a_person_who_resigns_at_a_table_of_computers_ends_the_game_there() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = crate::computers::play_the_computer(&ann, "azul", &["easy", "medium", "hard"]).await;
    let twin = crate::computers::wait_for_turn(&ann, &path).await;
    assert_eq!(twin["phase"], "active", "{twin}");

    let confirm = ann.get(&format!("{path}/resign")).await;
    assert_eq!(confirm.status, 200, "{}", confirm.body);
    let (csrf, seq) = (confirm.csrf(), confirm.input_value("seq").unwrap());
    let page = ann
        .post_form(
            &format!("{path}/resign"),
            &[("csrf", csrf.as_str()), ("seq", seq.as_str())],
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.body);

    let twin = ann.get_json(&path).await.json();
    assert_eq!(twin["phase"], "finished", "{twin}");
    let status = twin["result"].as_str().unwrap();
    assert!(status.ends_with(" won: Ann resigned"), "{status}");
    for computer in ["Easy computer", "Medium computer", "Hard computer"] {
        assert!(status.contains(computer), "{status}");
    }
    // The resignation is the game's last row but for its end: nobody plays on.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let page = ann.get(&format!("{path}/export")).await;
    let export: Export = serde_json::from_str(&page.body).unwrap();
    let last = export.rows.last().unwrap();
    assert_eq!(last.events[0]["type"], "resigned", "{:?}", last.events);
    let entries = last.events.as_array().unwrap();
    assert_eq!(entries.last().unwrap()["type"], "game_ended");
    assert!(turnpost::audit::verify(&export).is_ok());
}
