//! A program can do what a person can: every POST a person makes on the pages works with an API
//! token alone (form or JSON body, no cookie, no CSRF token), and a cookie session may send its
//! CSRF token in the `X-CSRF-Token` header instead of the form.

use diesel::prelude::*;
use reqwest::Method;
use serde_json::json;

use crate::api_tokens::{make_token, with_token};
use crate::support::{Browser, TestApp, seat_table};

const NAMES: [&str; 3] = ["Ann", "Bo", "Cy"];

/// The game's row once no computer is to move, so that a form made on it is not stale.
async fn seq_of(browser: &Browser, path: &str) -> i64 {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let twin = browser.get_json(path).await.json();
        let players = twin["players"].as_array().unwrap();
        let computer_to_act = (players.iter())
            .any(|p| p["to_act"] == true && p["name"].as_str().unwrap().contains("computer"));
        if !computer_to_act {
            return twin["seq"].as_i64().unwrap();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the computer did not move"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[actix_web::test]
async fn with_only_a_token_a_program_hands_over_resigns_and_proposes_a_rematch() {
    let table = seat_table(TestApp::start().await, "kabaleo", &NAMES, &[]).await;
    let app = &table.app;
    let ann = make_token(&table.players[0], "Ann program").await;
    let bo = make_token(&table.players[1], "Bo program").await;
    let path = table.path.clone();

    // Ann leaves her seat to the computer, with a JSON body.
    let seq = seq_of(&table.players[0], &path).await;
    let body = json!({"seq": seq, "leave_to": "computer"});
    let (status, answer) = with_token(
        app,
        &ann,
        Method::POST,
        &format!("{path}/resign"),
        Some(body),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let twin = table.twin(0).await;
    assert!(twin["your_seat"].is_null(), "{twin}");
    assert_eq!(twin["phase"], "active");

    // Bo resigns with a form body and his token.
    let seq = seq_of(&table.players[1], &path).await;
    let resigned = reqwest::Client::new()
        .post(app.url(&format!("{path}/resign")))
        .header("Authorization", format!("Bearer {bo}"))
        .form(&[("seq", seq.to_string())])
        .send()
        .await
        .unwrap();
    assert_eq!(resigned.status().as_u16(), 200);
    assert_eq!(table.twin(1).await["can_resign"], false);

    // Cy, the last person, resigns from her session with the token in the header: the game ends.
    let cy = &table.players[2];
    let page = cy.get(&format!("{path}/resign")).await;
    let seq = seq_of(cy, &path).await.to_string();
    let bare = cy
        .post_form(&format!("{path}/resign"), &[("seq", seq.as_str())])
        .await;
    assert_eq!(bare.status, 403, "no token at all: {}", bare.body);
    let by_header = cy
        .post_form_with(
            &format!("{path}/resign"),
            &[("seq", seq.as_str())],
            &[("X-CSRF-Token", page.csrf().as_str())],
        )
        .await;
    assert_eq!(by_header.status, 200, "{}", by_header.body);
    assert_eq!(table.twin(2).await["phase"], "finished");

    // Ann proposes a rematch by token: the people are invited again, not the computer that
    // stood in for her, and the table is rated as the first was.
    let (status, answer) = with_token(
        app,
        &ann,
        Method::POST,
        &format!("{path}/rematch"),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let games: Vec<(String, bool)> = turnpost::store::schema::games::table
        .select((
            turnpost::store::schema::games::id,
            turnpost::store::schema::games::rated,
        ))
        .load(&mut app.db.connect())
        .unwrap();
    let rematch = games
        .iter()
        .find(|(id, _)| !path.ends_with(id.as_str()))
        .expect("the rematch");
    assert!(rematch.1, "rated as the first table was: {games:?}");
    app.deliver();
    // Each was invited twice: to the first table and to the rematch.
    for email in ["bo@example.com", "cy@example.com"] {
        let invitations = (app.mails_to(email).iter())
            .filter(|m| m.subject.contains("invites you"))
            .count();
        assert_eq!(invitations, 2, "{email}");
    }
    let seated: i64 = turnpost::store::schema::invitations::table
        .filter(turnpost::store::schema::invitations::game_id.eq(&rematch.0))
        .count()
        .get_result(&mut app.db.connect())
        .unwrap();
    assert_eq!(seated, 2, "Bo and Cy are invited to the rematch");
    assert!(app.mails().iter().all(|m| !m.to.contains("computers")));
}

#[actix_web::test]
async fn a_session_may_send_its_csrf_token_in_the_header_on_every_form() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let csrf = ann.get("/settings").await.csrf();
    let header = [("X-CSRF-Token", csrf.as_str())];

    let renamed = ann
        .post_form_with("/settings", &[("display_name", "Annie")], &header)
        .await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    assert!(ann.get("/settings").await.body.contains("Annie"));

    let made = ann
        .post_form_with("/settings/tokens", &[("name", "by header")], &header)
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    assert!(made.body.contains("tp_"), "{}", made.body);

    let path = crate::support::create_game(&ann, "kalah", &["bo@example.com"], &[]).await;
    let invitations = ann.get(&format!("{path}/invitations")).await;
    let invitation = invitations
        .input_value("invitation")
        .expect("an invitation");
    let again = ann
        .post_form_with(
            &format!("{path}/invitations"),
            &[("invitation", invitation.as_str())],
            &header,
        )
        .await;
    assert!(again.status < 400, "{}: {}", again.status, again.body);

    // Signing in: a visitor's session token in the header asks for the link.
    let visitor = app.browser();
    let csrf = visitor.get("/sign-in").await.csrf();
    let asked = visitor
        .post_form_with(
            "/sign-in",
            &[("email", "dee@example.com")],
            &[("X-CSRF-Token", csrf.as_str())],
        )
        .await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    app.deliver();
    assert!(!app.mails_to("dee@example.com").is_empty());

    // A wrong token in the header is refused as an expired form would be.
    let refused = ann
        .post_form_with(
            "/settings",
            &[("display_name", "Mallory")],
            &[("X-CSRF-Token", "forged")],
        )
        .await;
    assert_eq!(refused.status, 403);
}

#[actix_web::test]
async fn with_only_a_token_a_program_calls_off_a_table_takes_a_vacation_and_enters_a_tournament() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let ann_program = make_token(&ann, "Ann program").await;
    let bo_program = make_token(&bo, "Bo program").await;
    let post = |token: &str, path: String, body: serde_json::Value| {
        let (app, token) = (&app, token.to_string());
        async move { with_token(app, &token, Method::POST, &path, Some(body)).await }
    };

    let path = crate::support::create_game(&ann, "kalah", &["cy@example.com"], &[]).await;
    let (status, answer) = post(&ann_program, format!("{path}/cancel"), json!({})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(ann.get_json(&path).await.json()["phase"], "cancelled");

    let (status, answer) = post(&bo_program, "/settings/vacation".into(), json!({"days": 2})).await;
    assert_eq!(status, 200, "{answer}");
    let away = bo.get("/settings").await;
    assert!(
        away.body.contains("You are on vacation until"),
        "{}",
        away.body
    );
    let (status, answer) = post(&bo_program, "/settings/vacation/end".into(), json!({})).await;
    assert_eq!(status, 200, "{answer}");
    let back = bo.get("/settings").await;
    assert!(
        !back.body.contains("You are on vacation until"),
        "{}",
        back.body
    );

    let csrf = ann.get(crate::event_pages::NEW_KALAH).await.csrf();
    let fields = crate::event_pages::creation(&csrf, &[]);
    let created = ann.post_form(crate::event_pages::NEW_KALAH, &fields).await;
    assert_eq!(created.status, 200, "{}", created.body);
    let event = created.url.trim_start_matches(&app.base).to_string();
    let entrants = |twin: serde_json::Value| -> Vec<String> {
        (twin["entrants"].as_array().unwrap().iter())
            .map(|e| e["name"].as_str().unwrap().to_string())
            .collect()
    };
    let (status, answer) = post(&bo_program, format!("{event}/sign-up"), json!({})).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(entrants(ann.get_json(&event).await.json()), ["Bo"]);
    let (status, answer) = post(&bo_program, format!("{event}/withdraw"), json!({})).await;
    assert_eq!(status, 200, "{answer}");
    assert!(entrants(ann.get_json(&event).await.json()).is_empty());
}
