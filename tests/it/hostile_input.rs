//! Malformed and hostile input never yields a 5xx and never changes anything.

use crate::kalah_game::started_game;
use crate::support::Table;
use crate::support::{Browser, count_rows};

fn snapshot(table: &Table) -> (i64, i64, i64) {
    let db = &table.app.db;
    (
        count_rows(db, "game_events"),
        count_rows(db, "games"),
        count_rows(db, "invitations"),
    )
}

/// Posts `fields` (plus a valid CSRF token unless `fields` has one) to the game's play endpoint.
async fn post_play(table: &Table, browser: &Browser, fields: &[(&str, &str)]) -> (u16, String) {
    // The sign-in page has a form (and so the session's token) for everyone.
    let csrf = browser.get("/sign-in").await.csrf();
    let mut all: Vec<(&str, &str)> = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    let response = browser
        .post_form(&format!("{}/play", table.path), &all)
        .await;
    (response.status, response.body)
}

#[actix_web::test]
async fn malformed_moves_are_bad_requests_and_change_nothing() {
    let table = started_game(&[]).await;
    let (mover, page) = table.mover().await.unwrap();
    let seq = page.move_forms()[0].field("seq").to_string();
    let before = snapshot(&table);
    let cases: Vec<(Vec<(&str, &str)>, u16)> = vec![
        (vec![("command", r#"{"type":"sow","pit":0}"#)], 400),
        (
            vec![("seq", "abc"), ("command", r#"{"type":"sow","pit":0}"#)],
            400,
        ),
        (
            vec![("seq", "99999999999999999999999"), ("command", "{}")],
            400,
        ),
        (vec![("seq", &seq)], 400),
        (vec![("seq", &seq), ("command", "not json")], 400),
        (vec![("seq", &seq), ("command", r#"{"type":"fly"}"#)], 400),
        (
            vec![("seq", &seq), ("command", r#"{"type":"sow","pit":99999}"#)],
            400,
        ),
        (
            vec![
                ("seq", &seq),
                ("command", r#"{"type":"sow","pit":"three"}"#),
            ],
            400,
        ),
        (vec![("seq", &seq), ("command", "[1,2,3]")], 400),
        (
            vec![("seq", "-1"), ("command", r#"{"type":"sow","pit":0}"#)],
            409,
        ),
        (
            vec![
                ("seq", "123456789"),
                ("command", r#"{"type":"sow","pit":0}"#),
            ],
            422,
        ),
    ];
    for (fields, expected) in cases {
        let (status, body) = post_play(&table, mover, &fields).await;
        assert_eq!(status, expected, "{fields:?}: {body}");
        if expected == 422 {
            assert!(body.contains("this game&#39;s log has only"), "{body}");
        }
        assert_eq!(snapshot(&table), before, "{fields:?} changed something");
    }
}

#[actix_web::test]
async fn an_illegal_move_is_refused_with_the_rule_and_the_board() {
    let table = started_game(&[]).await;
    let (mover, page) = table.mover().await.unwrap();
    let seq = page.move_forms()[0].field("seq").to_string();
    let before = snapshot(&table);
    let (status, body) = post_play(
        &table,
        mover,
        &[("seq", &seq), ("command", r#"{"type":"sow","pit":6}"#)],
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert!(body.contains("class=\"error\""), "{body}");
    assert!(
        body.contains("kalah-board"),
        "the board is shown with the reason"
    );
    // A swap without the pie rule is refused by the rules as well.
    let (status, _) = post_play(
        &table,
        mover,
        &[("seq", &seq), ("command", r#"{"type":"swap"}"#)],
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(snapshot(&table), before);
}

#[actix_web::test]
async fn acting_out_of_turn_or_in_someone_elses_game_is_forbidden() {
    let table = started_game(&[]).await;
    let (mover, page) = table.mover().await.unwrap();
    let form = page.move_forms()[0].clone();
    let waiting = if std::ptr::eq(mover, table.ann()) {
        &table.bo()
    } else {
        &table.ann()
    };
    let before = snapshot(&table);

    let (status, body) = post_play(
        &table,
        waiting,
        &[
            ("seq", form.field("seq")),
            ("command", form.field("command")),
        ],
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("not your turn"));

    let stranger = table.app.signed_in("cy@example.com", "Cy").await;
    let (status, body) = post_play(
        &table,
        &stranger,
        &[
            ("seq", form.field("seq")),
            ("command", form.field("command")),
        ],
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("not playing in this game"));

    let anonymous = table.app.browser();
    let (status, _) = post_play(
        &table,
        &anonymous,
        &[
            ("seq", form.field("seq")),
            ("command", form.field("command")),
        ],
    )
    .await;
    assert_eq!(status, 403);
    assert_eq!(snapshot(&table), before);
}

#[actix_web::test]
async fn unknown_games_and_bad_history_positions_are_not_found_or_bad_requests() {
    let table = started_game(&[]).await;
    let ann = &table.ann();
    assert_eq!(ann.get("/games/doesnotexist").await.status, 404);
    assert_eq!(ann.get("/games/doesnotexist/history").await.status, 404);
    assert_eq!(ann.get_json("/games/doesnotexist").await.status, 404);
    let page = ann.get("/").await;
    let response = ann
        .post_form(
            "/games/doesnotexist/play",
            &[("csrf", &page.csrf()), ("seq", "1"), ("command", "{}")],
        )
        .await;
    assert_eq!(response.status, 404);
    assert_eq!(ann.get(&format!("{}?at=abc", table.path)).await.status, 400);
    assert_eq!(ann.get(&format!("{}?at=0", table.path)).await.status, 404);
    assert_eq!(ann.get(&format!("{}?at=99", table.path)).await.status, 404);
    assert_eq!(ann.get("/games/new/chess").await.status, 404);
    assert_eq!(ann.get("/join/not-a-token").await.status, 404);
}

#[actix_web::test]
async fn bad_new_game_forms_are_refused_with_a_message() {
    let table = started_game(&[]).await;
    let ann = &table.ann();
    let before = snapshot(&table);
    let cases: Vec<(Vec<(&str, &str)>, &str)> = vec![
        (
            vec![("invite_1", "cy@example.com"), ("seeds_per_pit", "9")],
            "seeds",
        ),
        (
            vec![("invite_1", "cy@example.com"), ("seeds_per_pit", "many")],
            "Seeds per pit",
        ),
        (
            vec![("invite_1", "cy@example.com"), ("end_rule", "never")],
            "end rule",
        ),
        (
            vec![("invite_1", "not-an-address")],
            "not a valid email address",
        ),
        (
            vec![("invite_1", "ann@example.com")],
            "already at the table",
        ),
        (vec![], "other player"),
        (
            vec![("open_seats", "1"), ("private", "on")],
            "cannot be private",
        ),
    ];
    for (fields, message) in cases {
        let form = ann.get("/games/new/kalah").await;
        let csrf = form.csrf();
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend(fields.iter().copied());
        let response = ann.post_form("/games/new/kalah", &all).await;
        assert_eq!(response.status, 400, "{fields:?}: {}", response.body);
        assert!(
            response
                .body
                .to_lowercase()
                .contains(&message.to_lowercase()),
            "{fields:?}: expected “{message}” in {}",
            response.body
        );
        assert_eq!(snapshot(&table), before, "{fields:?} changed something");
    }
}

#[actix_web::test]
async fn unreadable_bodies_and_huge_payloads_are_client_errors() {
    let table = started_game(&[]).await;
    let before = snapshot(&table);
    let ann = &table.ann();
    let path = format!("{}/play", table.path);
    let invalid_utf8 = ann
        .post_raw(
            &path,
            "application/x-www-form-urlencoded",
            vec![0xff, 0xfe, b'=', 0xfd],
        )
        .await;
    assert!(
        (400..500).contains(&invalid_utf8.status),
        "{}",
        invalid_utf8.status
    );
    let huge = ann
        .post_raw(
            &path,
            "application/x-www-form-urlencoded",
            vec![b'a'; 2 * 1024 * 1024],
        )
        .await;
    assert!((400..500).contains(&huge.status), "{}", huge.status);
    let json = ann
        .post_raw(&path, "application/json", b"{\"seq\": 1".to_vec())
        .await;
    assert!((400..500).contains(&json.status), "{}", json.status);
    assert_eq!(snapshot(&table), before);
}
