//! Every page a player meets passes the accessibility check (WCAG 2.2 AA and the page's outline,
//! axe-core) in both languages, and the checks themselves can fail: that one, and the one that
//! the board's controls have names of their own. Each game's board is checked at every kind of
//! turn by the games' own browser tests.

use super::axe::{assert_accessible, assert_board_controls_named, violations};
use super::{Chromedriver, Person};
use crate::support::{TestApp, create_game, seat_table};

#[actix_web::test]
async fn the_check_catches_a_planted_low_contrast_element_a_skipped_heading_level_and_controls_named_alike()
 {
    let app = TestApp::start().await;
    let driver = Chromedriver::start().await;
    let mut ann = Person::sign_in(&app, &driver, "Ann").await;
    ann.open("/rules").await;
    assert_accessible(&ann.client, &ann.url).await;
    // Styled through the DOM: the site's Content-Security-Policy refuses a style attribute.
    let plant = "var p = document.createElement('p'); p.id = 'planted'; \
        p.textContent = 'Faint words'; p.style.color = '#c8c8c8'; p.style.background = '#ffffff'; \
        document.querySelector('main').appendChild(p); return true;";
    ann.client.execute(plant, vec![]).await.unwrap();
    let found = violations(&ann.client).await;
    let contrast = (found.iter())
        .find(|v| v.id == "color-contrast")
        .unwrap_or_else(|| panic!("the planted paragraph is not caught: {found:?}"));
    assert!(contrast.is_serious(), "{contrast:?}");
    let named = contrast.describe(&ann.url);
    assert!(named.contains("#planted"), "{named}");
    assert!(named.contains("/rules"), "{named}");
    let caught = actix_web::rt::spawn({
        let (client, url) = (ann.client.clone(), ann.url.clone());
        async move { assert_accessible(&client, &url).await }
    })
    .await;
    assert!(caught.is_err(), "the assertion fails on the planted page");

    ann.open("/rules").await;
    let skip = "var h = document.createElement('h4'); h.id = 'skipped'; \
        h.textContent = 'Too deep'; document.querySelector('main h1').after(h); return true;";
    ann.client.execute(skip, vec![]).await.unwrap();
    let found = violations(&ann.client).await;
    let order = (found.iter())
        .find(|v| v.id == "heading-order")
        .unwrap_or_else(|| panic!("the skipped heading level is not caught: {found:?}"));
    assert!(order.fails(), "{order:?}");
    assert!(order.describe(&ann.url).contains("#skipped"), "{order:?}");

    ann.open("/rules").await;
    let twins = "var board = document.createElement('section'); board.id = 'board'; \
        ['/rules/kalah', '/rules/quarto'].forEach(function (href) { \
          var a = document.createElement('a'); a.href = href; a.textContent = 'Read the rules'; \
          board.appendChild(a); }); \
        board.appendChild(document.createElement('button')); \
        document.querySelector('main').appendChild(board); return true;";
    ann.client.execute(twins, vec![]).await.unwrap();
    let caught = actix_web::rt::spawn({
        let (client, url) = (ann.client.clone(), ann.url.clone());
        async move { assert_board_controls_named(&client, &url).await }
    })
    .await;
    let message = *caught
        .expect_err("two links of one name and a button of none are caught")
        .into_panic()
        .downcast::<String>()
        .unwrap();
    assert!(
        message.contains("“Read the rules” names two controls"),
        "{message}"
    );
    assert!(
        message.contains("/rules/kalah and /rules/quarto"),
        "{message}"
    );
    assert!(message.contains("a control with no name"), "{message}");
}

#[actix_web::test]
async fn every_page_a_player_meets_passes_in_english_and_japanese() {
    let app = TestApp::start().await;
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[("days", "3")]).await;
    let app = &table.app;
    let ann = &table.players[0];
    let waiting = create_game(ann, "quarto", &["cy@example.com"], &[]).await;
    let join = app
        .mail("cy@example.com", "invites you")
        .link(&app.base, "/join/");
    let settings = ann.get("/settings").await;
    let csrf = settings.csrf();
    let closing = [("csrf", csrf.as_str()), ("running_games", "resign")];
    let asked = ann.post_form("/settings/close", &closing).await;
    assert_eq!(asked.status, 200, "{}", asked.body);
    let close = app
        .mail("ann@example.com", "Closing your Turnpost account")
        .link(&app.base, "/close/");
    let csrf = ann.get(crate::event_pages::NEW_KALAH).await.csrf();
    let fields = crate::event_pages::creation(&csrf, &[]);
    let created = ann.post_form(crate::event_pages::NEW_KALAH, &fields).await;
    assert_eq!(created.status, 200, "{}", created.body);
    let event = created.url.trim_start_matches(&app.base).to_string();

    let driver = Chromedriver::start().await;
    let mut person = Person::sign_in(app, &driver, "Ann").await;
    let board = table.path.clone();
    let mut pages: Vec<String> = [
        "/",
        "/games/new",
        "/settings",
        "/settings/tokens",
        "/settings/feeds",
        "/tables",
        "/rules",
        "/help/email",
        "/privacy",
        "/ratings",
        "/ratings/kalah",
        "/players/Ann",
        "/events",
        "/events/new",
        "/events/new/kalah",
        "/games/no-such-game",
    ]
    .map(String::from)
    .to_vec();
    for kind in ["kalah", "quarto", "kabaleo", "azul", "gype"] {
        pages.push(format!("/games/new/{kind}"));
        pages.push(format!("/rules/{kind}"));
    }
    pages.extend([
        event,
        board.clone(),
        format!("{board}/history"),
        format!("{board}/resign"),
        format!("{waiting}/invitations"),
        join,
        close,
    ]);
    for lang in ["en", "ja"] {
        person.open(&format!("/?lang={lang}")).await;
        for page in &pages {
            person.open(page).await;
            assert_accessible(&person.client, &person.url).await;
        }
    }
}
