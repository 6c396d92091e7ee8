//! Sessions live on the server: signing out ends them for any copy of the cookie, Settings can
//! end them all, and any number of servers on one database agree about them.

use crate::support::TestApp;

#[actix_web::test]
async fn signing_out_ends_the_session_even_for_a_copied_cookie() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let thief = ann.copy_to(&app.base);
    assert!(thief.get("/").await.body.contains("Signed in as Ann"));

    let csrf = ann.get("/").await.csrf();
    let out = ann.post_form("/sign-out", &[("csrf", &csrf)]).await;
    assert_eq!(out.status, 200);
    assert!(!ann.get("/").await.body.contains("Signed in as"));
    let stolen = thief.get("/settings").await;
    assert_eq!(stolen.status, 403, "{}", stolen.body);
    assert!(!thief.get("/").await.body.contains("Signed in as"));
}

#[actix_web::test]
async fn sign_out_everywhere_ends_every_session_of_the_player() {
    let app = TestApp::start().await;
    let laptop = app.signed_in("ann@example.com", "Ann").await;
    let phone = app.browser();
    phone.sign_in(&app, "ann@example.com").await;
    let bo = app.signed_in("bo@example.com", "Bo").await;

    let settings = laptop.get("/settings").await;
    assert_eq!(
        settings.body.matches("Signed in 20").count(),
        2,
        "both browsers are listed: {}",
        settings.body
    );
    assert!(settings.body.contains("(this browser)"));
    let done = laptop
        .post_form(
            "/settings/sign-out-everywhere",
            &[("csrf", &settings.csrf())],
        )
        .await;
    assert_eq!(done.status, 200);
    assert!(!laptop.get("/").await.body.contains("Signed in as"));
    assert!(!phone.get("/").await.body.contains("Signed in as"));
    assert!(
        bo.get("/").await.body.contains("Signed in as Bo"),
        "other players are not signed out"
    );
}

#[actix_web::test]
async fn the_csrf_token_changes_at_sign_in() {
    let app = TestApp::start().await;
    let browser = app.browser();
    let before = browser.get("/sign-in").await.csrf();
    browser.sign_in(&app, "ann@example.com").await;
    let after = browser.get("/").await.csrf();
    assert_ne!(before, after);
    let stale = browser
        .post_form(
            "/settings",
            &[("csrf", &before), ("display_name", "Mallory")],
        )
        .await;
    assert_eq!(
        stale.status, 403,
        "a token from before sign-in no longer works"
    );
}

#[actix_web::test]
async fn two_servers_on_one_database_share_sessions_and_sign_outs() {
    let app = TestApp::start().await;
    let other = app.second_server();
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let ann_there = ann.copy_to(&other.base);
    assert!(ann_there.get("/").await.body.contains("Signed in as Ann"));

    let csrf = ann_there.get("/").await.csrf();
    ann_there.post_form("/sign-out", &[("csrf", &csrf)]).await;
    assert!(
        !ann.get("/").await.body.contains("Signed in as"),
        "signed out on one server is signed out on all"
    );
}
