//! Kabaleo in real clients: a colour link, then a pile's button.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{BrowserTable, Person, assert_text_browser_shows};
use crate::support::start_table;

#[actix_web::test]
async fn kabaleo_is_played_to_the_end_in_chromium_without_javascript() {
    let mut table = BrowserTable::start(
        "kabaleo",
        &["Ann", "Bo", "Cy"],
        async |_host: &mut Person| {},
    )
    .await;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut shot = false;
    let moves = table
        .play_to_end(30, async |person, _twin| {
            let picks = person.links("a.pick");
            if !picks.is_empty() {
                assert!(person.buttons().is_empty(), "no button before a colour");
                assert!(
                    picks.iter().all(|p| p.label.starts_with("Play ")),
                    "{picks:?}"
                );
                let pick = picks[rng.random_range(0..picks.len())].clone();
                person.click(&pick).await;
                person.expect_text("Step 2 of 2");
                if !shot {
                    person.screenshot("kabaleo-step-2").await;
                    shot = true;
                }
            }
            let buttons = person.buttons();
            assert!(
                buttons.iter().all(|b| b.label.starts_with("Place ")),
                "{buttons:?}"
            );
            let chosen = buttons[rng.random_range(0..buttons.len())].clone();
            person.click(&chosen).await;
        })
        .await;
    assert_eq!(moves, 30, "every piece is placed");
    let text = table.finish(0).await;
    assert!(text.contains("Secret colours, revealed"), "{text}");
    table.close().await;
}

#[actix_web::test]
async fn a_text_browser_shows_the_kabaleo_board_and_labels_every_control() {
    let table = start_table("kabaleo", &["Ann", "Bo", "Cy"], &[]).await;
    let mover = table.to_act().await[0];
    let browser = &table.players[mover];
    let page = browser.get(&table.path).await;
    assert_text_browser_shows(
        "kabaleo-step-1",
        &page.body,
        &[
            "Your turn",
            "Your secret colour:",
            "Step 1 of 2",
            "Pile 1: bare",
            "0 of 30 pieces placed",
            "Pieces in every hand",
            "Each colour on the board",
        ],
    );
    let pick = page
        .html()
        .select(&scraper::Selector::parse("a.pick").unwrap())
        .next()
        .unwrap()
        .value()
        .attr("href")
        .unwrap()
        .to_string();
    let step = browser.get(&pick).await;
    assert_text_browser_shows(
        "kabaleo-step-2",
        &step.body,
        &["Step 2 of 2", "Choose another colour", "Place "],
    );
    let other = table.players[(mover + 1) % 3].get(&table.path).await;
    assert_text_browser_shows(
        "kabaleo-waiting",
        &other.body,
        &[
            "Waiting for",
            "Your secret colour:",
            "Pile 20:",
            "The position in words",
            "Pile 1: bare",
            "10 pieces in hand,",
            "; secret colour ",
        ],
    );
}
