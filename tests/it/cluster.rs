//! PostgreSQL clusters of a test's own, made with PostgreSQL's own programs (initdb, pg_ctl,
//! pg_basebackup), so that a test may restart, back up or restore one while the other tests'
//! databases stay up.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::free_port;

/// A cluster on a free port, stopped and removed when dropped.
pub struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    pub port: u16,
}

impl Cluster {
    pub fn start() -> Cluster {
        Self::start_with("")
    }

    /// A new cluster, started with the server settings `options` (`-c name=value …`).
    pub fn start_with(options: &str) -> Cluster {
        let cluster = Self::empty();
        let data = cluster.data();
        cluster.run(
            "initdb",
            &["-D", &data, "-A", "trust", "-U", "postgres", "--no-sync"],
        );
        cluster.pg_ctl_start(options);
        cluster
    }

    /// A new cluster that archives every finished WAL segment into the directory returned,
    /// with PostgreSQL's `archive_command`.
    pub fn start_archiving() -> (Cluster, PathBuf) {
        let cluster = Self::empty();
        let data = cluster.data();
        cluster.run(
            "initdb",
            &["-D", &data, "-A", "trust", "-U", "postgres", "--no-sync"],
        );
        let archive = cluster.subdirectory("archive");
        cluster.configure(&format!(
            "wal_level = replica\n\
             archive_mode = on\n\
             archive_command = 'test ! -f {archive}/%f && cp %p {archive}/%f'\n",
            archive = archive.display()
        ));
        cluster.pg_ctl_start("");
        (cluster, archive)
    }

    /// A base backup of the running cluster, as an operator takes one: `pg_basebackup` with the
    /// WAL it needs streamed alongside, after a fast checkpoint.
    pub fn base_backup(&self) -> PathBuf {
        let backup = self.dir.join("base-backup");
        let port = self.port.to_string();
        let target = backup.display().to_string();
        self.run(
            "pg_basebackup",
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &port,
                "-U",
                "postgres",
                "-D",
                &target,
                "-X",
                "stream",
                "-c",
                "fast",
                "--no-sync",
            ],
        );
        backup
    }

    /// Adds `settings` (lines of postgresql.conf) to the cluster's own settings.
    fn configure(&self, settings: &str) {
        let auto_conf = Path::new(&self.data()).join("postgresql.auto.conf");
        let mut conf = std::fs::read_to_string(&auto_conf).unwrap_or_default();
        conf.push_str(settings);
        std::fs::write(&auto_conf, conf).unwrap();
        self.own(&auto_conf);
    }

    /// A cluster restored from the base backup in `backup`, replaying the WAL archived in
    /// `archive` up to the restore point `target`, then promoted.
    pub fn restore(backup: &Path, archive: &Path, target: &str) -> Cluster {
        let cluster = Self::empty();
        let data = cluster.data();
        cluster.run("cp", &["-a", &backup.display().to_string(), &data]);
        // The backup carries the primary's archiving; the restored cluster archives nothing.
        cluster.configure(&format!(
            "archive_mode = off\n\
             restore_command = 'cp {archive}/%f %p'\n\
             recovery_target_name = '{target}'\n\
             recovery_target_action = 'promote'\n",
            archive = archive.display()
        ));
        std::fs::write(Path::new(&data).join("recovery.signal"), "").unwrap();
        cluster.own(&cluster.dir);
        cluster.pg_ctl_start("");
        cluster
    }

    fn empty() -> Cluster {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL's programs are in /usr/lib/postgresql")
            .filter_map(|entry| entry.ok().map(|e| e.path().join("bin")))
            .filter(|bin| bin.join("pg_ctl").exists())
            .max()
            .expect("pg_ctl is installed");
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("turnpost-cluster-{port}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let cluster = Cluster { bin, dir, port };
        cluster.own(&cluster.dir);
        cluster
    }

    fn pg_ctl_start(&self, options: &str) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off {options}",
            self.port,
            self.dir.display()
        );
        let log = self.dir.join("log").display().to_string();
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-l",
                &log,
                "-o",
                &options,
                "-w",
                "start",
            ],
        );
    }

    /// A directory of this cluster's own, which its programs may write.
    pub fn subdirectory(&self, name: &str) -> PathBuf {
        let dir = self.dir.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        self.own(&dir);
        dir
    }

    /// PostgreSQL refuses to run as root: as root the cluster belongs to `postgres`.
    fn as_postgres(&self) -> bool {
        unsafe { libc::geteuid() == 0 }
    }

    fn own(&self, path: &Path) {
        if self.as_postgres() {
            let _ = Command::new("chown")
                .args(["-R", "postgres"])
                .arg(path)
                .status();
        }
    }

    fn data(&self) -> String {
        self.dir.join("data").display().to_string()
    }

    /// One of PostgreSQL's programs (or any program), run as the cluster's owner.
    fn command(&self, program: &str) -> Command {
        let bin = self.bin.join(program);
        let program = if bin.exists() {
            bin
        } else {
            PathBuf::from(program)
        };
        if self.as_postgres() {
            let mut runuser = Command::new("runuser");
            runuser.args(["-u", "postgres", "--"]).arg(program);
            runuser
        } else {
            Command::new(program)
        }
    }

    pub fn run(&self, program: &str, args: &[&str]) {
        let status = self
            .command(program)
            .args(args)
            .stdout(Stdio::null())
            .status()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        assert!(status.success(), "{program} {args:?}: {status}");
    }

    /// A fast restart, as an operator makes one: every connection is ended.
    pub fn restart(&self) {
        self.restart_in("fast");
    }

    /// A restart in `mode`: "fast" (a clean shutdown) or "immediate" (as after a crash: the
    /// server recovers from its WAL when it starts).
    pub fn restart_in(&self, mode: &str) {
        self.run("pg_ctl", &["-D", &self.data(), "-m", mode, "-w", "restart"]);
    }

    pub fn url(&self, role: &str) -> String {
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
