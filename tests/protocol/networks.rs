//! The evaluation options over pipes: `Eval` and `EvalFile` announced,
//! a network file loaded and used, and every bad value refused with the
//! evaluation left as it was.

use std::path::{Path, PathBuf};

use ludus_engine::nnue::Network;
use ludus_rules::games::wyx::Wyx;
use ludus_rules::Searchable;

use crate::common::engine::Engine;
use crate::common::info::infos;
use crate::common::network::random_network;
use crate::common::scratch::Scratch;

/// Wyx's input count.
fn wyx_inputs() -> usize {
    Wyx::NET_INPUTS.expect("wyx has network inputs").count
}

/// A daemon playing Wyx.
fn wyx_engine() -> Engine {
    let mut engine = Engine::start(&[]);
    engine.handshake("uci");
    engine.send("setoption name UCI_Variant value wyx");
    engine
}

/// Writes `network` to `name` in `scratch` and returns its path.
fn written(scratch: &Scratch, name: &str, network: &Network) -> PathBuf {
    let path = scratch.join(name);
    std::fs::write(&path, network.to_bytes()).unwrap();
    path
}

/// A scratch directory `name` holding `wyx.nnue`, a random Wyx network
/// drawn from `seed`, and that file's path.
fn wyx_network(name: &str, seed: u64) -> (Scratch, PathBuf) {
    let scratch = Scratch::new(name);
    let network = random_network("wyx", wyx_inputs(), 16, seed);
    let path = written(&scratch, "wyx.nnue", &network);
    (scratch, path)
}

/// Loads the network file `path` into `engine`; returns the engine's
/// answer.
fn load(engine: &mut Engine, path: &Path) -> String {
    engine.send(&format!("setoption name EvalFile value {}", path.display()));
    let answer = engine.read_until(|l| l.starts_with("info string EvalFile"));
    answer.last().unwrap().clone()
}

/// The score and best move of a fixed-depth search of the start.
fn searched(engine: &mut Engine) -> (i64, String) {
    let lines = engine.search("startpos", "depth 4");
    let last = infos(&lines).pop().expect("an info line with a score");
    let best = lines.last().unwrap().clone();
    (last.score, best)
}

#[test]
fn eval_options_are_announced() {
    let mut engine = Engine::start(&[]);
    let lines = engine.handshake("uci");
    assert!(
        lines.contains(&"option name Eval type combo default net var net var linear".to_string())
    );
    assert!(lines.contains(&"option name EvalFile type string default <built-in>".to_string()));
}

#[test]
fn a_loaded_network_is_what_the_search_evaluates_with() {
    let (scratch, path) = wyx_network("evalfile", 7);
    let mut engine = wyx_engine();
    engine.send("setoption name Eval value linear");
    let linear = searched(&mut engine);
    let loaded = load(&mut engine, &path);
    assert!(loaded.contains("wyx network loaded"), "{loaded}");
    // Still linear until Eval says net.
    assert_eq!(searched(&mut engine), linear);
    engine.send("setoption name Eval value net");
    let net = searched(&mut engine);
    assert_ne!(net.0, linear.0, "the network's score is the linear one's");
    // A bad file afterwards leaves the loaded network in use.
    let damaged = scratch.join("damaged.nnue");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[40] ^= 1;
    std::fs::write(&damaged, bytes).unwrap();
    engine.expect_errors(&[(
        &format!("setoption name EvalFile value {}", damaged.display()),
        "checksum",
    )]);
    assert_eq!(searched(&mut engine), net);
    // And the built-in evaluation comes back on request.
    engine.send("setoption name EvalFile value <built-in>");
    engine.send("setoption name Eval value linear");
    assert_eq!(searched(&mut engine), linear);
}

#[test]
fn a_limited_level_evaluates_as_full_strength_does() {
    let (_scratch, path) = wyx_network("evalfile-level", 9);
    let mut engine = wyx_engine();
    load(&mut engine, &path);
    // Every line's score at every depth, as a level searches its lines.
    let scores = |engine: &mut Engine| -> Vec<i64> {
        let lines = engine.search("startpos", "depth 4");
        infos(&lines).iter().map(|info| info.score).collect()
    };
    for level in ["10", "20"] {
        engine.send(&format!("setoption name Skill Level value {level}"));
        engine.send("setoption name Eval value net");
        let net = scores(&mut engine);
        engine.send("setoption name Eval value linear");
        assert_ne!(scores(&mut engine), net, "level {level} plays the network");
    }
}

#[test]
fn bad_evaluation_options_are_refused() {
    let scratch = Scratch::new("evalfile-bad");
    let other_game = written(
        &scratch,
        "alak.nnue",
        &random_network("alak", wyx_inputs(), 8, 1),
    );
    let other_inputs = written(
        &scratch,
        "inputs.nnue",
        &random_network("wyx", wyx_inputs() + 1, 8, 1),
    );
    let not_a_network = scratch.join("text.nnue");
    std::fs::write(
        &not_a_network,
        "# ludus datagen wyx\nnot a network at all\n",
    )
    .unwrap();
    let mut engine = wyx_engine();
    engine.expect_errors(&[
        ("setoption name Eval value neural", "takes net or linear"),
        ("setoption name Eval", "takes net or linear"),
        (
            &format!(
                "setoption name EvalFile value {}",
                scratch.join("missing").display()
            ),
            "cannot read",
        ),
        (
            &format!("setoption name EvalFile value {}", other_game.display()),
            "for alak, not wyx",
        ),
        (
            &format!("setoption name EvalFile value {}", other_inputs.display()),
            "inputs",
        ),
        (
            &format!("setoption name EvalFile value {}", not_a_network.display()),
            "not a ludus network file",
        ),
    ]);
    // Nothing was loaded: the search is the linear one's.
    let default = searched(&mut engine);
    engine.send("setoption name Eval value linear");
    assert_eq!(searched(&mut engine), default);
}
