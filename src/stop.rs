//! A signal that tells background threads to stop, waking them from their pauses at once.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Clones share one signal.
#[derive(Clone, Default)]
pub struct StopSignal {
    state: Arc<(Mutex<bool>, Condvar)>,
}

impl StopSignal {
    pub fn new() -> StopSignal {
        StopSignal::default()
    }

    /// Tells every holder to stop.
    pub fn stop(&self) {
        let (stopped, signal) = &*self.state;
        *stopped.lock().unwrap_or_else(|e| e.into_inner()) = true;
        signal.notify_all();
    }

    pub fn is_stopped(&self) -> bool {
        *self.state.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Pauses for `pause` or until the signal is given; true if it was.
    pub fn wait(&self, pause: Duration) -> bool {
        let deadline = Instant::now() + pause;
        let (stopped, signal) = &*self.state;
        let mut guard = stopped.lock().unwrap_or_else(|e| e.into_inner());
        while !*guard {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            guard = signal
                .wait_timeout(guard, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        *guard
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pause_ends_when_the_signal_is_given() {
        let signal = StopSignal::new();
        assert!(!signal.wait(Duration::from_millis(1)));
        let waiter = {
            let signal = signal.clone();
            std::thread::spawn(move || signal.wait(Duration::from_secs(600)))
        };
        signal.stop();
        assert!(waiter.join().unwrap(), "the waiter saw the signal");
        assert!(signal.is_stopped());
    }
}
