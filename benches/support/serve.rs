//! Starting a `turnpost serve` for a benchmark.

use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// Starts `binary serve` with its database at `database_url` on a free port of this machine,
/// set up further by `adjust`; returns it once it listens, and its address.
pub fn serve(
    binary: &str,
    database_url: &str,
    adjust: impl FnOnce(&mut Command),
) -> (Child, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let mut command = Command::new(binary);
    command
        .arg("serve")
        .env("TURNPOST__SERVER__BIND", format!("127.0.0.1:{port}"))
        .env("TURNPOST__SERVER__BASE_URL", &base)
        .env("TURNPOST__DATABASE__URL", database_url);
    adjust(&mut command);
    let child = command.spawn().expect("turnpost serve starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "the server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    (child, base)
}
