//! The computer players' worker: finds computers' turns, claims each (so that of several
//! processes only one thinks about a move) and plays it through the games service.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use diesel::pg::PgConnection;

use crate::config::{ComputerSettings, Settings};
use crate::games::computer::{self, Played};
use crate::stop::StopSignal;
use crate::store::Pool;

/// Most turns one round looks at.
const BATCH: i64 = 20;

/// Plays every computer turn waiting that this process can claim; returns the moves made.
pub fn run_once(conn: &mut PgConnection, settings: &ComputerSettings, stop: &StopSignal) -> usize {
    let turns = match computer::waiting_turns(conn, BATCH) {
        Ok(turns) => turns,
        Err(e) => {
            crate::metrics::worker_failed("computers");
            tracing::error!("computers: looking for turns: {e}");
            return 0;
        }
    };
    let mut moved = 0;
    for turn in turns {
        if stop.is_stopped() {
            break;
        }
        match computer::claim(conn, &turn, settings.claim_seconds) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                tracing::error!("computers: claiming game {}: {e}", turn.game_id);
                continue;
            }
        }
        let time = Duration::from_millis(settings.think_ms);
        // A fault in one game must not stop the worker for every other game.
        let played = catch_unwind(AssertUnwindSafe(|| computer::play_turn(conn, &turn, time)));
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

/// Works until `stop` is given, looking for turns every `computers.poll_ms`.
pub fn run(pool: &Pool, settings: &Settings, stop: &StopSignal) {
    let pause = Duration::from_millis(settings.computers.poll_ms.max(10));
    while !stop.is_stopped() {
        let moved = match pool.get() {
            Ok(mut conn) => run_once(&mut conn, &settings.computers, stop),
            Err(e) => {
                crate::metrics::worker_failed("computers");
                tracing::error!("computers: {e}");
                0
            }
        };
        // Straight on while there is work, so that a computer answering a computer is quick.
        if moved == 0 {
            stop.wait(pause);
        }
    }
}

/// Starts the worker on its own thread; it stops when `stop` is given.
pub fn spawn(
    pool: Pool,
    settings: Settings,
    stop: StopSignal,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new()
        .name("computers".into())
        .spawn(move || run(&pool, &settings, &stop))
}
