//! Quarto in real clients.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{BrowserTable, Person, assert_text_browser_shows};
use crate::support::start_table;

#[actix_web::test]
async fn quarto_is_played_to_the_end_in_chromium_without_javascript() {
    let mut table = BrowserTable::start("quarto", &["Ann", "Bo"], async |host: &mut Person| {
        host.tick("#advanced").await;
    })
    .await;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let moves = table
        .play_to_end(32, async |person, _twin| {
            let buttons = person.buttons();
            assert!(
                buttons
                    .iter()
                    .all(|b| b.label.starts_with("Give the ") || b.label.starts_with("Place on ")),
                "{buttons:?}"
            );
            let chosen = buttons[rng.random_range(0..buttons.len())].clone();
            person.click(&chosen).await;
        })
        .await;
    assert!(moves >= 8, "four pieces in a line at least");
    let text = table.finish(0).await;
    assert!(text.contains("of 16 pieces placed"), "{text}");
    table.close().await;
}

#[actix_web::test]
async fn a_text_browser_shows_the_quarto_board_and_labels_every_control() {
    let table = start_table("quarto", &["Ann", "Bo"], &[]).await;
    let giver = table.to_act().await[0];
    let page = table.players[giver].get(&table.path).await;
    assert_text_browser_shows(
        "quarto-give",
        &page.body,
        &[
            "Your turn: choose the piece",
            "0 of 16 pieces placed",
            "a1: empty",
            "Choose the piece to give (16)",
            "Give the tall dark round hollow piece",
        ],
    );
    let give = serde_json::json!({"type": "give", "piece": 5});
    assert_eq!(table.play(giver, &give).await.status, 200);
    let placer = table.to_act().await[0];
    let page = table.players[placer].get(&table.path).await;
    assert_text_browser_shows(
        "quarto-place",
        &page.body,
        &[
            "Your turn: place the",
            "Piece to place",
            "Place on a1",
            "Pieces still to give (15)",
        ],
    );
    let place = serde_json::json!({"type": "place", "cell": 0});
    assert_eq!(table.play(placer, &place).await.status, 200);
    let page = table.players[giver].get(&table.path).await;
    assert_text_browser_shows(
        "quarto-waiting",
        &page.body,
        &[
            "1 of 16 pieces placed",
            "a1:",
            "(placed last)",
            "The position in words",
            "On the board: a1,",
            "Empty squares: b1, c1, d1,",
            "15 pieces are left to give.",
        ],
    );
}
