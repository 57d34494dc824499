//! Helpers shared by every test binary: the real `ludus` binary run once
//! or driven over pipes, what its output is read with, and the test games
//! and models below.

// Each test binary uses only some of the helpers.
#![allow(dead_code)]

pub mod countdown;
pub mod docs;
pub mod engine;
pub mod exact;
pub mod graph_game;
pub mod info;
pub mod minimax;
pub mod network;
pub mod pylyx_model;
pub mod retrograde;
pub mod rng;
pub mod rules;
pub mod scratch;
pub mod tune;
pub mod walk;

use std::ffi::OsStr;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::sync::Arc;
use std::time::Duration;

use parking_lot::Mutex;

// Re-exported for the tests that use them; not every binary does.
#[allow(unused_imports)]
pub use engine::{bestmoves, Engine};
#[allow(unused_imports)]
pub use info::{infos, Info};

/// Generous: tests must pass on a slow, busy machine.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The path of the `ludus` binary under test.
pub const LUDUS: &str = env!("CARGO_BIN_EXE_ludus");

/// Cargo's target directory: `CARGO_TARGET_DIR`, or the workspace's
/// `target`.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"))
}

/// The variable that points the tests started through [`command`] (the
/// README session among them) at another `ludus` binary than the one
/// cargo built: `.ci/run` runs the session with the release archive's
/// static binary so.
pub const BINARY_VARIABLE: &str = "LUDUS_TEST_BIN";

/// A command that runs the `ludus` binary under test ([`LUDUS`], or the
/// one [`BINARY_VARIABLE`] names), its input empty unless the caller
/// pipes one.
pub fn command() -> Command {
    let program = std::env::var_os(BINARY_VARIABLE).unwrap_or_else(|| LUDUS.into());
    let mut command = Command::new(program);
    command.stdin(Stdio::null());
    command
}

/// Starts `ludus` with `args`, its standard output piped, its input and
/// standard error as given (`Stdio::piped()` to write or read them).
pub fn spawn<S: AsRef<OsStr>>(
    args: impl IntoIterator<Item = S>,
    stdin: Stdio,
    stderr: Stdio,
) -> Child {
    command()
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the ludus binary starts")
}

/// Runs `ludus` with `args` (its input empty) and returns once it exits.
pub fn ludus<S: AsRef<OsStr>>(args: &[S]) -> Output {
    command()
        .args(args)
        .output()
        .expect("the ludus binary runs")
}

/// Runs `ludus` with `args` and returns its standard output; it must
/// succeed.
pub fn succeed<S: AsRef<OsStr> + std::fmt::Debug>(args: &[S]) -> String {
    let output = ludus(args);
    assert!(
        output.status.success(),
        "{args:?} failed: {}{}",
        stdout_of(&output),
        stderr_of(&output)
    );
    stdout_of(&output)
}

/// A finished process's standard output, as text.
pub fn stdout_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A finished process's standard error, as text.
pub fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Checks that `text` (a command's output, say) contains each of `parts`.
pub fn assert_contains_all(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "no '{part}' in:\n{text}");
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
    let mut child = spawn(args, Stdio::piped(), Stdio::piped());
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
