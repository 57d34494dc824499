//! Pylyx through the real binary: whole self-play games judged move by move
//! by the independent model (tests/common/pylyx_model.rs) — from the start, and from
//! positions near the end so that a stack win is played out — the variant
//! option, perft and input errors.

use crate::common::pylyx_model::Model;
use crate::common::{best_move, Engine};

/// A game played through the protocol: the moves the engine chose and its
/// final answers.
struct Played {
    moves: Vec<String>,
    result: String,
    reason: String,
    fen: String,
}

/// Plays `game` against itself with `go depth <depth>` from `start`
/// (`startpos` or `fen <position>`) until the engine says the game is over.
fn self_play(game: &str, start: &str, depth: u32) -> Played {
    let mut engine = Engine::start(&["--game", game]);
    engine.handshake("ugi");
    engine.send("uginewgame");
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..3000 {
        engine.send(&format!("position {start} moves {}", moves.join(" ")));
        let legal = engine.legal_moves();
        engine.send(&format!("go depth {depth}"));
        let lines = engine.read_until(|l| l.starts_with("bestmove"));
        let mv = best_move(lines.last().unwrap()).to_string();
        if mv == "(none)" {
            assert!(legal.is_empty(), "no move chosen but {legal:?} are legal");
            let reason = lines
                .iter()
                .find_map(|l| l.strip_prefix("info string game over: "))
                .expect("the reason is given")
                .to_string();
            assert_eq!(engine.ask("query gameover", "response"), "response true");
            let result = engine.ask("query result", "response")["response ".len()..].to_string();
            let fen = engine.ask("query fen", "response")["response ".len()..].to_string();
            return Played {
                moves,
                result,
                reason,
                fen,
            };
        }
        assert!(legal.contains(&mv), "{mv} is not among {legal:?}");
        assert_eq!(engine.ask("query gameover", "response"), "response false");
        moves.push(mv);
    }
    panic!("{game}: no result after 3000 plies: {}", moves.join(" "));
}

/// Judges a finished game with the independent model (tests/common/pylyx_model.rs),
/// not with the engine: every move must be legal there; the game must end
/// exactly where the model says the rules end it (a stack of all the
/// checkers, two passes in a row, or the third occurrence of a position),
/// and not before; and the engine's result, reason and final position must
/// agree. Returns the model's result.
fn judge(start_fen: &str, played: &Played) -> &'static str {
    let mut model = Model::parse(start_fen);
    let checkers = model.n - 2;
    let mut seen = vec![model.fen()];
    let ended = |model: &Model, seen: &[String]| {
        let current = model.fen();
        model.won || model.passes >= 2 || seen.iter().filter(|f| **f == current).count() >= 3
    };
    for (ply, mv) in played.moves.iter().enumerate() {
        assert!(
            !ended(&model, &seen),
            "the game was over before ply {ply} ({mv})"
        );
        assert!(
            model.moves().contains(mv),
            "ply {ply}: {mv} is illegal in {}",
            model.fen()
        );
        model = model.play(mv);
        seen.push(model.fen());
    }
    assert_eq!(played.fen, model.fen(), "the final positions differ");
    let expected = if model.won {
        // The side that just moved made the stack: find it on the board.
        let winner = -model.side;
        let stack = Model::parse(&played.fen)
            .board
            .iter()
            .flatten()
            .any(|&h| h == winner * checkers);
        assert!(stack, "no stack of {checkers} in {}", played.fen);
        let name = if winner == 1 { "White" } else { "Black" };
        assert_eq!(played.reason, format!("{name} made a stack of {checkers}"));
        if winner == 1 {
            "p1win"
        } else {
            "p2win"
        }
    } else if model.passes >= 2 {
        let last: Vec<&str> = played
            .moves
            .iter()
            .rev()
            .take(2)
            .map(String::as_str)
            .collect();
        assert_eq!(last, ["pass", "pass"]);
        assert!(played.reason.contains("two passes"), "{}", played.reason);
        "draw"
    } else {
        let occurrences = seen.iter().filter(|f| **f == model.fen()).count();
        assert_eq!(
            occurrences, 3,
            "the game ended in {} which occurred {occurrences} times",
            played.fen
        );
        assert!(played.reason.contains("threefold"), "{}", played.reason);
        "draw"
    };
    assert_eq!(played.result, expected, "{}", played.fen);
    expected
}

const PYLYX_START: &str = "12/12/12/12/12/12/12/12/12/12/12/12 w 10 10";
const PYLYX10_START: &str = "10/10/10/10/10/10/10/10/10/10 w 8 8";

/// Self-play of `game` from its start (`start`) at depth 2, judged by the
/// model; the game lasts at least `min_plies`.
fn self_play_from_the_start(game: &str, start: &str, min_plies: usize) {
    let played = self_play(game, "startpos", 2);
    let plies = played.moves.len();
    assert!(plies >= min_plies, "ended after {plies}");
    judge(start, &played);
}

#[test]
fn pylyx_self_play_from_the_start_is_judged_right() {
    self_play_from_the_start("pylyx", PYLYX_START, 20);
}

#[test]
fn pylyx10_self_play_from_the_start_is_judged_right() {
    self_play_from_the_start("pylyx10", PYLYX10_START, 16);
}

/// From the start at low depth the games end by repetition, so the stack
/// win is played out from positions near the end: all checkers on the
/// board, White a big stack with singles on open diagonals to it, Black
/// three stacks far apart, Black to move. Either side may win; the game
/// must end with a stack of all the checkers, judged by the model.
fn stack_win_near_the_end(game: &str, fen: &str, depth: u32) {
    let played = self_play(game, &format!("fen {fen}"), depth);
    let result = judge(fen, &played);
    assert!(
        result == "p1win" || result == "p2win",
        "{game}: {result} ({}) after {}",
        played.reason,
        played.moves.join(" ")
    );
}

#[test]
fn pylyx_self_play_ends_with_a_stack_of_ten() {
    // White: G (7) on f6, singles on c3, c9, i9; Black: 3 on j2 and j11,
    // 4 on b11.
    stack_win_near_the_end(
        "pylyx",
        "12/1d7c2/12/2A5A3/12/12/5G6/12/12/2A9/9c2/12 b 0 0",
        2,
    );
}

#[test]
fn pylyx10_self_play_ends_with_a_stack_of_eight() {
    // White: F (6) on e5, singles on b2 and h8; Black: 3 on i2 and b9, 2
    // on i9.
    stack_win_near_the_end("pylyx10", "10/1c6b1/7A2/10/10/4F5/10/10/1A6c1/10 b 0 0", 3);
}

#[test]
fn variant_option_lists_and_loads_both_sizes() {
    let mut engine = Engine::start(&[]);
    let lines = engine.handshake("uci");
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
    engine.expect_errors(&cases);
    assert_eq!(
        engine.ask("query fen", "response"),
        "response 12/12/12/12/12/12/5a6/4A7/12/12/12/12 w 9 9"
    );
}
