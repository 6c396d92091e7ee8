//! The workload's switch: running, paused (each person finishes what they were doing, then
//! waits) or stopped.

use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::time::Duration;

const RUNNING: u8 = 0;
const PAUSED: u8 = 1;
const STOPPED: u8 = 2;

#[derive(Default)]
pub struct Switch {
    state: AtomicU8,
    busy: AtomicUsize,
}

/// One step of a person's, counted while it lasts.
pub struct Step<'a>(&'a Switch);

impl Drop for Step<'_> {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Switch {
    /// Waits while paused; a step to take, or `None` once stopped.
    pub async fn step(&self) -> Option<Step<'_>> {
        loop {
            match self.state.load(Ordering::SeqCst) {
                STOPPED => return None,
                RUNNING => {
                    self.busy.fetch_add(1, Ordering::SeqCst);
                    // Paused in between: the step is not taken.
                    if self.state.load(Ordering::SeqCst) == RUNNING {
                        return Some(Step(self));
                    }
                    self.busy.fetch_sub(1, Ordering::SeqCst);
                }
                _ => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    pub fn run(&self) {
        self.state.store(RUNNING, Ordering::SeqCst);
    }

    /// Pauses, and waits until every step in progress has ended.
    pub async fn pause(&self) {
        self.state.store(PAUSED, Ordering::SeqCst);
        self.settle().await;
    }

    pub async fn stop(&self) {
        self.state.store(STOPPED, Ordering::SeqCst);
        self.settle().await;
    }

    async fn settle(&self) {
        while self.busy.load(Ordering::SeqCst) > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
