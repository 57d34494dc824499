//! How the protocol thread talks to a running search: `stop`, `ponderhit`,
//! the clock a search counts from, and the timer thread that enforces the
//! hard time limit.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

use web_time::Instant;

use parking_lot::{Condvar, Mutex};

/// How the protocol thread talks to a running search: stop, ponderhit, and
/// the moment the search started.
pub struct Signals {
    start: Instant,
    stop: AtomicBool,
    pondering: AtomicBool,
    /// Microseconds from `start` to `ponderhit`; the clock runs from then.
    ponderhit_micros: AtomicU64,
    lock: Mutex<()>,
    wake: Condvar,
}

impl Signals {
    /// Signals for a search starting now; `ponder` for `go ponder`.
    pub fn new(ponder: bool) -> Self {
        Signals::starting_at(Instant::now(), ponder)
    }

    /// Signals for a search whose clock started at `start`: the moment its
    /// `go` was read, so that the time the command waited before the
    /// search began (a busy machine's scheduling) counts against the
    /// search, not past the client's clock.
    pub fn starting_at(start: Instant, ponder: bool) -> Self {
        Signals {
            start,
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            ponderhit_micros: AtomicU64::new(0),
            lock: Mutex::new(()),
            wake: Condvar::new(),
        }
    }

    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
        self.pondering.store(false, Relaxed);
        let _guard = self.lock.lock();
        self.wake.notify_all();
    }

    /// Whether a stop was asked for.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// Whether the search is pondering (`go ponder` before `ponderhit`).
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Relaxed)
    }

    /// The opponent played the expected move: the search goes on under its
    /// normal limits, with the clock starting now. Does nothing unless the
    /// search is pondering.
    pub fn ponderhit(&self) {
        let _guard = self.lock.lock();
        if !self.pondering.load(Relaxed) {
            return;
        }
        let micros = self.start.elapsed().as_micros() as u64;
        self.ponderhit_micros.store(micros, Relaxed);
        self.pondering.store(false, Relaxed);
        self.wake.notify_all();
    }

    /// Stops the search at once (a limit was reached), as the main thread
    /// decides between the timer's checks.
    pub(super) fn expire(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Time counted against the clock: since `ponderhit` for a ponder search.
    pub(super) fn time_used(&self) -> Duration {
        self.elapsed()
            .saturating_sub(Duration::from_micros(self.ponderhit_micros.load(Relaxed)))
    }

    /// Stops the search once the time counted against the clock reaches
    /// `hard`, or returns when it stops otherwise. Runs on a timer thread of
    /// its own, so the limit holds however long a node takes and whatever
    /// state the search threads are in.
    pub(super) fn watch_clock(&self, hard: Duration) {
        let mut guard = self.lock.lock();
        while !self.is_stopped() {
            if self.pondering.load(Relaxed) {
                // The clock starts at `ponderhit`, which wakes us.
                self.wake.wait_for(&mut guard, Duration::from_millis(50));
                continue;
            }
            let used = self.time_used();
            if used >= hard {
                self.stop.store(true, Relaxed);
                self.wake.notify_all();
                return;
            }
            self.wake.wait_for(&mut guard, hard - used);
        }
    }

    /// Blocks while the protocol still holds the result back: until `stop`
    /// for an infinite search, until `ponderhit` or `stop` while pondering.
    /// Without threads nobody could release it: it returns at once.
    pub fn wait_for_release(&self, infinite: bool) {
        if !crate::platform::THREADS {
            return;
        }
        let mut guard = self.lock.lock();
        while !self.is_stopped() && (infinite || self.pondering.load(Relaxed)) {
            self.wake.wait_for(&mut guard, Duration::from_millis(50));
        }
    }
}
