//! Engines that fail say why: the last lines of their standard error in the
//! runner's messages, an engine that never starts ending the match (not
//! scored game after game), and `stderr=FILE` keeping every line.

use super::{fake, fake_against_ludus, scratch};
use crate::common::{stderr_of, stdout_of, LUDUS};

#[test]
fn an_engine_that_cannot_start_stops_the_match_and_says_why() {
    let out = fake_against_ludus(&fake("nostart"), &["--games", "4"]);
    assert!(!out.status.success());
    assert!(!stdout_of(&out).contains("Finished game"), "{out:?}");
    let error = stderr_of(&out);
    let expected = "ludus: engine fake exited (exit status 1) at its handshake (uci); \
                    the match stopped after 0 finished games\n\
                    its last lines on stderr:\n    Traceback (most recent call last):\n";
    assert!(error.contains(expected), "{error}");
    assert!(
        error.contains("\n    ModuleNotFoundError: No module named 'ludus'\n"),
        "{error}"
    );
}

#[test]
fn an_engine_silent_at_its_handshake_stops_the_match_and_says_why() {
    let out = fake_against_ludus(
        &fake("mute"),
        &[
            "--games",
            "2",
            "--readytimeout",
            "0.5",
            "--each",
            "proto=ugi",
        ],
    );
    assert!(!out.status.success());
    let error = stderr_of(&out);
    let expected = "ludus: engine fake did not answer in time at its handshake (ugi); \
                    the match stopped after 0 finished games\n\
                    its last lines on stderr:\n    fake: waiting for the network file to load\n";
    assert!(error.contains(expected), "{error}");
}

#[test]
fn a_crash_in_play_is_scored_and_its_stderr_shown() {
    let out = fake_against_ludus(&fake("crash"), &["--games", "2"]);
    assert!(out.status.success(), "{out:?}");
    let text = stdout_of(&out);
    assert!(
        text.contains("Finished game 1 (fake vs ludus): 0-1 {fake crashes}"),
        "{text}"
    );
    let error = stderr_of(&out);
    let warning = "warning: engine fake exited (exit status 3)\n\
                   its last lines on stderr:\n    fake: cannot search: out of memory\n";
    assert_eq!(error.matches(warning).count(), 2, "{error}");
}

#[test]
fn a_stderr_file_keeps_every_line_of_every_process() {
    let dir = scratch("stderr-file");
    let file = dir.join("fake.err");
    let (fake, key) = (
        format!("cmd={}", fake("crash")),
        format!("stderr={}", file.display()),
    );
    let ludus = format!("cmd={LUDUS}");
    let out = crate::common::ludus(&[
        "match",
        "--game",
        "alak",
        "--engine",
        &fake,
        "name=fake",
        &key,
        "--engine",
        &ludus,
        "--depth",
        "1",
        "--games",
        "2",
    ]);
    assert!(out.status.success(), "{out:?}");
    // One line from each of the two processes (the first crashed), each
    // with its process id.
    let kept = std::fs::read_to_string(&file).unwrap();
    let pids: Vec<&str> = kept
        .lines()
        .map(|line| {
            let (pid, text) = line.split_once("] ").expect("[pid] line");
            assert_eq!(text, "fake: cannot search: out of memory", "{kept}");
            pid
        })
        .collect();
    assert_eq!(pids.len(), 2, "{kept}");
    assert_ne!(pids[0], pids[1], "{kept}");
}

#[test]
fn an_option_the_engine_refuses_stops_the_match_and_says_why() {
    let out = fake_against_ludus(
        LUDUS,
        &["--games", "2", "--each", "option.EvalFile=no/such.nnue"],
    );
    assert!(!out.status.success());
    assert!(!stdout_of(&out).contains("Finished game"), "{out:?}");
    let error = stderr_of(&out);
    assert!(
        error.contains("ludus: engine fake refused its setup: info string error: "),
        "{error}"
    );
    assert!(error.contains("no/such.nnue"), "{error}");
}
