//! A table's life in Chromium without JavaScript: a time bank chosen on the form and shown on
//! the board, table talk, the board's log in the player's own time zone, a vacation, and calling
//! off a table that has not started.

use super::{BrowserTable, Person, assert_text_browser_shows};

#[actix_web::test]
async fn a_timed_table_talks_and_another_is_called_off_in_chromium() {
    let mut table = BrowserTable::start("quarto", &["Ann", "Bo"], async |host: &mut Person| {
        host.tick("#days option[value=\"2\"]").await;
        host.tick("#clock_bank").await;
    })
    .await;
    let ann = &mut table.people[0];
    ann.reload().await;
    ann.expect_text("Time limit: a bank of");
    ann.expect_text(" left");
    ann.type_into("#talk-text", "Good luck, Bo!").await;
    ann.press("Send the message").await;
    ann.expect_text("Good luck, Bo!");
    ann.screenshot("table-talk").await;

    let bo = &mut table.people[1];
    bo.reload().await;
    bo.expect_text("Ann");
    bo.expect_text("Good luck, Bo!");
    let html = bo.client.source().await.unwrap();
    assert_text_browser_shows(
        "table-talk",
        &html,
        &["Table talk", "Good luck, Bo!", "Send the message", "left"],
    );

    // The first move, then the log on the other's board says what happened, in their zone.
    let giver = table.to_act().await[0];
    let other = 1 - giver;
    let person = &mut table.people[other];
    person.follow("Settings").await;
    person.tick("#time_zone option[value=\"Asia/Tokyo\"]").await;
    person.press("Save").await;
    person.expect_text("Saved.");
    let person = &mut table.people[giver];
    person.reload().await;
    let give = person
        .buttons()
        .into_iter()
        .find(|b| b.label.starts_with("Give the "))
        .expect("a piece to give");
    person.click(&give).await;
    let path = table.path.clone();
    let person = &mut table.people[other];
    person.open(&path).await;
    person.expect_text("Since your previous move");
    person.expect_text("just now");
    person.expect_text("JST");

    // A vacation taken in Settings shows on the board, and ends with one button.
    person.follow("Settings").await;
    person.tick("#vacation_days option[value=\"2\"]").await;
    person.press("Start my vacation").await;
    person.expect_text("You are on vacation until");
    person.open(&path).await;
    person.expect_text("(on vacation until");
    person.screenshot("vacation-board").await;
    person.follow("Settings").await;
    person.press("I am back: end my vacation now").await;
    person.expect_text("of 14 vacation days left this year");

    let ann = &mut table.people[0];
    ann.follow("New game").await;
    ann.follow("Kalah").await;
    ann.type_into("#invite_1", "cy@exmaple.com").await;
    ann.press("Create the game and send the invitations").await;
    ann.expect_text("No time limit.");
    ann.press("Call off this table").await;
    ann.expect_text("This table was called off by its creator before it started.");
    table.close().await;
}
