//! Every page at phone width (360 CSS pixels) in Chromium: nothing may scroll sideways, and each
//! passes the accessibility check at that width. The width is read from the browser's layout
//! (DevTools' metrics, so the page still runs no script), and a screenshot of each page goes to
//! `target/e2e-screenshots/phone-*.png`.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use super::axe::assert_accessible;
use super::{Cdp, Chromedriver, Person, artifacts};
use crate::support::{Browser, TestApp, accept_invitation, create_game, seat_table};

pub(super) const PHONE_WIDTH: f64 = 360.0;

/// Makes the window a phone's: 360 px wide, touch, as a phone browser lays pages out.
pub(super) async fn as_phone(person: &Person) {
    person
        .client
        .issue_cmd(Cdp {
            cmd: "Emulation.setDeviceMetricsOverride",
            params: json!({
                "width": PHONE_WIDTH, "height": 740, "deviceScaleFactor": 1, "mobile": true,
            }),
        })
        .await
        .unwrap();
}

/// How wide the page shown is laid out, in CSS pixels.
pub(super) async fn page_width(person: &Person) -> f64 {
    let metrics = person
        .client
        .issue_cmd(Cdp {
            cmd: "Page.getLayoutMetrics",
            params: json!({}),
        })
        .await
        .unwrap();
    metrics["cssContentSize"]["width"]
        .as_f64()
        .expect("the layout has a width")
}

/// Opens each page as the player to move, on a phone, after a few moves of a game of `kind`;
/// returns the pages wider than a phone, with their widths.
async fn measure(kind: &str, moves: usize) -> Vec<String> {
    let app = TestApp::start().await;
    let table = seat_table(app, kind, &["Ann", "Bo"], &[("days", "3")]).await;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..moves {
        let acting = table.to_act().await;
        let Some(&who) = acting.first() else { break };
        let twin = table.twin(who).await;
        let legal = twin["legal_commands"].as_array().unwrap();
        // Gype's arrangement is confirmed at once, so that the board shows play.
        let confirm = legal.iter().find(|c| c["command"]["type"] == "confirm");
        let command = match confirm {
            Some(confirm) => confirm["command"].clone(),
            None => legal[rng.random_range(0..legal.len())]["command"].clone(),
        };
        assert_eq!(table.play(who, &command).await.status, 200);
    }
    let who = table.to_act().await.first().copied().unwrap_or(0);
    let name = ["Ann", "Bo"][who];
    let driver = Chromedriver::start().await;
    let mut person = Person::sign_in(&table.app, &driver, name).await;
    as_phone(&person).await;

    let mut wide = Vec::new();
    let pages = [
        ("home", "/".to_string()),
        ("new-game", "/games/new".to_string()),
        ("options", format!("/games/new/{kind}")),
        ("board", table.path.clone()),
        ("history", format!("{}/history", table.path)),
        ("settings", "/settings".to_string()),
        ("tables", "/tables".to_string()),
        ("rules", format!("/rules/{kind}")),
        ("playing-by-email", "/help/email".to_string()),
        ("privacy", "/privacy".to_string()),
        // The same player switches to Japanese with the footer's link: the pages after it stay
        // Japanese, and must fit a phone as well.
        ("ja-board", format!("{}?lang=ja", table.path)),
        ("ja-history", format!("{}/history", table.path)),
        ("ja-settings", "/settings".to_string()),
        ("ja-new-game", format!("/games/new/{kind}")),
        ("ja-rules", format!("/rules/{kind}")),
        ("ja-home", "/".to_string()),
    ];
    for (label, path) in pages {
        person.open(&path).await;
        assert_accessible(&person.client, &format!("{} (phone)", person.url)).await;
        let width = page_width(&person).await;
        person.screenshot(&format!("phone-{kind}-{label}")).await;
        if width > PHONE_WIDTH {
            wide.push(format!("{kind} {label} ({path}): {width} px"));
        }
    }
    // Gype's moves end with buttons on the squares: choose a die to see them.
    if kind == "gype" {
        person.open(&table.path).await;
        let die = person.links(".gype-panel ul.choices a").into_iter().next();
        if let Some(die) = die {
            person.click(&die).await;
            let width = page_width(&person).await;
            person.screenshot("phone-gype-step").await;
            if width > PHONE_WIDTH {
                wide.push(format!("gype step ({}): {width} px", person.url));
            }
        }
    }
    // The newest email to the player, as an HTML mail reader shows it.
    let mail = table
        .app
        .mails_to(&person.email)
        .into_iter()
        .rfind(|m| !m.html.is_empty() && !m.subject.contains("sign-in"))
        .expect("the player has had email");
    // Its pictures beside it, named as the HTML names them, as a mail reader shows them.
    assert!(
        !mail.inline.is_empty(),
        "the email shows the board as a picture"
    );
    let mut html = mail.html.clone();
    for (id, png) in &mail.inline {
        let name = format!("phone-{kind}-email-{id}.png");
        std::fs::write(artifacts().join(&name), png).unwrap();
        assert!(html.contains(&format!("cid:{id}")), "the HTML shows {id}");
        html = html.replace(&format!("cid:{id}"), &name);
    }
    let file = artifacts().join(format!("phone-{kind}-email.html"));
    std::fs::write(&file, &html).unwrap();
    person
        .client
        .goto(&format!("file://{}", file.display()))
        .await
        .unwrap();
    let width = page_width(&person).await;
    person.screenshot(&format!("phone-{kind}-email")).await;
    if width > PHONE_WIDTH {
        wide.push(format!("{kind} email “{}”: {width} px", mail.subject));
    }
    // Prose wraps in any mail reader; a drawing (a line lined up in columns, as the text part's
    // board is) cannot, so it must fit.
    for line in mail.text.lines() {
        let columns = line.chars().count();
        let drawing = line.trim_start().contains("  ");
        if drawing && columns > TEXT_EMAIL_COLUMNS {
            wide.push(format!(
                "{kind} email board “{}”: {columns} columns in “{line}”",
                mail.subject
            ));
        }
    }
    drop(person);
    wide
}

/// A phone's mail reader shows about this many monospaced characters in a line.
const TEXT_EMAIL_COLUMNS: usize = 40;

#[actix_web::test]
async fn no_page_or_email_of_any_game_is_wider_than_a_phone() {
    let mut wide = Vec::new();
    for (kind, moves) in [
        ("kalah", 6),
        ("quarto", 6),
        ("kabaleo", 4),
        ("azul", 6),
        ("gype", 6),
    ] {
        wide.extend(measure(kind, moves).await);
    }
    assert!(
        wide.is_empty(),
        "pages wider than {PHONE_WIDTH} px:\n{}",
        wide.join("\n")
    );
}

/// Plays the first legal command of whoever is to act in `path` until `me` is (`mine`) or is not
/// to act.
async fn bring_turn(players: &[&Browser], path: &str, me: usize, mine: bool) {
    for _ in 0..20 {
        let mut acting = None;
        for (i, browser) in players.iter().enumerate() {
            let twin = browser.get_json(path).await.json();
            if !twin["legal_commands"].as_array().unwrap().is_empty() {
                acting = Some((i, twin));
                break;
            }
        }
        let (who, twin) = acting.expect("someone is to act");
        if (who == me) == mine {
            return;
        }
        let csrf = players[who].get("/sign-in").await.csrf();
        // Gype's arrangement is confirmed at once, so that play begins.
        let legal = twin["legal_commands"].as_array().unwrap();
        let confirm = legal.iter().find(|c| c["command"]["type"] == "confirm");
        let command = confirm.unwrap_or(&legal[0])["command"].to_string();
        let seq = twin["seq"].to_string();
        let played = players[who]
            .post_form(
                &format!("{path}/play"),
                &[("csrf", &csrf), ("seq", &seq), ("command", &command)],
            )
            .await;
        assert_eq!(played.status, 200, "{}", played.body);
    }
    panic!("the turn never came round in {path}");
}

/// A busy player's lists at phone width, in both languages: eight games of every kind, in every
/// state a game can be in (their turn, another's, finished, waiting for an invited player), and
/// the open tables, with players' names of an ordinary length; and the ratings pages.
#[actix_web::test]
async fn the_lists_of_a_busy_player_fit_a_phone() {
    const ME: &str = "phone-a776737174";
    const BO: &str = "phone-b552109834";
    const CY: &str = "phone-c908172635";
    let app = TestApp::start().await;
    let email = |name: &str| format!("{name}@example.com");
    let me = app.signed_in(&email(ME), ME).await;
    let bo = app.signed_in(&email(BO), BO).await;
    let cy = app.signed_in(&email(CY), CY).await;
    let tables: [(&str, &[&str], bool); 6] = [
        ("kalah", &[BO], true),
        ("kalah", &[CY], false),
        ("kabaleo", &[BO, CY], true),
        ("azul", &[BO], false),
        ("gype", &[CY], false),
        ("quarto", &[BO], true),
    ];
    for (kind, invited, mine) in tables {
        let invitees: Vec<String> = invited.iter().map(|n| email(n)).collect();
        let invitees: Vec<&str> = invitees.iter().map(String::as_str).collect();
        let path = create_game(&me, kind, &invitees, &[]).await;
        let mut seated = vec![&me];
        for name in invited {
            let browser = if *name == BO { &bo } else { &cy };
            let joined = accept_invitation(&app, browser, &email(name)).await;
            assert_eq!(joined.status, 200, "{}", joined.body);
            seated.push(browser);
        }
        bring_turn(&seated, &path, 0, mine).await;
        if kind == "quarto" {
            // This one is over: Bo resigns it.
            let resign = format!("{path}/resign");
            let confirm = bo.get(&resign).await;
            let (csrf, seq) = (confirm.csrf(), confirm.input_value("seq").unwrap());
            let done = bo
                .post_form(&resign, &[("csrf", &csrf), ("seq", &seq)])
                .await;
            assert_eq!(done.status, 200, "{}", done.body);
        }
    }
    // Waiting for an invited player who has not answered, and for anyone at all.
    create_game(&me, "quarto", &["phone-d112233445@example.com"], &[]).await;
    create_game(&me, "gype", &[], &[("open_seats", "1")]).await;
    create_game(&bo, "azul", &[], &[("open_seats", "2")]).await;

    // Established players of Kalah, for its leaderboard.
    let mut conn = app.db.connect();
    for (n, name) in [ME, BO, CY].iter().enumerate() {
        let id = crate::computers::player_id(&app, &email(name));
        let rating = 1650.0 - 111.111 * n as f64;
        crate::ratings::seed_rating(&mut conn, id, "kalah", rating, 60.0, 40 + n as i32, 2);
    }
    app.rate_finished_games();

    let driver = Chromedriver::start().await;
    let mut person = Person::sign_in(&app, &driver, ME).await;
    as_phone(&person).await;
    let mut wide = Vec::new();
    let player = format!("/players/{ME}");
    for (label, path) in [
        ("home", "/"),
        ("tables", "/tables"),
        ("ratings", "/ratings"),
        ("leaderboard", "/ratings/kalah"),
        ("player", player.as_str()),
        ("ja-home", "/?lang=ja"),
        ("ja-tables", "/tables"),
        ("ja-ratings", "/ratings"),
        ("ja-leaderboard", "/ratings/kalah"),
        ("ja-player", player.as_str()),
    ] {
        person.open(path).await;
        let width = page_width(&person).await;
        person.screenshot(&format!("phone-lists-{label}")).await;
        if width > PHONE_WIDTH {
            wide.push(format!("{label} ({path}): {width} px"));
        }
    }
    person.open(&player).await;
    // The player is reading Japanese by now.
    assert!(person.text().contains("クアルト"), "{}", person.text());
    person.open("/").await;
    let games = person.links("table.games a[href^=\"/games/\"]");
    assert!(
        games.len() >= 8,
        "a list of eight games:\n{}",
        person.text()
    );
    assert!(
        wide.is_empty(),
        "lists wider than {PHONE_WIDTH} px:\n{}",
        wide.join("\n")
    );
}
