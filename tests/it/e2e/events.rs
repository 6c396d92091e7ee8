//! A whole small tournament in Chromium without JavaScript: created on its form, entered with
//! the sign-up button, every game played by clicking, the standings and cross-table read at
//! the end; every tournament page at phone width in both languages, and in a text browser.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::phone::{PHONE_WIDTH, as_phone, page_width};
use super::{Chromedriver, Person, assert_text_browser_shows};
use crate::support::TestApp;
use turnpost::audit::{EventExport, verify_event};

#[actix_web::test]
async fn a_round_robin_of_three_is_played_whole_in_chromium_without_javascript() {
    let app = TestApp::start().await;
    let driver = Chromedriver::start().await;
    let mut people = Vec::new();
    for name in ["Ann", "Bo", "Cy"] {
        people.push(Person::sign_in(&app, &driver, name).await);
    }
    let ann = &mut people[0];
    ann.follow("Tournaments").await;
    ann.follow("Create a tournament").await;
    ann.follow("Kalah tournament").await;
    ann.tick("#pie_rule").await;
    ann.type_into("#title", "Three of Kalah").await;
    ann.tick("#sign_up_days option[value=\"1\"]").await;
    ann.type_into("#min", "3").await;
    ann.type_into("#max", "3").await;
    ann.press("Create the tournament").await;
    ann.expect_text("Sign-up is open until");
    ann.expect_text("Pie rule: the second player may swap sides");
    let path = ann.url.trim_start_matches(&app.base).to_string();

    for person in people.iter_mut() {
        person.open(&path).await;
        person.press("Sign up").await;
        person.expect_text("Leave before the start");
    }
    people[2].expect_text("3 signed up");
    people[2].screenshot("event-open").await;

    // Sign-up closes after a (test) day, and the scheduler starts every game.
    tokio::time::sleep(std::time::Duration::from_millis(4200)).await;
    assert_eq!(app.schedule().event_steps, 1);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut clicks = 0;
    'play: for looks in 0.. {
        assert!(looks < 2000, "the tournament never ended");
        let twin = people[0].twin(&path).await;
        if twin["phase"] == "finished" {
            break;
        }
        for game in twin["rounds"][0]["games"].as_array().unwrap() {
            let waiting: Vec<String> = (game["waiting_for"].as_array().into_iter().flatten())
                .map(|n| n.as_str().unwrap().to_string())
                .collect();
            for person in people.iter_mut().filter(|p| waiting.contains(&p.name)) {
                person.open(game["url"].as_str().unwrap()).await;
                let buttons = person.buttons();
                if buttons.is_empty() {
                    continue;
                }
                let chosen = buttons[rng.random_range(0..buttons.len())].clone();
                person.click(&chosen).await;
                clicks += 1;
                assert!(clicks < 600, "the games never ended");
                continue 'play;
            }
        }
        app.schedule();
    }
    assert!(clicks >= 3, "every game was played by clicking");

    let cy = &mut people[2];
    cy.open(&path).await;
    cy.expect_text("The tournament is over");
    cy.expect_text("Cross-table");
    cy.expect_text("Sonneborn-Berger");
    cy.screenshot("event-finished").await;
    let export: EventExport = serde_json::from_value(cy.twin(&format!("{path}/export")).await)
        .expect("the export is the tournament's log");
    verify_event(&export).unwrap_or_else(|e| panic!("{e}"));
    let html = cy.client.source().await.unwrap();
    assert_text_browser_shows(
        "event-finished",
        &html,
        &[
            "Standings",
            "Cross-table",
            "Points",
            "How it is played and scored",
        ],
    );

    as_phone(cy).await;
    let mut wide = Vec::new();
    for (label, page) in [
        ("events", "/events"),
        ("event", path.as_str()),
        ("event-choose", "/events/new"),
        ("event-new", "/events/new/azul"),
        ("ja-events", "/events?lang=ja"),
        ("ja-event", path.as_str()),
        ("ja-event-choose", "/events/new"),
        ("ja-event-new", "/events/new/azul"),
    ] {
        cy.open(page).await;
        let width = page_width(cy).await;
        cy.screenshot(&format!("phone-{label}")).await;
        if width > PHONE_WIDTH {
            wide.push(format!("{label}: {width} px"));
        }
    }
    cy.expect_text("大会");
    assert!(wide.is_empty(), "wider than a phone: {wide:?}");
}
