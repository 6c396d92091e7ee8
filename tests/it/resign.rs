//! Resigning: in a game of two the other player wins at once; the resignation is an event like
//! any other, verified like any other.

use crate::kalah_game::started_game;
use crate::support::{assert_log_verifies, count_rows};

#[actix_web::test]
async fn a_player_who_resigns_a_two_player_game_hands_the_win_to_the_other() {
    let table = started_game(&[]).await;
    let app = &table.app;
    let (ann, bo) = (table.ann(), table.bo());
    let confirm = ann.get(&format!("{}/resign", table.path)).await;
    assert_eq!(confirm.status, 200);
    assert!(
        confirm.body.contains("Resign from Kalah against Bo?"),
        "{}",
        confirm.body
    );
    let csrf = confirm.csrf();
    let seq = confirm.input_value("seq").unwrap();
    app.deliver();
    let bo_mails = app.mails_to(&table.emails[1]).len();
    let ann_mails = app.mails_to(&table.emails[0]).len();

    let page = ann
        .post_form(
            &format!("{}/resign", table.path),
            &[("csrf", &csrf), ("seq", &seq)],
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("Bo won: you resigned"), "{}", page.body);
    assert!(page.body.contains("— resigned"));
    assert!(page.move_forms().is_empty(), "no moves after the end");

    let twin = table.twin(1).await;
    assert_eq!(twin["phase"], "finished");
    assert_eq!(twin["legal_commands"].as_array().unwrap().len(), 0);
    assert_eq!(
        twin["status"]["outcome"]["winners"],
        serde_json::json!([twin["your_seat"]])
    );
    let history = bo.get(&format!("{}/history", table.path)).await;
    assert!(history.body.contains("Ann resigned."));
    let board = bo.get(&table.path).await;
    assert!(
        board.body.contains("you won: your opponent resigned"),
        "{}",
        board.body
    );
    assert!(
        history.body.contains("Bo won: Ann resigned"),
        "{}",
        history.body
    );

    // Bo hears about it; Ann, who resigned, does not.
    app.deliver();
    let news = app.mails_to(&table.emails[1]);
    assert_eq!(news.len(), bo_mails + 1);
    assert!(
        news.last().unwrap().subject.starts_with("Game over"),
        "{}",
        news.last().unwrap().subject
    );
    assert_eq!(app.mails_to(&table.emails[0]).len(), ann_mails);

    // The seed is revealed and the log verifies, resignation included.
    assert_log_verifies(&table).await;

    // Nothing more can be done in the game.
    let rows = count_rows(&app.db, "game_events");
    let csrf = bo.get("/sign-in").await.csrf();
    let again = bo
        .post_form(
            &format!("{}/resign", table.path),
            &[("csrf", &csrf), ("seq", &twin["seq"].to_string())],
        )
        .await;
    assert_eq!(again.status, 422);
    assert_eq!(ann.get(&format!("{}/resign", table.path)).await.status, 403);
    assert_eq!(count_rows(&app.db, "game_events"), rows);
}

#[actix_web::test]
async fn only_a_seated_player_resigns_and_only_from_the_current_page() {
    let table = started_game(&[]).await;
    let app = &table.app;
    let rows = count_rows(&app.db, "game_events");
    let seq = table.twin(0).await["seq"].to_string();

    let stranger = app.signed_in("cy@example.com", "Cy").await;
    let csrf = stranger.get("/sign-in").await.csrf();
    let refused = stranger
        .post_form(
            &format!("{}/resign", table.path),
            &[("csrf", &csrf), ("seq", &seq)],
        )
        .await;
    assert_eq!(refused.status, 403);
    assert_eq!(
        stranger.get(&format!("{}/resign", table.path)).await.status,
        403
    );

    let csrf = table.ann().get("/sign-in").await.csrf();
    let stale = table
        .ann()
        .post_form(
            &format!("{}/resign", table.path),
            &[("csrf", &csrf), ("seq", "1")],
        )
        .await;
    assert_eq!(stale.status, 409);
    let malformed = table
        .ann()
        .post_form(
            &format!("{}/resign", table.path),
            &[("csrf", &csrf), ("seq", "soon")],
        )
        .await;
    assert_eq!(malformed.status, 400);
    let forged = table
        .ann()
        .post_form(
            &format!("{}/resign", table.path),
            &[("csrf", "x"), ("seq", &seq)],
        )
        .await;
    assert_eq!(forged.status, 403);
    assert_eq!(count_rows(&app.db, "game_events"), rows);
    assert_eq!(table.twin(0).await["phase"], "active");
}

pub(crate) async fn resign_as(
    table: &crate::support::Table,
    player: usize,
) -> crate::support::Page {
    let browser = &table.players[player];
    let confirm = browser.get(&format!("{}/resign", table.path)).await;
    assert_eq!(confirm.status, 200, "{}", confirm.body);
    let (csrf, seq) = (confirm.csrf(), confirm.input_value("seq").unwrap());
    browser
        .post_form(
            &format!("{}/resign", table.path),
            &[("csrf", &csrf), ("seq", &seq)],
        )
        .await
}

#[actix_web::test]
async fn in_a_larger_game_play_goes_on_without_the_resigned_seat_until_one_is_left() {
    for kind in ["kabaleo", "azul", "gype"] {
        play_on_after_resignations(kind).await;
    }
}

async fn play_on_after_resignations(kind: &str) {
    let table = crate::support::start_table(kind, &["Ann", "Bo", "Cy"], &[]).await;
    // Cy resigns, whoever's turn it is: the other two play on.
    let page = resign_as(&table, 2).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.move_forms().is_empty());
    assert!(
        !page.body.contains("Resign from this game"),
        "no second resignation"
    );
    let cy = table.twin(2).await;
    assert_eq!(cy["phase"], "active");
    assert!(cy["legal_commands"].as_array().unwrap().is_empty());
    for _ in 0..4 {
        let acting = table.to_act().await;
        assert!(!acting.is_empty(), "{kind}: the others play on");
        assert!(
            !acting.contains(&2),
            "{kind}: the resigned seat is never asked to act"
        );
        let twin = table.twin(acting[0]).await;
        assert_eq!(
            table
                .play(acting[0], &twin["legal_commands"][0]["command"])
                .await
                .status,
            200
        );
    }
    let history = table.players[0]
        .get(&format!("{}/history", table.path))
        .await;
    assert!(history.body.contains("Cy resigned."));

    // Bo resigns too: Ann is the last one at the table and wins.
    let page = resign_as(&table, 1).await;
    assert!(
        page.body.contains("Ann won: Cy resigned and you resigned"),
        "{}",
        page.body
    );
    assert_eq!(table.twin(0).await["phase"], "finished");
    assert_log_verifies(&table).await;
}
