//! The calendar and Atom feeds at secret addresses, read by independent parsers (Python's
//! `icalendar` and `feedparser`, as Debian packages them): every running timed game with its
//! deadline, moved by a move, cancelled when the game ends; turns and results with links to the
//! boards; ETag and 304, the polling floor, and a revoked address gone.

use std::io::Write;

use chrono::{DateTime, SubsecRound, Utc};
use diesel::prelude::*;
use scraper::Selector;
use serde_json::Value;

use crate::support::{Browser, Page, TestApp, accept_invitation, create_game, seat_table};

/// Seconds between fresh copies in these tests.
const POLL_SECONDS: i64 = 2;

/// Every event of a calendar, parsed by `icalendar`: its UID, summary, status, sequence, start
/// (UTC), description and alarm triggers (seconds before the start).
const PARSE_CALENDAR: &str = "
import json, sys
from icalendar import Calendar
calendar = Calendar.from_ical(sys.stdin.buffer.read())
events = []
for event in calendar.walk('VEVENT'):
    start = event.decoded('DTSTART')
    alarms = [-a.decoded('TRIGGER').total_seconds() for a in event.walk('VALARM')]
    events.append({
        'uid': str(event['UID']), 'summary': str(event['SUMMARY']),
        'status': str(event.get('STATUS', '')), 'sequence': int(event.get('SEQUENCE', 0)),
        'start': start.isoformat(), 'description': str(event.get('DESCRIPTION', '')),
        'alarms': alarms,
    })
print(json.dumps({'zone': str(calendar.get('X-WR-TIMEZONE', '')), 'events': events}))
";

/// Every entry of an Atom feed, parsed by `feedparser`, and whether it was well formed.
const PARSE_ATOM: &str = "
import json, sys
import feedparser
feed = feedparser.parse(sys.stdin.buffer.read())
print(json.dumps({
    'bozo': bool(feed.bozo), 'version': feed.version, 'title': feed.feed.get('title', ''),
    'entries': [{'id': e.id, 'title': e.title, 'link': e.link, 'summary': e.get('summary', ''),
                 'updated': e.updated} for e in feed.entries],
}))
";

fn parse(script: &str, text: &str) -> Value {
    let mut parser = std::process::Command::new("/usr/bin/python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("Debian's python3 with python3-icalendar and python3-feedparser");
    let mut stdin = parser.stdin.take().unwrap();
    stdin.write_all(text.as_bytes()).unwrap();
    drop(stdin);
    let parsed = parser.wait_with_output().unwrap();
    assert!(parsed.status.success(), "the parser refused:\n{text}");
    serde_json::from_slice(&parsed.stdout).unwrap()
}

/// A feed fetched as a calendar or reader would, with the ETag it holds.
async fn fetch(url: &str, etag: Option<&str>) -> (u16, reqwest::header::HeaderMap, String) {
    let mut request = reqwest::Client::new().get(url);
    if let Some(etag) = etag {
        request = request.header("If-None-Match", etag);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap())
}

/// Fetches a fresh copy, waiting out the polling floor.
async fn fresh(url: &str) -> (reqwest::header::HeaderMap, String) {
    tokio::time::sleep(std::time::Duration::from_millis(
        POLL_SECONDS as u64 * 1000 + 100,
    ))
    .await;
    let (status, headers, body) = fetch(url, None).await;
    assert_eq!(status, 200, "{body}");
    (headers, body)
}

/// The deadline of the turn running in `game`, from the clocks' read model.
fn due_of(app: &TestApp, game: &str) -> DateTime<Utc> {
    #[derive(QueryableByName)]
    struct Due {
        #[diesel(sql_type = diesel::sql_types::Timestamptz)]
        due_at: DateTime<Utc>,
    }
    let id = game.trim_start_matches("/games/");
    diesel::sql_query("SELECT due_at FROM turn_clocks WHERE game_id = $1 ORDER BY due_at LIMIT 1")
        .bind::<diesel::sql_types::Text, _>(id)
        .get_result::<Due>(&mut app.db.connect())
        .unwrap()
        .due_at
}

fn event<'a>(calendar: &'a Value, game: &str) -> &'a Value {
    let uid = format!("game-{}@127.0.0.1", game.trim_start_matches("/games/"));
    (calendar["events"].as_array().unwrap().iter())
        .find(|e| e["uid"] == uid.as_str())
        .unwrap_or_else(|| panic!("no event {uid} in {calendar}"))
}

/// The feed addresses a Settings page shows once, after making them.
fn addresses(page: &Page) -> (String, String) {
    let codes: Vec<String> = (page.html().select(&Selector::parse("code.token").unwrap()))
        .map(|c| c.text().collect())
        .collect();
    assert_eq!(codes.len(), 2, "{}", page.body);
    (codes[0].clone(), codes[1].clone())
}

async fn play_first(browser: &Browser, game: &str) {
    let twin = browser.get_json(game).await.json();
    let csrf = browser.get("/sign-in").await.csrf();
    let command = twin["legal_commands"][0]["command"].to_string();
    let seq = twin["seq"].to_string();
    let page = browser
        .post_form(
            &format!("{game}/play"),
            &[("csrf", &csrf), ("seq", &seq), ("command", &command)],
        )
        .await;
    assert_eq!(page.status, 200, "{}", page.body);
}

#[actix_web::test]
async fn the_calendar_and_atom_feeds_follow_every_running_game_and_stop_when_revoked() {
    let app = TestApp::start_with(|s| {
        s.limits.feed_poll_seconds = POLL_SECONDS;
        s.clock.day_seconds = 86_400;
    })
    .await;
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[("days", "3")]).await;
    let app = &table.app;
    let (ann, bo) = (&table.players[0], &table.players[1]);
    let quarto = create_game(ann, "quarto", &["bo@example.com"], &[("days", "2")]).await;
    accept_invitation(app, bo, "bo@example.com").await;
    let untimed = create_game(ann, "kalah", &["bo@example.com"], &[]).await;
    accept_invitation(app, bo, "bo@example.com").await;
    diesel::sql_query(
        "UPDATE players SET time_zone = 'Asia/Tokyo' WHERE email = 'ann@example.com'",
    )
    .execute(&mut app.db.connect())
    .unwrap();

    let settings = ann.get("/settings").await;
    assert!(
        settings.body.contains("href=\"/settings/feeds\""),
        "{}",
        settings.body
    );
    let csrf = ann.get("/settings/feeds").await.csrf();
    let made = ann.post_form("/settings/feeds", &[("csrf", &csrf)]).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let (calendar_url, atom_url) = addresses(&made);
    assert!(calendar_url.ends_with("/deadlines.ics"), "{calendar_url}");

    // Every running timed game, at its deadline in UTC, told in the player's zone too.
    let (status, headers, body) = fetch(&calendar_url, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(headers["Content-Type"], "text/calendar; charset=utf-8");
    let calendar = parse(PARSE_CALENDAR, &body);
    assert_eq!(calendar["zone"], "Asia/Tokyo");
    assert_eq!(
        calendar["events"].as_array().unwrap().len(),
        2,
        "{calendar}"
    );
    for game in [&table.path, &quarto] {
        let event = event(&calendar, game);
        let start: DateTime<Utc> = event["start"].as_str().unwrap().parse().unwrap();
        assert_eq!(start, due_of(app, game).trunc_subsecs(0), "{event}");
        let local = start.with_timezone(&chrono_tz::Asia::Tokyo);
        let words = format!("{} JST (Asia/Tokyo)", local.format("%Y-%m-%d %H:%M"));
        assert!(
            event["description"].as_str().unwrap().contains(&words),
            "{event}"
        );
        assert_eq!(event["status"], "CONFIRMED");
        assert_eq!(event["alarms"], serde_json::json!([3.0 * 3600.0]));
        assert!(
            event["description"]
                .as_str()
                .unwrap()
                .contains(&format!("{}{game}", app.base))
        );
    }
    assert!(
        !body.contains(untimed.trim_start_matches("/games/")),
        "no deadline, no event"
    );

    // Unchanged: 304 with its ETag at any time; a fresh copy waits for the floor.
    let etag = headers["ETag"].to_str().unwrap().to_string();
    let (status, _, _) = fetch(&calendar_url, Some(&etag)).await;
    assert_eq!(status, 304);
    let (status, headers, body) = fetch(&calendar_url, None).await;
    assert_eq!(status, 429, "{body}");
    assert!(headers.contains_key("Retry-After"));
    assert!(body.contains("fetched a moment ago"), "{body}");

    // A move moves the deadline: the event keeps its UID and its sequence grows.
    let before = event(&calendar, &table.path).clone();
    let mover = if table.to_act().await == vec![0] {
        ann
    } else {
        bo
    };
    play_first(mover, &table.path).await;
    let (headers, body) = fresh(&calendar_url).await;
    assert_ne!(headers["ETag"].to_str().unwrap(), etag);
    let calendar = parse(PARSE_CALENDAR, &body);
    let after = event(&calendar, &table.path);
    assert!(
        after["sequence"].as_i64() > before["sequence"].as_i64(),
        "{after}"
    );

    // Atom: an entry for each game where it is Ann's turn, linking to the board.
    let (_, atom) = fresh(&atom_url).await;
    let feed = parse(PARSE_ATOM, &atom);
    assert_eq!(feed["bozo"], false, "{atom}");
    assert_eq!(feed["version"], "atom10");
    let mut turns = Vec::new();
    for game in [&table.path, &quarto, &untimed] {
        let twin = ann.get_json(game).await.json();
        if !twin["legal_commands"].as_array().unwrap().is_empty() {
            turns.push(format!("{}{game}", app.base));
        }
    }
    let mut links: Vec<String> = (feed["entries"].as_array().unwrap().iter())
        .map(|e| e["link"].as_str().unwrap().to_string())
        .collect();
    links.sort();
    turns.sort();
    assert_eq!(links, turns, "{feed}");

    // The game ends: its event is cancelled, and the feed tells the result.
    let seq = ann.get_json(&table.path).await.json()["seq"].to_string();
    let csrf = ann.get("/sign-in").await.csrf();
    let resigned = ann
        .post_form(
            &format!("{}/resign", table.path),
            &[("csrf", &csrf), ("seq", &seq)],
        )
        .await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    let (_, body) = fresh(&calendar_url).await;
    let calendar = parse(PARSE_CALENDAR, &body);
    assert_eq!(event(&calendar, &table.path)["status"], "CANCELLED");
    assert_eq!(event(&calendar, &quarto)["status"], "CONFIRMED");
    let (_, atom) = fresh(&atom_url).await;
    let feed = parse(PARSE_ATOM, &atom);
    let over = (feed["entries"].as_array().unwrap().iter())
        .find(|e| e["link"] == format!("{}{}", app.base, table.path).as_str())
        .expect("the ended game's entry");
    assert!(
        over["title"].as_str().unwrap().starts_with("Game over"),
        "{over}"
    );
    assert!(
        over["summary"].as_str().unwrap().contains("resigned"),
        "{over}"
    );

    // Revoked: both addresses are gone.
    let page = ann.get("/settings/feeds").await;
    let revoke = page
        .html()
        .select(&Selector::parse("form[action$='/revoke']").unwrap())
        .next()
        .unwrap()
        .value()
        .attr("action")
        .unwrap()
        .to_string();
    let revoked = ann.post_form(&revoke, &[("csrf", &page.csrf())]).await;
    assert_eq!(revoked.status, 200, "{}", revoked.body);
    assert!(revoked.body.contains("revoked"), "{}", revoked.body);
    for url in [&calendar_url, &atom_url] {
        let (status, _, body) = fetch(url, None).await;
        assert_eq!(status, 404, "{body}");
    }
    let (status, _, _) = fetch(
        &format!("{}/feeds/tf_nothing/deadlines.ics", app.base),
        None,
    )
    .await;
    assert_eq!(status, 404);
}
