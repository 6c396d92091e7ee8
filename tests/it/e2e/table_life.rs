//! A table's life in Chromium without JavaScript: a time bank chosen on the form and shown on
//! the board, table talk, and calling off a table that has not started.

use super::{BrowserTable, Person, assert_text_browser_shows};

#[actix_web::test]
async fn a_timed_table_talks_and_another_is_called_off_in_chromium() {
    let mut table = BrowserTable::start(
        "quarto",
        "Quarto",
        &["Ann", "Bo"],
        async |host: &mut Person| {
            host.tick("#days option[value=\"2\"]").await;
            host.tick("#clock_bank").await;
        },
    )
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

    let ann = &mut table.people[0];
    ann.follow("New game").await;
    ann.follow("Kalah").await;
    ann.type_into("#invite_1", "cy@exmaple.com").await;
    ann.press("Create the game and send the invitations").await;
    ann.expect_text("No time limit.");
    ann.press("Call off this table").await;
    ann.expect_text("This table was called off before it started.");
    table.close().await;
}
