//! Drives the real `ludus` binary over pipes.

#![allow(dead_code)]

pub mod countdown;
pub mod exact;
pub mod rng;
pub mod rules;
pub mod scratch;
pub mod walk;

use std::io::{BufRead, BufReader, Write};
use std::sync::Arc;

use parking_lot::Mutex;
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Generous: tests must pass on a slow, busy machine.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    pub transcript: Vec<String>,
}

impl Engine {
    /// Starts `ludus` with `args`.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the ludus binary starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            transcript: Vec::new(),
        }
    }

    /// Starts `ludus` with Alak searched rather than looked up in its solved
    /// table (which answers at once): for tests of a running search.
    pub fn searching() -> Engine {
        let mut engine = Engine::start(&[]);
        engine.send("setoption name AlakSolution value false");
        engine
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        writeln!(stdin, "{line}").expect("the engine reads its input");
        stdin.flush().unwrap();
    }

    /// Closes the engine's input.
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, if one comes within `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `done`; returns them all (the last
    /// one included). Panics with the transcript if none comes in time.
    pub fn read_until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let finished = done(&line);
                    lines.push(line);
                    if finished {
                        return lines;
                    }
                }
                None => panic!("no expected line in time; got {lines:#?}"),
            }
        }
    }

    /// Sends `line` and returns the next line that starts with `prefix`.
    pub fn ask(&mut self, line: &str, prefix: &str) -> String {
        self.send(line);
        self.read_until(|l| l.starts_with(prefix)).pop().unwrap()
    }

    /// Lines that arrive within `wait` (for checking that nothing comes).
    pub fn lines_within(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut lines = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            lines.push(line);
        }
        lines
    }

    /// Reads lines for `wait` and checks none of them is a `bestmove` (a
    /// search that must still be running); returns them.
    pub fn no_bestmove_within(&mut self, wait: Duration) -> Vec<String> {
        let lines = self.lines_within(wait);
        assert!(
            !lines.iter().any(|l| l.starts_with("bestmove")),
            "bestmove too early: {lines:#?}"
        );
        lines
    }

    /// Waits for the process to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends each input and checks that it is answered with an error line
    /// containing the expected text.
    pub fn expect_errors(&mut self, cases: &[(&str, &str)]) {
        for &(input, expected) in cases {
            self.send(input);
            let error = self
                .read_until(|l| l.starts_with("info string error:"))
                .pop()
                .unwrap();
            assert!(error.contains(expected), "'{input}' gave '{error}'");
        }
    }

    /// Sets `position` (the words after `position`), sends `go <limits>`,
    /// and returns every line up to the `bestmove` line (included).
    pub fn search(&mut self, position: &str, limits: &str) -> Vec<String> {
        self.send(&format!("position {position}"));
        self.send(&format!("go {limits}"));
        self.read_until(|l| l.starts_with("bestmove"))
    }

    /// `query moves` as a list.
    pub fn legal_moves(&mut self) -> Vec<String> {
        let response = self.ask("query moves", "response");
        response
            .split_whitespace()
            .skip(1)
            .map(str::to_string)
            .collect()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Checks that some line of a search's output contains `text` (e.g. an
/// `info` line's `score mate 1 `).
pub fn assert_reported(lines: &[String], text: &str) {
    assert!(
        lines.iter().any(|l| l.contains(text)),
        "no '{text}' in {lines:#?}"
    );
}

/// Runs `ludus` with `args` and `input` piped in, its input then closed (as
/// `printf ... | ludus` does); returns once it exits.
pub fn piped(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ludus binary starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    // Written on a thread: the engine answers while it reads.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().expect("ludus exits");
    writer.join().unwrap();
    output
}

/// The move of a `bestmove` line.
pub fn best_move(line: &str) -> &str {
    line.split_whitespace().nth(1).expect("bestmove has a move")
}

/// An output sink a test can read back (for in-process engines and jobs).
#[derive(Clone, Default)]
pub struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    /// Everything written from byte `offset` on.
    pub fn text_from(&self, offset: usize) -> String {
        String::from_utf8_lossy(&self.0.lock()[offset..]).into_owned()
    }

    /// Bytes written so far.
    pub fn len(&self) -> usize {
        self.0.lock().len()
    }

    /// Everything written so far, emptying the buffer (long runs stay small).
    pub fn take(&self) -> String {
        let bytes = std::mem::take(&mut *self.0.lock());
        String::from_utf8_lossy(&bytes).into_owned()
    }
}

/// What a test reads of an `info depth` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The iteration's depth.
    pub depth: u32,
    /// Which line (1 = best).
    pub multipv: usize,
    /// The score, comparable across kinds: centipawns as they are, a
    /// forced win in m moves as 1 000 000 − m, a forced loss in m as
    /// −1 000 000 + m.
    pub score: i64,
    /// Whether the score is only a bound (`lowerbound`/`upperbound`).
    pub bound: bool,
    /// The principal variation.
    pub pv: Vec<String>,
}

impl Info {
    /// The fields of an `info depth` line; `None` for any other line.
    pub fn parse(line: &str) -> Option<Info> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.get(..2) != Some(&["info", "depth"]) {
            return None;
        }
        let after = |key: &str| {
            let at = words.iter().position(|w| *w == key)?;
            words.get(at + 1).copied()
        };
        let number = |key: &str| after(key)?.parse::<i64>().ok();
        let score = match after("score")? {
            "cp" => number("cp")?,
            "mate" => match number("mate")? {
                m if m > 0 => 1_000_000 - m,
                m => -1_000_000 - m,
            },
            _ => return None,
        };
        let pv_at = words.iter().position(|w| *w == "pv")?;
        Some(Info {
            depth: number("depth")? as u32,
            multipv: number("multipv")? as usize,
            score,
            bound: words.contains(&"lowerbound") || words.contains(&"upperbound"),
            pv: words[pv_at + 1..].iter().map(|w| w.to_string()).collect(),
        })
    }

    /// The line's first move.
    pub fn first_move(&self) -> &str {
        self.pv.first().map_or("", String::as_str)
    }
}

/// The `info depth` lines among `lines`, parsed.
pub fn infos(lines: &[String]) -> Vec<Info> {
    lines.iter().filter_map(|l| Info::parse(l)).collect()
}
