//! Whole games of all five kinds played in Japanese in Chromium: every player follows the plain
//! link to 日本語 before signing in, creates or joins the table through the Japanese pages and
//! plays it to the end, and no page they meet on the way holds an English word. Screenshots of
//! each finished board and its history go to `target/e2e-screenshots/*-ja*.png`.
//!
//! The two long games, Azul and Gype, are played in the browsers in their opening and to their
//! end, where every kind of page they have appears; the moves between, which show the same pages
//! again, are made through the players' JSON twins.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use turnpost::i18n::Lang;

use super::{BrowserTable, Person, any_legal_command, azul, gype};
use crate::gype_game::{choose, distinct_swaps};
use crate::support::english_words;

/// The words of the page a person reads, leaving out what is shown as code (a command to type, a
/// browser's own name).
fn visible_text(person: &Person) -> String {
    let doc = person.doc();
    let mut text = String::new();
    for node in doc.root_element().descendants() {
        let Some(words) = node.value().as_text() else {
            continue;
        };
        let in_code = node
            .ancestors()
            .any(|a| a.value().as_element().is_some_and(|e| e.name() == "code"));
        if !in_code {
            text.push_str(words);
            text.push(' ');
        }
    }
    text
}

/// The words a page may show that are not English: the players' names and the game's id.
fn known_words(table: &BrowserTable, names: &[&str]) -> Vec<String> {
    let id = table.path.trim_start_matches("/games/");
    names
        .iter()
        .copied()
        .chain([id])
        .map(str::to_string)
        .collect()
}

fn assert_japanese(person: &Person, known: &[String]) {
    let known: Vec<&str> = known.iter().map(String::as_str).collect();
    let english = english_words(&visible_text(person), &known);
    assert!(
        english.is_empty(),
        "English on {}: {english:?}\n{}",
        person.url,
        person.text()
    );
}

/// The end of a game in Japanese: the finished board, the history and the other pages a
/// player visits hold no English either.
async fn finish_in_japanese(mut table: BrowserTable, known: &[String]) {
    table.finish(0).await;
    let kind = table.kind;
    let person = &mut table.people[0];
    assert_japanese(person, known);
    person.follow(&Lang::Ja.t("game-history-link")).await;
    assert_japanese(person, known);
    let rules = format!("/rules/{kind}");
    for path in [
        "/",
        "/games/new",
        "/tables",
        "/rules",
        &rules,
        "/help/email",
        "/privacy",
        "/settings",
    ] {
        person.open(path).await;
        assert_japanese(person, known);
    }
    table.close().await;
}

/// Presses one of the page's move buttons, chosen at random.
async fn press_any(person: &mut Person, rng: &mut ChaCha8Rng) {
    let buttons = person.buttons();
    let chosen = buttons[rng.random_range(0..buttons.len())].clone();
    person.click(&chosen).await;
}

/// A game whose every move is one button, played to the end in Japanese.
async fn play_by_buttons<F>(kind: &'static str, options: F, seed: u64, limit: usize)
where
    F: AsyncFnOnce(&mut Person),
{
    let names = ["Ann", "Bo"];
    let mut table = BrowserTable::start_speaking(Lang::Ja, kind, &names, options).await;
    let known = known_words(&table, &names);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    table
        .play_to_end(limit, async |person, _twin| {
            assert_japanese(person, &known);
            press_any(person, &mut rng).await;
        })
        .await;
    finish_in_japanese(table, &known).await;
}

#[actix_web::test]
async fn kalah_is_played_in_japanese() {
    play_by_buttons("kalah", async |_: &mut Person| {}, 17, 300).await;
}

#[actix_web::test]
async fn quarto_is_played_in_japanese() {
    let advanced = async |host: &mut Person| host.tick("#advanced").await;
    play_by_buttons("quarto", advanced, 13, 32).await;
}

#[actix_web::test]
async fn kabaleo_is_played_in_japanese() {
    let names = ["Ann", "Bo", "Cy"];
    let mut table =
        BrowserTable::start_speaking(Lang::Ja, "kabaleo", &names, async |_: &mut Person| {}).await;
    let known = known_words(&table, &names);
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    table
        .play_to_end(30, async |person, _twin| {
            assert_japanese(person, &known);
            let picks = person.links("a.pick");
            if !picks.is_empty() {
                let pick = picks[rng.random_range(0..picks.len())].clone();
                person.click(&pick).await;
                assert_japanese(person, &known);
            }
            press_any(person, &mut rng).await;
        })
        .await;
    finish_in_japanese(table, &known).await;
}

#[actix_web::test]
async fn azul_is_played_in_japanese() {
    let names = ["Ann", "Bo"];
    let mut table =
        BrowserTable::start_speaking(Lang::Ja, "azul", &names, async |_: &mut Person| {}).await;
    let known = known_words(&table, &names);
    let mut rng = ChaCha8Rng::seed_from_u64(2025);
    let mut tool = ChaCha8Rng::seed_from_u64(2026);
    // The first round and the last in the browsers, the rounds between through the twins.
    let between = |twin: &Value| (2..6).contains(&twin["view"]["round"].as_u64().unwrap());
    table
        .play_to_end_skipping(
            600,
            async |person, _twin| {
                assert_japanese(person, &known);
                azul::play_one(person, &mut rng).await;
            },
            |twin, _| between(twin).then(|| any_legal_command(twin, &mut tool)),
        )
        .await;
    finish_in_japanese(table, &known).await;
}

#[actix_web::test]
async fn gype_is_played_in_japanese() {
    let names = ["Ann", "Bo"];
    let mut table =
        BrowserTable::start_speaking(Lang::Ja, "gype", &names, async |_: &mut Person| {}).await;
    let known = known_words(&table, &names);
    let path = table.path.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    let mut tool = ChaCha8Rng::seed_from_u64(20);
    let mut swapped = std::collections::BTreeSet::new();
    // The arrangement and the first moves in the browsers, and everything from the moment a
    // player has six dice home; the moves between through the twins.
    let mut commands = 0;
    let mut between = |twin: &Value| {
        commands += 1;
        let home = twin["view"]["seats"].as_array().unwrap().iter();
        let most_home = home.map(|s| s["dice_in_goal"].as_u64().unwrap()).max();
        commands > 16 && most_home < Some(6)
    };
    table
        .play_to_end_skipping(
            1000,
            async |person, twin| {
                assert_japanese(person, &known);
                let swaps = distinct_swaps(twin);
                let command = if swaps.is_empty() {
                    choose(twin, &mut rng)
                } else if swapped.insert(person.name.clone()) {
                    swaps[rng.random_range(0..swaps.len())].clone()
                } else {
                    json!({"type": "confirm"})
                };
                let in_chain = !twin["view"]["chain"].is_null();
                gype::make(person, &path, &command, in_chain).await;
            },
            |twin, _| between(twin).then(|| choose(twin, &mut tool)),
        )
        .await;
    finish_in_japanese(table, &known).await;
}
