//! Time controls: the clock on the board and in the email, reminders, withdrawing a player out
//! of time (by the server, or by the others where the table says so), the verifier's check of a
//! timeout, and a scheduler that neither loses nor repeats anything across restarts.

use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use crate::support::{Table, TestApp, assert_log_verifies, rechain, seat_table};

/// A table of Ann and Bo playing Kalah with `days` per move, where a day lasts `day_seconds`.
async fn timed_kalah(day_seconds: i64, extra: &[(&str, &str)]) -> Table {
    let app = TestApp::start_with(|s| s.clock.day_seconds = day_seconds).await;
    seat_table(app, "kalah", &["Ann", "Bo"], extra).await
}

/// Which of the two must move, by index.
async fn to_move(table: &Table) -> usize {
    let acting = table.to_act().await;
    assert_eq!(acting.len(), 1, "{acting:?}");
    acting[0]
}

/// Waits until `before` ahead of the running turn's deadline.
fn sleep_until_due_minus(table: &Table, before: Duration) {
    std::thread::sleep(table.time_to_deadline().saturating_sub(before));
}

#[derive(QueryableByName)]
struct Counted {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn count(table: &Table, sql: &str) -> i64 {
    diesel::sql_query(sql)
        .get_result::<Counted>(&mut table.app.db.connect())
        .unwrap()
        .n
}

fn notices(table: &Table, kind: &str) -> i64 {
    count(
        table,
        &format!("SELECT count(*) AS n FROM notifications WHERE kind = '{kind}'"),
    )
}

fn timeout_rows(table: &Table) -> i64 {
    count(
        table,
        "SELECT count(*) AS n FROM game_events WHERE command->>'type' = 'time_out'",
    )
}

#[actix_web::test]
async fn a_player_out_of_time_is_withdrawn_by_the_server_and_loses_and_the_log_proves_it() {
    let table = timed_kalah(3, &[("days", "1")]).await;
    let late = to_move(&table).await;
    let other = 1 - late;
    let names = ["Ann", "Bo"];

    let page = table.players[other].get(&table.path).await;
    assert!(
        page.body.contains(&format!("{} has ", names[late])) && page.body.contains(" left"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Time limit: "), "{}", page.body);
    let twin = table.twin(late).await;
    let left = twin["players"][twin["your_seat"].as_u64().unwrap() as usize]["seconds_left"]
        .as_i64()
        .unwrap();
    assert!((0..=3).contains(&left), "{twin}");
    assert_eq!(
        table.app.schedule().withdrawn,
        0,
        "nobody is late before the deadline"
    );

    sleep_until_due_minus(&table, Duration::ZERO);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(table.app.schedule().withdrawn, 1);
    assert_eq!(table.app.schedule().withdrawn, 0, "once only");
    assert_eq!(timeout_rows(&table), 1);

    let twin = table.twin(other).await;
    assert_eq!(twin["phase"], "finished", "{twin}");
    assert_eq!(
        twin["status"]["outcome"]["winners"],
        serde_json::json!([twin["your_seat"]])
    );
    let page = table.players[other].get(&table.path).await;
    assert!(
        page.body.contains("withdrawn: out of time"),
        "{}",
        page.body
    );
    let history = table.players[other]
        .get(&format!("{}/history", table.path))
        .await;
    assert!(
        history
            .body
            .contains(&format!("{} ran out of time", names[late])),
        "{}",
        history.body
    );
    // Both hear that the game is over; neither is told it is their turn.
    let mail = table.app.mail(&table.emails[late], "Game over");
    assert!(!mail.text.contains("Your turn"), "{}", mail.text);
    table.app.mail(&table.emails[other], "Game over");
    assert_log_verifies(&table).await;
}

#[actix_web::test]
async fn the_verifier_refuses_a_timeout_recorded_before_the_time_ran_out() {
    let table = timed_kalah(3, &[("days", "1")]).await;
    sleep_until_due_minus(&table, Duration::ZERO);
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(table.app.schedule().withdrawn, 1);
    let page = table.players[0]
        .get(&format!("{}/export", table.path))
        .await;
    let mut export: turnpost::audit::Export = serde_json::from_str(&page.body).unwrap();
    turnpost::audit::verify(&export).expect("the honest log verifies");
    let row = export
        .rows
        .iter()
        .position(|r| r.command["type"] == "time_out")
        .unwrap();
    // Pretend the server withdrew the player a second after the turn began.
    let started = chrono::DateTime::parse_from_rfc3339(&export.rows[row - 1].recorded_at).unwrap();
    export.rows[row].recorded_at = (started + chrono::Duration::seconds(1))
        .with_timezone(&chrono::Utc)
        .to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
    rechain(&mut export);
    let found = turnpost::audit::verify(&export).expect_err("an early timeout is caught");
    assert_eq!(found.seq, export.rows[row].seq, "{found}");
    assert!(
        found.problem.to_string().contains("ran out only at"),
        "{found}"
    );
}

#[actix_web::test]
async fn reminders_come_once_at_half_time_and_once_with_a_day_left() {
    // Five "days" of two seconds: half time after 5 s, a day left after 8 s, out at 10 s.
    let table = timed_kalah(2, &[("days", "5")]).await;
    let late = to_move(&table).await;
    table.app.deliver();
    assert_eq!(table.app.schedule().reminders, 0);
    sleep_until_due_minus(&table, Duration::from_millis(4500));
    assert_eq!(table.app.schedule().reminders, 1);
    assert_eq!(table.app.schedule().reminders, 0, "half time is told once");
    let half = table.app.mail(&table.emails[late], "Reminder");
    assert!(
        half.subject.starts_with("Reminder: your turn"),
        "{}",
        half.subject
    );
    assert!(half.text.contains("left to move."), "{}", half.text);

    sleep_until_due_minus(&table, Duration::from_millis(1500));
    assert_eq!(table.app.schedule().reminders, 1);
    assert_eq!(table.app.schedule().reminders, 0, "a day left is told once");
    assert_eq!(notices(&table, "time_half"), 1);
    assert_eq!(notices(&table, "time_short"), 1);
    table.app.deliver();
    let reminders = table
        .app
        .mails_to(&table.emails[late])
        .into_iter()
        .filter(|m| m.subject.starts_with("Reminder"))
        .count();
    assert_eq!(reminders, 2);
    assert!(
        table
            .app
            .mails_to(&table.emails[1 - late])
            .iter()
            .all(|m| !m.subject.starts_with("Reminder")),
        "only the player whose time runs is reminded"
    );
}

#[actix_web::test]
async fn where_the_table_says_so_the_others_decide_to_withdraw_a_late_player() {
    let table = timed_kalah(3, &[("days", "1"), ("on_timeout", "others")]).await;
    let late = to_move(&table).await;
    let other = 1 - late;
    let names = ["Ann", "Bo"];
    let twin = table.twin(other).await;
    let late_seat = 1 - twin["your_seat"].as_u64().unwrap();
    let seq = twin["seq"].as_i64().unwrap().to_string();
    let seat = late_seat.to_string();
    let withdraw = |browser: usize| {
        let table = &table;
        let (seq, seat) = (seq.clone(), seat.clone());
        async move {
            let page = table.players[browser].get(&table.path).await;
            let csrf = page.csrf();
            table.players[browser]
                .post_form(
                    &format!("{}/withdraw-late", table.path),
                    &[("csrf", &csrf), ("seq", &seq), ("seat", &seat)],
                )
                .await
        }
    };
    let early = withdraw(other).await;
    assert_eq!(early.status, 422, "{}", early.body);
    assert!(
        early.body.contains("whose time has run out"),
        "{}",
        early.body
    );

    sleep_until_due_minus(&table, Duration::ZERO);
    std::thread::sleep(Duration::from_millis(200));
    let round = table.app.schedule();
    assert_eq!((round.withdrawn, round.told), (0, 1));
    assert_eq!(table.app.schedule().told, 0, "told once");
    assert_eq!(timeout_rows(&table), 0, "the server withdraws nobody here");
    let told = table.app.mail(&table.emails[other], "ran out of time");
    assert!(told.text.contains("You may withdraw"), "{}", told.text);

    let page = table.players[other].get(&table.path).await;
    assert!(
        page.body
            .contains(&format!("Withdraw {}: out of time", names[late])),
        "{}",
        page.body
    );
    assert!(page.body.contains("out of time"), "{}", page.body);
    let own = withdraw(late).await;
    assert_eq!(own.status, 422, "nobody withdraws themselves: {}", own.body);

    // The other player's program withdraws the late player with a token alone.
    let program = crate::api_tokens::make_token(&table.players[other], "Program").await;
    let body = serde_json::json!({"seq": seq, "seat": late_seat});
    let path = format!("{}/withdraw-late", table.path);
    let method = reqwest::Method::POST;
    let done = crate::api_tokens::with_token(&table.app, &program, method, &path, Some(body)).await;
    assert_eq!(done.0, 200, "{}", done.1);
    let twin = table.twin(other).await;
    assert_eq!(twin["phase"], "finished");
    assert_eq!(timeout_rows(&table), 1);
    assert_log_verifies(&table).await;
}

#[actix_web::test]
async fn a_scheduler_restarted_mid_countdown_loses_and_repeats_nothing() {
    // Five "days" of two seconds: half time after 5 s, a day left after 8 s, out at 10 s.
    let table = timed_kalah(2, &[("days", "5")]).await;
    let late = to_move(&table).await;
    let with_scheduler = |s: &mut turnpost::config::Settings| s.clock.scheduler = true;

    let first = table.app.server_with(with_scheduler);
    sleep_until_due_minus(&table, Duration::from_millis(4000));
    assert_eq!(
        notices(&table, "time_half"),
        1,
        "the running scheduler reminded"
    );
    drop(first);

    // Down while a day-left reminder falls due; back, twice over, before the deadline.
    sleep_until_due_minus(&table, Duration::from_millis(1200));
    assert_eq!(notices(&table, "time_short"), 0);
    let second = table.app.server_with(with_scheduler);
    let third = table.app.server_with(with_scheduler);
    for _ in 0..100 {
        if timeout_rows(&table) > 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    // A few more rounds of both schedulers, to catch any repeat.
    std::thread::sleep(Duration::from_millis(600));
    drop((second, third));

    assert_eq!(notices(&table, "time_half"), 1);
    assert_eq!(
        notices(&table, "time_short"),
        1,
        "the reminder missed while down"
    );
    assert_eq!(timeout_rows(&table), 1, "withdrawn exactly once");
    let late_email = &table.emails[late];
    let (player,): (String,) = diesel::sql_query(
        "SELECT p.email AS n FROM notifications n JOIN players p ON p.id = n.player_id
         WHERE n.kind = 'time_short'",
    )
    .get_result::<Email>(&mut table.app.db.connect())
    .map(|e| (e.n,))
    .unwrap();
    assert_eq!(&player, late_email);
    assert_log_verifies(&table).await;
}

#[derive(QueryableByName)]
struct Email {
    #[diesel(sql_type = Text)]
    n: String,
}

/// In every game: a timed table shows its clock, talk goes into the log, a late seat is
/// withdrawn by the scheduler (ending a game of two, or play going on without it), every log
/// still verifies, a finished game offers a rematch, newcomers fill an open table, and a table
/// not yet started can be called off.
async fn the_table_life_of(kind: &str, names: &[&str]) {
    let app = TestApp::start_with(|s| s.clock.day_seconds = 3).await;
    let table = seat_table(app, kind, names, &[("days", "1")]).await;
    let first = table.twin(0).await;
    assert!(
        first["players"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["seconds_left"].is_i64()),
        "{first}"
    );
    let page = table.players[0].get(&table.path).await;
    assert!(page.body.contains(" left</span>"), "{}", page.body);
    let csrf = page.csrf();
    let said = table.players[0]
        .post_form(
            &format!("{}/say", table.path),
            &[("csrf", &csrf), ("text", "Have fun")],
        )
        .await;
    assert_eq!(said.status, 200, "{}", said.body);

    let late = table.to_act().await;
    sleep_until_due_minus(&table, Duration::ZERO);
    std::thread::sleep(Duration::from_millis(200));
    // Every late seat is withdrawn, unless the game ends first (one player left).
    let withdrawn = table.app.schedule().withdrawn;
    assert!(
        withdrawn == late.len() || withdrawn == names.len() - 1,
        "{withdrawn} for {late:?}"
    );
    let twin = table.twin(0).await;
    let out: Vec<bool> = twin["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["timed_out"] == true)
        .collect();
    assert!(out.iter().any(|o| *o), "{twin}");
    if names.len() == 2 {
        assert_eq!(twin["phase"], "finished", "{twin}");
        assert_log_verifies(&table).await;
    } else {
        let remaining = out.iter().filter(|o| !**o).count();
        if remaining >= 2 {
            assert_eq!(twin["phase"], "active", "play goes on: {twin}");
        }
        let export = table.players[0]
            .get(&format!("{}/export", table.path))
            .await;
        let export: turnpost::audit::Export = serde_json::from_str(&export.body).unwrap();
        turnpost::audit::verify(&export).unwrap_or_else(|found| panic!("{found}"));
    }

    let ann = &table.players[0];
    if twin["phase"] == "finished" {
        let csrf = ann.get(&table.path).await.csrf();
        let rematch = ann
            .post_form(&format!("{}/rematch", table.path), &[("csrf", &csrf)])
            .await;
        assert_eq!(rematch.status, 200, "{}", rematch.body);
        assert!(rematch.body.contains("Waiting for"), "{}", rematch.body);
    }

    // An open table is listed, and newcomers sit until it starts.
    let seats = (names.len() - 1).to_string();
    let open = crate::support::create_game(ann, kind, &[], &[("open_seats", &seats)]).await;
    let listed = table.app.browser().get("/tables").await;
    assert!(listed.body.contains(&open[7..]), "{}", listed.body);
    for n in 1..names.len() {
        let newcomer = table
            .app
            .signed_in(&format!("new{n}@example.com"), &format!("New {n}"))
            .await;
        let csrf = newcomer.get("/tables").await.csrf();
        let sat = newcomer
            .post_form(&format!("{open}/sit"), &[("csrf", &csrf)])
            .await;
        assert_eq!(sat.status, 200, "{}", sat.body);
    }
    assert_eq!(ann.get_json(&open).await.json()["phase"], "active");

    // A table not yet started can be called off.
    let others: Vec<String> = (1..names.len())
        .map(|n| format!("guest{n}@example.com"))
        .collect();
    let others: Vec<&str> = others.iter().map(String::as_str).collect();
    let waiting = crate::support::create_game(ann, kind, &others, &[]).await;
    let csrf = ann.get(&waiting).await.csrf();
    let called_off = ann
        .post_form(&format!("{waiting}/cancel"), &[("csrf", &csrf)])
        .await;
    assert_eq!(called_off.status, 200, "{}", called_off.body);
    assert_eq!(ann.get_json(&waiting).await.json()["phase"], "cancelled");
}

#[actix_web::test]
async fn kalah_tables_live_and_die_by_the_clock() {
    the_table_life_of("kalah", &["Ann", "Bo"]).await;
}

#[actix_web::test]
async fn quarto_tables_live_and_die_by_the_clock() {
    the_table_life_of("quarto", &["Ann", "Bo"]).await;
}

#[actix_web::test]
async fn kabaleo_tables_live_and_die_by_the_clock() {
    the_table_life_of("kabaleo", &["Ann", "Bo", "Cy"]).await;
}

#[actix_web::test]
async fn azul_tables_live_and_die_by_the_clock() {
    the_table_life_of("azul", &["Ann", "Bo", "Cy"]).await;
}

#[actix_web::test]
async fn gype_tables_live_and_die_by_the_clock() {
    the_table_life_of("gype", &["Ann", "Bo", "Cy"]).await;
}
