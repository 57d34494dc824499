//! An engine subprocess: its input, its output read line by line on a
//! thread of its own into a channel (so every read can time out, and each
//! line carries the moment it was read), and its standard error kept for
//! the failure messages ([`super::stderr`]).

use std::io::{BufRead, BufReader, Write};
use std::ops::Deref;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError};

use super::config::EngineSpec;
use super::stderr::{open_copy, quoted, StderrTail};
use ludus_rules::protocol::Dialect;

/// Why an engine did not give the answer awaited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process exited (or closed its output, or its input broke).
    Crashed,
    /// Nothing suitable came before the deadline.
    TimedOut,
    /// The process was ended by a termination signal (SIGHUP, SIGINT,
    /// SIGTERM; its name here) from outside: a scheduler stopping the job or
    /// a Ctrl-C, which end the runner too, so the game cannot be scored.
    Stopped(&'static str),
}

impl Failure {
    /// What happened to the engine `name`, as a sentence without its end:
    /// `engine x exited`.
    pub fn describe(&self, name: &str) -> String {
        match self {
            Failure::Crashed => format!("engine {name} exited"),
            Failure::TimedOut => format!("engine {name} did not answer in time"),
            Failure::Stopped(signal) => format!("engine {name} was stopped by {signal}"),
        }
    }
}

/// A line of an engine's output, with the moment the reader took it from
/// the pipe: a clock that stops there does not count the time the line
/// then waited for its reader to be scheduled. It reads as its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The text, without its end of line.
    pub text: String,
    /// When it was read.
    pub read_at: Instant,
}

impl Deref for Line {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    stderr: StderrTail,
    proto: Dialect,
}

impl EngineProcess {
    /// Starts the program of `spec`; fails if it cannot be run at all (or
    /// its `stderr` file cannot be opened).
    pub fn start(spec: &EngineSpec) -> Result<EngineProcess, String> {
        let copy = spec.stderr.as_deref().map(open_copy).transpose()?;
        let mut command = Command::new(&spec.cmd);
        command
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &spec.dir {
            command.current_dir(dir);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start engine {} ('{}'): {e}", spec.name, spec.cmd))?;
        let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("engine {}: no pipes", spec.name));
        };
        let readers = read_output(stdout, &spec.name).and_then(|lines| {
            let tail = StderrTail::start(stderr, child.id(), &spec.name, copy)?;
            Ok((lines, tail))
        });
        let (lines, tail) = match readers {
            Ok(readers) => readers,
            Err(error) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "engine {}: cannot start a reader: {error}",
                    spec.name
                ));
            }
        };
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            stderr: tail,
            proto: spec.proto,
        })
    }

    /// The engine's output lines as they arrive, for a caller that waits on
    /// other channels too (a board waiting for the user or the engine).
    pub fn output(&self) -> &Receiver<Line> {
        &self.lines
    }

    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// What `failure` of the engine `name` was, as a message: a first
    /// line saying what happened, with how an engine that exited ended
    /// (its exit status or signal) and then `context` (` at its
    /// handshake`); then, on lines of their own, the last lines of its
    /// standard error, for an engine that exited or did not answer in time
    /// (it may have said why).
    pub fn explain(&mut self, failure: &Failure, name: &str, context: &str) -> String {
        let mut text = failure.describe(name);
        if *failure == Failure::Crashed {
            if let Ok(Some(status)) = self.child.try_wait() {
                text.push_str(&format!(" ({})", exit_words(status)));
            }
        }
        text.push_str(context);
        if !matches!(failure, Failure::Stopped(_)) {
            text.push_str(&quoted(&self.stderr.last_lines()));
        }
        text
    }

    /// The dialect.
    pub fn proto(&self) -> Dialect {
        self.proto
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        log::debug!("> {line}");
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| self.ended())
    }

    /// The next line before `deadline`.
    pub fn next_line(&mut self, deadline: Instant) -> Result<String, Failure> {
        self.next_read_line(deadline).map(|line| line.text)
    }

    /// The next line before `deadline`, with the moment it was read.
    pub fn next_read_line(&mut self, deadline: Instant) -> Result<Line, Failure> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => {
                log::debug!("< {}", line.text);
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::TimedOut),
            Err(RecvTimeoutError::Disconnected) => Err(self.ended()),
        }
    }

    /// Why the pipes broke: a termination signal from outside, or a crash.
    /// Waits a moment for the exit, as the pipes close just before it.
    fn ended(&mut self) -> Failure {
        let deadline = Instant::now() + Duration::from_secs(1);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    return stop_signal(status).map_or(Failure::Crashed, Failure::Stopped)
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                _ => return Failure::Crashed,
            }
        }
    }

    /// Reads lines until one whose first word is `word`; returns the lines
    /// before it.
    pub fn wait_for(&mut self, word: &str, timeout: Duration) -> Result<Vec<String>, Failure> {
        let deadline = Instant::now() + timeout;
        let mut before = Vec::new();
        loop {
            let line = self.next_line(deadline)?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(before);
            }
            before.push(line);
        }
    }

    /// The handshake: `uci`/`ugi` until `uciok`/`ugiok`; returns the lines
    /// the engine sent (its `id` and `option` declarations).
    pub fn handshake(&mut self, timeout: Duration) -> Result<Vec<String>, Failure> {
        self.send(self.proto.handshake())?;
        self.wait_for(self.proto.handshake_done(), timeout)
    }

    /// `isready` until `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for("readyok", timeout).map(|_| ())
    }

    /// Whether the process has exited.
    pub fn has_exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }

    /// Asks the engine to quit, and kills it if it has not within a moment.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if self.has_exited() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if !self.has_exited() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Reads `stdout` line by line on a new thread into the returned channel,
/// each line with the moment it was read.
fn read_output(
    stdout: impl std::io::Read + Send + 'static,
    name: &str,
) -> std::io::Result<Receiver<Line>> {
    let (sender, lines) = crossbeam_channel::unbounded();
    std::thread::Builder::new()
        .name(format!("engine-{name}"))
        .spawn(move || {
            for text in BufReader::new(stdout).lines() {
                let read_at = Instant::now();
                // A line that is not UTF-8 ends the engine's output, as a
                // crash would: nothing sensible follows it.
                let Ok(text) = text else { break };
                if sender.send(Line { text, read_at }).is_err() {
                    break;
                }
            }
        })?;
    Ok(lines)
}

/// How a process ended, in words: `exit status 1`, `killed by SIGKILL`.
#[cfg(unix)]
fn exit_words(status: ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(signal)) => match signal_name(signal) {
            Some(name) => format!("killed by {name}"),
            None => format!("killed by signal {signal}"),
        },
        (None, None) => status.to_string(),
    }
}

/// How a process ended, in words.
#[cfg(not(unix))]
fn exit_words(status: ExitStatus) -> String {
    status.to_string()
}

/// The name of a common signal.
#[cfg(unix)]
fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        1 => "SIGHUP",
        2 => "SIGINT",
        6 => "SIGABRT",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        13 => "SIGPIPE",
        15 => "SIGTERM",
        _ => return None,
    })
}

/// The name of the termination signal that ended a process, if one did.
#[cfg(unix)]
fn stop_signal(status: ExitStatus) -> Option<&'static str> {
    use std::os::unix::process::ExitStatusExt;
    match status.signal()? {
        1 => Some("SIGHUP"),
        2 => Some("SIGINT"),
        15 => Some("SIGTERM"),
        _ => None,
    }
}

/// No termination signals outside Unix.
#[cfg(not(unix))]
fn stop_signal(_: ExitStatus) -> Option<&'static str> {
    None
}

/// Whether the handshake's `option name UCI_Variant type combo ... var X`
/// declaration, if there is one, offers the variant `game`.
pub fn offers_variant(declarations: &[String], game: &str) -> bool {
    for line in declarations {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() >= 3 && words[0] == "option" && words[2].eq_ignore_ascii_case("UCI_Variant")
        {
            return words
                .windows(2)
                .any(|w| w[0] == "var" && w[1].eq_ignore_ascii_case(game));
        }
    }
    true
}

/// Whether the handshake declares the option `name` (`option name <name>
/// type …`; names compared without regard to case, as `setoption` does).
pub fn announces_option(declarations: &[String], name: &str) -> bool {
    declaration(declarations, name).is_some()
}

/// The default value the handshake gives the option `name` (`… default
/// <value> [min|max|var …]`), if it declares one.
pub fn option_default(declarations: &[String], name: &str) -> Option<String> {
    let (_, rest) = declaration(declarations, name)?.split_once(" default ")?;
    let end = [" min ", " max ", " var "]
        .iter()
        .filter_map(|keyword| rest.find(keyword))
        .min()
        .unwrap_or(rest.len());
    Some(rest[..end].trim().to_string())
}

/// What follows the name in the declaration of the option `name` (from
/// ` type `), if the handshake has one.
fn declaration<'a>(declarations: &'a [String], name: &str) -> Option<&'a str> {
    declarations.iter().find_map(|line| {
        let (declared, rest) = line
            .trim()
            .strip_prefix("option name ")?
            .split_once(" type ")?;
        declared.trim().eq_ignore_ascii_case(name).then_some(rest)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_declarations() {
        let lines = vec![
            "id name x".to_string(),
            "option name UCI_Variant type combo default alak var alak var wyke".to_string(),
        ];
        assert!(offers_variant(&lines, "wyke"));
        assert!(!offers_variant(&lines, "wyx"));
        assert!(offers_variant(&["id name y".to_string()], "wyx"));
    }

    #[test]
    fn option_declarations() {
        let lines = vec![
            "id name x".to_string(),
            "option name Move Overhead type spin default 10 min 0 max 5000".to_string(),
            "option name Scoring type combo default game var game var margin".to_string(),
        ];
        assert!(announces_option(&lines, "scoring"));
        assert!(announces_option(&lines, "Move Overhead"));
        assert!(!announces_option(&lines, "Move"));
        assert!(!announces_option(&lines, "game"));
        assert!(!announces_option(&lines[..1], "Scoring"));
        assert_eq!(option_default(&lines, "SCORING").as_deref(), Some("game"));
        assert_eq!(
            option_default(&lines, "Move Overhead").as_deref(),
            Some("10")
        );
        assert_eq!(option_default(&lines, "Move"), None);
        let button = ["option name Clear Hash type button".to_string()];
        assert_eq!(option_default(&button, "Clear Hash"), None);
    }
}
