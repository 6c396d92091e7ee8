//! Stopping: `turnpost serve` on SIGTERM finishes what it is doing and exits 0.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::smtp::SmtpServer;
use crate::support::{TestDb, count_rows, free_port};

fn serve(db: &TestDb, smtp: &SmtpServer, port: u16) -> Child {
    Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .arg("serve")
        .arg("--config")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/config/test.toml"))
        .envs(db.env())
        .env("TURNPOST__SERVER__BIND", format!("127.0.0.1:{port}"))
        .env(
            "TURNPOST__SERVER__BASE_URL",
            format!("http://127.0.0.1:{port}"),
        )
        .env("TURNPOST__MAIL__WORKER", "true")
        .env("TURNPOST__MAIL__SMTP__HOST", smtp.addr.ip().to_string())
        .env("TURNPOST__MAIL__SMTP__PORT", smtp.addr.port().to_string())
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn wait_until(what: &str, timeout: Duration, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn terminate(child: &Child) {
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn sigterm_finishes_the_request_in_flight_and_the_email_being_sent_then_exits_0() {
    let db = TestDb::new();
    let smtp = SmtpServer::start();
    let port = free_port();
    let mut child = serve(&db, &smtp, port);
    wait_until("the server answers", Duration::from_secs(60), || {
        TcpStream::connect(("127.0.0.1", port)).is_ok()
    });

    // The mail worker is in the middle of an email: the relay has the data and has not answered.
    smtp.delay(true);
    let mut request = TcpStream::connect(("127.0.0.1", port)).unwrap();
    request
        .write_all(b"POST /sign-in HTTP/1.1\r\nHost: localhost\r\n")
        .unwrap();
    turnpost::auth::sign_in::request_link(
        &mut db.connect(),
        "ann@example.com",
        "/",
        30,
        turnpost::i18n::Lang::En,
    )
    .unwrap();
    assert!(
        smtp.wait_until_holding(Duration::from_secs(20)),
        "the worker reached the message data"
    );

    // A request is in flight too: its headers are in, its body is still coming.
    let body = "email=bo%40example.com";
    request
        .write_all(
            format!(
                "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\nemail=",
                body.len()
            )
            .as_bytes(),
        )
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));

    terminate(&child);
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the server waits for its request and its email"
    );
    request.write_all(&body.as_bytes()[6..]).unwrap();
    let mut answer = String::new();
    request
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let _ = request.read_to_string(&mut answer);
    assert!(
        answer.starts_with("HTTP/1.1 "),
        "the request in flight was answered: {answer:?}"
    );
    smtp.delay(false);

    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the server did not stop");
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut log = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert_eq!(status.code(), Some(0), "exit status {status}; log:\n{log}");
    assert!(log.contains("Turnpost has stopped"), "{log}");
    assert!(!log.contains("closing the database pool"), "{log}");
    assert_eq!(smtp.received().len(), 1, "the held email was delivered");
    assert_eq!(
        count_rows(&db, "emails WHERE sent_at IS NOT NULL"),
        1,
        "and recorded as sent"
    );
}
