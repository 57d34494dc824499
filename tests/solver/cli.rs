//! `ludus solve` on the command line: a position of any game solved, its
//! proof written and checked, tampered proofs refused, the named targets
//! still solved outright, and every bad input answered with a message
//! and a non-zero exit.

use crate::common::scratch::Scratch;
use crate::common::{assert_contains_all, ludus, stderr_of, stdout_of, succeed};
use ludus_rules::games::{visit_game, GameVisitor, GAME_NAMES};
use ludus_rules::Tooling;

#[test]
fn a_position_is_solved_its_proof_written_and_checked() {
    let scratch = Scratch::new("solve");
    let proof = scratch.join("endgame.proof");
    let proof = proof.to_str().unwrap();
    let from = "8800/0088/8800/4555 d 3-1 4";
    let text = succeed(&["solve", "wyke", "--from", from, "--proof", proof]);
    assert_contains_all(
        &text,
        &[
            "value: win in at most 7 plies",
            "move: ",
            "(win in at most 7 plies, 47 nodes, checked)",
        ],
    );

    assert_eq!(
        succeed(&["solve", "--verify", proof]),
        "sound proof: wyke 8800/0088/8800/4555 d 3-1 4: win in at most 7 plies (47 nodes)\n"
    );

    // A node left out of the file: refused, the node named.
    let text = std::fs::read_to_string(proof).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let last_node = lines.iter().rposition(|l| l.starts_with("node ")).unwrap();
    lines.remove(last_node);
    let tampered = scratch.join("tampered.proof");
    std::fs::write(&tampered, lines.join("\n") + "\n").unwrap();
    let output = ludus(&["solve", "--verify", tampered.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let error = stderr_of(&output);
    assert!(error.contains("proof refused: line "), "{error}");
    assert!(error.contains(": node "), "{error}");
    assert!(stdout_of(&output).is_empty());
}

#[test]
fn the_named_targets_are_still_solved_outright() {
    let output = ludus(&["solve", "alak"]);
    assert!(output.status.success());
    assert!(stdout_of(&output).contains("start position xxxx___oooo x: draw"));
    let output = ludus(&["solve", "wyke-endgames"]);
    assert!(output.status.success());
    assert!(stdout_of(&output).contains("draws: 0"));
    // As the guide shows it (docs/src/solving.md); some seconds.
    let late = succeed(&["solve", "wyke-late"]);
    assert_contains_all(
        &late,
        &[
            "claim layouts (nobody winning): 4493120",
            "draws: 7920",
            "a drawn position: 8508/5000/8501/8828 b 1-1-1-1-1 3-1",
            "structures solved: 13 (16326800 states)",
            "longest forced win: 21 plies",
        ],
    );
    // With a solver option, alak is the game: its start, proved a draw.
    assert_contains_all(
        &succeed(&["solve", "alak", "--no-tables"]),
        &["value: draw"],
    );
}

struct StartFen;

impl GameVisitor for StartFen {
    type Output = String;
    fn visit<G: Tooling>(self) -> String {
        G::startpos().to_fen()
    }
}

#[test]
fn from_takes_a_position_of_every_game_and_reports_what_is_open() {
    for game in GAME_NAMES {
        let fen = visit_game(game, StartFen).unwrap();
        let args = ["--budget", "300", "--hash", "16", "--no-tables"];
        let text = succeed(&[&["solve", game, "--from", &fen], &args[..]].concat());
        assert!(text.starts_with(&format!("position: {fen}\n")), "{text}");
        assert_contains_all(
            &text,
            &[
                "value: unknown",
                "p1 wins? proof number ",
                "most-proving position: ",
            ],
        );
    }
}

#[test]
fn bad_input_exits_non_zero_with_a_message() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["solve", "wyke", "--from", "3444/4444 b - -"],
            "bad position for wyke",
        ),
        (
            &["solve", "alak", "--from", "xx_o_o_ x"],
            "bad position for alak",
        ),
        (&["solve", "wyke", "--budget", "lots"], "bad budget 'lots'"),
        (&["solve", "wyke", "--budget", "0"], "bad budget '0'"),
        (&["solve", "wyke", "--budget", "5x"], "bad budget '5x'"),
        (&["solve", "chess", "--from", "x"], "unknown game 'chess'"),
        (
            &["solve", "--verify", "no/such/file.proof"],
            "cannot read the proof",
        ),
        (&["solve"], "give a game"),
        (
            &["solve", "wyke-endgames", "--budget", "1M"],
            "is solved outright",
        ),
        (
            &["solve", "alak", "--from", "x_oo_______ x"],
            "already over",
        ),
        (
            &["solve", "--verify", "a.proof", "--from", "x"],
            "cannot be used with",
        ),
        (&["solve", "wyke", "--hash", "0"], "0 is not in 1..=65536"),
    ];
    for (args, message) in cases {
        let output = ludus(args);
        assert!(!output.status.success(), "{args:?} succeeded");
        let error = stderr_of(&output);
        assert!(error.contains(message), "{args:?}: {error}");
        assert!(stdout_of(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn a_file_that_is_no_proof_is_refused() {
    let scratch = Scratch::new("solve-bad");
    let path = scratch.join("not.proof");
    std::fs::write(&path, "hello\n").unwrap();
    let output = ludus(&["solve", "--verify", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr_of(&output).contains("not a ludus proof file"));
}

#[test]
fn an_unknown_value_writes_no_proof() {
    let scratch = Scratch::new("solve-open");
    let path = scratch.join("open.proof");
    let path_text = path.to_str().unwrap();
    let text = succeed(&["solve", "wyke", "--budget", "200", "--proof", path_text]);
    assert_contains_all(&text, &["proof: not written (the value is unknown)"]);
    assert!(!path.exists());
}
