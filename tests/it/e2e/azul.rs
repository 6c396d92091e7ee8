//! Azul: Summer Pavilion in real clients: choice links build up a move, a button makes it.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use serde_json::Value;

use super::{BrowserTable, Person, any_legal_command, artifacts, assert_text_browser_shows};
use crate::support::start_table;

/// One move as a person makes it: follow choice links until a button is pressed. At the first
/// step every control is equally likely; after that a button is taken half the time when there
/// is one (the policy of `azul_game.rs`).
pub(super) async fn play_one(person: &mut Person, rng: &mut ChaCha8Rng) {
    for depth in 0..20 {
        assert_every_space_is_listed(person);
        let buttons = person.buttons();
        let links = person.links(".azul a.choice");
        assert!(
            !buttons.is_empty() || !links.is_empty(),
            "a dead end at {}:\n{}",
            person.url,
            person.text()
        );
        let press = if depth == 0 {
            rng.random_range(0..buttons.len() + links.len()) < buttons.len()
        } else {
            !buttons.is_empty() && (links.is_empty() || rng.random_bool(0.5))
        };
        if press {
            let button = buttons[rng.random_range(0..buttons.len())].clone();
            person.click(&button).await;
            return;
        }
        let link = links[rng.random_range(0..links.len())].clone();
        person.click(&link).await;
        if depth == 0 && !person.buttons().is_empty() {
            let shot = artifacts().join("azul-step.png");
            if !shot.exists() {
                person.screenshot("azul-step").await;
            }
        }
    }
    panic!("no move after 20 steps");
}

/// The spaces that can be covered are links on the board's diamonds and, at full size, in the
/// turn's list: the same places, each once.
fn assert_every_space_is_listed(person: &Person) {
    let hrefs = |css: &'static str| -> Vec<String> {
        let mut found: Vec<String> = (person.links(css).into_iter())
            .map(|link| link.target)
            .collect();
        found.sort();
        found
    };
    let on_board = hrefs(".pavilion a.space");
    if !on_board.is_empty() || !hrefs("details.space-list a").is_empty() {
        assert_eq!(on_board, hrefs("details.space-list a"), "on {}", person.url);
    }
}

#[actix_web::test]
async fn azul_is_played_to_the_end_in_chromium_without_javascript() {
    let mut table =
        BrowserTable::start("azul", &["Ann", "Bo"], async |_host: &mut Person| {}).await;
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut tool = ChaCha8Rng::seed_from_u64(2025);
    // In the browsers: the first two rounds, the last, and every kind of turn the first time
    // its player meets it. In the rounds between, a turn of a kind its player has already
    // played in the browser is made through the twin.
    let by_tool = |twin: &Value, met: bool| {
        let between = (3..6).contains(&twin["view"]["round"].as_u64().unwrap());
        (between && met).then(|| any_legal_command(twin, &mut tool))
    };
    let moves = table
        .play_to_end_skipping(
            600,
            async |person, _twin| play_one(person, &mut rng).await,
            by_tool,
        )
        .await;
    eprintln!("e2e azul: {moves} moves");
    let text = table.finish(0).await;
    assert!(text.contains("Final scores"), "{text}");
    table.close().await;
}

#[actix_web::test]
async fn a_text_browser_shows_the_azul_board_and_labels_every_control() {
    let table = start_table("azul", &["Ann", "Bo"], &[]).await;
    let mover = table.to_act().await[0];
    let browser = &table.players[mover];
    let page = browser.get(&table.path).await;
    assert_text_browser_shows(
        "azul-take",
        &page.body,
        &[
            "Your turn",
            "Rounds and their wild colours",
            "Factory 1:",
            "Supply (bonus tiles):",
            "In the bag:",
            "Scores",
            "5 points",
            "The position in words",
            "Round 1 of 6, purple is wild: taking tiles.",
            "0 of 42 spaces covered.",
        ],
    );
    let links: Vec<String> = page
        .html()
        .select(&scraper::Selector::parse(".azul a.choice").unwrap())
        .map(|a| a.value().attr("href").unwrap().to_string())
        .collect();
    assert!(!links.is_empty() || !page.move_forms().is_empty());
    if let Some(link) = links.first() {
        let step = browser.get(link).await;
        assert_text_browser_shows("azul-step", &step.body, &["Your turn"]);
    }
    let other = table.players[1 - mover].get(&table.path).await;
    assert_text_browser_shows("azul-waiting", &other.body, &["Factory 1:", "Scores"]);
}
