//! A table's life besides the moves: calling it off (by its creator, or by the scheduler once
//! its invitations have expired) and table talk, each a row of the log like any other.

use diesel::prelude::*;

use crate::kalah_game::started_game;
use crate::support::{TestApp, assert_log_verifies, create_game};

fn verify_export(body: &str) -> turnpost::audit::Report {
    let export: turnpost::audit::Export = serde_json::from_str(body).unwrap();
    turnpost::audit::verify(&export).unwrap_or_else(|found| panic!("{found}"))
}

#[actix_web::test]
async fn the_creator_calls_off_a_table_and_everyone_invited_is_told() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let path = create_game(&ann, "kalah", &["bo@exmaple.com"], &[]).await;
    let invitation = app.mail("bo@exmaple.com", "invites you");
    let link = invitation.link(&app.base, "/join/");

    // Only the creator may call it off.
    let page = bo.get(&path).await;
    assert!(!page.body.contains("Call off this table"), "{}", page.body);
    let csrf = page.csrf();
    let refused = bo
        .post_form(&format!("{path}/cancel"), &[("csrf", &csrf)])
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);

    let page = ann.get(&path).await;
    assert!(page.body.contains("Call off this table"), "{}", page.body);
    let csrf = page.csrf();
    let done = ann
        .post_form(&format!("{path}/cancel"), &[("csrf", &csrf)])
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert!(
        done.body.contains("This table was called off"),
        "{}",
        done.body
    );
    assert!(!done.body.contains("Call off this table"));
    let twin = ann.get_json(&path).await.json();
    assert_eq!(twin["phase"], "cancelled");

    let told = app.mail("bo@exmaple.com", "was called off");
    assert_eq!(told.subject, "Ann's Kalah table was called off");
    assert!(told.text.contains("no longer work"), "{}", told.text);
    let stranger = app.browser();
    let stale = stranger.get(&link).await;
    assert_eq!(stale.status, 410, "{}", stale.body);
    assert!(stale.body.contains("called off"), "{}", stale.body);
    let csrf = stranger.get("/").await.csrf();
    let join_path = url::Url::parse(&link).unwrap().path().to_string();
    let joined = stranger.post_form(&join_path, &[("csrf", &csrf)]).await;
    assert_eq!(joined.status, 410, "{}", joined.body);
    assert!(joined.body.contains("called off"), "{}", joined.body);

    let csrf = ann.get(&path).await.csrf();
    let again = ann
        .post_form(&format!("{path}/cancel"), &[("csrf", &csrf)])
        .await;
    assert_eq!(again.status, 410, "{}", again.body);
    let history = ann.get(&format!("{path}/history")).await;
    assert!(
        history
            .body
            .contains("The table was called off by its creator."),
        "{}",
        history.body
    );
    let export = ann.get(&format!("{path}/export")).await;
    verify_export(&export.body);
}

#[actix_web::test]
async fn a_table_whose_invitations_expired_is_called_off_by_the_scheduler() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = create_game(&ann, "kalah", &["bo@example.com"], &[]).await;
    let other = create_game(&ann, "kalah", &["cy@example.com"], &[]).await;
    app.deliver();
    assert_eq!(app.schedule().called_off, 0, "invitations still open");

    // Time passes for the first table's invitation only.
    let game_id = path.trim_start_matches("/games/");
    diesel::sql_query(
        "UPDATE invitations SET expires_at = now() - interval '1 second' WHERE game_id = $1",
    )
    .bind::<diesel::sql_types::Text, _>(game_id)
    .execute(&mut app.db.connect())
    .unwrap();
    assert_eq!(app.schedule().called_off, 1);
    assert_eq!(app.schedule().called_off, 0, "once");

    assert_eq!(ann.get_json(&path).await.json()["phase"], "cancelled");
    assert_eq!(ann.get_json(&other).await.json()["phase"], "waiting");
    let told = app.mail("bo@example.com", "was called off");
    assert!(told.text.contains("invitations expired"), "{}", told.text);
    let mail = app.mail("ann@example.com", "was called off");
    assert!(mail.text.contains("invitations expired"), "{}", mail.text);
    let export = ann.get(&format!("{path}/export")).await;
    verify_export(&export.body);
}

#[actix_web::test]
async fn players_talk_at_the_table_without_disturbing_a_move_in_progress() {
    let table = started_game(&[]).await;
    let app = &table.app;
    app.deliver();
    let (mover, page) = table.mover().await.unwrap();
    let talker = if std::ptr::eq(mover, table.ann()) {
        table.bo()
    } else {
        table.ann()
    };
    let talker_name = if std::ptr::eq(talker, table.ann()) {
        "Ann"
    } else {
        "Bo"
    };
    let form = page.move_forms().remove(0);

    let path = table.path.as_str();
    let say = |text: &'static str| async move {
        let csrf = talker.get(path).await.csrf();
        talker
            .post_form(&format!("{path}/say"), &[("csrf", &csrf), ("text", text)])
            .await
    };
    let said = say("Good luck! <b>bold</b>").await;
    assert_eq!(said.status, 200, "{}", said.body);
    assert!(
        said.body.contains("Good luck! &#60;b&#62;bold"),
        "{}",
        said.body
    );
    assert!(!said.body.contains("<b>bold"), "escaped");
    assert_eq!(say("   ").await.status, 400);
    let long: &'static str = Box::leak("x".repeat(501).into_boxed_str());
    let too_long = say(long).await;
    assert_eq!(too_long.status, 400);
    assert!(
        too_long.body.contains("at most 500 characters"),
        "{}",
        too_long.body
    );

    // The move form loaded before the talk still holds.
    let moved = mover.submit(&form).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert!(!moved.body.contains("moved on"), "{}", moved.body);

    // A spectator reads a public table's talk but cannot write.
    let spectator = app.signed_in("cy@example.com", "Cy").await;
    let seen = spectator.get(&table.path).await;
    assert!(seen.body.contains("Good luck!"), "{}", seen.body);
    assert!(!seen.body.contains("Send the message"));
    let csrf = seen.csrf();
    let refused = spectator
        .post_form(
            &format!("{}/say", table.path),
            &[("csrf", &csrf), ("text", "hello")],
        )
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);

    let history = spectator.get(&format!("{}/history", table.path)).await;
    assert!(
        history
            .body
            .contains(&format!("{talker_name} wrote: “Good luck!")),
        "{}",
        history.body
    );
}

#[actix_web::test]
async fn the_next_your_turn_email_carries_what_was_said() {
    let table = started_game(&[]).await;
    let app = &table.app;
    app.deliver();
    let (mover, page) = table.mover().await.unwrap();
    let csrf = page.csrf();
    let said = mover
        .post_form(
            &format!("{}/say", table.path),
            &[("csrf", &csrf), ("text", "Your move, take your time.")],
        )
        .await;
    assert_eq!(said.status, 200, "{}", said.body);
    let form = mover.get(&table.path).await.move_forms().remove(0);
    let moved = mover.submit(&form).await;
    assert_eq!(moved.status, 200);
    let waiting: Vec<usize> = table.to_act().await;
    let Some(&next) = waiting.first() else {
        return;
    };
    if std::ptr::eq(&table.players[next], mover) {
        // Kalah gave the mover another turn; nobody else was told anything.
        return;
    }
    let news = app.mail(&table.emails[next], "Your turn");
    assert!(
        news.text.contains("wrote: “Your move, take your time.”"),
        "{}",
        news.text
    );
}

#[actix_web::test]
async fn table_talk_is_limited_per_hour() {
    let app = TestApp::start_with(|s| s.limits.chat_per_player_per_hour = 2).await;
    let table = crate::support::seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;
    let ann = table.ann();
    let mut statuses = Vec::new();
    for text in ["one", "two", "three"] {
        let csrf = ann.get(&table.path).await.csrf();
        let page = ann
            .post_form(
                &format!("{}/say", table.path),
                &[("csrf", &csrf), ("text", text)],
            )
            .await;
        statuses.push(page.status);
        if page.status == 429 {
            assert!(page.body.contains("as many messages"), "{}", page.body);
        }
    }
    assert_eq!(statuses, vec![200, 200, 429]);
    let page = ann.get(&table.path).await;
    assert!(page.body.contains("two") && !page.body.contains(">three<"));
    // Talk is in the log; a finished game's log, talk included, verifies.
    let csrf = page.csrf();
    let seq = table.twin(0).await["seq"].as_i64().unwrap().to_string();
    ann.post_form(
        &format!("{}/resign", table.path),
        &[("csrf", &csrf), ("seq", &seq)],
    )
    .await;
    assert_log_verifies(&table).await;
}

#[actix_web::test]
async fn a_newcomer_finds_an_open_table_and_takes_a_seat() {
    let app = TestApp::start_with(|s| s.clock.day_seconds = 86_400).await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = create_game(&ann, "kalah", &[], &[("open_seats", "1"), ("days", "2")]).await;
    let game_id = path.trim_start_matches("/games/");

    let visitor = app.browser();
    let home = visitor.get("/").await;
    assert!(home.body.contains("href=\"/tables\""), "{}", home.body);
    let listed = visitor.get("/tables").await;
    assert!(listed.body.contains(game_id), "{}", listed.body);
    assert!(
        listed
            .body
            .contains(r#"Seated: <a href="/players/Ann">Ann</a> · 1 open seat"#),
        "{}",
        listed.body
    );
    assert!(listed.body.contains("2 days per move"), "{}", listed.body);
    assert!(listed.body.contains("Sign in to take a seat"));
    let mine = ann.get("/tables").await;
    assert!(mine.body.contains("You sit at this table"), "{}", mine.body);

    let cy = app.signed_in("cy@example.com", "Cy").await;
    let listed = cy.get("/tables").await;
    assert!(listed.body.contains("Take a seat at this Kalah table"));
    let csrf = listed.csrf();
    let seated = cy
        .post_form(&format!("{path}/sit"), &[("csrf", &csrf)])
        .await;
    assert_eq!(seated.status, 200, "{}", seated.body);
    let twin = cy.get_json(&path).await.json();
    assert_eq!(twin["phase"], "active", "{twin}");
    assert!(twin["your_seat"].is_number());
    assert!(!cy.get("/tables").await.body.contains(game_id));
    let home = cy.get("/").await;
    assert!(
        home.body.contains(r#"with <a href="/players/Ann">Ann</a>"#),
        "{}",
        home.body
    );
    assert_eq!(
        cy.get_json("/").await.json()["games"][0]["players"],
        "with Ann"
    );

    let di = app.signed_in("di@example.com", "Di").await;
    let csrf = di.get("/tables").await.csrf();
    let late = di
        .post_form(&format!("{path}/sit"), &[("csrf", &csrf)])
        .await;
    assert_eq!(late.status, 410, "{}", late.body);
    let export = ann.get(&format!("{path}/export")).await;
    verify_export(&export.body);
}

#[actix_web::test]
async fn an_open_table_nobody_takes_is_called_off_in_time() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = create_game(&ann, "quarto", &[], &[("open_seats", "1")]).await;
    assert_eq!(app.schedule().called_off, 0, "listed, and not for long yet");
    diesel::sql_query("UPDATE games SET created_at = now() - interval '15 days'")
        .execute(&mut app.db.connect())
        .unwrap();
    assert_eq!(app.schedule().called_off, 1);
    assert_eq!(ann.get_json(&path).await.json()["phase"], "cancelled");
    assert!(!ann.get("/tables").await.body.contains(&path[7..]));
}

#[actix_web::test]
async fn after_a_game_one_button_proposes_the_same_table_to_the_same_players() {
    let app = TestApp::start_with(|s| s.clock.day_seconds = 86_400).await;
    let extra = [("seeds_per_pit", "3"), ("days", "3")];
    let table = crate::support::seat_table(app, "kalah", &["Ann", "Bo"], &extra).await;
    let app = &table.app;
    let (ann, bo) = (table.ann(), table.bo());
    let page = ann.get(&table.path).await;
    assert!(
        !page.body.contains("Propose a rematch"),
        "not before the end"
    );
    let csrf = page.csrf();
    let early = ann
        .post_form(&format!("{}/rematch", table.path), &[("csrf", &csrf)])
        .await;
    assert_eq!(early.status, 422, "{}", early.body);

    let seq = table.twin(0).await["seq"].as_i64().unwrap().to_string();
    ann.post_form(
        &format!("{}/resign", table.path),
        &[("csrf", &csrf), ("seq", &seq)],
    )
    .await;
    let over = bo.get(&table.path).await;
    assert!(over.body.contains("Propose a rematch"), "{}", over.body);
    let stranger = app.signed_in("cy@example.com", "Cy").await;
    let csrf = stranger.get(&table.path).await.csrf();
    let refused = stranger
        .post_form(&format!("{}/rematch", table.path), &[("csrf", &csrf)])
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);

    let csrf = over.csrf();
    let again = bo
        .post_form(&format!("{}/rematch", table.path), &[("csrf", &csrf)])
        .await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert!(
        !again.url.ends_with(&table.path),
        "a new table: {}",
        again.url
    );
    assert!(again.body.contains("3 seeds per pit"), "{}", again.body);
    assert!(again.body.contains("3 days per move"), "{}", again.body);
    let invitation = app.mail("ann@example.com", "invites you");
    assert_eq!(invitation.subject, "Bo invites you to play Kalah");
}
