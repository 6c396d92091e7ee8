//! Once a game is over, a seated player's JSON twin still shows the game from their seat (with
//! everything the end reveals), as their board page does: for the last seat as for the first.

use serde_json::Value;

use crate::support::{Table, start_table};

/// The seat a kind's view says it is drawn for; Kalah's and Quarto's views are the same for
/// everyone and name none.
fn seat_in_view(kind: &str, twin: &Value) -> Value {
    match kind {
        "kabaleo" => twin["view"]["you"].clone(),
        "kalah" | "quarto" => twin["your_seat"].clone(),
        _ => twin["view"]["viewer"].clone(),
    }
}

/// Every player but `stays` resigns, one after another, through the resign page.
async fn all_but_one_resign(table: &Table, stays: usize) {
    for (player, browser) in table.players.iter().enumerate() {
        if player == stays {
            continue;
        }
        let resign = format!("{}/resign", table.path);
        let confirm = browser.get(&resign).await;
        assert_eq!(confirm.status, 200, "{}", confirm.body);
        let (csrf, seq) = (confirm.csrf(), confirm.input_value("seq").unwrap());
        let done = browser
            .post_form(&resign, &[("csrf", &csrf), ("seq", &seq)])
            .await;
        assert_eq!(done.status, 200, "{}", done.body);
    }
}

/// Each player's twin names their seat in its view while the game runs and after it has ended,
/// and (`extra`) draws the same side of the table before and after.
async fn views_keep_their_seat(kind: &str, names: &[&str], extra: &[&str]) {
    let table = start_table(kind, names, &[]).await;
    let mut before = Vec::new();
    for player in 0..names.len() {
        let twin = table.twin(player).await;
        assert!(twin["your_seat"].is_number(), "{twin}");
        assert_eq!(seat_in_view(kind, &twin), twin["your_seat"], "{twin}");
        let mut drawn = vec![twin["your_seat"].clone()];
        drawn.extend(extra.iter().map(|k| twin["view"][k].clone()));
        before.push(drawn);
    }
    all_but_one_resign(&table, 0).await;
    for (player, drawn) in before.iter().enumerate() {
        let twin = table.twin(player).await;
        assert_eq!(twin["phase"], "finished", "{twin}");
        assert_eq!(seat_in_view(kind, &twin), twin["your_seat"], "{twin}");
        let mut after = vec![twin["your_seat"].clone()];
        after.extend(extra.iter().map(|k| twin["view"][k].clone()));
        assert_eq!(
            &after, drawn,
            "{kind}: the view turned round at the end: {twin}"
        );
    }
}

#[actix_web::test]
async fn a_finished_gype_game_is_seen_from_each_players_seat() {
    views_keep_their_seat("gype", &["Ann", "Bo"], &["bottom"]).await;
}

#[actix_web::test]
async fn a_finished_gype_game_of_four_is_seen_from_each_players_seat() {
    views_keep_their_seat("gype", &["Ann", "Bo", "Cy", "Di"], &["bottom"]).await;
}

#[actix_web::test]
async fn a_finished_kabaleo_game_is_seen_from_each_players_seat() {
    views_keep_their_seat("kabaleo", &["Ann", "Bo", "Cy"], &[]).await;
}

#[actix_web::test]
async fn a_finished_azul_game_is_seen_from_each_players_seat() {
    views_keep_their_seat("azul", &["Ann", "Bo", "Cy"], &[]).await;
}

#[actix_web::test]
async fn a_finished_kalah_game_is_seen_from_each_players_seat() {
    views_keep_their_seat("kalah", &["Ann", "Bo"], &[]).await;
}

#[actix_web::test]
async fn a_finished_quarto_game_is_seen_from_each_players_seat() {
    views_keep_their_seat("quarto", &["Ann", "Bo"], &[]).await;
}
