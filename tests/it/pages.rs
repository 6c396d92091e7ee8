//! Pages work without JavaScript: none carries a script, the policy forbids them, and the JSON
//! twin answers for tools.

use crate::kalah_game::started_game;
use crate::support::Page;

fn assert_no_script(page: &Page) {
    assert!(
        !page.body.to_lowercase().contains("<script"),
        "{} carries a script",
        page.url
    );
}

#[actix_web::test]
async fn no_page_carries_a_script_and_the_policy_forbids_them() {
    let table = started_game(&[("pie_rule", "on")]).await;
    let app = &table.app;
    let anonymous = app.browser();
    let mut pages = Vec::new();
    for path in ["/", "/sign-in", "/games/new", "/no/such/page"] {
        pages.push(anonymous.get(path).await);
    }
    for path in [
        "/".to_string(),
        "/settings".into(),
        "/games/new".into(),
        "/games/new/kalah".into(),
        table.path.clone(),
        format!("{}?at=2", table.path),
        format!("{}/history", table.path),
    ] {
        pages.push(table.ann().get(&path).await);
        pages.push(table.bo().get(&path).await);
    }
    for page in &pages {
        assert!(page.status < 500, "{} answered {}", page.url, page.status);
        assert_no_script(page);
    }
    let response = reqwest::get(app.url(&table.path)).await.unwrap();
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    assert!(policy.contains("default-src 'none'"), "{policy}");
    assert!(!policy.contains("script-src"), "{policy}");
}

#[actix_web::test]
async fn the_json_twin_answers_to_the_accept_header_and_to_format_json() {
    let table = started_game(&[]).await;
    let by_header = table.ann().get_json(&table.path).await;
    assert!(by_header.content_type.starts_with("application/json"));
    let by_query = table
        .ann()
        .get(&format!("{}?format=json", table.path))
        .await;
    assert_eq!(by_header.json(), by_query.json());
    let json = by_header.json();
    assert_eq!(json["kind"], "kalah");
    assert_eq!(json["phase"], "active");
    assert_eq!(json["seq"], 2);
    assert_eq!(json["view"]["sides"].as_array().unwrap().len(), 2);
    assert!(
        json.get("seed").is_none(),
        "the seed is never shown while the game runs"
    );
    assert!(!by_header.body.contains("\"seed\""));
}

#[actix_web::test]
async fn head_requests_are_answered() {
    let table = started_game(&[]).await;
    let client = reqwest::Client::new();
    for path in ["/", "/sign-in", table.path.as_str()] {
        let response = client.head(table.app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{path}");
    }
}

#[actix_web::test]
async fn private_games_are_shown_to_their_players_only() {
    let table = started_game(&[("private", "on")]).await;
    assert_eq!(table.ann().get(&table.path).await.status, 200);
    assert_eq!(table.bo().get(&table.path).await.status, 200);
    let stranger = table.app.signed_in("cy@example.com", "Cy").await;
    assert_eq!(stranger.get(&table.path).await.status, 403);
    assert_eq!(
        stranger
            .get(&format!("{}/history", table.path))
            .await
            .status,
        403
    );
    assert_eq!(table.app.browser().get_json(&table.path).await.status, 403);

    let public = started_game(&[]).await;
    assert_eq!(public.app.browser().get(&public.path).await.status, 200);
}

#[actix_web::test]
async fn every_game_is_described_with_a_rules_page_linked_from_the_new_game_page_and_the_invitation()
 {
    let app = crate::support::TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let choose = ann.get("/games/new").await;
    // Each game's length reads as a sentence, not "Usually usually 20 to 40 moves".
    let main = scraper::Selector::parse("main").unwrap();
    let html = choose.html();
    let text: String = html.select(&main).next().unwrap().text().collect();
    let words: Vec<String> = (text.split(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let doubled: Vec<&[String]> = (words.windows(2))
        .filter(|pair| pair[0] == pair[1] && pair[0].chars().all(char::is_alphabetic))
        .collect();
    assert!(doubled.is_empty(), "{doubled:?}: {text}");
    assert!(text.contains("How long: usually 20 to 40 moves"), "{text}");
    for (slug, name, option) in [
        ("kalah", "Kalah", "Pie rule"),
        ("quarto", "Quarto", "Advanced rule"),
        ("kabaleo", "Kabaleo", "Dealing"),
        ("azul", "Azul: Summer Pavilion", "Player boards"),
        ("gype", "Uncle Chestnut's Table Gype", "Chaos rule"),
    ] {
        let link = format!("href=\"/rules/{slug}\"");
        assert!(choose.body.contains(&link), "{link}: {}", choose.body);
        let rules = app.browser().get(&format!("/rules/{slug}")).await;
        assert_eq!(rules.status, 200, "{}", rules.body);
        let title = format!("How to play {}", name.replace('\'', "&#39;"));
        assert!(rules.body.contains(&title), "{title}: {}", rules.body);
        assert!(rules.body.contains(option), "{option}: {}", rules.body);
        assert!(rules.body.contains("The rules in short"), "{}", rules.body);
    }
    let index = app.browser().get("/rules").await;
    assert_eq!(index.status, 200);
    assert_eq!(
        index.body.matches("href=\"/rules/").count(),
        5,
        "{}",
        index.body
    );
    let missing = app.browser().get("/rules/chess").await;
    assert_eq!(missing.status, 404);
    assert!(
        missing.body.contains("There is no such game here"),
        "{}",
        missing.body
    );

    crate::support::create_game(&ann, "quarto", &["bo@example.com"], &[]).await;
    app.deliver();
    let invitation = app.mail("bo@example.com", "invites you");
    let rules_link = invitation.link(&app.base, "/rules/");
    assert!(rules_link.ends_with("/rules/quarto"), "{rules_link}");
    assert!(
        invitation.text.contains("Sixteen pieces"),
        "{}",
        invitation.text
    );
    assert!(
        invitation.html.contains("How to play Quarto"),
        "{}",
        invitation.html
    );
}
