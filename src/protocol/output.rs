//! Protocol output: whole lines, flushed at once, from any thread.

use std::io::Write;
use std::sync::Arc;

use parking_lot::Mutex;

/// A shared line writer. Lines from different threads never interleave.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
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
        }
    }

    /// Writes one line (or several, separated by newlines) and flushes.
    pub fn line(&self, text: &str) {
        let mut sink = self.sink.lock();
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
