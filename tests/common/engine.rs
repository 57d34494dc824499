//! A `ludus` daemon driven over pipes: lines sent, lines awaited with
//! patience, the process killed when the test is done with it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::PATIENCE;

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
        let mut child = super::spawn(args, Stdio::piped(), Stdio::null());
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

    /// Sends `go <limits>`, checks the `bestmove` is a legal move of the
    /// current position, and returns it.
    pub fn legal_bestmove(&mut self, limits: &str) -> String {
        let mv = super::best_move(&self.ask(&format!("go {limits}"), "bestmove")).to_string();
        assert!(self.legal_moves().contains(&mv), "'{mv}' is not legal here");
        mv
    }

    /// Starts `ludus` with Alak searched rather than looked up in its solved
    /// table (which answers at once): for tests of a running search.
    pub fn searching() -> Engine {
        let mut engine = Engine::start(&[]);
        engine.send("setoption name AlakSolution value false");
        engine
    }

    /// Sends `hello` (`uci` or `ugi`) and returns the lines up to its
    /// `uciok` or `ugiok` (included).
    pub fn handshake(&mut self, hello: &str) -> Vec<String> {
        self.send(hello);
        let ok = format!("{hello}ok");
        self.read_until(|l| l == ok)
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
        assert_eq!(bestmoves(&lines), 0, "bestmove too early: {lines:#?}");
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

/// How many of `lines` are `bestmove` answers.
pub fn bestmoves(lines: &[String]) -> usize {
    lines.iter().filter(|l| l.starts_with("bestmove")).count()
}
