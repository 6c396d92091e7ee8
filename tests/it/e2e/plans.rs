//! The plan page in Chromium without JavaScript: a line drawn up by following its links and
//! saved with its button, at a phone's width, passing the accessibility check at every step, in
//! English and Japanese, for a game of one command a turn and one of two.

use super::axe::assert_accessible;
use super::phone::{PHONE_WIDTH, as_phone, page_width};
use super::{Chromedriver, Person};
use crate::support::TestApp;
use crate::support::seat_table;

/// Draws up and saves a line as the player who is not to move, checking each page on the way.
async fn plan_in_chromium(kind: &'static str) {
    let app = TestApp::start().await;
    let table = seat_table(app, kind, &["Ann", "Bo"], &[("days", "3")]).await;
    let waiting = 1 - table.to_act().await[0];
    let name = ["Ann", "Bo"][waiting];
    let driver = Chromedriver::start().await;
    let mut person = Person::sign_in(&table.app, &driver, name).await;
    as_phone(&person).await;
    let mut wide = Vec::new();
    for (lang, plan_link, save) in [
        (
            "en",
            "Plan your answers to your opponent's move…",
            "Add this line to my plan",
        ),
        (
            "ja",
            "相手の手への応手を前もって計画する…",
            "この手順を計画に加える",
        ),
    ] {
        person.open(&format!("{}?lang={lang}", table.path)).await;
        person.follow(plan_link).await;
        let mut step = 0;
        while !person.text().contains(save) {
            assert_accessible(&person.client, &format!("{} (phone)", person.url)).await;
            let width = page_width(&person).await;
            if width > PHONE_WIDTH {
                wide.push(format!("{}: {width} px", person.url));
            }
            person
                .screenshot(&format!("phone-plan-{kind}-{lang}-{step}"))
                .await;
            // The second line answers another of the opponent's moves.
            let choice = usize::from(lang == "ja" && step == 0);
            person.click_nth("ul.choices a", choice).await;
            step += 1;
            assert!(step < 30, "no whole line on {}", person.url);
        }
        person.press(save).await;
        assert_accessible(&person.client, &format!("{} (phone)", person.url)).await;
        person
            .screenshot(&format!("phone-plan-{kind}-{lang}-saved"))
            .await;
        let width = page_width(&person).await;
        if width > PHONE_WIDTH {
            wide.push(format!("{} (saved): {width} px", person.url));
        }
    }
    assert!(person.text().contains("手順 2 を消す"), "{}", person.text());
    assert!(
        wide.is_empty(),
        "pages wider than a phone:\n{}",
        wide.join("\n")
    );
}

#[actix_web::test]
async fn a_kalah_plan_is_drawn_up_and_saved_in_chromium_on_a_phone_in_both_languages() {
    plan_in_chromium("kalah").await;
}

#[actix_web::test]
async fn a_quarto_plan_of_two_commands_a_turn_is_drawn_up_and_saved_in_chromium() {
    plan_in_chromium("quarto").await;
}
