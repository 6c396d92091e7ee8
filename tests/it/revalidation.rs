//! A client that already holds a game's page gets `304 Not Modified` until the game moves; a
//! long history is read a page at a time, and its log is downloaded as it is written.

use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};

use turnpost::audit::{self, Export};

use crate::support::{Browser, Table, TestApp, count_rows, seat_table, whole_history};

/// GETs `path`, sending `held` as If-None-Match; returns the status, the ETag and the body.
async fn fetch(
    browser: &Browser,
    path: &str,
    json: bool,
    held: Option<&str>,
) -> (StatusCode, String, String) {
    let mut request = browser.client.get(browser.absolute(path));
    if json {
        request = request.header("Accept", "application/json");
    }
    if let Some(tag) = held {
        request = request.header(IF_NONE_MATCH, tag);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let tag = response
        .headers()
        .get(ETAG)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    if status == StatusCode::OK || status == StatusCode::NOT_MODIFIED {
        let cache = response
            .headers()
            .get(CACHE_CONTROL)
            .unwrap()
            .to_str()
            .unwrap();
        assert_eq!(cache, "private, no-cache", "{path}");
    }
    (status, tag, response.text().await.unwrap())
}

#[actix_web::test]
async fn a_page_already_held_is_not_sent_again_until_the_game_moves() {
    let table = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    let history = format!("{}/history", table.path);
    for path in [table.path.as_str(), history.as_str()] {
        let (status, ann_tag, body) = fetch(&table.players[0], path, false, None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(ann_tag.starts_with('"') && ann_tag.len() > 10, "{ann_tag}");
        assert!(body.contains("<html"));

        let (status, tag, body) = fetch(&table.players[0], path, false, Some(&ann_tag)).await;
        assert_eq!(status, StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(tag, ann_tag);
        assert!(body.is_empty());

        // Another viewer, the JSON twin and a stranger each have pages of their own.
        let (status, bo_tag, _) = fetch(&table.players[1], path, false, Some(&ann_tag)).await;
        assert_eq!(status, StatusCode::OK, "Bo is not answered with Ann's page");
        assert_ne!(bo_tag, ann_tag);
        let (status, json_tag, body) = fetch(&table.players[0], path, true, Some(&ann_tag)).await;
        assert_eq!(status, StatusCode::OK);
        assert_ne!(json_tag, ann_tag);
        assert!(body.starts_with('{'));
        let stranger = table.app.browser();
        let (status, _, _) = fetch(&stranger, path, false, Some(&ann_tag)).await;
        assert_eq!(status, StatusCode::OK);
    }

    let (_, board_tag, _) = fetch(&table.players[0], &table.path, false, None).await;
    let (_, history_tag, _) = fetch(&table.players[0], &history, false, None).await;
    let mover = table.to_act().await[0];
    let twin = table.twin(mover).await;
    let command = twin["legal_commands"][0]["command"].clone();
    assert_eq!(table.play(mover, &command).await.status, 200);
    for (path, held) in [
        (table.path.as_str(), &board_tag),
        (history.as_str(), &history_tag),
    ] {
        let (status, tag, body) = fetch(&table.players[0], path, false, Some(held)).await;
        assert_eq!(status, StatusCode::OK, "{path} after a move");
        assert_ne!(&tag, held);
        assert!(body.contains("<html"));
    }
}

/// A Kalah table where 300 remarks have been made, and how many rows its log holds.
async fn long_table() -> (Table, i64) {
    let app = TestApp::start_with(|s| s.limits.chat_per_player_per_hour = 1000).await;
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;
    let csrf = table.players[0].get("/settings").await.csrf();
    let say = format!("{}/say", table.path);
    for n in 0..300 {
        let said = table.players[0]
            .post_form(&say, &[("csrf", &csrf), ("text", &format!("remark {n}"))])
            .await;
        assert_eq!(said.status, 200, "{}", said.body);
    }
    let id = table.path.trim_start_matches("/games/");
    let events = count_rows(
        &table.app.db,
        &format!("game_events WHERE game_id = '{id}'"),
    );
    assert!(events > 300);
    (table, events)
}

#[actix_web::test]
async fn a_long_log_is_downloaded_whole() {
    let (table, events) = long_table().await;
    let path = format!("{}/export", table.path);
    let download = table.players[1].get(&path).await;
    assert_eq!(download.status, 200, "{}", download.body);
    let sent = (table.players[1]
        .client
        .get(table.players[1].absolute(&path)))
    .send()
    .await
    .unwrap();
    assert_eq!(
        sent.headers()
            .get("transfer-encoding")
            .map(|v| v.as_bytes()),
        Some(&b"chunked"[..]),
        "sent as it is written, its length not known in advance"
    );

    // Sent a hundred rows at a time, it is the very text of the whole export written at once.
    let id = table.path.trim_start_matches("/games/");
    let whole =
        audit::verify::export_from_database(&mut table.app.db.connect(), id).expect("it exports");
    assert_eq!(download.body, serde_json::to_string_pretty(&whole).unwrap());
    let export: Export = serde_json::from_str(&download.body).expect("the download parses");
    assert_eq!(export.rows.len() as i64, events);
    assert!(export.complete);
    audit::verify(&export).expect("the download verifies");
}

#[actix_web::test]
async fn a_long_history_is_read_a_page_at_a_time() {
    let (table, events) = long_table().await;

    let first = table.players[1]
        .get(&format!("{}/history", table.path))
        .await;
    assert!(first.body.contains("id=\"event-1\"") && first.body.contains("id=\"event-250\""));
    assert!(!first.body.contains("id=\"event-251\""));
    assert!(first.body.contains(&format!("Events 1–250 of {events}.")));
    assert!(
        first
            .body
            .contains(&format!("href=\"{}/history?from=251\"", table.path))
    );
    assert!(first.body.contains("Later events") && !first.body.contains("Earlier events"));

    let json = table.players[1]
        .get_json(&format!("{}/history?from=251", table.path))
        .await
        .json();
    let rows = json["rows"].as_array().unwrap();
    assert_eq!(rows.len() as i64, events - 250);
    assert_eq!(rows[0]["seq"], 251);
    assert_eq!(json["later"], serde_json::Value::Null);
    assert_eq!(
        json["earlier"].as_str(),
        Some(format!("{}/history?from=1&format=json", table.path).as_str())
    );

    // Read page by page, the history holds every event once, in order.
    let (all, _) = whole_history(&table.players[1], &table.path).await;
    let seqs: Vec<i64> = all.iter().map(|row| row["seq"].as_i64().unwrap()).collect();
    assert_eq!(seqs, (1..=events).collect::<Vec<_>>());

    for (from, status) in [("0", 404), (&*(events + 1).to_string(), 404), ("two", 400)] {
        let page = table.players[1]
            .get(&format!("{}/history?from={from}", table.path))
            .await;
        assert_eq!(page.status, status, "from={from}: {}", page.body);
    }
}
