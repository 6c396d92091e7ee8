//! API tokens: made in Settings, shown once, used as `Authorization: Bearer` on the JSON
//! endpoints without cookie or CSRF token, revoked; and accounts marked as bots.

use serde_json::{Value, json};

use crate::support::{Browser, TestApp};

/// Makes a token named `name` on the Settings page; returns it as the page shows it, once.
pub async fn make_token(browser: &Browser, name: &str) -> String {
    let page = browser.get("/settings/tokens").await;
    assert_eq!(page.status, 200, "{}", page.body);
    let made = browser
        .post_form(
            "/settings/tokens",
            &[("csrf", page.csrf().as_str()), ("name", name)],
        )
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    let html = made.html();
    let code = scraper::Selector::parse("code.token").unwrap();
    let token: String = html
        .select(&code)
        .next()
        .expect("the token")
        .text()
        .collect();
    assert!(token.starts_with("tp_"), "{token}");
    // Shown once: the list names it, never the token again.
    let again = browser.get("/settings/tokens").await;
    assert!(!again.body.contains(&token));
    assert!(again.body.contains(name));
    token
}

/// A request with only the token: no cookie, no CSRF token.
pub async fn with_token(
    app: &TestApp,
    token: &str,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let client = reqwest::Client::new();
    let mut request = client
        .request(method, format!("{}{path}", app.base))
        .header("Accept", "application/json")
        .header("Authorization", format!("Bearer {token}"));
    if let Some(body) = body {
        request = request.json(&body);
    }
    let answer = request.send().await.unwrap();
    let status = answer.status().as_u16();
    let text = answer.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

#[actix_web::test]
async fn a_token_plays_through_the_json_api_until_it_is_revoked() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let token = make_token(&ann, "my program").await;
    let (status, mine) = with_token(&app, &token, reqwest::Method::GET, "/", None).await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["player"], "Ann");
    // A table against the computer, asked for in JSON, and a move made on it.
    let (status, created) = with_token(
        &app,
        &token,
        reqwest::Method::POST,
        "/games/new/kalah",
        Some(json!({"computers": ["easy"]})),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let url = created["url"].as_str().unwrap().to_string();
    let twin = crate::computers::wait_for_turn(&ann, &url).await;
    let command = twin["legal_commands"][0]["command"].clone();
    let (status, played) = with_token(
        &app,
        &token,
        reqwest::Method::POST,
        &format!("{url}/play"),
        Some(json!({"seq": twin["seq"], "command": command})),
    )
    .await;
    assert_eq!(status, 200, "{played}");
    assert_eq!(played["seq"].as_i64(), twin["seq"].as_i64().map(|s| s + 1));

    // Revoked in Settings: refused at once, in words, and nothing is played.
    let page = ann.get("/settings/tokens").await;
    let form = scraper::Selector::parse("form[action$=\"/revoke\"]").unwrap();
    let action = page
        .html()
        .select(&form)
        .next()
        .and_then(|f| f.value().attr("action").map(str::to_string))
        .expect("a revoke button");
    let revoked = ann
        .post_form(&action, &[("csrf", page.csrf().as_str())])
        .await;
    assert_eq!(revoked.status, 200, "{}", revoked.body);
    assert!(revoked.body.contains("revoked"), "{}", revoked.body);
    let (status, refused) = with_token(&app, &token, reqwest::Method::GET, "/", None).await;
    assert_eq!(status, 401, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("revoked"),
        "{refused}"
    );
    let (status, _) = with_token(&app, "tp_not-a-token", reqwest::Method::GET, "/", None).await;
    assert_eq!(status, 401);
    // A page (not JSON) says it too.
    let page = reqwest::Client::new()
        .get(format!("{}/", app.base))
        .header("Authorization", format!("Bearer {token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status().as_u16(), 401);
    assert!(page.text().await.unwrap().contains("revoked"));
    // Revoking twice finds nothing to revoke.
    let again = ann
        .post_form(&action, &[("csrf", page_csrf(&ann).await.as_str())])
        .await;
    assert_eq!(again.status, 404, "{}", again.body);
}

async fn page_csrf(browser: &Browser) -> String {
    browser.get("/settings/tokens").await.csrf()
}

#[actix_web::test]
async fn a_token_needs_a_name_and_a_bot_account_is_marked_wherever_its_name_shows() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let csrf = page_csrf(&ann).await;
    let nameless = ann
        .post_form(
            "/settings/tokens",
            &[("csrf", csrf.as_str()), ("name", "  ")],
        )
        .await;
    assert_eq!(nameless.status, 400, "{}", nameless.body);
    assert!(nameless.body.contains("Give the token a name"));
    // A token cannot be made from another site's form.
    let forged = ann
        .post_form("/settings/tokens", &[("name", "stolen")])
        .await;
    assert_eq!(forged.status, 403);

    let marked = ann
        .post_form("/settings/bot", &[("csrf", csrf.as_str()), ("bot", "on")])
        .await;
    assert_eq!(marked.status, 200, "{}", marked.body);
    let home = ann.get_json("/").await.json();
    assert_eq!(home["player"], "Ann (bot)");
    // Renamed, the mark stays; unmarked, it goes.
    let renamed = ann.rename("Annbot").await;
    assert_eq!(renamed.status, 200);
    assert_eq!(ann.get_json("/").await.json()["player"], "Annbot (bot)");
    let unmarked = ann
        .post_form("/settings/bot", &[("csrf", csrf.as_str())])
        .await;
    assert_eq!(unmarked.status, 200);
    assert_eq!(ann.get_json("/").await.json()["player"], "Annbot");
}
