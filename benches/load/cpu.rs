//! CPU time used by the processes of a load run, read from `/proc` (Linux), so that a figure
//! can say where a move's CPU went: the server's, PostgreSQL's and the load client's.

use std::sync::OnceLock;

/// Clock ticks per second of the times in `/proc/<pid>/stat`.
fn ticks_per_second() -> f64 {
    static TICKS: OnceLock<f64> = OnceLock::new();
    *TICKS.get_or_init(|| {
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|out| String::from_utf8_lossy(&out.stdout).trim().parse().ok())
            .unwrap_or(100.0)
    })
}

/// A process's name, parent and CPU times (its own user and system time, and those of the
/// children it has waited for), in ticks.
struct Stat {
    name: String,
    parent: u32,
    own: u64,
    children: u64,
}

fn stat(pid: &str) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The name is in parentheses and may hold spaces; the fields after it start with the state.
    let open = text.find('(')?;
    let close = text.rfind(')')?;
    let fields: Vec<&str> = text[close + 1..].split_whitespace().collect();
    let tick = |index: usize| fields.get(index).and_then(|f| f.parse::<u64>().ok());
    Some(Stat {
        name: text[open + 1..close].to_string(),
        parent: fields.get(1)?.parse().ok()?,
        own: tick(11)? + tick(12)?,
        children: tick(13)? + tick(14)?,
    })
}

/// CPU seconds `pid` has used itself.
pub fn process_seconds(pid: u32) -> f64 {
    stat(&pid.to_string()).map_or(0.0, |s| s.own as f64) / ticks_per_second()
}

/// CPU seconds the threads of `pid` whose names start with `name` have used.
pub fn threads_seconds(pid: u32, name: &str) -> f64 {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task"))
        .into_iter()
        .flatten();
    let ticks: u64 = (tasks.flatten())
        .filter_map(|task| {
            stat(&format!(
                "{pid}/task/{}",
                task.file_name().to_string_lossy()
            ))
        })
        .filter(|thread| thread.name.starts_with(name))
        .map(|thread| thread.own)
        .sum();
    ticks as f64 / ticks_per_second()
}

/// The postmaster of the cluster under test, once `watch_cluster` has named it.
static POSTMASTER: OnceLock<u32> = OnceLock::new();

/// Counts PostgreSQL's CPU on the cluster whose checkpointer is `checkpointer` only (its
/// postmaster is the checkpointer's parent), not on other clusters of this machine, such as a
/// failover formation whose monitor polls its nodes all the time.
pub fn watch_cluster(checkpointer: u32) {
    if let Some(found) = stat(&checkpointer.to_string()) {
        let _ = POSTMASTER.set(found.parent);
    }
}

/// CPU seconds PostgreSQL's processes have used: the postmaster of the cluster under test and its
/// live children, and the children that have ended, which the postmaster has waited for. Until
/// `watch_cluster` names the cluster, every `postgres` process on this machine counts.
pub fn postgres_seconds() -> f64 {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    let stats: Vec<(u32, Stat)> = entries
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            let pid: u32 = name.parse().ok()?;
            let found = stat(&name)?;
            (found.name == "postgres").then_some((pid, found))
        })
        .collect();
    let postgres = |pid: u32| stats.iter().any(|(p, _)| *p == pid);
    let counted = |pid: u32, s: &Stat| match POSTMASTER.get() {
        Some(&postmaster) => pid == postmaster || s.parent == postmaster,
        None => true,
    };
    let ticks: u64 = stats
        .iter()
        .filter(|(pid, s)| counted(*pid, s))
        .map(|(_, s)| s.own + if postgres(s.parent) { 0 } else { s.children })
        .sum();
    ticks as f64 / ticks_per_second()
}

/// CPU seconds used by this process, the load client.
pub fn own_seconds() -> f64 {
    process_seconds(std::process::id())
}

/// What a span of work cost each party in CPU seconds.
#[derive(Clone, Copy, Default)]
pub struct Spent {
    pub server: f64,
    pub postgres: f64,
    pub client: f64,
}

/// A reading taken before some work, to subtract from one taken after it.
pub struct Reading {
    server_pid: Option<u32>,
    start: Spent,
}

impl Reading {
    pub fn now(server_pid: Option<u32>) -> Reading {
        Reading {
            server_pid,
            start: Spent {
                server: server_pid.map_or(0.0, process_seconds),
                postgres: postgres_seconds(),
                client: own_seconds(),
            },
        }
    }

    pub fn spent(&self) -> Spent {
        Spent {
            server: self.server_pid.map_or(0.0, process_seconds) - self.start.server,
            postgres: postgres_seconds() - self.start.postgres,
            client: own_seconds() - self.start.client,
        }
    }
}
