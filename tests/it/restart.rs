//! PostgreSQL restarted under a running server (a cluster of the test's own, so that the other
//! tests' databases stay up): the first move through every HTTP thread afterwards is made, not
//! answered that nobody can tell whether it was. Each thread's own connections died with the
//! restart; a statement that never reached a server is sent again on a fresh connection.

use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::support::{Browser, TestApp, accept_invitation, create_game, free_port};

/// A PostgreSQL cluster of this test's own, on a free port, stopped and removed when dropped.
struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
}

impl Cluster {
    fn start() -> Cluster {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL's programs are in /usr/lib/postgresql")
            .filter_map(|entry| entry.ok().map(|e| e.path().join("bin")))
            .filter(|bin| bin.join("pg_ctl").exists())
            .max()
            .expect("pg_ctl is installed");
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("turnpost-cluster-{port}"));
        std::fs::create_dir_all(&dir).unwrap();
        let cluster = Cluster { bin, dir, port };
        if cluster.as_postgres() {
            let _ = Command::new("chown")
                .args(["-R", "postgres"])
                .arg(&cluster.dir)
                .status();
        }
        let data = cluster.data();
        cluster.run(
            "initdb",
            &["-D", &data, "-A", "trust", "-U", "postgres", "--no-sync"],
        );
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            cluster.dir.display()
        );
        let log = cluster.dir.join("log").display().to_string();
        cluster.run(
            "pg_ctl",
            &["-D", &data, "-l", &log, "-o", &options, "-w", "start"],
        );
        cluster
    }

    /// PostgreSQL refuses to run as root: as root the cluster belongs to `postgres`.
    fn as_postgres(&self) -> bool {
        unsafe { libc::geteuid() == 0 }
    }

    fn data(&self) -> String {
        self.dir.join("data").display().to_string()
    }

    /// One of PostgreSQL's programs, run as the cluster's owner.
    fn command(&self, program: &str) -> Command {
        let program = self.bin.join(program);
        if self.as_postgres() {
            let mut runuser = Command::new("runuser");
            runuser.args(["-u", "postgres", "--"]).arg(program);
            runuser
        } else {
            Command::new(program)
        }
    }

    fn run(&self, program: &str, args: &[&str]) {
        let status = self
            .command(program)
            .args(args)
            .stdout(Stdio::null())
            .status()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        assert!(status.success(), "{program} {args:?}: {status}");
    }

    /// A fast restart, as an operator makes one: every connection is ended.
    fn restart(&self) {
        self.run(
            "pg_ctl",
            &["-D", &self.data(), "-m", "fast", "-w", "restart"],
        );
    }

    fn url(&self, role: &str) -> String {
        format!("postgres://{role}@127.0.0.1:{}/turnpost", self.port)
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.data();
        let _ = self
            .command("pg_ctl")
            .args(["-D", &data, "-m", "immediate", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Makes the first legal move of whichever of `players` is to act in `path`, as a tool does,
/// over a connection of its own (so that moves in turn reach every HTTP thread); returns the
/// answer's status.
async fn move_on_a_new_connection(players: &[&Browser], path: &str) -> u16 {
    for browser in players {
        let twin: Value = browser.get_json(path).await.json();
        let Some(first) = twin["legal_commands"].as_array().unwrap().first() else {
            continue;
        };
        let answer = browser
            .client
            .post(format!("{}{path}/play", browser.base))
            .header("Connection", "close")
            .header("Accept", "application/json")
            .header("X-CSRF-Token", twin["csrf"].as_str().unwrap())
            .json(&json!({"seq": twin["seq"], "command": first["command"]}))
            .send()
            .await
            .unwrap();
        return answer.status().as_u16();
    }
    panic!("nobody is to act in {path}");
}

#[actix_web::test]
async fn after_postgresql_restarts_the_first_move_on_every_thread_is_made() {
    let cluster = Cluster::start();
    let app = TestApp::start_with(|settings| {
        settings.database.url = cluster.url("turnpost_server");
        settings.database.admin_url = cluster.url("postgres");
    })
    .await;
    let workers = 2 * app.settings.server.workers.max(2);
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let bo = app.signed_in("bo@example.com", "Bo").await;
    let mut games = Vec::new();
    for _ in 0..workers {
        let path = create_game(&ann, "kalah", &["bo@example.com"], &[]).await;
        let joined = accept_invitation(&app, &bo, "bo@example.com").await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        games.push(path);
    }
    // Every thread has made a move, so each holds a connection for moves.
    for path in &games {
        assert_eq!(move_on_a_new_connection(&[&ann, &bo], path).await, 200);
    }

    cluster.restart();

    let mut answers = Vec::new();
    for path in &games {
        answers.push(move_on_a_new_connection(&[&ann, &bo], path).await);
    }
    assert_eq!(
        answers,
        vec![200; games.len()],
        "the moves right after the restart"
    );
}
