//! Rate limits: each abusable action has a configured allowance, refused with a 429 and a page
//! in words, counted in the database so that every server process shares it.

use crate::support::{TestApp, count_rows, create_game};

#[actix_web::test]
async fn sign_in_emails_are_limited_per_address_across_servers() {
    let app = TestApp::start_with(|s| s.limits.sign_in_per_address = 2).await;
    let other = app.second_server();
    let here = app.browser();
    let there = crate::support::Browser::new(&other.base);
    assert_eq!(
        here.ask_for_sign_in_link("ann@example.com").await.status,
        200
    );
    assert_eq!(
        there.ask_for_sign_in_link("ann@example.com").await.status,
        200
    );
    let refused = here.ask_for_sign_in_link("ANN@example.com ").await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert!(
        refused.body.contains("already sent several sign-in links")
            && refused.body.contains("try again in 15 minutes"),
        "{}",
        refused.body
    );
    // Other addresses are not held up.
    assert_eq!(
        there.ask_for_sign_in_link("bo@example.com").await.status,
        200
    );
    app.deliver();
    assert_eq!(app.mails_to("ann@example.com").len(), 2);
    assert_eq!(app.mails_to("bo@example.com").len(), 1);
}

#[actix_web::test]
async fn sign_in_emails_are_limited_per_client() {
    let app = TestApp::start_with(|s| s.limits.sign_in_per_client = 3).await;
    let browser = app.browser();
    for n in 0..3 {
        let page = browser
            .ask_for_sign_in_link(&format!("p{n}@example.com"))
            .await;
        assert_eq!(page.status, 200);
    }
    let response = browser
        .client
        .post(app.url("/sign-in"))
        .form(&[
            ("csrf", browser.get("/sign-in").await.csrf().as_str()),
            ("email", "p9@example.com"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 429);
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=900).contains(&retry), "{retry}");
    assert!(response.text().await.unwrap().contains("from your network"));
    app.deliver();
    assert!(app.mails_to("p9@example.com").is_empty());
}

#[actix_web::test]
async fn game_creation_and_invitations_are_limited_and_a_refusal_creates_nothing() {
    let app = TestApp::start_with(|s| {
        s.limits.games_per_player_per_hour = 2;
        s.limits.invitations_per_address_per_day = 1;
    })
    .await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    create_game(&ann, "kalah", &["bo@example.com"], &[]).await;
    let games = count_rows(&app.db, "games");

    // Bo has had his one invitation today.
    let form = ann.get("/games/new/kalah").await;
    let again = ann
        .post_form(
            "/games/new/kalah",
            &[("csrf", &form.csrf()), ("invite_1", "bo@example.com")],
        )
        .await;
    assert_eq!(again.status, 429, "{}", again.body);
    assert!(
        again.body.contains("bo@example.com has been invited"),
        "{}",
        again.body
    );
    assert_eq!(count_rows(&app.db, "games"), games);

    // The refused game did not use up Ann's allowance: one more game is allowed, then no more.
    create_game(&ann, "kalah", &["cy@example.com"], &[]).await;
    let third = ann
        .post_form(
            "/games/new/kalah",
            &[("csrf", &form.csrf()), ("invite_1", "di@example.com")],
        )
        .await;
    assert_eq!(third.status, 429, "{}", third.body);
    assert!(third.body.contains("as many games as we allow in an hour"));
    assert_eq!(count_rows(&app.db, "games"), games + 1);
}
