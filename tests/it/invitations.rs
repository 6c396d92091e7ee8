//! Invitation links: they sign the invited address in, seat it once, and start the game when
//! the table is full.

use crate::support::{TestApp, accept_invitation, count_rows, create_game};

#[actix_web::test]
async fn an_invitation_signs_a_newcomer_in_and_seats_them() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = create_game(
        &ann,
        "kalah",
        &["newcomer@example.com"],
        &[("seeds_per_pit", "5")],
    )
    .await;
    let waiting = ann.get(&path).await;
    assert!(
        waiting.body.contains("Waiting for 1 more player"),
        "{}",
        waiting.body
    );

    let mail = app.mail("newcomer@example.com", "invites you");
    assert!(
        mail.subject.contains("Ann invites you to play Kalah"),
        "{}",
        mail.subject
    );
    assert!(mail.text.contains("5 seeds per pit"), "{}", mail.text);

    let newcomer = app.browser();
    let joined = accept_invitation(&app, &newcomer, "newcomer@example.com").await;
    assert_eq!(joined.status, 200);
    assert!(
        joined.body.contains("Signed in as newcomer"),
        "{}",
        joined.body
    );
    let twin = newcomer.get_json(&path).await.json();
    assert_eq!(twin["phase"], "active");
    assert!(twin["your_seat"].is_number());
    assert_eq!(twin["view"]["sides"][0]["pits"][0], 5);
}

#[actix_web::test]
async fn an_invitation_is_used_once() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = create_game(&ann, "kalah", &["bo@example.com"], &[]).await;
    let bo = app.browser();
    accept_invitation(&app, &bo, "bo@example.com").await;
    let rows = count_rows(&app.db, "game_events");

    // Opening the link again leads to the game; posting it again seats nobody.
    let link = app
        .mail("bo@example.com", "invites you")
        .link(&app.base, "/join/");
    let again = bo.get(&link).await;
    assert!(again.url.ends_with(&path));
    let csrf = bo.get("/sign-in").await.csrf();
    let join_path = url::Url::parse(&link).unwrap().path().to_string();
    let refused = bo.post_form(&join_path, &[("csrf", &csrf)]).await;
    assert_eq!(refused.status, 410, "{}", refused.body);
    assert_eq!(count_rows(&app.db, "game_events"), rows);
}

#[actix_web::test]
async fn the_creator_cannot_take_a_second_seat() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    create_game(&ann, "kalah", &["bo@example.com"], &[]).await;
    let rows = count_rows(&app.db, "game_events");
    let link = app
        .mail("bo@example.com", "invites you")
        .link(&app.base, "/join/");
    ann.get(&link).await;
    let csrf = ann.get("/sign-in").await.csrf();
    let path = url::Url::parse(&link).unwrap().path().to_string();
    let refused = ann.post_form(&path, &[("csrf", &csrf)]).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(refused.body.contains("already have a seat"));
    assert_eq!(count_rows(&app.db, "game_events"), rows);
}
