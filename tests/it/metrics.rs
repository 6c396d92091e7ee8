//! Prometheus metrics scraped from real `turnpost serve` and `turnpost mail-inbound` processes
//! after real activity: moves by form, JSON and email, a refusal, a computer's move, a delivery
//! held up and then made, a resignation rated by the scheduler. Each process's figures are its
//! own, so the counts are exact.

use std::collections::HashMap;
use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::by_email::{Inbound, reply, reply_address};
use crate::computers::play_the_computer;
use crate::support::{Browser, ServerProcess, Table, TestApp, free_port, seat_table};

/// Reads the text exposition format with the parser of the Prometheus project's own client
/// library, which refuses what Prometheus would not read; prints each sample as JSON.
const PARSE: &str = "
import json, sys
from prometheus_client.parser import text_string_to_metric_families
samples = [[s.name, s.labels, s.value]
           for family in text_string_to_metric_families(sys.stdin.read())
           for s in family.samples]
print(json.dumps(samples))
";

/// One sample: its name, labels and value.
type Sample = (String, HashMap<String, String>, f64);

/// One scrape, parsed.
pub struct Scrape(Vec<Sample>);

impl Scrape {
    pub async fn of(port: u16) -> Scrape {
        let url = format!("http://127.0.0.1:{port}/metrics");
        let response = reqwest::get(&url).await.unwrap();
        assert_eq!(response.status(), 200);
        let kind = response.headers()["Content-Type"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
        let text = response.text().await.unwrap();
        let mut parser = std::process::Command::new("/usr/bin/python3")
            .args(["-c", PARSE])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("Debian's python3 with python3-prometheus-client");
        let mut stdin = parser.stdin.take().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        drop(stdin);
        let parsed = parser.wait_with_output().unwrap();
        assert!(
            parsed.status.success(),
            "not the exposition format:\n{text}"
        );
        let samples: Vec<Sample> = serde_json::from_slice(&parsed.stdout).unwrap();
        assert!(!samples.is_empty(), "{text}");
        Scrape(samples)
    }

    /// The value of `name` with exactly these labels; 0 when there is no such series yet.
    pub fn value(&self, name: &str, labels: &[(&str, &str)]) -> f64 {
        let found = self.0.iter().find(|(metric, have, _)| {
            metric == name
                && have.len() == labels.len()
                && labels
                    .iter()
                    .all(|(k, v)| have.get(*k).map(String::as_str) == Some(*v))
        });
        found.map_or(0.0, |(_, _, value)| *value)
    }

    /// The sum of `name` over every series whose labels include `labels`.
    pub fn sum(&self, name: &str, labels: &[(&str, &str)]) -> f64 {
        (self.0.iter())
            .filter(|(metric, have, _)| {
                metric == name
                    && (labels.iter()).all(|(k, v)| have.get(*k).map(String::as_str) == Some(*v))
            })
            .map(|(_, _, value)| value)
            .sum()
    }

    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = (self.0.iter())
            .map(|(name, labels, _)| format!("{name} {labels:?}"))
            .collect();
        names.sort();
        names
    }
}

/// Scrapes `port` until `done` holds of a scrape, for at most 30 seconds.
pub async fn scrape_until(port: u16, what: &str, done: impl Fn(&Scrape) -> bool) -> Scrape {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let scrape = Scrape::of(port).await;
        if done(&scrape) {
            return scrape;
        }
        assert!(Instant::now() < deadline, "{what}: {:#?}", scrape.names());
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

fn moves(game: &str, channel: &str, result: &str) -> [(&'static str, String); 3] {
    [
        ("game", game.to_owned()),
        ("channel", channel.to_owned()),
        ("result", result.to_owned()),
    ]
}

fn labels<'a>(pairs: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    pairs.iter().map(|(k, v)| (*k, v.as_str())).collect()
}

/// The difference in `name{labels}` between two scrapes.
fn moved(before: &Scrape, after: &Scrape, name: &str, pairs: &[(&'static str, String)]) -> f64 {
    let labels = labels(pairs);
    after.value(name, &labels) - before.value(name, &labels)
}

/// The player to move and the twin they see.
async fn to_move(table: &Table) -> (usize, Value) {
    for player in 0..table.players.len() {
        let twin = table.twin(player).await;
        if !twin["legal_commands"].as_array().unwrap().is_empty() {
            return (player, twin);
        }
    }
    panic!("nobody is to move");
}

/// A move as a program sends it: a JSON body with the CSRF token in its header.
async fn play_json(table: &Table, player: usize, twin: &Value) -> u16 {
    let body = json!({"seq": twin["seq"], "command": twin["legal_commands"][0]["command"]});
    let response = (table.players[player].client)
        .post(table.players[player].absolute(&format!("{}/play", table.path)))
        .header("X-CSRF-Token", twin["csrf"].as_str().unwrap())
        .json(&body)
        .send()
        .await
        .unwrap();
    response.status().as_u16()
}

/// The `turnpost mail-inbound` process of a test, with its metrics on a port of its own.
struct InboundProcess {
    child: std::process::Child,
    smtp_port: u16,
    metrics_port: u16,
}

impl InboundProcess {
    fn start(app: &TestApp) -> InboundProcess {
        let (smtp_port, metrics_port) = (free_port(), free_port());
        let child = app
            .command("mail-inbound")
            .env("TURNPOST__INBOUND__BIND", format!("127.0.0.1:{smtp_port}"))
            .env(
                "TURNPOST__METRICS__BIND",
                format!("127.0.0.1:{metrics_port}"),
            )
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", metrics_port)).is_err()
            || std::net::TcpStream::connect(("127.0.0.1", smtp_port)).is_err()
        {
            assert!(Instant::now() < deadline, "mail-inbound did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        InboundProcess {
            child,
            smtp_port,
            metrics_port,
        }
    }
}

impl Drop for InboundProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[actix_web::test]
async fn the_figures_of_real_servers_move_as_their_work_does() {
    // The test's own server only seats the table; the processes below do the work.
    let app = TestApp::start_with(|s| s.computers.worker = false).await;
    let mut table = seat_table(app, "kalah", &["Ann", "Bo"], &[]).await;
    let metrics_port = free_port();
    let server = ServerProcess::start_with_env(
        &table.app,
        &[
            (
                "TURNPOST__METRICS__BIND",
                &format!("127.0.0.1:{metrics_port}"),
            ),
            ("TURNPOST__CLOCK__SCHEDULER", "true"),
        ],
    )
    .await;
    let inbound = InboundProcess::start(&table.app);
    table.players = (table.players.iter())
        .map(|b| b.copy_to(&server.base))
        .collect();
    let before = Scrape::of(metrics_port).await;
    let inbound_before = Scrape::of(inbound.metrics_port).await;
    assert_eq!(
        before.value(
            "turnpost_build_info",
            &[("version", env!("CARGO_PKG_VERSION"))]
        ),
        1.0
    );

    // A move by form and one refused; while the relay holds the next email, it waits in the
    // outbox.
    table.app.smtp.delay(true);
    let (player, twin) = to_move(&table).await;
    let refused = table.play(player, &json!({"type": "no such move"})).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    let played = table
        .play(player, &twin["legal_commands"][0]["command"])
        .await;
    assert_eq!(played.status, 200, "{}", played.body);
    let waiting = scrape_until(metrics_port, "an email waits in the outbox", |s| {
        s.value("turnpost_outbox_emails", &[]) >= 1.0
    })
    .await;
    assert_eq!(waiting.value("turnpost_queues_read", &[]), 1.0);
    assert!(waiting.value("turnpost_outbox_oldest_age_seconds", &[]) >= 0.0);
    table.app.smtp.delay(false);
    let delivered = scrape_until(metrics_port, "the outbox empties", |s| {
        s.value("turnpost_outbox_emails", &[]) == 0.0
    })
    .await;
    assert_eq!(
        delivered.value("turnpost_outbox_oldest_age_seconds", &[]),
        0.0
    );
    assert!(
        moved(
            &before,
            &delivered,
            "turnpost_mail_deliveries_total",
            &[("result", "sent".into())]
        ) >= 1.0
    );

    // A move by JSON, then one by email to the inbound process.
    let (player, twin) = to_move(&table).await;
    assert_eq!(play_json(&table, player, &twin).await, 200);
    let (player, twin) = to_move(&table).await;
    let email = table.emails[player].clone();
    let offer = scrape_offer(&table, &email, &twin["seq"]).await;
    let to = reply_address(&offer);
    let code = crate::by_email::offered_codes(&offer)[0].clone();
    let smtp = std::net::SocketAddr::from(([127, 0, 0, 1], inbound.smtp_port));
    let raw = reply(&email, &to, &offer.subject, &code);
    Inbound::send_to(smtp, &email, &to, &raw).unwrap();
    let inbound_after = Scrape::of(inbound.metrics_port).await;
    let by_email = moves("kalah", "email", "accepted");
    let played = [("outcome", "played".to_owned())];
    for (name, labels) in [
        ("turnpost_moves_total", &by_email[..]),
        ("turnpost_inbound_replies_total", &played[..]),
    ] {
        let counted = moved(&inbound_before, &inbound_after, name, labels);
        assert_eq!(counted, 1.0, "{name}: {:#?}", inbound_after.names());
    }

    // A resignation ends the rated game, and the server's scheduler rates it.
    let (player, _) = to_move(&table).await;
    let resigned = crate::resign::resign_as(&table, player).await;
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    let rated = scrape_until(metrics_port, "the game is rated", |s| {
        moved(&before, s, "turnpost_games_rated_total", &[]) == 1.0
    })
    .await;
    assert_eq!(rated.value("turnpost_games_awaiting_rating", &[]), 0.0);
    assert!(rated.value("turnpost_scheduler_round_duration_seconds_count", &[]) >= 1.0);

    // A game against the computer, which the server's computer worker answers.
    let ann = &table.players[0];
    let path = play_the_computer(ann, "kalah", &["easy"]).await;
    let (ann_moved, computer_moved) = computer_moves(ann, &path, metrics_port, &before).await;
    let web_moves = 1.0 + f64::from(u8::from(ann_moved));

    let after = Scrape::of(metrics_port).await;
    for (channel, result, count) in [
        ("web", "accepted", web_moves),
        ("web", "refused", 1.0),
        ("json", "accepted", 1.0),
    ] {
        assert_eq!(
            moved(
                &before,
                &after,
                "turnpost_moves_total",
                &moves("kalah", channel, result)
            ),
            count,
            "{channel} {result}"
        );
    }
    assert!(computer_moved >= 1.0);
    assert!(
        moved(
            &before,
            &after,
            "turnpost_computer_thinking_seconds_count",
            &[("game", "kalah".into())]
        ) >= 1.0
    );
    let budget = after.value("turnpost_computer_thinking_budget_seconds", &[]);
    assert!(
        budget > 0.0 && budget <= 0.9,
        "the time allowed a computer's move: {budget}"
    );
    let game_page = [
        ("route", "/games/{id}".to_owned()),
        ("method", "GET".to_owned()),
        ("status", "200".to_owned()),
    ];
    assert!(
        moved(&before, &after, "turnpost_http_requests_total", &game_page) >= 3.0,
        "{:#?}",
        after.names()
    );
    assert!(
        moved(
            &before,
            &after,
            "turnpost_http_request_duration_seconds_count",
            &[("route", "/games/{id}".into())]
        ) >= 3.0
    );
    assert!(
        moved(
            &before,
            &after,
            "turnpost_game_cache_uses_total",
            &[("result", "hit".into())]
        ) >= 1.0
    );
    assert!(
        moved(
            &before,
            &after,
            "turnpost_db_pool_wait_seconds_count",
            &[("pool", "primary".into())]
        ) >= 1.0
    );
    assert!(
        after.value(
            "turnpost_db_pool_connections",
            &[("pool", "primary"), ("state", "idle")]
        ) >= 1.0
    );
    assert_eq!(after.value("turnpost_computer_turns_waiting", &[]), 0.0);
    assert_eq!(after.value("turnpost_deadlines_overdue", &[]), 0.0);
    // The public port does not serve them.
    let public = Browser::new(&server.base).get("/metrics").await;
    assert_eq!(public.status, 404);
}

/// The email to `to` that a reply can move in at row `seq`, delivered by the server process.
async fn scrape_offer(table: &Table, to: &str, seq: &Value) -> crate::support::Mail {
    let at_seq = format!("-{seq}@");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let received = (table.app.smtp.received().iter().rev())
            .filter(|r| r.recipients.iter().any(|r| r == to))
            .map(|r| crate::support::Mail::parse(&r.data, r.recipients.clone()))
            .find(|m| m.header("Reply-To").is_some_and(|to| to.contains(&at_seq)));
        if let Some(mail) = received {
            return mail;
        }
        assert!(Instant::now() < deadline, "no offer to {to}");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Ann's first move against the computer if she has it, then the computer's answer; whether Ann
/// moved, and the computer's moves counted.
async fn computer_moves(ann: &Browser, path: &str, port: u16, before: &Scrape) -> (bool, f64) {
    let counted = |s: &Scrape| {
        moved(
            before,
            s,
            "turnpost_moves_total",
            &moves("kalah", "computer", "accepted"),
        )
    };
    let twin = ann.get_json(path).await.json();
    let first = twin["legal_commands"].get(0);
    if let Some(command) = first {
        let csrf = twin["csrf"].as_str().unwrap().to_owned();
        let seq = twin["seq"].to_string();
        let command = command["command"].to_string();
        let fields = [
            ("csrf", csrf.as_str()),
            ("seq", &seq),
            ("command", &command),
        ];
        let played = ann.post_form(&format!("{path}/play"), &fields).await;
        assert_eq!(played.status, 200, "{}", played.body);
    }
    let scrape = scrape_until(port, "the computer moves", |s| {
        counted(s) >= 1.0 && s.value("turnpost_computer_turns_waiting", &[]) == 0.0
    })
    .await;
    (first.is_some(), counted(&scrape))
}

#[actix_web::test]
async fn a_failed_requests_reference_finds_its_lines_in_the_json_log() {
    let app = TestApp::start().await;
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut child = app
        .command("serve")
        .env("TURNPOST__SERVER__BIND", format!("127.0.0.1:{port}"))
        .env("TURNPOST__LOG__FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, logged) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let browser = Browser::new(&base);
    let deadline = Instant::now() + Duration::from_secs(30);
    while reqwest::get(format!("{base}/readyz")).await.is_err() {
        assert!(Instant::now() < deadline, "the server did not start");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    let missing = browser.get("/games/nosuchgame").await;
    assert_eq!(missing.status, 404);
    let hints = scraper::Selector::parse("p.hint").unwrap();
    let reference = (missing.html().select(&hints))
        .map(|hint| hint.text().collect::<String>())
        .find_map(|hint| {
            hint.strip_prefix("Reference for the site's operator: ")
                .map(str::to_owned)
        })
        .unwrap_or_else(|| panic!("no reference: {}", missing.body));
    let asked = browser.get_json("/games/nosuchgame").await;
    assert_eq!(asked.status, 404);
    let other = asked.json()["request_id"].as_str().unwrap().to_owned();
    assert_ne!(other, reference, "each request has its own id");
    let mut found = None;
    while found.is_none() && Instant::now() < deadline {
        let Ok(line) = logged.recv_timeout(Duration::from_millis(200)) else {
            continue;
        };
        let parsed: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("not one JSON object a line ({e}): {line}"));
        if line.contains(&reference) {
            found = Some(parsed);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    let found = found.expect("the reference is in the log");
    let text = found.to_string();
    assert!(
        text.contains("404") && text.contains("/games/{id}"),
        "{text}"
    );
    // The route is logged, never the path: a path can hold a sign-in token.
    assert!(!text.contains("nosuchgame"), "{text}");
}

#[actix_web::test]
async fn every_figure_is_described_and_named_by_prometheus_conventions() {
    let port = free_port();
    let app = TestApp::start_with(|s| s.metrics.bind = format!("127.0.0.1:{port}")).await;
    // A page, so that the request figures have a series.
    Browser::new(&app.base).get("/rules").await;
    let text = reqwest::get(format!("http://127.0.0.1:{port}/metrics"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let parsed = Scrape::of(port).await;
    let mut families = std::collections::BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with("# TYPE ")) {
        let mut words = line["# TYPE ".len()..].split(' ');
        let (name, kind) = (words.next().unwrap(), words.next().unwrap());
        families.insert(name.to_owned(), kind.to_owned());
        assert!(
            text.contains(&format!("# HELP {name} ")),
            "{name} has no description"
        );
    }
    // Figures with labels appear once they have a series; these always do.
    for always in [
        "turnpost_build_info",
        "turnpost_http_requests_total",
        "turnpost_outbox_emails",
        "turnpost_deadlines_overdue",
        "turnpost_games_awaiting_rating",
        "turnpost_computer_turns_waiting",
        "turnpost_db_pool_connections",
        "turnpost_queues_read",
        "turnpost_reports_open",
        "turnpost_report_oldest_age_seconds",
        "turnpost_mail_suppressed_addresses",
    ] {
        assert!(families.contains_key(always), "{always}: {families:#?}");
    }
    for (name, kind) in &families {
        assert!(name.starts_with("turnpost_"), "{name}");
        assert!(
            name.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{name}"
        );
        assert_eq!(
            kind == "counter",
            name.ends_with("_total"),
            "{name} is a {kind}"
        );
        if name.contains("seconds") {
            assert!(
                name.ends_with("_seconds") || name.ends_with("_seconds_total"),
                "{name}"
            );
        }
    }
    assert!(
        parsed.value(
            "turnpost_http_requests_total",
            &[("route", "/rules"), ("method", "GET"), ("status", "200")]
        ) >= 1.0
    );
}

#[actix_web::test]
async fn a_server_that_cannot_start_says_why_in_its_json_log() {
    let app = TestApp::start().await;
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = taken.local_addr().unwrap().to_string();
    let output = app
        .command("serve")
        .env("TURNPOST__SERVER__BIND", &address)
        .env("TURNPOST__LOG__FORMAT", "json")
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stdout}{stderr}");
    let lines: Vec<Value> = (stdout.lines())
        .map(|line| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("not one JSON object a line ({e}): {line}"))
        })
        .collect();
    let failure = (lines.iter())
        .find(|line| line["level"] == "ERROR")
        .unwrap_or_else(|| panic!("no error line: {stdout}{stderr}"));
    assert!(
        failure.to_string().contains("turnpost stopped on an error"),
        "{failure}"
    );
    assert!(stderr.trim().is_empty(), "nothing in plain text: {stderr}");
}
