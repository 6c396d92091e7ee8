//! Kalah in real clients.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{BrowserTable, Person, assert_text_browser_shows};
use crate::support::start_table;

#[actix_web::test]
async fn kalah_is_played_to_the_end_in_chromium_without_javascript() {
    let mut table = BrowserTable::start("kalah", &["Ann", "Bo"], async |host: &mut Person| {
        host.tick("#seeds_per_pit option[value=\"3\"]").await;
        host.tick("#pie_rule").await;
    })
    .await;
    table.people[0].expect_text("3 seeds per pit");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let moves = table
        .play_to_end(300, async |person, _twin| {
            let buttons = person.buttons();
            for b in &buttons {
                assert!(
                    b.label.starts_with("Sow pit ") || b.label.starts_with("Swap sides"),
                    "{b:?}"
                );
            }
            let chosen = buttons[rng.random_range(0..buttons.len())].clone();
            person.click(&chosen).await;
        })
        .await;
    assert!(moves >= 2);
    let text = table.finish(0).await;
    assert!(text.contains("store"), "{text}");
    table.close().await;
}

#[actix_web::test]
async fn a_text_browser_shows_the_kalah_board_and_labels_every_control() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let acting = table.to_act().await[0];
    let mover = table.players[acting].get(&table.path).await;
    assert_text_browser_shows(
        "kalah-your-turn",
        &mover.body,
        &[
            "Your turn.",
            "South store",
            "North store",
            "4 seeds",
            "Sow pit 1",
            "The position in words",
            "seeds in pits 1 to 6, 4, 4, 4, 4, 4, 4; in the store, 0.",
        ],
    );
}
