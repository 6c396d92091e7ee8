//! Tournaments through their pages: created, signed up for, played, withdrawn from and audited
//! with plain forms, in both languages, with bad input answered in words.

use diesel::prelude::*;
use serde_json::json;
use turnpost::audit::{EventExport, verify_event};
use turnpost::auth::accounts;

use crate::api::{post_json_to, token_of};
use crate::events::{by_id, play_out};
use crate::support::{Browser, TestApp};

/// Fields of the creation form, with `changes` applied.
pub fn creation<'a>(csrf: &'a str, changes: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut fields = vec![
        ("csrf", csrf),
        ("title", "Autumn Kalah"),
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

pub const NEW_KALAH: &str = "/events/new/kalah";

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

    let choose = ann.get("/events/new").await;
    assert_eq!(choose.status, 200);
    for game in ["kalah", "quarto", "kabaleo", "azul", "gype"] {
        assert!(
            choose
                .body
                .contains(&format!("href=\"/events/new/{game}\"")),
            "{game} to choose"
        );
    }
    assert!(choose.body.contains(">Kalah tournament</a>"));
    let form = ann.get("/events/new/kalah").await;
    assert_eq!(form.status, 200);
    assert!(
        !form.body.contains("value=\"tables4\""),
        "Kalah is for two: no tables of four"
    );
    for label in [
        "Name",
        "Seeds per pit at the start",
        "Format",
        "Time per move",
        "Fewest players",
        "Most players",
    ] {
        assert!(form.body.contains(label), "{label} on the form");
    }
    let csrf = form.csrf();
    let refused = ann
        .post_form(NEW_KALAH, &creation(&csrf, &[("max", "0")]))
        .await;
    assert_eq!(refused.status, 400);
    assert!(
        refused
            .body
            .contains("Most players: give a whole number from 2 to 1000"),
        "{}",
        refused.body
    );
    let refused = ann
        .post_form(NEW_KALAH, &creation(&csrf, &[("max", "13"), ("min", "3")]))
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
        .post_form(NEW_KALAH, &creation("not-the-token", &[]))
        .await;
    assert_eq!(forged.status, 403);

    let created = ann.post_form(NEW_KALAH, &creation(&csrf, &[])).await;
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
    assert_eq!(
        started.html.matches("<li><a href=\"http").count(),
        2,
        "each game a link in the HTML part: {}",
        started.html
    );
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
    // The head a verifier compares is on the page, in its JSON and in the last email.
    let last = export.rows.last().unwrap();
    assert_eq!(done["seq"], last.seq, "{done}");
    assert_eq!(done["head_hash"], last.hash, "{done}");
    assert!(finished.body.contains(&last.hash), "{}", finished.body);
    let head_line = format!("Tournament log head: row {}, hash {}", last.seq, last.hash);
    assert!(ended.text.contains(&head_line), "{}", ended.text);
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

async fn open_events(browser: &Browser) -> serde_json::Value {
    browser.get_json("/events").await.json()["open"].clone()
}

/// The Azul form's fields for a two-round event at tables of four, with `changes` applied.
fn azul_fields<'a>(csrf: &'a str, changes: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut fields = vec![
        ("csrf", csrf),
        ("title", "Pavilion fours"),
        ("format", "tables4"),
        ("rounds", "2"),
        ("round_days", "10"),
        ("board", "variant"),
        ("days", "2"),
        ("clock", "bank"),
        ("sign_up_days", "1"),
        ("min", "4"),
        ("max", "8"),
        ("timeouts", "1"),
        ("rated", "rated"),
    ];
    for (name, value) in changes {
        fields.retain(|(n, _)| n != name);
        fields.push((name, value));
    }
    fields
}

#[tokio::test]
async fn a_tournament_plays_the_options_and_time_bank_chosen_on_its_form_within_the_limits() {
    let app = TestApp::start_with(|s| {
        s.limits.events_per_player_per_day = 2;
        s.limits.event_sign_ups_per_player_per_hour = 2;
    })
    .await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let unknown = ann.get("/events/new/chess").await;
    assert_eq!(unknown.status, 404);
    assert!(unknown.body.contains("does not host a game by that name"));

    let form = ann.get("/events/new/azul").await;
    assert_eq!(form.status, 200);
    assert!(
        form.body
            .contains("<h1>New Azul: Summer Pavilion tournament</h1>"),
        "{}",
        form.body
    );
    for shown in [
        "value=\"tables4\"",
        "value=\"swiss\"",
        "Grey boards",
        "A time bank",
    ] {
        assert!(form.body.contains(shown), "{shown} on the Azul form");
    }
    let csrf = form.csrf();

    let bad_board = ann
        .post_form(
            "/events/new/azul",
            &azul_fields(&csrf, &[("board", "marble")]),
        )
        .await;
    assert_eq!(bad_board.status, 400);
    assert!(
        bad_board.body.contains("Choose the coloured boards"),
        "{}",
        bad_board.body
    );
    assert!(bad_board.body.contains("value=\"Pavilion fours\""));
    let tables_of_kalah = ann
        .post_form(NEW_KALAH, &creation(&csrf, &[("format", "tables4")]))
        .await;
    assert_eq!(tables_of_kalah.status, 400);
    assert!(tables_of_kalah.body.contains("Choose a format."));
    let uniform_at_four = ann
        .post_form(
            "/events/new/kabaleo",
            &azul_fields(&csrf, &[("dealing", "uniform")]),
        )
        .await;
    assert_eq!(uniform_at_four.status, 400);
    assert!(
        uniform_at_four
            .body
            .contains("Uniform dealing needs 2 or 3 players"),
        "{}",
        uniform_at_four.body
    );
    assert_eq!(open_events(&ann).await.as_array().unwrap().len(), 0);

    let token = token_of(&ann).await;
    for (body, reason) in [
        (
            json!({"title": "Swiss", "format": "swiss", "min_players": 2, "max_players": 8, "colour": "red"}),
            "unknown field `colour`",
        ),
        (
            json!({"title": "Swiss", "format": "knockout", "min_players": 2, "max_players": 8}),
            "There is no format “knockout”",
        ),
        (
            json!({"title": "Swiss", "format": "swiss", "options": {"seeds_per_pit": "many"}, "min_players": 2, "max_players": 8}),
            "invalid type: string",
        ),
    ] {
        let refused = post_json_to(&ann, NEW_KALAH, &token, &body).await;
        assert_eq!(refused.status, 400, "{}", refused.body);
        assert!(refused.body.contains(reason), "{reason}: {}", refused.body);
    }
    let by_tool = post_json_to(
        &ann,
        NEW_KALAH,
        &token,
        &json!({"title": "Tool Swiss", "format": "swiss", "rounds": 3, "options": {"seeds_per_pit": 5}, "min_players": 2, "max_players": 8, "rated": false}),
    )
    .await;
    assert_eq!(by_tool.status, 201, "{}", by_tool.body);
    let made = ann
        .get_json(by_tool.json()["url"].as_str().unwrap())
        .await
        .json();
    assert_eq!(made["options"]["seeds_per_pit"], 5);
    assert_eq!(
        (
            made["format"].as_str(),
            made["round_count"].as_u64(),
            made["rated"].as_bool()
        ),
        (Some("swiss"), Some(3), Some(false))
    );

    let created = ann
        .post_form("/events/new/azul", &azul_fields(&csrf, &[]))
        .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let path = created.url.trim_start_matches(&app.base).to_string();
    assert!(
        created.body.contains("Grey boards (the variant)"),
        "{}",
        created.body
    );
    assert!(created.body.contains("a bank of"), "{}", created.body);
    let twin = ann.get_json(&path).await.json();
    assert_eq!(twin["options"]["board"], "variant");
    assert_eq!(twin["time_control"]["limit"]["mode"], "bank");
    assert_eq!(twin["format"], "tables");
    assert_eq!(twin["round_count"], 2);

    let second = ann
        .post_form(
            "/events/new/azul",
            &azul_fields(&csrf, &[("title", "One too many")]),
        )
        .await;
    assert_eq!(second.status, 429);
    assert!(
        second
            .body
            .contains("You have created as many tournaments as we allow in a day."),
        "{}",
        second.body
    );
    assert_eq!(open_events(&ann).await.as_array().unwrap().len(), 2);

    for (action, status) in [("sign-up", 200), ("withdraw", 200), ("sign-up", 429)] {
        let answer = ann
            .post_form(&format!("{path}/{action}"), &[("csrf", &csrf)])
            .await;
        assert_eq!(answer.status, status, "{action}: {}", answer.body);
    }
    let refused = ann
        .post_form(&format!("{path}/sign-up"), &[("csrf", &csrf)])
        .await;
    assert!(
        refused
            .body
            .contains("signed up for or withdrawn from as many"),
        "{}",
        refused.body
    );
    let entrants = (open_events(&ann).await.as_array().unwrap().iter())
        .find(|e| e["url"] == path.as_str())
        .map(|e| e["entrants"].clone());
    assert_eq!(
        entrants,
        Some(json!(0)),
        "the refused sign-up took no place"
    );
}

#[tokio::test]
async fn the_organiser_starts_a_swiss_early_from_its_page_and_sees_who_has_yet_to_move() {
    let app = TestApp::start().await;
    let mut browsers = Vec::new();
    for name in ["Ann", "Bob", "Cid"] {
        let email = format!("{}@example.com", name.to_lowercase());
        browsers.push(app.signed_in(&email, name).await);
    }
    let (ann, bob) = (&browsers[0], &browsers[1]);
    let csrf = ann.get(NEW_KALAH).await.csrf();
    let fields = [("format", "swiss"), ("min", "2"), ("max", "4")];
    let created = ann.post_form(NEW_KALAH, &creation(&csrf, &fields)).await;
    assert_eq!(created.status, 200, "{}", created.body);
    let path = created.url.trim_start_matches(&app.base).to_string();
    assert!(
        !created.body.contains(&format!("{path}/start\"")),
        "nobody has signed up: no start yet"
    );
    assert!(created.body.contains("Call the tournament off"));
    for browser in &browsers[1..] {
        press(browser, &path, "sign-up").await;
    }
    let seen_by_bob = bob.get(&path).await;
    assert!(!seen_by_bob.body.contains("Start the tournament now"));
    let forged = (bob.post_form(&format!("{path}/start"), &[("csrf", &seen_by_bob.csrf())])).await;
    assert_eq!(forged.status, 403);
    assert!(
        forged.body.contains("Only the tournament’s organiser"),
        "{}",
        forged.body
    );

    let started = press(ann, &path, "start").await;
    assert_eq!(started.status, 200, "{}", started.body);
    assert!(started.body.contains("Round 1"), "{}", started.body);
    let waiting = ["Bob", "Cid"]
        .map(|name| format!("Round 1: 1 of 1 games still running, waiting for {name}."));
    assert!(
        waiting.iter().any(|line| started.body.contains(line)),
        "{}",
        started.body
    );
    assert!(!started.body.contains("Call the tournament off"));
    assert!(
        !bob.get(&path)
            .await
            .body
            .contains("games still running, waiting for")
    );
    let late = (ann.post_form(&format!("{path}/call-off"), &[("csrf", &csrf)])).await;
    assert_eq!(late.status, 410, "{}", late.body);
}

#[tokio::test]
async fn a_tournament_of_a_hundred_and_fifty_shows_a_hundred_entrants_and_fifty_games_a_page() {
    use turnpost::i18n::Lang;
    use turnpost::rules::Kind;
    use turnpost::tournaments::log::facts::Format;
    use turnpost::tournaments::service;

    let app = TestApp::start().await;
    let mut conn = app.db.connect_as_server();
    let players: Vec<_> = (0..150)
        .map(|i| {
            let email = format!("swiss{i}@example.com");
            accounts::find_or_create(&mut conn, &email, Lang::En).unwrap()
        })
        .collect();
    let mut big = crate::events::setup(Kind::Kalah, Format::Swiss { rounds: 5 }, 150, Some(86_400));
    big.min_entrants = 2;
    let id = service::create(&mut conn, &players[0], big).unwrap();
    for player in &players {
        service::sign_up(&mut conn, &id, player).unwrap();
    }
    service::start_now(&mut conn, &id, &players[0]).unwrap();

    let browser = app.browser();
    let first = browser.get_json(&format!("/events/{id}")).await.json();
    assert_eq!(
        (first["page"].as_u64(), first["pages"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(first["entrant_count"], 150);
    assert_eq!(first["entrants"].as_array().unwrap().len(), 100);
    assert_eq!(first["standings"].as_array().unwrap().len(), 100);
    assert_eq!(first["rounds"][0]["game_count"], 75);
    assert_eq!(first["games_per_page"], 50);
    assert_eq!(first["rounds"][0]["games"].as_array().unwrap().len(), 50);
    let second = browser
        .get_json(&format!("/events/{id}?page=2"))
        .await
        .json();
    assert_eq!(second["entrants"].as_array().unwrap().len(), 50);
    assert_eq!(second["entrants"][0]["number"], 100);
    assert_eq!(second["standings"][0]["place"], 101);
    let later_games = second["rounds"][0]["games"].as_array().unwrap();
    assert_eq!(later_games.len(), 25);
    assert_ne!(
        later_games[0]["game"],
        first["rounds"][0]["games"][0]["game"]
    );

    let page = browser.get(&format!("/events/{id}?page=2")).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Page 2 of 2"), "{}", page.body);
    assert!(page.body.contains("<ol class=\"entrants\" start=\"101\">"));
    assert!(page.body.contains(&format!("href=\"/events/{id}?page=1\"")));
    let refused = browser.get(&format!("/events/{id}?page=none")).await;
    assert_eq!(refused.status, 400);
    assert!(refused.body.contains("whole number"), "{}", refused.body);
}
