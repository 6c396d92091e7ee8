//! Invitation links: opening one changes nothing; only the invited address takes the seat, once;
//! the game starts when the table is full.

use diesel::prelude::*;

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

    // Opening or posting the link again leads Bo to the game and seats nobody; anyone else is
    // told it was used.
    let link = app
        .mail("bo@example.com", "invites you")
        .link(&app.base, "/join/");
    let again = bo.get(&link).await;
    assert!(again.url.ends_with(&path));
    let csrf = bo.get("/sign-in").await.csrf();
    let join_path = url::Url::parse(&link).unwrap().path().to_string();
    let reposted = bo.post_form(&join_path, &[("csrf", &csrf)]).await;
    assert!(reposted.url.ends_with(&path), "{}", reposted.url);
    let stranger = app.browser();
    let csrf = stranger.get("/sign-in").await.csrf();
    let refused = stranger.post_form(&join_path, &[("csrf", &csrf)]).await;
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
    assert!(
        refused.body.contains("for another address"),
        "{}",
        refused.body
    );
    assert_eq!(count_rows(&app.db, "game_events"), rows);
}

/// The invitation link in the newest invitation to `email`, as a path.
fn invitation_path(app: &TestApp, email: &str) -> String {
    let link = app.mail(email, "invites you").link(&app.base, "/join/");
    url::Url::parse(&link).unwrap().path().to_string()
}

#[actix_web::test]
async fn a_forwarded_invitation_never_signs_into_an_existing_account() {
    let app = TestApp::start().await;
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = create_game(&ann, "kalah", &["bo@example.com"], &[]).await;
    let join = invitation_path(&app, "bo@example.com");
    let rows = count_rows(&app.db, "game_events");

    // Whoever holds the link — a link-preview bot, a friend it was forwarded to — sees the
    // table and is offered a sign-in link sent to Bo, nothing more.
    let stranger = app.browser();
    for _ in 0..2 {
        let page = stranger.get(&join).await;
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(!page.body.contains("Signed in as"), "{}", page.body);
        assert!(
            !page.body.contains("bo@example.com"),
            "the address is masked"
        );
        assert!(page.body.contains("b•••@example.com"), "{}", page.body);
        assert!(page.body.contains("Email me a sign-in link"));
    }
    assert!(
        !stranger
            .get("/settings")
            .await
            .body
            .contains("bo@example.com")
    );
    let csrf = stranger.get("/sign-in").await.csrf();
    let refused = stranger.post_form(&join, &[("csrf", &csrf)]).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(!stranger.get("/").await.body.contains("Signed in as"));
    assert_eq!(count_rows(&app.db, "game_events"), rows);

    // Bo proves the address with a fresh sign-in link, which leads back to the invitation.
    let asked = stranger
        .post_form(&format!("{join}/sign-in"), &[("csrf", &csrf)])
        .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let link = app
        .mail("bo@example.com", "sign-in")
        .link(&app.base, "/sign-in/");
    let back = bo.follow_sign_in_link(&link).await;
    assert!(back.url.ends_with(&join), "{}", back.url);
    assert!(back.body.contains("Take my seat"), "{}", back.body);
    let joined = bo.post_form(&join, &[("csrf", &back.csrf())]).await;
    assert!(joined.url.ends_with(&path), "{}", joined.url);
    assert_eq!(count_rows(&app.db, "game_events"), rows + 1);
}

#[actix_web::test]
async fn someone_signed_in_cannot_take_a_seat_meant_for_another_address() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let cy = app.signed_in("cy@example.com", "Cy").await;
    create_game(&ann, "kalah", &["newcomer@example.com"], &[]).await;
    let join = invitation_path(&app, "newcomer@example.com");
    let rows = count_rows(&app.db, "game_events");
    let page = cy.get(&join).await;
    assert!(
        page.body.contains("signed in as someone else"),
        "{}",
        page.body
    );
    let refused = cy.post_form(&join, &[("csrf", &page.csrf())]).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(count_rows(&app.db, "game_events"), rows);
    assert!(cy.get("/").await.body.contains("Signed in as Cy"));
}

#[actix_web::test]
async fn an_expired_invitation_seats_nobody() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    create_game(&ann, "kalah", &["newcomer@example.com"], &[]).await;
    let join = invitation_path(&app, "newcomer@example.com");

    #[derive(QueryableByName)]
    struct Lifetime {
        #[diesel(sql_type = diesel::sql_types::Text)]
        days: String,
    }
    let lifetime: Lifetime =
        diesel::sql_query("SELECT (expires_at - created_at)::text AS days FROM invitations")
            .get_result(&mut app.db.connect())
            .unwrap();
    assert_eq!(lifetime.days, "14 days");

    diesel::sql_query("UPDATE invitations SET expires_at = now() - interval '1 second'")
        .execute(&mut app.db.connect())
        .unwrap();
    let rows = count_rows(&app.db, "game_events");
    let newcomer = app.browser();
    let page = newcomer.get(&join).await;
    assert_eq!(page.status, 410, "{}", page.body);
    assert!(page.body.contains("expired"), "{}", page.body);
    let csrf = newcomer.get("/sign-in").await.csrf();
    let refused = newcomer.post_form(&join, &[("csrf", &csrf)]).await;
    assert_eq!(refused.status, 410, "{}", refused.body);
    assert_eq!(count_rows(&app.db, "game_events"), rows);
    assert!(!newcomer.get("/").await.body.contains("Signed in as"));
}

#[actix_web::test]
async fn the_creator_can_send_an_invitation_again_or_to_a_corrected_address() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = create_game(&ann, "kalah", &["bo@exmaple.com"], &[]).await;
    let board = ann.get(&path).await;
    assert!(board.body.contains("/invitations\""), "{}", board.body);
    let page = ann.get(&format!("{path}/invitations")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("bo@exmaple.com"));
    assert!(page.body.contains("not answered yet"), "{}", page.body);

    // Nobody else may see or change them.
    let cy = app.signed_in("cy@example.com", "Cy").await;
    assert_eq!(cy.get(&format!("{path}/invitations")).await.status, 403);
    let id = page.input_value("invitation").unwrap();
    let refused = cy
        .post_form(
            &format!("{path}/invitations"),
            &[("csrf", &cy.get("/").await.csrf()), ("invitation", &id)],
        )
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);

    // Sent again: a new link, and the old one no longer works.
    let old = invitation_path(&app, "bo@exmaple.com");
    let again = ann
        .post_form(
            &format!("{path}/invitations"),
            &[("csrf", &page.csrf()), ("invitation", &id)],
        )
        .await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert!(
        again
            .body
            .contains("A new invitation is on its way to bo@exmaple.com")
    );
    let renewed = invitation_path(&app, "bo@exmaple.com");
    assert_ne!(old, renewed);
    assert_eq!(app.browser().get(&old).await.status, 404);

    // The address was mistyped: send it to the right one instead.
    let id = again.input_value("invitation").unwrap();
    let corrected = ann
        .post_form(
            &format!("{path}/invitations"),
            &[
                ("csrf", &again.csrf()),
                ("invitation", &id),
                ("email", "Bo@Example.com"),
            ],
        )
        .await;
    assert_eq!(corrected.status, 200, "{}", corrected.body);
    assert!(!corrected.body.contains("exmaple"), "{}", corrected.body);
    assert_eq!(app.browser().get(&renewed).await.status, 404);
    let bo = app.browser();
    let joined = accept_invitation(&app, &bo, "bo@example.com").await;
    assert!(joined.url.ends_with(&path), "{}", joined.url);
    assert_eq!(bo.get_json(&path).await.json()["phase"], "active");
    // Once the game has started there is nothing left to change.
    let late = ann
        .post_form(
            &format!("{path}/invitations"),
            &[("csrf", &again.csrf()), ("invitation", &id)],
        )
        .await;
    assert!(
        [404, 410].contains(&late.status),
        "{}: {}",
        late.status,
        late.body
    );
}

/// A three-seat table with one invitation and one open seat fills whichever way its seats are
/// taken: an invited player who sits from the open tables takes their own seat (their invitation
/// counts as answered and the open seat stays open), and an invitation cannot be sent again to
/// someone already seated, which would keep a seat for a player who can never take it.
#[actix_web::test]
async fn a_table_with_invitations_and_open_seats_fills_whichever_way_it_is_sat() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = create_game(&ann, "kabaleo", &["bo@example.com"], &[("open_seats", "1")]).await;
    let game_id = path.trim_start_matches("/games/");

    // Bo, invited, sits from the open tables instead of through the invitation.
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let csrf = bo.get("/tables").await.csrf();
    let sat = bo
        .post_form(&format!("{path}/sit"), &[("csrf", &csrf)])
        .await;
    assert_eq!(sat.status, 200, "{}", sat.body);
    let twin = bo.get_json(&path).await.json();
    assert_eq!(twin["open_seats"], 1, "{twin}");
    let page = ann.get(&format!("{path}/invitations")).await;
    assert!(!page.body.contains("not answered yet"), "{}", page.body);
    // The table is still open to anyone, and the invitation link says it was used.
    assert!(app.browser().get("/tables").await.body.contains(game_id));
    let used = app
        .browser()
        .get(&invitation_path(&app, "bo@example.com"))
        .await;
    assert_eq!(used.status, 410, "{}", used.body);

    // Nor can the creator keep a seat for Bo again.
    let cy = app.signed_in("cy@example.com", "Cy").await;
    let path2 = create_game(&ann, "kabaleo", &["di@example.com"], &[("open_seats", "1")]).await;
    let csrf = cy.get("/tables").await.csrf();
    let sat = cy
        .post_form(&format!("{path2}/sit"), &[("csrf", &csrf)])
        .await;
    assert_eq!(sat.status, 200, "{}", sat.body);
    let page = ann.get(&format!("{path2}/invitations")).await;
    let id = page.input_value("invitation").unwrap();
    let refused = ann
        .post_form(
            &format!("{path2}/invitations"),
            &[
                ("csrf", &page.csrf()),
                ("invitation", &id),
                ("email", "cy@example.com"),
            ],
        )
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused
            .body
            .contains("cy@example.com already has a seat at this table"),
        "{}",
        refused.body
    );

    // The first table fills: a third player takes the open seat and the game starts.
    let di = app.signed_in("di@example.com", "Di").await;
    let csrf = di.get("/tables").await.csrf();
    let sat = di
        .post_form(&format!("{path}/sit"), &[("csrf", &csrf)])
        .await;
    assert_eq!(sat.status, 200, "{}", sat.body);
    let twin = di.get_json(&path).await.json();
    assert_eq!(twin["phase"], "active", "{twin}");
}

#[actix_web::test]
async fn a_newcomer_declines_on_the_invitations_page_and_the_creator_is_told() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = create_game(&ann, "kalah", &["newcomer@example.com"], &[]).await;
    let link = app
        .mail("newcomer@example.com", "invites you")
        .link(&app.base, "/join/");
    let newcomer = app.browser();
    let page = newcomer.get(&link).await;
    assert!(
        page.body.contains("Decline the invitation"),
        "{}",
        page.body
    );
    let csrf = page.csrf();
    let decline = format!("{}/decline", url::Url::parse(&link).unwrap().path());

    // Someone signed in as another address cannot decline for the newcomer.
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let bo_csrf = bo.get(&link).await.csrf();
    let refused = bo.post_form(&decline, &[("csrf", &bo_csrf)]).await;
    assert_eq!(refused.status, 403, "{}", refused.body);

    let declined = newcomer.post_form(&decline, &[("csrf", &csrf)]).await;
    assert_eq!(declined.status, 200, "{}", declined.body);
    assert!(
        declined
            .body
            .contains("You declined the invitation from Ann")
    );
    let told = app.mail("ann@example.com", "declined your Kalah table");
    assert!(told.text.contains("Their seat is free"), "{}", told.text);
    assert_eq!(newcomer.get(&link).await.status, 410);
    let listed = ann.get(&format!("{path}/invitations")).await;
    assert!(listed.body.contains("declined."), "{}", listed.body);
    assert_eq!(ann.get_json(&path).await.json()["phase"], "waiting");
}
