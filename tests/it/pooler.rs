//! The server through PgBouncer in transaction mode, as many servers on one database would run:
//! with `database.prepared_statements` off, a whole game is played and its log verifies.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::kalah_game::play_to_end;
use crate::support::{TestApp, assert_log_verifies, free_port, seat_table};

/// A PgBouncer of the test's own, in transaction mode, in front of the tests' PostgreSQL.
struct PgBouncer {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl PgBouncer {
    fn start() -> PgBouncer {
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("turnpost-pgbouncer-{port}"));
        std::fs::create_dir_all(&dir).unwrap();
        let config = dir.join("pgbouncer.ini");
        std::fs::write(
            &config,
            format!(
                "[databases]\n\
                 * = host=127.0.0.1 port=5432 user=turnpost_server\n\
                 [pgbouncer]\n\
                 listen_addr = 127.0.0.1\n\
                 listen_port = {port}\n\
                 unix_socket_dir =\n\
                 auth_type = any\n\
                 pool_mode = transaction\n\
                 default_pool_size = 3\n\
                 max_client_conn = 100\n\
                 logfile = {log}\n",
                log = dir.join("pgbouncer.log").display()
            ),
        )
        .unwrap();
        let binary = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"]
            .into_iter()
            .find(|path| std::path::Path::new(path).exists())
            .expect("PgBouncer is installed (scripts/install-test-deps installs it)");
        // PgBouncer refuses to run as root.
        let mut command = if unsafe { libc::geteuid() } == 0 {
            let _ = Command::new("chown")
                .arg("-R")
                .arg("postgres")
                .arg(&dir)
                .status();
            let mut runuser = Command::new("runuser");
            runuser.args(["-u", "postgres", "--", binary]);
            runuser
        } else {
            Command::new(binary)
        };
        let child = command
            .arg(&config)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("PgBouncer starts");
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "PgBouncer did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        PgBouncer { child, port, dir }
    }

    /// `url` (a database of the tests' PostgreSQL) reached through this PgBouncer.
    fn url_for(&self, url: &str) -> String {
        let mut url = url::Url::parse(url).unwrap();
        url.set_host(Some("127.0.0.1")).unwrap();
        url.set_port(Some(self.port)).unwrap();
        url.to_string()
    }
}

impl Drop for PgBouncer {
    fn drop(&mut self) {
        // runuser passes the signal on to PgBouncer.
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = Command::new("pkill")
            .args(["-f", &self.dir.join("pgbouncer.ini").display().to_string()])
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[actix_web::test]
async fn a_whole_game_is_played_through_pgbouncer_in_transaction_mode() {
    let bouncer = PgBouncer::start();
    let app = TestApp::start_with(|settings| {
        settings.database.url = bouncer.url_for(&settings.database.url);
        settings.database.prepared_statements = false;
    })
    .await;
    let table = seat_table(app, "kalah", &["Ann", "Bo"], &[("seeds_per_pit", "3")]).await;
    let moves = play_to_end(&table, 9).await;
    assert!(moves.len() > 5, "{moves:?}");
    let finished = table.twin(0).await;
    assert_eq!(finished["phase"], "finished");
    assert_log_verifies(&table).await;
    drop(table);
    drop(bouncer);
}
