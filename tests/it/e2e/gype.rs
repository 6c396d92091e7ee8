//! Uncle Chestnut's Table Gype in real clients: the start rows arranged in secret, then a whole
//! game, every command made in the browser by following the board's links and pressing its
//! buttons, except in its middle a kind of turn its player has made so already.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use turnpost::rules::gype::Command;

use super::{BrowserTable, Person, artifacts, assert_text_browser_shows};
use crate::gype_game::{Query, choose, distinct_swaps, steps};
use crate::support::start_table;

/// Makes `command` in the browser: follows the links that select what it needs (a die, a
/// destination), then presses the button that carries exactly this command.
pub(super) async fn make(person: &mut Person, path: &str, command: &Value, in_chain: bool) {
    let parsed: Command = serde_json::from_value(command.clone()).unwrap();
    let mut query = Query::new();
    for (key, value) in steps(&parsed, in_chain) {
        query.insert(key.to_string(), value);
        let links = person.links("a[href]");
        let link = links
            .iter()
            .find(|l| {
                l.target
                    .strip_prefix(path)
                    .and_then(|rest| rest.strip_prefix('?'))
                    .and_then(|q| serde_urlencoded::from_str::<Query>(q).ok())
                    .is_some_and(|q| q == query)
            })
            .unwrap_or_else(|| panic!("no link to {query:?} for {command}:\n{}", person.text()))
            .clone();
        person.click(&link).await;
        if parsed_is_move(&parsed) && !artifacts().join("gype-step.png").exists() {
            person.screenshot("gype-step").await;
        }
    }
    let button = person
        .buttons()
        .into_iter()
        .find(|b| serde_json::from_str::<Value>(&b.target).ok().as_ref() == Some(command))
        .unwrap_or_else(|| panic!("no button for {command}:\n{}", person.text()));
    person.click(&button).await;
}

fn parsed_is_move(command: &Command) -> bool {
    matches!(command, Command::Step { .. } | Command::Jump { .. })
}

/// Commands made in the browsers before a turn of a kind its player has met may be made through
/// the JSON twin.
const OPENING: usize = 24;

#[actix_web::test]
async fn gype_is_played_to_the_end_in_chromium_without_javascript() {
    let mut table =
        BrowserTable::start("gype", &["Ann", "Bo"], async |_host: &mut Person| {}).await;
    let path = table.path.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut tool = ChaCha8Rng::seed_from_u64(12);
    let mut swapped = std::collections::BTreeSet::new();
    // In the browsers: the opening, every kind of turn the first time its player meets it, and
    // everything from the moment a player has five dice home. Between, a turn of a kind its
    // player has already played in the browser is made through the twin.
    let mut commands = 0;
    let mut by_tool = |twin: &Value, met: bool| {
        commands += 1;
        let home = twin["view"]["seats"].as_array().unwrap().iter();
        let most_home = home.map(|s| s["dice_in_goal"].as_u64().unwrap()).max();
        let between = commands > OPENING && most_home < Some(5);
        (between && met).then(|| choose(twin, &mut tool))
    };
    let moves = table
        .play_to_end_skipping(
            1000,
            async |person, twin| {
                let swaps = distinct_swaps(twin);
                let command = if swaps.is_empty() {
                    choose(twin, &mut rng)
                } else {
                    // Arranging: one swap of the start row, then the confirmation.
                    if swapped.insert(person.name.clone()) {
                        swaps[rng.random_range(0..swaps.len())].clone()
                    } else {
                        json!({"type": "confirm"})
                    }
                };
                let in_chain = !twin["view"]["chain"].is_null();
                make(person, &path, &command, in_chain).await;
            },
            &mut by_tool,
        )
        .await;
    eprintln!("e2e gype: {moves} commands");
    let text = table.finish(0).await;
    assert!(text.contains("brought all 8 dice home"), "{text}");
    table.close().await;
}

#[actix_web::test]
async fn a_text_browser_shows_the_gype_board_and_labels_every_control() {
    let table = start_table("gype", &["Ann", "Bo"], &[]).await;
    let ann = &table.players[0];
    let page = ann.get(&table.path).await;
    assert_text_browser_shows(
        "gype-arranging",
        &page.body,
        &[
            "Your turn",
            "Sides and dice",
            "home row",
            "The position in words",
            "light dice:",
            "dark dice:",
            "hidden die on ",
            "0 of 8 home.",
        ],
    );
}
