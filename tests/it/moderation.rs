//! Strangers at one table: a report reaches the moderators' desk, a moderator claims it and
//! acts, the person is told by email and appeals by replying, and the moderation log verifies;
//! a suspended person is refused in words by web, token and email; blocks keep talk and tables
//! apart until undone. Over the real server, PostgreSQL and SMTP.

use diesel::prelude::*;

use crate::by_email::{Inbound, reply, reply_address};
use crate::support::{Browser, TestApp, create_game, start_table};

/// The account number of the player with this address.
fn id_of(app: &TestApp, email: &str) -> i64 {
    let conn = &mut app.db.connect();
    turnpost::auth::accounts::by_email(conn, email)
        .unwrap()
        .unwrap()
        .id
}

async fn say(browser: &Browser, game: &str, text: &str) -> i64 {
    let csrf = browser.get(game).await.csrf();
    let said =
        (browser.post_form(&format!("{game}/say"), &[("csrf", &csrf), ("text", text)])).await;
    assert_eq!(said.status, 200, "{}", said.body);
    browser.get_json(game).await.json()["seq"].as_i64().unwrap()
}

async fn report(browser: &Browser, about: &str, reason: &str, words: &str) -> crate::support::Page {
    let form = browser.get(&format!("/report?about={about}")).await;
    let csrf = form.csrf();
    let fields = [
        ("csrf", csrf.as_str()),
        ("about", about),
        ("reason", reason),
        ("words", words),
    ];
    browser.post_form("/report", &fields).await
}

async fn post(browser: &Browser, path: &str, fields: &[(&str, &str)]) -> crate::support::Page {
    let csrf = browser.get("/settings").await.csrf();
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    browser.post_form(path, &all).await
}

fn moderators(app: &TestApp, args: &[&str]) -> (bool, String) {
    let out = app
        .command("moderators")
        .args(args)
        .stdout(std::process::Stdio::piped())
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn verify_moderation_log(app: &TestApp) -> bool {
    app.command("verify")
        .arg("--moderation")
        .status()
        .unwrap()
        .success()
}

fn open_report_id(app: &TestApp) -> i64 {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        id: i64,
    }
    let found: Vec<Id> = diesel::sql_query("SELECT id FROM reports WHERE closed_at IS NULL")
        .load(&mut app.db.connect())
        .unwrap();
    assert_eq!(found.len(), 1, "one open report");
    found[0].id
}

/// Ann reports Bo for spam, and Mo, named a moderator, is signed in: Mo, Bo's account number,
/// and the address that acts on the report.
async fn bo_reported_to_mo(app: &TestApp, ann: &Browser) -> (Browser, i64, String) {
    let bo_id = id_of(app, "bo@example.com");
    let filed = report(ann, &format!("player:{bo_id}"), "spam", "").await;
    assert_eq!(filed.status, 200, "{}", filed.body);
    let mo = app.signed_in("mo@example.com", "Mo").await;
    assert!(moderators(app, &["add", "mo@example.com"]).0);
    let act = format!("/moderation/reports/{}/act", open_report_id(app));
    (mo, bo_id, act)
}

#[actix_web::test]
async fn a_report_reaches_the_desk_and_the_action_is_told_appealed_and_logged() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let (app, game) = (&table.app, table.path.as_str());
    let [ann, bo] = [&table.players[0], &table.players[1]];
    let id = game.trim_start_matches("/games/");
    let rude = say(bo, game, "You play like a turnip").await;
    let about = format!("talk:{id}:{rude}");

    let asked = ann.get(&format!("/report?about={about}")).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    assert!(asked.body.contains("A message Bo wrote"), "{}", asked.body);
    let filed = report(ann, &about, "harassment", "Not the first time").await;
    assert_eq!(filed.status, 200, "{}", filed.body);
    assert!(filed.body.contains("Thank you"), "{}", filed.body);
    assert_eq!(report(ann, &about, "harassment", "").await.status, 200);
    let report_id = open_report_id(app);
    let ann_id = id_of(app, "ann@example.com");
    let yourself = report(ann, &format!("player:{ann_id}"), "other", "").await;
    assert_eq!(yourself.status, 400, "{}", yourself.body);
    assert!(yourself.body.contains("cannot report yourself"));
    let nothing = ann.get(&format!("/report?about=talk:{id}:1")).await;
    assert_eq!(nothing.status, 404, "row 1 is not talk: {}", nothing.body);
    assert!(nothing.body.contains("nothing to report"));

    // Nobody but a moderator gets anything from the desk.
    let cy = app.signed_in("cy@example.com", "Cy").await;
    for path in [
        "/moderation".to_string(),
        format!("/moderation/reports/{report_id}"),
    ] {
        assert_eq!(cy.get(&path).await.status, 404, "{path}");
    }
    let claimed = post(&cy, &format!("/moderation/reports/{report_id}/claim"), &[]).await;
    assert_eq!(claimed.status, 404);

    let mo = app.signed_in("mo@example.com", "Mo").await;
    let mia = app.signed_in("mia@example.com", "Mia").await;
    for address in ["mo@example.com", "MIA@example.com"] {
        let (ok, said) = moderators(app, &["add", address]);
        assert!(ok, "{said}");
    }
    let (ok, listed) = moderators(app, &["list"]);
    assert!(ok && listed.contains("mo@example.com") && listed.contains("mia@example.com"));
    let (ok, _) = moderators(app, &["add", "nobody@example.com"]);
    assert!(!ok, "an address nobody signed in with is refused");

    let desk = mo.get("/moderation").await;
    assert_eq!(desk.status, 200, "{}", desk.body);
    assert!(
        desk.body.contains("Bo, for harassment or hate"),
        "{}",
        desk.body
    );
    assert!(desk.body.contains("2 times"), "merged: {}", desk.body);
    let page = format!("/moderation/reports/{report_id}");
    let shown = mo.get(&page).await;
    assert!(
        shown.body.contains("You play like a turnip"),
        "{}",
        shown.body
    );
    assert!(shown.body.contains("Not the first time"));
    assert!(shown.body.contains("as it was when it was reported"));

    // One moderator claims; the other cannot act meanwhile.
    assert_eq!(post(&mo, &format!("{page}/claim"), &[]).await.status, 200);
    let act = format!("{page}/act");
    let remove = [("action", "remove_message"), ("reason", "harassment")];
    let held = post(&mia, &act, &remove).await;
    assert_eq!(held.status, 409, "{}", held.body);
    assert!(held.body.contains("Mo holds the claim"), "{}", held.body);
    let acted = post(&mo, &act, &remove).await;
    assert_eq!(acted.status, 200, "{}", acted.body);
    assert!(
        acted.body.contains("This report is closed"),
        "{}",
        acted.body
    );
    let again = post(&mo, &act, &remove).await;
    assert_eq!(
        again.status, 409,
        "an action on a closed report: {}",
        again.body
    );
    assert!(!ann.get(game).await.body.contains("turnip"));
    let history = ann.get(&format!("{game}/history")).await;
    assert!(
        history
            .body
            .contains("A moderator removed a message (harassment or hate).")
    );

    // Bo is told, and his reply reaches the desk.
    let told = app.mail("bo@example.com", "A moderator acted");
    assert!(
        told.text.contains("removed a message you wrote"),
        "{}",
        told.text
    );
    assert!(told.text.contains("harassment or hate"));
    let inbound = Inbound::start(app);
    let to = reply_address(&told);
    let appeal = reply(
        "bo@example.com",
        &to,
        "A moderator acted",
        "It was a joke between friends.",
    );
    inbound.send("bo@example.com", &to, &appeal).unwrap();
    let answered = app.mail("bo@example.com", "Re: A moderator acted");
    assert!(
        answered.text.contains("reached the moderators"),
        "{}",
        answered.text
    );
    let desk = mo.get("/moderation").await;
    assert!(
        desk.body.contains("It was a joke between friends."),
        "{}",
        desk.body
    );

    // A moderator does not act on their own account.
    let mo_id = id_of(app, "mo@example.com");
    assert_eq!(
        report(ann, &format!("player:{mo_id}"), "offensive_name", "")
            .await
            .status,
        200
    );
    let own = open_report_id(app);
    let refused = post(
        &mo,
        &format!("/moderation/reports/{own}/act"),
        &[("action", "reset_name"), ("reason", "offensive_name")],
    )
    .await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(refused.body.contains("does not act on their own account"));
    let renamed = post(
        &mia,
        &format!("/moderation/reports/{own}/act"),
        &[("action", "reset_name"), ("reason", "offensive_name")],
    )
    .await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    assert!(
        mo.get("/")
            .await
            .body
            .contains(&format!("Signed in as Player {mo_id}"))
    );

    // The log verifies, and fails once a row is altered.
    assert!(verify_moderation_log(app));
    let owner = &mut app.db.connect();
    for sql in [
        "ALTER TABLE moderation_log DISABLE TRIGGER USER",
        "UPDATE moderation_log SET command = jsonb_set(command, '{reason}', '\"spam\"')
         WHERE command->>'type' = 'acted'",
        "ALTER TABLE moderation_log ENABLE TRIGGER USER",
    ] {
        diesel::sql_query(sql).execute(owner).unwrap();
    }
    assert!(!verify_moderation_log(app), "an altered action is found");
    let _ = bo;
}

#[actix_web::test]
async fn a_suspended_person_is_refused_in_words_by_web_token_and_email() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let app = &table.app;
    let [ann, bo] = [&table.players[0], &table.players[1]];
    let made = post(bo, "/settings/tokens", &[("name", "my bot")]).await;
    let token = made
        .html()
        .select(&scraper::Selector::parse("code.token").unwrap())
        .next()
        .unwrap()
        .text()
        .collect::<String>();
    let (mo, bo_id, act) = bo_reported_to_mo(app, ann).await;
    let suspend = [("action", "suspend"), ("days", "3"), ("reason", "spam")];
    let bad_days = post(
        &mo,
        &act,
        &[("action", "suspend"), ("days", "0"), ("reason", "spam")],
    )
    .await;
    assert_eq!(bad_days.status, 400, "{}", bad_days.body);
    assert_eq!(post(&mo, &act, &suspend).await.status, 200);

    let settings = bo.get("/settings").await;
    assert_ne!(settings.status, 200, "the session ended");
    let link = {
        bo.ask_for_sign_in_link("bo@example.com").await;
        app.mail("bo@example.com", "sign-in link")
            .link(&app.base, "/sign-in/")
    };
    let refused = bo.follow_sign_in_link(&link).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(
        refused.body.contains("suspended this account until"),
        "{}",
        refused.body
    );
    let by_token = reqwest::Client::new()
        .get(app.url(&table.path))
        .header("Authorization", format!("Bearer {token}"))
        .header("Accept", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(by_token.status(), 403);
    assert!(by_token.text().await.unwrap().contains("suspended"));
    let told = app.mail("bo@example.com", "A moderator acted");
    assert!(
        told.text.contains("suspended your account until"),
        "{}",
        told.text
    );
    // A reply about the game is answered with the same words, and nothing is played.
    let seq = bo.get_json(&table.path).await.json()["seq"].as_i64();
    let game_id = table.path.trim_start_matches("/games/");
    let token = turnpost::auth::reply_tokens::issue(&mut app.db.connect(), game_id, bo_id).unwrap();
    let to = turnpost::mail::reply_address::format(
        &app.settings.inbound.address,
        &token,
        seq.unwrap_or(2),
    );
    let inbound = Inbound::start(app);
    inbound
        .send(
            "bo@example.com",
            &to,
            &reply("bo@example.com", &to, "Your turn", "resign"),
        )
        .unwrap();
    let answer = app.mail("bo@example.com", "Re: Your turn");
    assert!(
        answer.text.contains("suspended this account until"),
        "{}",
        answer.text
    );
    assert_eq!(
        crate::by_email::outcomes(app).last().map(String::as_str),
        Some("refused")
    );
}

#[actix_web::test]
async fn a_blocked_player_cannot_invite_join_sit_or_be_seen_talking_until_unblocked() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let (app, game) = (&table.app, table.path.as_str());
    let [ann, bo] = [&table.players[0], &table.players[1]];
    say(bo, game, "Greetings from Bo").await;
    let bo_id = id_of(app, "bo@example.com");
    let block = format!("/people/{bo_id}/block");
    let page = ann.get(&block).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert_eq!(post(ann, &block, &[("talk", "on")]).await.status, 200);
    assert!(!ann.get(game).await.body.contains("Greetings from Bo"));
    let history = ann.get(&format!("{game}/history")).await;
    assert!(!history.body.contains("Greetings from Bo"));
    assert!(history.body.contains("hidden because you block their talk"));
    assert!(
        bo.get(game).await.body.contains("Greetings from Bo"),
        "Bo is not told"
    );
    assert!(
        ann.get("/settings/blocks")
            .await
            .body
            .contains("their talk")
    );

    // Games: no invitation from Bo reaches Ann, and no table of hers takes him.
    assert_eq!(post(ann, &block, &[("games", "on")]).await.status, 200);
    assert!(
        ann.get(game).await.body.contains("Greetings from Bo"),
        "talk unblocked"
    );
    app.deliver();
    let mails_before = app.mails_to("ann@example.com").len();
    create_game(bo, "quarto", &["ann@example.com"], &[]).await;
    app.deliver();
    assert_eq!(
        app.mails_to("ann@example.com").len(),
        mails_before,
        "no invitation sent"
    );
    let open = create_game(ann, "quarto", &[], &[("open_seats", "1")]).await;
    let open_id = open.trim_start_matches("/games/");
    assert!(!bo.get("/tables").await.body.contains(open_id));
    let sat = post(bo, &format!("{open}/sit"), &[]).await;
    assert_eq!(sat.status, 403, "{}", sat.body);
    assert!(
        sat.body.contains("This table cannot take you"),
        "{}",
        sat.body
    );

    // Undone, all is as before.
    assert_eq!(post(ann, &block, &[]).await.status, 200);
    assert!(
        ann.get("/settings/blocks")
            .await
            .body
            .contains("You block nobody")
    );
    assert!(bo.get("/tables").await.body.contains(open_id));
    assert_eq!(post(bo, &format!("{open}/sit"), &[]).await.status, 200);
}

#[actix_web::test]
async fn a_reply_that_says_report_reports_the_others_at_the_table_in_either_language() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let app = &table.app;
    let game_id = table.path.trim_start_matches("/games/");
    let (ann_id, bo_id) = (id_of(app, "ann@example.com"), id_of(app, "bo@example.com"));
    let inbound = Inbound::start(app);
    for (from, player, text) in [
        (
            "ann@example.com",
            ann_id,
            "Report stalling: never moves until the last minute",
        ),
        ("bo@example.com", bo_id, "報告 スパム 同じ宣伝ばかり"),
    ] {
        let token =
            turnpost::auth::reply_tokens::issue(&mut app.db.connect(), game_id, player).unwrap();
        let to = turnpost::mail::reply_address::format(&app.settings.inbound.address, &token, 2);
        inbound
            .send(from, &to, &reply(from, &to, "Your turn", text))
            .unwrap();
        let answer = app.mail(from, "Re: Your turn");
        assert!(
            answer.text.contains("reached the moderators"),
            "{}",
            answer.text
        );
    }
    #[derive(QueryableByName, Debug, PartialEq)]
    struct Filed {
        #[diesel(sql_type = diesel::sql_types::Text)]
        target: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        reason: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        words: String,
    }
    let filed: Vec<Filed> =
        diesel::sql_query("SELECT target, reason, words FROM reports ORDER BY id")
            .load(&mut app.db.connect())
            .unwrap();
    assert_eq!(
        filed,
        [
            Filed {
                target: format!("play:{game_id}:{bo_id}"),
                reason: "cheating".into(),
                words: "never moves until the last minute".into(),
            },
            Filed {
                target: format!("play:{game_id}:{ann_id}"),
                reason: "spam".into(),
                words: "同じ宣伝ばかり".into(),
            },
        ]
    );
}

#[actix_web::test]
async fn a_muted_person_cannot_talk_until_the_mute_ends() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let (app, game) = (&table.app, table.path.as_str());
    let [ann, bo] = [&table.players[0], &table.players[1]];
    let (mo, bo_id, act) = bo_reported_to_mo(app, ann).await;
    let mute = [("action", "mute"), ("days", "2"), ("reason", "spam")];
    let muted = post(&mo, &act, &mute).await;
    assert_eq!(muted.status, 200, "{}", muted.body);
    let csrf = bo.get(game).await.csrf();
    let said = (bo.post_form(
        &format!("{game}/say"),
        &[("csrf", &csrf), ("text", "Buy now")],
    ))
    .await;
    assert_eq!(said.status, 403, "{}", said.body);
    assert!(
        said.body.contains("muted you from table talk until"),
        "{}",
        said.body
    );
    let told = app.mail("bo@example.com", "A moderator acted");
    assert!(
        told.text.contains("muted you from table talk until"),
        "{}",
        told.text
    );
    diesel::sql_query(format!(
        "UPDATE players SET muted_until = now() - interval '1 minute' WHERE id = {bo_id}"
    ))
    .execute(&mut app.db.connect())
    .unwrap();
    assert!(
        say(bo, game, "Good game, all").await > 0,
        "the mute is over"
    );
}
