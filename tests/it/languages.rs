//! Turnpost in Japanese and English: the language a browser asks for, the plain link that
//! switches it, a player's setting, and words that come from the rules.

use serde_json::json;

use crate::support::*;

#[tokio::test]
async fn a_browser_asking_for_japanese_gets_japanese_and_a_plain_link_switches_language() {
    let app = TestApp::start().await;
    let browser = Browser::speaking(&app.base, "ja-JP,ja;q=0.9,en;q=0.5");
    let home = browser.get("/").await;
    assert_eq!(home.status, 200);
    assert!(home.body.contains("<html lang=\"ja\">"), "{}", home.body);
    assert!(
        home.body.contains("メールで遊ぶボードゲーム"),
        "{}",
        home.body
    );
    assert!(home.body.contains("href=\"/?lang=en\""), "{}", home.body);

    let english = browser.get("/?lang=en").await;
    assert!(english.body.contains("<html lang=\"en\">"));
    assert!(english.body.contains("Board games by email"));
    // The choice is kept for this browser's next pages, whatever it asks for.
    let next = browser.get("/tables").await;
    assert!(next.body.contains("<html lang=\"en\">"), "{}", next.body);
    assert!(
        next.body.contains("href=\"/tables?lang=ja\""),
        "{}",
        next.body
    );

    // Error pages follow the choice too.
    let missing = browser.get("/no/such/page?lang=ja").await;
    assert_eq!(missing.status, 404);
    assert!(
        missing.body.contains("このアドレスには何もありません"),
        "{}",
        missing.body
    );
    // An error page changes no choice: the next one is in English again.
    let elsewhere = browser.get("/no/such/page").await;
    assert!(
        elsewhere.body.contains("There is nothing at this address"),
        "{}",
        elsewhere.body
    );

    // The rules and the help for moving by email, in the same language.
    let rules = browser.get("/rules/kalah?lang=ja").await;
    assert!(rules.body.contains("カラハの遊び方"), "{}", rules.body);
    assert!(rules.body.contains("ルールのあらまし"));
    assert!(rules.body.contains("定番の種まきゲーム"));
    assert!(!rules.body.contains("The classic sowing game"));
    let help = browser.get("/help/email").await;
    assert!(
        help.body.contains("手のコード（ゲーム別）"),
        "{}",
        help.body
    );
    assert!(help.body.contains("まく穴の番号を左から"), "{}", help.body);
}

#[tokio::test]
async fn a_new_player_reads_the_language_of_their_browser_until_they_choose_in_settings() {
    let app = TestApp::start().await;
    let browser = Browser::speaking(&app.base, "ja");
    let sent = browser.ask_for_sign_in_link("hana@example.com").await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    assert!(
        sent.body.contains("メールを確認してください"),
        "{}",
        sent.body
    );
    // The email is in Japanese too, its subject encoded so that a mail parser reads it back.
    let mail = app.mail("hana@example.com", "サインイン");
    assert_eq!(mail.subject, "Turnpost のサインイン用リンク");
    assert!(
        !mail.raw.contains("Subject: Turnpost のサインイン"),
        "the subject is encoded"
    );
    assert!(mail.text.contains("一度だけ使え"), "{}", mail.text);
    assert!(mail.html.contains("<html lang=\"ja\">"), "{}", mail.html);
    assert!(
        mail.text.contains("ゲームのメールを止める"),
        "{}",
        mail.text
    );
    let link = mail.link(&app.base, "/sign-in/");
    let signed_in = browser.follow_sign_in_link(&link).await;
    assert_eq!(signed_in.status, 200, "{}", signed_in.body);
    assert!(
        signed_in.body.contains("あなたのゲーム"),
        "{}",
        signed_in.body
    );

    let settings = browser.get("/settings").await;
    assert!(
        settings
            .body
            .contains("<option value=\"ja\" lang=\"ja\" selected>日本語</option>"),
        "{}",
        settings.body
    );
    let csrf = settings.csrf();
    let refused = browser
        .post_form(
            "/settings",
            &[
                ("csrf", &csrf),
                ("display_name", "Hana"),
                ("language", "tlh"),
            ],
        )
        .await;
    assert_eq!(refused.status, 400);
    assert!(
        refused.body.contains("示された言語から一つ選んでください"),
        "{}",
        refused.body
    );

    let saved = browser
        .post_form(
            "/settings",
            &[
                ("csrf", &csrf),
                ("display_name", "Hana"),
                ("language", "en"),
            ],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert!(saved.body.contains("<html lang=\"en\">"), "{}", saved.body);
    assert!(saved.body.contains("Saved."));
    // Stored for the player: a new browser that asks for Japanese still gets English once
    // signed in as Hana.
    let other = Browser::speaking(&app.base, "ja");
    other.sign_in(&app, "hana@example.com").await;
    let page = other.get("/settings").await;
    assert!(
        page.body
            .contains("<option value=\"en\" lang=\"en\" selected>English</option>"),
        "{}",
        page.body
    );
}

#[tokio::test]
async fn the_rules_speak_to_each_player_in_their_own_language() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let to_act = table.to_act().await[0];
    let player = &table.players[to_act];
    let csrf = player.get("/settings").await.csrf();
    let name = if to_act == 0 { "Ann" } else { "Bo" };
    let saved = player
        .post_form(
            "/settings",
            &[("csrf", &csrf), ("display_name", name), ("language", "ja")],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);

    let page = player.get(&table.path).await;
    assert!(page.body.contains("カラハ"), "{}", page.body);
    assert!(
        page.body.contains("穴 1 をまく（種 4 個）"),
        "{}",
        page.body
    );

    // A refusal from the engine, in Japanese, to the JSON twin as to the page.
    let seq = table.twin(to_act).await["seq"].to_string();
    let command = json!({"type": "sow", "pit": 9}).to_string();
    let refused = player
        .post_form(
            &format!("{}/play", table.path),
            &[("csrf", &page.csrf()), ("seq", &seq), ("command", &command)],
        )
        .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains("穴 10 はありません"),
        "{}",
        refused.body
    );

    // The other player still reads English.
    let other = &table.players[1 - to_act];
    let theirs = other.get(&table.path).await;
    assert!(theirs.body.contains("Kalah"), "{}", theirs.body);
    assert!(!theirs.body.contains("カラハ"));
}
