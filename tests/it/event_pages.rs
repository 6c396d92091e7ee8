//! Tournaments through their pages: created, signed up for, played, withdrawn from and audited
//! with plain forms, in both languages, with bad input answered in words.

use diesel::prelude::*;
use turnpost::audit::{EventExport, verify_event};
use turnpost::auth::accounts;

use crate::events::{by_id, play_out};
use crate::support::{Browser, TestApp};

/// Fields of the creation form, with `changes` applied.
fn creation<'a>(csrf: &'a str, changes: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut fields = vec![
        ("csrf", csrf),
        ("title", "Autumn Kalah"),
        ("kind", "kalah"),
        ("format", "round_robin"),
        ("rounds", "3"),
        ("round_days", "14"),
        ("days", "3"),
        ("sign_up_days", "1"),
        ("min", "3"),
        ("max", "4"),
        ("timeouts", "2"),
        ("rated", "casual"),
    ];
    for (name, value) in changes {
        fields.retain(|(n, _)| n != name);
        fields.push((name, value));
    }
    fields
}

async fn press(browser: &Browser, page_path: &str, action: &str) -> crate::support::Page {
    let page = browser.get(page_path).await;
    assert!(
        page.body
            .contains(&format!("action=\"{page_path}/{action}\"")),
        "no {action} button on {}",
        page.body
    );
    browser
        .post_form(&format!("{page_path}/{action}"), &[("csrf", &page.csrf())])
        .await
}

#[tokio::test]
async fn a_round_robin_is_created_entered_played_withdrawn_from_and_audited_through_its_pages() {
    let app = TestApp::start().await;
    let names = ["Ann", "Bob", "Cid"];
    let mut browsers = Vec::new();
    for name in names {
        let email = format!("{}@example.com", name.to_lowercase());
        browsers.push(app.signed_in(&email, name).await);
    }
    let ann = &browsers[0];

    let form = ann.get("/events/new").await;
    assert_eq!(form.status, 200);
    for label in [
        "Name",
        "Game",
        "Format",
        "Time per move",
        "Fewest players",
        "Most players",
    ] {
        assert!(form.body.contains(label), "{label} on the form");
    }
    let csrf = form.csrf();
    let refused = ann
        .post_form("/events/new", &creation(&csrf, &[("max", "0")]))
        .await;
    assert_eq!(refused.status, 400);
    assert!(
        refused
            .body
            .contains("Most players: give a whole number from 2 to 64"),
        "{}",
        refused.body
    );
    let refused = ann
        .post_form(
            "/events/new",
            &creation(&csrf, &[("max", "13"), ("min", "3")]),
        )
        .await;
    assert_eq!(refused.status, 400);
    assert!(refused.body.contains("from 3 to 12"), "{}", refused.body);
    assert!(
        refused.body.contains("value=\"Autumn Kalah\""),
        "the form keeps what was typed"
    );
    let listed = ann.get_json("/events").await.json();
    assert_eq!(
        listed["open"].as_array().unwrap().len(),
        0,
        "nothing was created"
    );
    let forged = ann
        .post_form("/events/new", &creation("not-the-token", &[]))
        .await;
    assert_eq!(forged.status, 403);

    let created = ann.post_form("/events/new", &creation(&csrf, &[])).await;
    assert_eq!(created.status, 200, "{}", created.body);
    let path = created.url.trim_start_matches(&app.base).to_string();
    assert!(path.starts_with("/events/"), "{path}");
    assert!(
        created.body.contains("Sign-up is open until"),
        "{}",
        created.body
    );

    let anonymous = app.browser().get(&path).await;
    assert!(anonymous.body.contains("Sign in to sign up"));
    for browser in &browsers {
        let signed = press(browser, &path, "sign-up").await;
        assert_eq!(signed.status, 200, "{}", signed.body);
        assert!(signed.body.contains("Leave before the start"));
    }
    let twice = browsers[1]
        .post_form(
            &format!("{path}/sign-up"),
            &[("csrf", &browsers[1].get(&path).await.csrf())],
        )
        .await;
    assert_eq!(twice.status, 403);
    assert!(twice.body.contains("already signed up"), "{}", twice.body);
    let missing = ann.get("/events/nosuchevent").await;
    assert_eq!(missing.status, 404);
    assert!(missing.body.contains("There is no such tournament."));
    let open = ann.get_json("/events").await.json();
    assert_eq!(open["open"][0]["entrants"], 3);
    let read_only = ann.get(&path).await;
    assert_eq!(
        ann.get_json("/events").await.json()["open"][0]["entrants"],
        3,
        "a GET changes nothing"
    );
    assert!(read_only.body.contains("Ann"));

    // Sign-up closes after a (test) day; the scheduler starts the round robin.
    tokio::time::sleep(std::time::Duration::from_millis(4200)).await;
    let round = app.schedule();
    assert_eq!(round.event_steps, 1);
    let running = ann.get(&path).await;
    assert!(running.body.contains("Cross-table"), "{}", running.body);
    assert!(running.body.contains("waiting for"), "{}", running.body);
    assert!(running.body.contains("Withdraw from the tournament"));
    let twin = ann.get_json(&path).await.json();
    assert_eq!(twin["phase"], "running");
    let games: Vec<String> = (twin["rounds"][0]["games"].as_array().unwrap().iter())
        .map(|g| g["game"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(games.len(), 3);
    app.deliver();
    let started = app.mail("bob@example.com", "Tournament “Autumn Kalah” has started");
    assert_eq!(
        started.text.matches("/sign-in/").count(),
        2,
        "a link to each of two games: {}",
        started.text
    );
    assert!(started.text.contains("Bob"), "{}", started.text);
    // Whoever must move first in several games at once hears of them in one email.
    let turns: Vec<_> = (app.mails().into_iter())
        .filter(|m| m.subject.starts_with("Your turn"))
        .collect();
    let opening_moves = turns
        .iter()
        .map(|m| m.text.matches("Make your move").count())
        .sum::<usize>();
    assert_eq!(opening_moves, 3, "one opening move in each game, told once");
    let turn = &turns[0];
    assert!(
        turn.text.contains("Tournament “Autumn Kalah”"),
        "{}",
        turn.text
    );

    // Ann and Bob finish their game; Cid withdraws, which resigns Cid's two games.
    let mut conn = app.db.connect_as_server();
    let people = by_id(
        &["ann", "bob", "cid"]
            .iter()
            .map(|n| {
                accounts::by_email(&mut conn, &format!("{n}@example.com"))
                    .unwrap()
                    .unwrap()
            })
            .collect::<Vec<_>>(),
    );
    let between_ann_and_bob = (twin["rounds"][0]["games"].as_array().unwrap().iter())
        .find(|g| {
            let seats = g["seats"].as_array().unwrap();
            let cid_number = (twin["entrants"].as_array().unwrap().iter())
                .position(|e| e["name"] == "Cid")
                .unwrap() as u64;
            !seats.iter().any(|s| s.as_u64() == Some(cid_number))
        })
        .unwrap()["game"]
        .as_str()
        .unwrap()
        .to_string();
    play_out(&mut conn, &between_ann_and_bob, &people, 7);
    let withdrawn = press(&browsers[2], &path, "withdraw").await;
    assert_eq!(withdrawn.status, 200, "{}", withdrawn.body);
    assert!(!withdrawn.body.contains("Withdraw from the tournament"));
    assert!(
        withdrawn.body.contains("Cid (withdrew)"),
        "{}",
        withdrawn.body
    );
    while app.schedule().event_steps > 0 {}

    let done = ann.get_json(&path).await.json();
    assert_eq!(done["phase"], "finished", "{done}");
    let cid_line = (done["standings"].as_array().unwrap().iter())
        .find(|s| s["name"] == "Cid")
        .unwrap();
    assert_eq!(
        cid_line["games"], 0,
        "Cid finished none of two: results struck"
    );
    let finished = ann.get(&path).await;
    assert!(finished.body.contains("The tournament is over"));
    app.deliver();
    let ended = app.mail("cid@example.com", "Tournament “Autumn Kalah” is over");
    assert!(ended.text.contains("1. "), "{}", ended.text);

    let download = ann.get(&format!("{path}/export")).await;
    assert_eq!(download.status, 200);
    let export: EventExport = serde_json::from_str(&download.body).unwrap();
    let report = verify_event(&export).unwrap_or_else(|e| panic!("{e}"));
    assert!(report.lines.len() > 3);
    use turnpost::store::schema::events;
    let phase: String = events::table
        .select(events::phase)
        .first(&mut conn)
        .unwrap();
    assert_eq!(phase, "finished");

    let japanese = Browser::speaking(&app.base, "ja").get(&path).await;
    assert!(
        japanese.body.contains("大会は終わりました"),
        "{}",
        japanese.body
    );
    assert!(japanese.body.contains("対戦表"));
}
