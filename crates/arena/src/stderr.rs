//! An engine's standard error, read on a thread of its own: its last lines
//! are kept, so that a failure can say why (a Python traceback, a missing
//! file), and every line can be copied to a file (the `stderr=FILE` engine
//! key, as cutechess's debug logs keep an engine's output).

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crossbeam_channel::Receiver;

/// How many of the last lines are kept.
const KEPT_LINES: usize = 12;
/// A kept line is cut after this many characters.
const KEPT_CHARS: usize = 300;
/// How long a failure message waits for the rest of the output of an
/// engine that has exited (its pipe closes with it, unless a child of the
/// engine still holds it).
const DRAIN_WAIT: Duration = Duration::from_millis(500);

/// The reading end: the last lines, and whether the pipe has closed.
pub struct StderrTail {
    lines: Arc<Mutex<VecDeque<String>>>,
    closed: Receiver<()>,
}

impl StderrTail {
    /// Reads `pipe` (engine `pid`'s standard error) on a new thread,
    /// copying every line to `copy` if given. Fails if the thread cannot
    /// be started.
    pub fn start(
        pipe: impl Read + Send + 'static,
        pid: u32,
        name: &str,
        copy: Option<File>,
    ) -> std::io::Result<StderrTail> {
        let lines = Arc::new(Mutex::new(VecDeque::with_capacity(KEPT_LINES)));
        let (closing, closed) = crossbeam_channel::bounded(0);
        let kept = Arc::clone(&lines);
        std::thread::Builder::new()
            .name(format!("stderr-{name}"))
            .spawn(move || {
                read_lines(pipe, pid, &kept, copy);
                // Dropping the sender tells waiters the pipe is closed.
                drop(closing);
            })?;
        Ok(StderrTail { lines, closed })
    }

    /// The last lines the engine wrote, oldest first, once its pipe has
    /// closed or after a short wait.
    pub fn last_lines(&self) -> Vec<String> {
        let _ = self.closed.recv_deadline(Instant::now() + DRAIN_WAIT);
        self.lines
            .lock()
            .map(|lines| lines.iter().cloned().collect())
            .unwrap_or_default()
    }
}

/// Keeps the last lines of `pipe` in `kept` and copies each to `copy`,
/// prefixed with the engine's `pid` (several processes of one engine may
/// share the file), until the pipe closes.
fn read_lines(pipe: impl Read, pid: u32, kept: &Mutex<VecDeque<String>>, mut copy: Option<File>) {
    let mut reader = BufReader::new(pipe);
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match reader.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&bytes);
        let line = text.trim_end_matches(['\n', '\r']);
        if let Some(file) = &mut copy {
            // One write a line: lines of processes sharing the file stay
            // whole. A file that fails is given up, not the engine.
            if file
                .write_all(format!("[{pid}] {line}\n").as_bytes())
                .is_err()
            {
                copy = None;
            }
        }
        if let Ok(mut kept) = kept.lock() {
            if kept.len() == KEPT_LINES {
                kept.pop_front();
            }
            kept.push_back(line.chars().take(KEPT_CHARS).collect());
        }
    }
}

/// Opens `path` for an engine's standard error, appending.
pub fn open_copy(path: &Path) -> Result<File, String> {
    File::options()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open stderr file {}: {e}", path.display()))
}

/// `lines` as the end of a failure message, after its first line: `its
/// last lines on stderr:` and the lines indented, or nothing without lines.
pub fn quoted(lines: &[String]) -> String {
    let lines: Vec<&String> = lines.iter().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        return String::new();
    }
    let mut text = String::from("\nits last lines on stderr:");
    for line in lines {
        text.push_str("\n    ");
        text.push_str(line);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_lines_are_kept_and_quoted() {
        let text: String = (1..=20).map(|i| format!("line {i}\r\n")).collect();
        let tail = StderrTail::start(std::io::Cursor::new(text), 7, "x", None).unwrap();
        let lines = tail.last_lines();
        assert_eq!(lines.len(), KEPT_LINES);
        assert_eq!(lines[0], "line 9");
        assert_eq!(lines[KEPT_LINES - 1], "line 20");
        let quoted = quoted(&lines[10..]);
        assert_eq!(
            quoted,
            "\nits last lines on stderr:\n    line 19\n    line 20"
        );
        assert_eq!(super::quoted(&["  ".to_string()]), "");
    }

    #[test]
    fn long_lines_and_bad_bytes_are_cut_and_replaced() {
        let mut bytes = vec![b'a'; 1000];
        bytes.extend_from_slice(b"\n\xff\xfe tail");
        let tail = StderrTail::start(std::io::Cursor::new(bytes), 7, "x", None).unwrap();
        let lines = tail.last_lines();
        assert_eq!(lines[0].len(), KEPT_CHARS);
        assert_eq!(lines[1], "\u{fffd}\u{fffd} tail");
    }
}
