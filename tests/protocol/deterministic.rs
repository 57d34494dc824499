//! The `Deterministic` option over pipes: with two threads, the same
//! depth- or node-limited search prints the same lines (time and speed
//! aside) and the same `bestmove` on every run, in several games.

use crate::common::Engine;

/// Runs per search compared.
const RUNS: usize = 5;

/// An `info` or `bestmove` line without its time and speed, the only
/// fields that may differ between runs.
fn without_timing(line: &str) -> String {
    let mut words = Vec::new();
    let mut tokens = line.split_whitespace();
    while let Some(token) = tokens.next() {
        if token == "time" || token == "nps" {
            tokens.next();
        } else {
            words.push(token);
        }
    }
    words.join(" ")
}

/// A new engine playing `game` with two deterministic threads. The bad
/// value sent after the good one is refused and changes nothing.
fn deterministic_engine(game: &str) -> Engine {
    let mut engine = Engine::start(&[]);
    engine.send(&format!("setoption name UCI_Variant value {game}"));
    engine.send("setoption name Threads value 2");
    engine.send("setoption name Deterministic value true");
    let error = engine.ask(
        "setoption name Deterministic value on",
        "info string error:",
    );
    assert!(error.contains("takes true or false"), "{error}");
    // The game's tables are ready before the search, so no run finds them
    // half built.
    engine.ask("isready", "readyok");
    engine
}

/// The search's lines, timing removed.
fn searched(engine: &mut Engine, position: &str, limits: &str) -> Vec<String> {
    let lines = engine.search(position, limits);
    lines
        .iter()
        .filter(|l| l.starts_with("info depth") || l.starts_with("bestmove"))
        .map(|l| without_timing(l))
        .collect()
}

/// Runs the search `RUNS` times, each in a new process (the last one a
/// second time after `ucinewgame`), and checks every run prints what the
/// first did.
fn assert_repeatable(game: &str, position: &str, limits: &str) {
    let mut first: Option<Vec<String>> = None;
    for run in 0..RUNS {
        let mut engine = deterministic_engine(game);
        let mut outputs = vec![searched(&mut engine, position, limits)];
        if run == RUNS - 1 {
            engine.send("ucinewgame");
            outputs.push(searched(&mut engine, position, limits));
        }
        for output in outputs {
            assert!(
                output.len() >= 3,
                "{game} {limits}: a few iterations: {output:#?}"
            );
            match &first {
                None => first = Some(output),
                Some(expected) => assert_eq!(
                    &output, expected,
                    "{game} '{position}' go {limits}: run {run} differs"
                ),
            }
        }
    }
}

#[test]
fn the_option_is_announced_and_checked() {
    let mut engine = Engine::start(&[]);
    let lines = engine.handshake("uci");
    assert!(
        lines.contains(&"option name Deterministic type check default false".to_string()),
        "{lines:#?}"
    );
    engine.expect_errors(&[
        ("setoption name Deterministic", "takes true or false"),
        (
            "setoption name Deterministic value 1",
            "takes true or false",
        ),
    ]);
    engine.send("setoption name Deterministic value false");
    engine.send("setoption name Deterministic value true");
    engine.ask("isready", "readyok");
    assert!(
        !engine
            .transcript
            .iter()
            .any(|l| l.contains("error") && !l.contains("takes true or false")),
        "{:#?}",
        engine.transcript
    );
}

/// Per game, searches to a depth and to a node count (game, position,
/// limit).
const REPEATED: [(&str, &str, &str); 6] = [
    ("wyke", "startpos", "depth 5"),
    ("wyke", "startpos moves 4(b2)", "nodes 150000"),
    ("pylyx10", "startpos", "depth 6"),
    (
        "pylyx10",
        "fen 10/10/5A4/4a1b3/3a6/6A3/4aC1c2/10/5C4/10 w 0 0",
        "nodes 150000",
    ),
    ("wyx", "startpos", "depth 6"),
    ("wyx", "startpos", "nodes 150000"),
];

#[test]
fn depth_and_nodes_repeat_exactly() {
    for (game, position, limits) in REPEATED {
        assert_repeatable(game, position, limits);
    }
}

#[test]
fn multipv_lines_repeat_exactly() {
    let mut engine = deterministic_engine("pylyx10");
    engine.send("setoption name MultiPV value 3");
    let expected = searched(&mut engine, "startpos", "depth 5");
    assert!(expected.iter().any(|l| l.contains(" multipv 3 ")));
    for _ in 1..RUNS {
        engine.send("ucinewgame");
        assert_eq!(searched(&mut engine, "startpos", "depth 5"), expected);
    }
}
