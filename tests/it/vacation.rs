//! Vacations stop a player's clocks (in the log, so the verifier agrees), within a yearly
//! allowance; the board's log tells what happened since your previous move, in your time zone.

use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::BigInt;
use scraper::Selector;

use crate::support::{Browser, Page, Table, TestApp, assert_log_verifies, rechain, seat_table};

#[derive(QueryableByName)]
struct Counted {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn rows_of_type(table: &Table, kind: &str) -> i64 {
    diesel::sql_query(format!(
        "SELECT count(*) AS n FROM game_events WHERE command->>'type' = '{kind}'"
    ))
    .get_result::<Counted>(&mut table.app.db.connect())
    .unwrap()
    .n
}

async fn post_settings(browser: &Browser, path: &str, fields: &[(&str, &str)]) -> Page {
    let csrf = browser.get("/settings").await.csrf();
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    browser.post_form(path, &all).await
}

async fn mover(table: &Table) -> usize {
    let acting = table.to_act().await;
    assert_eq!(acting.len(), 1, "{acting:?}");
    acting[0]
}

#[actix_web::test]
async fn a_vacation_stops_the_clock_until_the_player_is_back_and_the_log_proves_it() {
    // A day lasts three seconds; one day per move.
    let app = TestApp::start_with(|s| s.clock.day_seconds = 3).await;
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[("days", "1")]).await;
    let away = mover(&table).await;
    let names = ["Ann", "Bo"];
    let settings = table.players[away].get("/settings").await;
    assert!(
        settings
            .body
            .contains("You have 14 of 14 vacation days left"),
        "{}",
        settings.body
    );

    let started = post_settings(&table.players[away], "/settings/vacation", &[("days", "2")]).await;
    assert_eq!(started.status, 200, "{}", started.body);
    assert!(
        started.body.contains("You are on vacation until"),
        "{}",
        started.body
    );
    assert!(
        table.time_to_deadline() > Duration::from_secs(6),
        "two days more"
    );
    let board = table.players[1 - away].get(&table.path).await;
    assert!(
        board.body.contains(&format!("{}</strong>", names[away]))
            && board.body.contains("(on vacation until"),
        "{}",
        board.body
    );

    // Past the deadline the player had before leaving: nothing happens while they are away.
    std::thread::sleep(Duration::from_secs(4));
    assert_eq!(table.app.schedule().withdrawn, 0);
    let back = post_settings(&table.players[away], "/settings/vacation/end", &[]).await;
    assert_eq!(back.status, 200, "{}", back.body);
    assert!(
        back.body.contains("You have 12 of 14 vacation days left"),
        "about four seconds away count as two three-second days: {}",
        back.body
    );
    assert!(
        !back.body.contains("You are on vacation until"),
        "{}",
        back.body
    );
    assert!(
        table.time_to_deadline() <= Duration::from_secs(3),
        "the clock runs again from what was left"
    );

    std::thread::sleep(table.time_to_deadline() + Duration::from_millis(200));
    assert_eq!(table.app.schedule().withdrawn, 1);
    assert_eq!(rows_of_type(&table, "away"), 1);
    assert_eq!(rows_of_type(&table, "back"), 1);
    let history = table.players[0]
        .get(&format!("{}/history", table.path))
        .await;
    for line in [
        format!("{} is on vacation until", names[away]),
        format!("{} is back from vacation early", names[away]),
        format!("{} ran out of time", names[away]),
    ] {
        assert!(history.body.contains(&line), "{line}: {}", history.body);
    }
    assert_log_verifies(&table).await;

    // A timeout moved back to when the clock would have run out without the vacation is caught.
    let page = table.players[0]
        .get(&format!("{}/export", table.path))
        .await;
    let mut export: turnpost::audit::Export = serde_json::from_str(&page.body).unwrap();
    let away_row = export
        .rows
        .iter()
        .position(|r| r.command["type"] == "away")
        .unwrap();
    let timeout_row = export
        .rows
        .iter()
        .position(|r| r.command["type"] == "time_out")
        .unwrap();
    let left = chrono::DateTime::parse_from_rfc3339(&export.rows[away_row].recorded_at).unwrap();
    export.rows[timeout_row].recorded_at = (left + chrono::Duration::seconds(3))
        .with_timezone(&chrono::Utc)
        .to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
    rechain(&mut export);
    let found = turnpost::audit::verify(&export).expect_err("the vacation is in the log");
    assert_eq!(found.seq, export.rows[timeout_row].seq, "{found}");
    assert!(
        found.problem.to_string().contains("ran out only at"),
        "{found}"
    );
}

#[actix_web::test]
async fn vacations_are_refused_in_words_beyond_the_allowance_or_twice() {
    let app = TestApp::start_with(|s| s.clock.vacation_days = 3).await;
    let table = seat_table(app, "quarto", &["Ann", "Bo"], &[("days", "2")]).await;
    let ann = &table.players[0];
    let too_long = post_settings(ann, "/settings/vacation", &[("days", "4")]).await;
    assert_eq!(too_long.status, 409, "{}", too_long.body);
    assert!(
        too_long.body.contains("between 1 and 3 days"),
        "{}",
        too_long.body
    );
    let nonsense = post_settings(ann, "/settings/vacation", &[("days", "soon")]).await;
    assert_eq!(nonsense.status, 400, "{}", nonsense.body);
    let not_away = post_settings(ann, "/settings/vacation/end", &[]).await;
    assert_eq!(not_away.status, 409, "{}", not_away.body);
    assert!(
        not_away.body.contains("You are not on vacation"),
        "{}",
        not_away.body
    );
    assert_eq!(
        rows_of_type(&table, "away") + rows_of_type(&table, "back"),
        0
    );

    let first = post_settings(ann, "/settings/vacation", &[("days", "1")]).await;
    assert_eq!(first.status, 200, "{}", first.body);
    let again = post_settings(ann, "/settings/vacation", &[("days", "1")]).await;
    assert_eq!(again.status, 409, "{}", again.body);
    assert!(again.body.contains("already on vacation"), "{}", again.body);
    assert_eq!(rows_of_type(&table, "away"), 1, "one game, one row");

    // A table Ann joins while away is covered too.
    let cid = table.app.signed_in("cid@example.com", "Cid").await;
    let path = crate::support::create_game(&cid, "kalah", &["ann@example.com"], &[]).await;
    let joined = crate::support::accept_invitation(&table.app, ann, "ann@example.com").await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    assert_eq!(rows_of_type(&table, "away"), 2);
    let board = cid.get(&path).await;
    assert!(board.body.contains("(on vacation until"), "{}", board.body);
}

#[actix_web::test]
async fn the_board_tells_what_happened_since_my_previous_move_in_my_time_zone() {
    let table = crate::support::start_table("kalah", &["Ann", "Bo"], &[]).await;
    let names = ["Ann", "Bo"];
    let refused = post_settings(
        &table.players[0],
        "/settings",
        &[("display_name", "Ann"), ("time_zone", "Mars/Olympus")],
    )
    .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    let saved = post_settings(
        &table.players[0],
        "/settings",
        &[("display_name", "Ann"), ("time_zone", "Asia/Tokyo")],
    )
    .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert!(
        saved
            .body
            .contains("<option value=\"Asia/Tokyo\" selected>"),
        "{}",
        saved.body
    );

    // Play until each has moved at least twice, remembering who made each move.
    let mut movers = Vec::new();
    while movers.iter().filter(|&&m| m == 0).count() < 2
        || movers.iter().filter(|&&m| m == 1).count() < 2
    {
        let who = mover(&table).await;
        let twin = table.twin(who).await;
        let command = twin["legal_commands"][0]["command"].clone();
        let played = table.play(who, &command).await;
        assert_eq!(played.status, 200, "{}", played.body);
        movers.push(who);
    }
    let last = *movers.last().unwrap();
    let waiting = 1 - last;
    // For the one to move: every move since their own last one, the other's, oldest first.
    let since = movers.iter().rposition(|&m| m == waiting).unwrap();
    let expected: Vec<usize> = movers[since + 1..].to_vec();
    let page = table.players[waiting].get(&table.path).await;
    let html = page.html();
    let lines: Vec<String> = html
        .select(&Selector::parse(".recent-lines li").unwrap())
        .map(|li| li.text().collect::<String>())
        .collect();
    assert!(
        page.body.contains("Since your previous move"),
        "{}",
        page.body
    );
    assert_eq!(lines.len(), expected.len(), "{lines:?} for {movers:?}");
    let zone = if waiting == 0 { "JST" } else { "UTC" };
    for (line, who) in lines.iter().zip(&expected) {
        assert!(line.starts_with(names[*who]), "{line}");
        assert!(line.contains("just now") && line.contains(zone), "{line}");
    }
    let history = table.players[0]
        .get(&format!("{}/history", table.path))
        .await;
    assert!(history.body.contains("JST"), "{}", history.body);
}
