//! Settings → Download my data: one file with everything kept about a player, whose games each
//! verify offline with `turnpost verify`; a POST, limited per day.

use std::process::Command;

use serde_json::Value;

use crate::support::{TestApp, accept_invitation, create_game, seat_table};

#[actix_web::test]
async fn a_player_downloads_their_data_and_every_game_in_it_verifies_offline() {
    let app = TestApp::start_with(|s| s.limits.data_downloads_per_player_per_day = 2).await;
    let kalah = seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;
    let app = &kalah.app;
    let [ann, bo] = [&kalah.players[0], &kalah.players[1]];
    let quarto = create_game(ann, "quarto", &["bo@example.com"], &[]).await;
    accept_invitation(app, bo, "bo@example.com").await;
    let resigned = crate::resign::resign_as(&kalah, 1).await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    app.rate_finished_games();
    app.deliver();

    let settings = ann.get("/settings").await;
    assert!(
        settings.body.contains("action=\"/settings/my-data\""),
        "{}",
        settings.body
    );
    assert_ne!(
        ann.get("/settings/my-data").await.status,
        200,
        "a GET gives nothing"
    );
    let csrf = settings.csrf();
    let response = (ann.client)
        .post(ann.absolute("/settings/my-data"))
        .form(&[("csrf", csrf.as_str())])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let disposition = response.headers()["Content-Disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(disposition.starts_with("attachment"), "{disposition}");
    let data: Value = response.json().await.unwrap();
    assert_eq!(data["format"], "turnpost-personal-data-1");
    assert_eq!(data["account"]["email"], "ann@example.com");
    assert_eq!(data["account"]["display_name"], "Ann");
    assert!(data["about"].as_str().unwrap().contains("turnpost verify"));
    let games = data["games"].as_array().unwrap();
    let ids: Vec<&str> = games
        .iter()
        .map(|g| g["game_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert!(
        ids.iter().any(|id| quarto.ends_with(id)) && ids.iter().any(|id| kalah.path.ends_with(id))
    );
    assert_eq!(
        data["rating_history"].as_array().unwrap().len(),
        1,
        "{}",
        data["rating_history"]
    );
    let emails = data["emails"].as_array().unwrap();
    assert!(
        !emails.is_empty()
            && emails
                .iter()
                .all(|e| e["subject"].is_string() && e.get("body_text").is_none())
    );
    assert!(!data["sessions"].as_array().unwrap().is_empty());

    let dir = std::env::temp_dir().join(format!("turnpost-my-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for game in games {
        let file = dir.join(format!("{}.json", game["game_id"].as_str().unwrap()));
        std::fs::write(&file, serde_json::to_vec(game).unwrap()).unwrap();
        let verified = Command::new(env!("CARGO_BIN_EXE_turnpost"))
            .arg("verify")
            .arg(&file)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&verified.stdout);
        assert!(verified.status.success(), "{}: {said}", file.display());
    }
    let _ = std::fs::remove_dir_all(&dir);

    let csrf = ann.get("/settings").await.csrf();
    let second = ann.post_form("/settings/my-data", &[("csrf", &csrf)]).await;
    assert_eq!(second.status, 200);
    let third = ann.post_form("/settings/my-data", &[("csrf", &csrf)]).await;
    assert_eq!(third.status, 429, "{}", third.body);
    assert!(
        third.body.contains("downloaded your data"),
        "{}",
        third.body
    );
}
