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

    /// Writes `info string error: <text>`, with the control characters of
    /// `text` (which may quote the input) escaped.
    pub fn error(&self, text: &str) {
        self.line(&format!("info string error: {}", escape_controls(text)));
    }
}

/// `text` with every control character written as a Rust escape (`\u{0}`,
/// `\u{1b}`), so that no input byte reaches the output raw.
pub fn escape_controls(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            escaped.extend(c.escape_unicode());
        } else {
            escaped.push(c);
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::escape_controls;

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escape_controls("query\0 fen"), "query\\u{0} fen");
        assert_eq!(escape_controls("\x1b[2Jx\x7f"), "\\u{1b}[2Jx\\u{7f}");
        assert_eq!(escape_controls("plain é text"), "plain é text");
    }
}
