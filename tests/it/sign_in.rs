//! Signing in by emailed single-use links.

use diesel::prelude::*;

use crate::support::TestApp;

async fn request_link(app: &TestApp, email: &str) -> String {
    let browser = app.browser();
    let page = browser.get("/sign-in").await;
    let sent = browser
        .post_form("/sign-in", &[("csrf", &page.csrf()), ("email", email)])
        .await;
    assert_eq!(sent.status, 200, "{}", sent.body);
    app.mail(email, "sign-in").link(&app.base, "/sign-in/")
}

#[actix_web::test]
async fn a_link_signs_in_once_and_only_once() {
    let app = TestApp::start().await;
    let link = request_link(&app, "cy@example.com").await;
    let mail = app.mails_to("cy@example.com").pop().unwrap();
    assert!(mail.subject.contains("sign-in"));
    assert!(
        mail.html.contains(&link),
        "the HTML part carries the link too"
    );

    let first = app.browser();
    let home = first.follow_sign_in_link(&link).await;
    assert_eq!(home.status, 200);
    assert!(home.body.contains("Signed in as cy"), "{}", home.body);

    let second = app.browser().get(&link).await;
    assert_eq!(second.status, 410);
    assert!(second.body.contains("already been used"));
    assert!(!second.body.contains("Signed in as"));
}

#[actix_web::test]
async fn opening_a_link_spends_nothing_so_scanners_and_second_clicks_do_no_harm() {
    let app = TestApp::start().await;
    let link = request_link(&app, "cy@example.com").await;
    // A mail scanner fetches the link, then the player opens it twice.
    let scanner = app.browser();
    for _ in 0..2 {
        let page = scanner.get(&link).await;
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(!page.body.contains("Signed in as"), "{}", page.body);
        assert!(page.body.contains("Sign in as cy@example.com"));
    }
    let player = app.browser();
    assert_eq!(player.get(&link).await.status, 200);
    let home = player.follow_sign_in_link(&link).await;
    assert!(home.body.contains("Signed in as cy"), "{}", home.body);
    // Opening it once more, already signed in as that address, simply goes on.
    let again = player.get(&link).await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert!(again.body.contains("Signed in as cy"), "{}", again.body);
    assert!(!again.url.contains("/sign-in/"), "{}", again.url);
}
#[actix_web::test]
async fn expired_and_unknown_links_are_refused() {
    let app = TestApp::start().await;
    let link = request_link(&app, "di@example.com").await;
    diesel::sql_query("UPDATE sign_in_tokens SET expires_at = now() - interval '1 minute'")
        .execute(&mut app.db.connect())
        .unwrap();
    let expired = app.browser().get(&link).await;
    assert_eq!(expired.status, 410);
    assert!(expired.body.contains("expired"));

    let unknown = app.browser().get("/sign-in/not-a-token").await;
    assert_eq!(unknown.status, 404);
}

#[actix_web::test]
async fn tokens_are_stored_hashed_and_expire_in_thirty_minutes() {
    let app = TestApp::start().await;
    let link = request_link(&app, "ed@example.com").await;
    let token = link.rsplit('/').next().unwrap().to_string();

    #[derive(QueryableByName)]
    struct Stored {
        #[diesel(sql_type = diesel::sql_types::Bytea)]
        token_hash: Vec<u8>,
        #[diesel(sql_type = diesel::sql_types::Text)]
        lifetime: String,
    }
    let stored: Stored = diesel::sql_query(
        "SELECT token_hash, (expires_at - created_at)::text AS lifetime FROM sign_in_tokens",
    )
    .get_result(&mut app.db.connect())
    .unwrap();
    use sha2::Digest;
    assert_eq!(
        stored.token_hash,
        sha2::Sha256::digest(token.as_bytes()).to_vec()
    );
    // Reckoned by the database's clock alone, to the microsecond: a server whose clock is off
    // neither shortens nor stretches a link's life.
    assert_eq!(stored.lifetime, "00:30:00");
}

#[actix_web::test]
async fn an_invalid_address_gets_a_clear_message_and_no_mail() {
    let app = TestApp::start().await;
    let browser = app.browser();
    let page = browser.get("/sign-in").await;
    let refused = browser
        .post_form(
            "/sign-in",
            &[("csrf", &page.csrf()), ("email", "not an address")],
        )
        .await;
    assert_eq!(refused.status, 400);
    assert!(refused.body.contains("is not a valid email address"));
    app.deliver();
    assert!(app.mails().is_empty());
}

#[actix_web::test]
async fn the_session_cookie_is_http_only_and_same_site_lax() {
    let app = TestApp::start().await;
    let response = reqwest::get(app.url("/")).await.unwrap();
    let cookie = response
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .to_string();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
}

#[actix_web::test]
async fn a_post_without_the_csrf_token_is_refused() {
    let app = TestApp::start().await;
    let browser = app.browser();
    browser.get("/sign-in").await;
    let refused = browser
        .post_form("/sign-in", &[("email", "fay@example.com")])
        .await;
    assert_eq!(refused.status, 403);
    let forged = browser
        .post_form(
            "/sign-in",
            &[("csrf", "forged"), ("email", "fay@example.com")],
        )
        .await;
    assert_eq!(forged.status, 403);
    app.deliver();
    assert!(app.mails().is_empty());
}

#[actix_web::test]
async fn a_player_can_change_their_display_name() {
    let app = TestApp::start().await;
    let browser = app.signed_in("gus@example.com", "Gus the Great").await;
    let home = browser.get("/").await;
    assert!(home.body.contains("Signed in as Gus the Great"));
    let page = browser.get("/settings").await;
    let too_long = "x".repeat(41);
    let refused = browser
        .post_form(
            "/settings",
            &[("csrf", &page.csrf()), ("display_name", &too_long)],
        )
        .await;
    assert_eq!(refused.status, 400);
    assert!(
        browser
            .get("/")
            .await
            .body
            .contains("Signed in as Gus the Great")
    );
}

#[actix_web::test]
async fn a_link_that_lasts_one_minute_says_one_minute_and_thirty_say_minutes() {
    for (minutes, said) in [(1, "expires in 1 minute."), (30, "expires in 30 minutes.")] {
        let app = TestApp::start_with(|s| s.auth.sign_in_link_minutes = minutes).await;
        let browser = app.browser();
        let csrf = browser.get("/sign-in").await.csrf();
        let fields = [("csrf", csrf.as_str()), ("email", "gus@example.com")];
        let sent = browser.post_form("/sign-in", &fields).await;
        assert!(sent.body.contains(said), "{minutes}: {}", sent.body);
        let mail = app.mail("gus@example.com", "sign-in");
        let text = mail.text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(text.contains(said), "{minutes}: {text}");
    }
}
