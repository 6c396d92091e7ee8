//! Clients that hold connections: a body trickled too slowly is cut off with a 408, and the
//! server takes no more connections at once than it is configured (or its file limit allows).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::support::TestApp;

fn connect(app: &TestApp) -> TcpStream {
    let addr = app.base.trim_start_matches("http://");
    TcpStream::connect(addr).unwrap()
}

/// Reads until the server closes the connection or `limit` passes.
fn read_answer(stream: &mut TcpStream, limit: Duration) -> String {
    stream.set_read_timeout(Some(limit)).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

#[actix_web::test]
async fn a_body_that_does_not_arrive_in_time_is_cut_off_with_a_408() {
    let app = TestApp::start_with(|s| s.server.body_timeout_seconds = 1).await;
    let mut slow = connect(&app);
    let host = app.base.trim_start_matches("http://");
    write!(
        slow,
        "POST /sign-in HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nemail=a"
    )
    .unwrap();
    let start = Instant::now();
    let answer = read_answer(&mut slow, Duration::from_secs(8));
    let took = start.elapsed();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("took too long to arrive"), "{answer}");
    assert!(took < Duration::from_secs(6), "cut after {took:?}");
    // The server closed the connection: reading again finds its end at once.
    assert!(read_answer(&mut slow, Duration::from_secs(1)).is_empty());
}

#[actix_web::test]
async fn no_more_connections_are_served_at_once_than_the_cap() {
    let app = TestApp::start_with(|s| {
        s.server.workers = 1;
        s.server.max_connections = 3;
    })
    .await;
    let idle: Vec<TcpStream> = (0..3).map(|_| connect(&app)).collect();
    std::thread::sleep(Duration::from_millis(200));
    let host = app.base.trim_start_matches("http://").to_string();
    let mut waiting = connect(&app);
    write!(
        waiting,
        "GET /healthz HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let early = read_answer(&mut waiting, Duration::from_millis(800));
    assert!(early.is_empty(), "served beyond the cap: {early}");
    drop(idle);
    let answer = read_answer(&mut waiting, Duration::from_secs(5));
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}
