//! Refusals in words, in the client's own format: a query, path or body the server cannot read,
//! a method an address does not take, and a body of a type no form is sent as. Each is a 4xx
//! with the app's page for browsers and `{"error": …}` for JSON clients, in the reader's language.

use reqwest::Method;
use serde_json::{Value, json};

use crate::api_tokens::make_token;
use crate::support::TestApp;

/// A request as a client would send it: its status, `Allow` header, content type and body.
async fn ask(
    app: &TestApp,
    method: Method,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<(&str, String)>,
) -> (u16, Option<String>, String, String) {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let mut request = client.request(method, app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if let Some((content_type, body)) = body {
        request = request.header("Content-Type", content_type).body(body);
    }
    let answer = request.send().await.unwrap();
    let status = answer.status().as_u16();
    let header = |name: &str| (answer.headers().get(name)).map(|v| v.to_str().unwrap().to_string());
    let (allow, content_type) = (header("Allow"), header("Content-Type").unwrap_or_default());
    (status, allow, content_type, answer.text().await.unwrap())
}

const JSON: (&str, &str) = ("Accept", "application/json");
const JAPANESE: (&str, &str) = ("Accept-Language", "ja");

#[actix_web::test]
async fn a_query_the_server_cannot_read_is_a_page_or_json_in_words() {
    let app = TestApp::start().await;
    let path = "/ratings/kalah?page=1&page=2";
    let (status, _, content_type, body) = ask(&app, Method::GET, path, &[], None).await;
    assert_eq!(status, 400, "{body}");
    assert!(content_type.starts_with("text/html"), "{content_type}");
    assert!(body.contains("cannot be read ("), "{body}");
    assert!(body.contains("duplicate field `page`"), "{body}");
    assert!(body.contains("Give each setting once"), "{body}");

    let (status, _, content_type, body) = ask(&app, Method::GET, path, &[JSON], None).await;
    assert_eq!(status, 400);
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let error: Value = serde_json::from_str(&body).unwrap();
    assert!(
        error["error"].as_str().unwrap().contains("cannot be read"),
        "{error}"
    );

    let (status, _, _, body) = ask(&app, Method::GET, path, &[JAPANESE], None).await;
    assert_eq!(status, 400);
    assert!(body.contains("読めません"), "{body}");
}

#[actix_web::test]
async fn an_address_opened_with_a_method_it_does_not_take_says_which_it_takes() {
    let app = TestApp::start().await;
    for path in [
        "/sign-out",
        "/games/abc123/play",
        "/games/abc123/rematch",
        "/events/abc123/sign-up",
        "/settings/vacation",
    ] {
        let (status, allow, content_type, body) = ask(&app, Method::GET, path, &[], None).await;
        assert_eq!(status, 405, "{path}: {body}");
        assert_eq!(allow.as_deref(), Some("POST"), "{path}");
        assert!(content_type.starts_with("text/html"), "{content_type}");
        assert!(
            body.contains("only takes a form sent by pressing its button"),
            "{path}: {body}"
        );
        assert!(body.contains("href=\"/\""), "a link back: {body}");
    }
    let (status, allow, _, body) = ask(&app, Method::GET, "/sign-out", &[JSON], None).await;
    assert_eq!((status, allow.as_deref()), (405, Some("POST")));
    assert!(serde_json::from_str::<Value>(&body).unwrap()["error"].is_string());
    let (_, _, _, body) = ask(&app, Method::GET, "/sign-out", &[JAPANESE], None).await;
    assert!(body.contains("ボタンを押して送るフォーム専用"), "{body}");

    let form = Some(("application/x-www-form-urlencoded", String::new()));
    let (status, allow, _, body) = ask(&app, Method::POST, "/rules", &[], form).await;
    assert_eq!(status, 405, "{body}");
    assert_eq!(allow.as_deref(), Some("GET, HEAD"));
    let (status, allow, _, _) = ask(&app, Method::DELETE, "/settings", &[], None).await;
    assert_eq!((status, allow.as_deref()), (405, Some("GET, HEAD, POST")));
}

#[actix_web::test]
async fn a_tournament_asked_for_in_json_is_refused_for_its_real_reason() {
    let app = TestApp::start().await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let token = make_token(&ann, "organiser").await;
    let bearer = format!("Bearer {token}");
    let post = |body: (&'static str, String)| {
        let (app, bearer) = (&app, bearer.clone());
        async move {
            let headers = [JSON, ("Authorization", bearer.as_str())];
            let (status, _, _, text) =
                ask(app, Method::POST, "/events/new/kalah", &headers, Some(body)).await;
            let error = serde_json::from_str::<Value>(&text).unwrap_or(Value::String(text));
            (status, error)
        }
    };
    let event = |extra: Value| {
        let mut body = json!({
            "title": "Winter Kalah", "format": "round_robin", "min_players": 3, "max_players": 4,
        });
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        ("application/json", body.to_string())
    };
    let events = || crate::support::count_rows(&app.db, "events");
    let before = events();

    let (status, error) = post(event(json!({"options": {"seeds": 6}}))).await;
    assert_eq!(status, 400, "{error}");
    let said = error["error"].as_str().unwrap();
    assert!(said.starts_with("Kalah has no option “seeds”"), "{said}");

    let mut untitled: Value = serde_json::from_str(&event(json!({})).1).unwrap();
    untitled.as_object_mut().unwrap().remove("title");
    let (status, error) = post(("application/json", untitled.to_string())).await;
    assert_eq!(status, 400, "{error}");
    let said = error["error"].as_str().unwrap();
    assert!(said.contains("missing field `title`"), "{said}");
    assert!(!said.contains("table options"), "{said}");

    let (status, error) = post(("application/json", "not json".into())).await;
    assert_eq!(status, 400, "{error}");
    let said = error["error"].as_str().unwrap();
    assert!(
        said.starts_with("The tournament could not be read as JSON"),
        "{said}"
    );

    let (status, error) = post(event(json!({"format": "knockout"}))).await;
    assert_eq!(status, 400, "{error}");
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("no format “knockout”")
    );

    let (status, error) = post(("text/plain", "title=Winter".into())).await;
    assert_eq!(status, 415, "{error}");
    assert!(
        error["error"].as_str().unwrap().contains("Send a form"),
        "{error}"
    );
    assert_eq!(events(), before, "nothing was made");

    let (status, made) = post(event(json!({"options": {"seeds_per_pit": 5}}))).await;
    assert_eq!(status, 201, "{made}");
}
