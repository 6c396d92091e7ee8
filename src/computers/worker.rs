//! The computer players' worker: finds computers' turns, claims each (so that of several
//! processes only one thinks about a move) and plays it as the game log plays anyone's. A process
//! thinks about up to `computers.threads` turns at once, one a thread; `turnpost computers` runs
//! only this worker, on any number of machines.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use crate::computers::{self, Played};
use crate::config::{ComputerSettings, Settings};
use crate::stop::StopSignal;
use crate::store::Pool;

/// Most turns one round looks at.
const BATCH: i64 = 20;

/// Plays every computer turn waiting that this thread can claim, oldest first; returns the
/// moves made. A connection is held only to read and to write, never while thinking.
pub fn run_once(
    pool: &Pool,
    settings: &ComputerSettings,
    threads: usize,
    stop: &StopSignal,
) -> usize {
    let turns = pool
        .get()
        .map_err(|e| e.to_string())
        .and_then(|mut conn| computers::waiting_turns(&mut conn, BATCH).map_err(|e| e.to_string()));
    let turns = match turns {
        Ok(turns) => turns,
        Err(e) => {
            crate::metrics::worker_failed("computers");
            tracing::error!("computers: looking for turns: {e}");
            return 0;
        }
    };
    let mut moved = 0;
    let time = thinking_time(settings, turns.len(), threads);
    if !turns.is_empty() {
        crate::metrics::computer_budget(time);
    }
    for turn in turns {
        if stop.is_stopped() {
            break;
        }
        let claimed = pool.get().map_err(|e| e.to_string()).and_then(|mut conn| {
            computers::claim(&mut conn, &turn, settings.claim_seconds).map_err(|e| e.to_string())
        });
        match claimed {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                tracing::error!("computers: claiming game {}: {e}", turn.game_id);
                continue;
            }
        }
        // A fault in one game must not stop the worker for every other game.
        let played = catch_unwind(AssertUnwindSafe(|| computers::play_turn(pool, &turn, time)));
        match played {
            Ok(Ok(Played::Moved(seq))) => {
                moved += 1;
                tracing::debug!("computers: game {} row {seq}", turn.game_id);
            }
            Ok(Ok(Played::NotItsTurn)) => {}
            Ok(Err(e)) => tracing::error!("computers: game {}: {e}", turn.game_id),
            Err(panic) => tracing::error!(
                "computers: game {}: the move failed: {}",
                turn.game_id,
                panic_text(&panic)
            ),
        }
    }
    moved
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    (panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// Works until `stop` is given, looking for turns every `computers.poll_ms`. A move being
/// thought about when it is given is finished and played (a move takes at most
/// `computers.think_ms`); the turns not yet begun are left for other processes.
pub fn run(pool: &Pool, settings: &Settings, threads: usize, stop: &StopSignal) {
    let pause = Duration::from_millis(settings.computers.poll_ms.max(10));
    while !stop.is_stopped() {
        let moved = run_once(pool, &settings.computers, threads, stop);
        // Straight on while there is work, so that a computer answering a computer is quick.
        if moved == 0 {
            stop.wait(pause);
        }
    }
}

/// How long a move is thought about when `waiting` turns wait for a process of `threads`
/// threads: the full `computers.think_ms` while the queue is short, and once it is longer, the
/// share of `computers.reply_ms` that lets the threads answer every waiting turn within it, so
/// that a long queue is cleared in the time a person expects a reply rather than held up behind
/// full-length thoughts — but never under a tenth of the full time: no level plays a move it
/// had no time to consider.
pub fn thinking_time(settings: &ComputerSettings, waiting: usize, threads: usize) -> Duration {
    let full = settings.think_ms;
    let waiting = (waiting as u64).max(1);
    let share = settings.reply_ms * threads.max(1) as u64 / waiting;
    Duration::from_millis(share.clamp(full / 10, full))
}

/// Where a worker runs: inside `turnpost serve`, beside the pages it serves, or in a process of
/// its own (`turnpost computers`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Home {
    WebServer,
    OwnProcess,
}

/// How many turns a process thinks about at once: `computers.threads`, or else one per core —
/// less one in a web server, which keeps a core for its pages.
pub fn threads(settings: &ComputerSettings, home: Home) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match (settings.threads, home) {
        (0, Home::WebServer) => cores.saturating_sub(1).max(1),
        (0, Home::OwnProcess) => cores,
        (n, _) => n,
    }
}

/// Lowers the calling thread's CPU priority by `nice` (on Linux a thread has a nice value of its
/// own), so that the requests a process serves beside its thinking are served first.
fn lower_priority(nice: i32) {
    if nice <= 0 {
        return;
    }
    // SAFETY: gettid only reads the calling thread's id, and setpriority on that id changes
    // nothing but this thread's scheduling priority.
    let lowered = unsafe {
        let thread = libc::gettid() as libc::id_t;
        let current = libc::getpriority(libc::PRIO_PROCESS, thread);
        libc::setpriority(libc::PRIO_PROCESS, thread, (current + nice).min(19))
    };
    if lowered != 0 {
        tracing::warn!(
            "computers: could not lower the thinking threads' priority: {}",
            std::io::Error::last_os_error()
        );
    }
}

/// Lowers the weight of this process's scheduling group by `nice`, when the process leads a
/// session of its own (`setsid turnpost computers`, or a service manager's service).
///
/// Linux shares the CPU first between sessions ("autogroups", when no cgroup CPU controller is
/// in use) and only then between the threads of a session, so a thread's nice value weighs
/// nothing against PostgreSQL's backends, each of which leads a session of its own. Lowering
/// the group's weight lets them and the web server go first. A process in someone else's
/// session leaves the group alone: it would lower that session's other processes with it.
fn lower_session_priority(nice: i32) {
    // SAFETY: getsid and getpid only read this process's ids.
    let leads_session = unsafe { libc::getsid(0) == libc::getpid() };
    if nice <= 0 || !leads_session {
        return;
    }
    match std::fs::write("/proc/self/autogroup", nice.min(19).to_string()) {
        Ok(()) => tracing::info!("computers: this session's CPU weight lowered by nice {nice}"),
        // No autogroups (turned off, or not Linux): the service manager's CPU weight governs.
        Err(e) => tracing::debug!("computers: the session's CPU weight is left as it is: {e}"),
    }
}

/// Starts the worker's threads, each at `computers.nice` below the rest of the process (and a
/// process of its own that leads its session lowers that session too); they stop when `stop` is
/// given.
pub fn spawn(
    pool: Pool,
    settings: Settings,
    home: Home,
    stop: StopSignal,
) -> std::io::Result<Vec<std::thread::JoinHandle<()>>> {
    let threads = threads(&settings.computers, home);
    if home == Home::OwnProcess {
        lower_session_priority(settings.computers.nice);
    }
    (0..threads)
        .map(|n| {
            let (pool, settings, stop) = (pool.clone(), settings.clone(), stop.clone());
            std::thread::Builder::new()
                .name(format!("computers-{n}"))
                .spawn(move || {
                    lower_priority(settings.computers.nice);
                    run(&pool, &settings, threads, &stop)
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(threads: usize) -> ComputerSettings {
        ComputerSettings {
            worker: true,
            threads,
            poll_ms: 300,
            claim_seconds: 10,
            think_ms: 800,
            reply_ms: 2_000,
            nice: 0,
        }
    }

    #[test]
    fn thinking_time_shares_the_reply_time_out_among_the_waiting_turns_down_to_a_tenth() {
        let settings = settings(2);
        let ms = |waiting| thinking_time(&settings, waiting, 2).as_millis();
        assert_eq!(ms(0), 800);
        assert_eq!(ms(5), 800, "a short queue is thought about in full");
        assert_eq!(ms(8), 500, "two threads answer eight turns in 2 s");
        assert_eq!(ms(20), 200);
        assert_eq!(ms(200), 80, "never below a tenth");
        assert_eq!(thinking_time(&settings, 20, 1).as_millis(), 100);
        assert_eq!(thinking_time(&settings, 8, 4).as_millis(), 800);
    }

    #[test]
    fn a_web_server_keeps_a_core_for_its_pages_unless_told_the_threads() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let mut settings = settings(0);
        assert_eq!(threads(&settings, Home::OwnProcess), cores);
        assert_eq!(threads(&settings, Home::WebServer), (cores - 1).max(1));
        settings.threads = 3;
        assert_eq!(threads(&settings, Home::WebServer), 3);
        assert_eq!(threads(&settings, Home::OwnProcess), 3);
    }

    #[test]
    fn a_thinking_thread_lowers_its_own_priority_and_no_other() {
        // SAFETY: reading the calling thread's id and priority.
        let priority = || unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as _) };
        let before = priority();
        let lowered = std::thread::spawn(move || {
            lower_priority(5);
            priority()
        });
        assert_eq!(lowered.join().unwrap(), (before + 5).min(19));
        assert_eq!(priority(), before, "the spawning thread keeps its priority");
    }
}
