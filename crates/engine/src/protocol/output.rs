//! Protocol output: whole lines, flushed at once, from any thread.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

use parking_lot::Mutex;

/// A shared line writer. Lines from different threads never interleave.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
    /// Cleared by [`Output::close`]: this writer and its clones stay silent.
    open: Arc<AtomicBool>,
}

impl Output {
    /// Output to standard output.
    pub fn stdout() -> Self {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Output to any writer (tests use a buffer).
    pub fn new(sink: Box<dyn Write + Send>) -> Self {
        Output {
            sink: Arc::new(Mutex::new(sink)),
            open: Arc::new(AtomicBool::new(true)),
        }
    }

    /// A writer to the same sink that can be closed on its own: a job gets
    /// one, so that a job the engine gave up waiting for cannot print into
    /// later output.
    pub fn detachable(&self) -> Output {
        Output {
            sink: Arc::clone(&self.sink),
            open: Arc::new(AtomicBool::new(true)),
        }
    }

    /// Silences this writer and its clones (not the writer it came from).
    pub fn close(&self) {
        // Under the lock: a line being written finishes first, and none
        // starts after this returns.
        let _sink = self.sink.lock();
        self.open.store(false, Relaxed);
    }

    /// Writes one line (or several, separated by newlines) and flushes.
    pub fn line(&self, text: &str) {
        let mut sink = self.sink.lock();
        if !self.open.load(Relaxed) {
            return;
        }
        // A closed pipe means nobody listens any more; the engine ends at the
        // end of its input, so there is nothing better to do than go on.
        let _ = writeln!(sink, "{text}").and_then(|()| sink.flush());
    }

    /// Writes `info string <text>`.
    pub fn info_string(&self, text: &str) {
        self.line(&format!("info string {text}"));
    }

    /// Writes `info string error: <text>`.
    pub fn error(&self, text: &str) {
        self.line(&format!("info string error: {text}"));
    }
}
