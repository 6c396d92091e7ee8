//! `turnpost audit`: every log in the database checked at once. A site played on through its
//! pages passes; an altered row, a deleted row, a read model that disagrees with its log and a
//! stored rating, each changed by the schema's owner behind the server's back, are each named.

use diesel::prelude::*;
use serde_json::Value;

use crate::backup::audit;
use crate::support::{Browser, TestApp, accept_invitation, create_game, seat_table};

/// Plays `moves` first legal moves of whichever of `players` is to act in `path`.
async fn play(players: &[&Browser], path: &str, moves: usize) {
    for _ in 0..moves {
        let mut moved = false;
        for browser in players {
            let twin: Value = browser.get_json(path).await.json();
            let Some(first) = twin["legal_commands"].as_array().unwrap().first() else {
                continue;
            };
            let (csrf, seq) = (twin["csrf"].as_str().unwrap(), twin["seq"].to_string());
            let command = first["command"].to_string();
            let fields = [("csrf", csrf), ("seq", &seq), ("command", &command)];
            let played = browser.post_form(&format!("{path}/play"), &fields).await;
            assert_eq!(played.status, 200, "{}", played.body);
            moved = true;
            break;
        }
        assert!(moved, "nobody is to act in {path}");
    }
}

fn game_id(path: &str) -> String {
    path.trim_start_matches("/games/").to_owned()
}

/// Runs `sql` as the schema's owner, with the log's guard triggers off, as only the owner can.
fn tamper(app: &TestApp, sql: &str) {
    let mut conn = app.db.connect();
    for statement in [
        "ALTER TABLE game_events DISABLE TRIGGER USER",
        sql,
        "ALTER TABLE game_events ENABLE TRIGGER USER",
    ] {
        diesel::sql_query(statement).execute(&mut conn).unwrap();
    }
}

#[actix_web::test]
async fn the_audit_passes_a_sound_site_and_names_each_tampered_log() {
    let kalah = seat_table(TestApp::start().await, "kalah", &["Ann", "Bo"], &[]).await;
    let app = &kalah.app;
    let [ann, bo] = [&kalah.players[0], &kalah.players[1]];
    let cy = app.signed_in("cy@example.com", "Cy").await;
    play(&[ann, bo], &kalah.path, 4).await;
    let quarto = create_game(ann, "quarto", &["bo@example.com"], &[]).await;
    accept_invitation(app, bo, "bo@example.com").await;
    play(&[ann, bo], &quarto, 3).await;
    let invited = ["bo@example.com", "cy@example.com"];
    let kabaleo = create_game(ann, "kabaleo", &invited, &[]).await;
    accept_invitation(app, bo, "bo@example.com").await;
    accept_invitation(app, &cy, "cy@example.com").await;
    play(&[ann, bo, &cy], &kabaleo, 3).await;
    let resigned = crate::resign::resign_as(&kalah, 0).await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    app.rate_finished_games();

    let (passed, report) = audit(&app.db.url, &app.db.server_url());
    assert!(passed, "{report}");
    assert!(
        report.contains("Checked 3 games (1 finished,") && report.contains("No problems found."),
        "{report}"
    );
    assert!(
        report.contains("the ratings of 1 rated games"),
        "the rated game's facts come from the games' pass: {report}"
    );

    let (altered, deleted, disagreeing) =
        (game_id(&quarto), game_id(&kabaleo), game_id(&kalah.path));
    tamper(
        app,
        &format!("UPDATE game_events SET actor = NULL WHERE game_id = '{altered}' AND seq = 3"),
    );
    tamper(
        app,
        &format!(
            "DELETE FROM game_events WHERE game_id = '{deleted}' \
             AND seq = (SELECT max(seq) FROM game_events WHERE game_id = '{deleted}')"
        ),
    );
    tamper(
        app,
        &format!("UPDATE games SET phase = 'active' WHERE id = '{disagreeing}'"),
    );
    tamper(
        app,
        "UPDATE player_ratings SET rating = rating + 1 \
         WHERE player_id = (SELECT min(player_id) FROM player_ratings)",
    );
    let (passed, report) = audit(&app.db.url, &app.db.server_url());
    assert!(!passed, "{report}");
    assert!(
        (report.lines())
            .any(|l| l.contains("ratings: ") && l.contains("rating differs from the logs")),
        "the stored rating changed behind the server's back is named: {report}"
    );
    let named: std::collections::BTreeSet<&str> = (report.lines())
        .filter_map(|l| l.trim().strip_prefix("game "))
        .filter_map(|l| l.split([':', ',']).next())
        .collect();
    let tampered = [altered.as_str(), deleted.as_str(), disagreeing.as_str()];
    assert_eq!(named, tampered.into_iter().collect(), "{report}");
    let line = |id: &str| {
        (report.lines())
            .find(|l| l.contains(&format!("game {id}")))
            .unwrap_or_else(|| panic!("game {id} is not named: {report}"))
            .to_owned()
    };
    assert!(line(&altered).contains("row 3"), "{report}");
    assert!(line(&deleted).contains("ends at row"), "{report}");
    assert!(
        line(&disagreeing).contains("says active, the log finished"),
        "{report}"
    );
}
