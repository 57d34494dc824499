//! Pylyx through the real binary: whole self-play games, the variant
//! option, perft and input errors.

mod common;

use common::{best_move, Engine};

/// Plays `game` against itself with `go depth 2` from the start until the
/// game ends; returns the moves, the final `query result` and the reason.
fn self_play(game: &str) -> (Vec<String>, String, String) {
    let mut engine = Engine::start(&["--game", game]);
    engine.send("ugi");
    engine.read_until(|l| l == "ugiok");
    engine.send("uginewgame");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..3000 {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        let legal = engine.legal_moves();
        engine.send("go depth 2");
        let lines = engine.read_until(|l| l.starts_with("bestmove"));
        let mv = best_move(lines.last().unwrap()).to_string();
        if mv == "(none)" {
            assert!(legal.is_empty(), "no move chosen but {legal:?} are legal");
            let reason = lines
                .iter()
                .find_map(|l| l.strip_prefix("info string game over: "))
                .expect("the reason is given")
                .to_string();
            let result = engine.ask("query result", "response");
            assert_eq!(engine.ask("query gameover", "response"), "response true");
            return (moves, result, reason);
        }
        assert!(legal.contains(&mv), "{mv} is not among {legal:?}");
        assert_eq!(engine.ask("query gameover", "response"), "response false");
        moves.push(mv);
    }
    panic!("{game}: no result after 3000 plies: {}", moves.join(" "));
}

fn check_finished_game(game: &str, checkers: usize) {
    let (moves, result, reason) = self_play(game);
    assert!(
        moves.len() >= 2 * checkers,
        "{game}: ended after {} plies",
        moves.len()
    );
    match result.as_str() {
        "response p1win" => assert_eq!(reason, format!("White made a stack of {checkers}")),
        "response p2win" => assert_eq!(reason, format!("Black made a stack of {checkers}")),
        "response draw" => assert!(
            reason.contains("threefold") || reason.contains("two passes"),
            "{reason}"
        ),
        other => panic!("{game}: unexpected result '{other}'"),
    }
}

#[test]
fn pylyx_self_play_game_reaches_a_result() {
    check_finished_game("pylyx", 10);
}

#[test]
fn pylyx10_self_play_game_reaches_a_result() {
    check_finished_game("pylyx10", 8);
}

#[test]
fn variant_option_lists_and_loads_both_sizes() {
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    let lines = engine.read_until(|l| l == "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("var alak") && l.contains("var pylyx var pylyx10")),
        "{lines:#?}"
    );
    let line = engine.ask(
        "setoption name UCI_Variant value pylyx10",
        "info string variant",
    );
    assert_eq!(
        line,
        "info string variant pylyx10 startpos 10/10/10/10/10/10/10/10/10/10 w 8 8"
    );
    assert_eq!(engine.legal_moves().len(), 64);
    engine.send("go perft 2");
    let lines = engine.read_until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 4032");
    let line = engine.ask(
        "setoption name UCI_Variant value pylyx",
        "info string variant",
    );
    assert!(line.ends_with("startpos 12/12/12/12/12/12/12/12/12/12/12/12 w 10 10"));
}

#[test]
fn pylyx_bad_input_gets_an_error_and_changes_nothing() {
    let mut engine = Engine::start(&["--game", "pylyx"]);
    engine.send("position startpos moves e5 f6");
    let cases = [
        ("position startpos moves e5 e5", "move 2 'e5'"),
        ("position startpos moves e5 f6 e9", "rank or file"),
        ("position startpos moves a1", "missing corner"),
        (
            "position startpos moves e5 f6 e5-d6",
            "placing is compulsory",
        ),
        (
            "position fen A11/12/12/12/12/12/12/12/12/12/12/12 b 9 10",
            "missing corner",
        ),
        (
            "position fen 12/12/12/12/12/12/12/12/12/12/12/12 w 10 9",
            "9 in all",
        ),
    ];
    for (input, expected) in cases {
        engine.send(input);
        let error = engine
            .read_until(|l| l.starts_with("info string error:"))
            .pop()
            .unwrap();
        assert!(error.contains(expected), "'{input}' gave '{error}'");
    }
    assert_eq!(
        engine.ask("query fen", "response"),
        "response 12/12/12/12/12/12/5a6/4A7/12/12/12/12 w 9 9"
    );
}
