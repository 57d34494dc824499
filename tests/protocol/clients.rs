//! What real clients and shell scripts meet: a UGI runner reading two-word
//! `bestmove` lines, one-shot searches piped in, the numbers, bytes and
//! lines a new user types, and the queries a GUI needs.

use crate::common::{best_move, piped, stdout_of, Engine};

#[test]
fn ugi_bestmove_is_the_move_alone_and_uci_keeps_the_ponder_move() {
    for (hello, words) in [("ugi", 2), ("uci", 4)] {
        let mut engine = Engine::searching();
        engine.handshake(hello);
        engine.send("position startpos");
        let line = engine.ask("go depth 5", "bestmove");
        assert_eq!(line.split_whitespace().count(), words, "{hello}: {line}");
    }
    // A game runner plays on with the answer.
    let mut engine = Engine::start(&[]);
    engine.handshake("ugi");
    engine.send("setoption name UCI_Variant value wyke");
    engine.send("position startpos");
    let line = engine.ask("go p1time 500 p2time 500", "bestmove");
    assert_eq!(line.split_whitespace().count(), 2, "{line}");
    engine.send(&format!("position startpos moves {}", best_move(&line)));
    assert_eq!(engine.ask("query p1turn", "response"), "response false");
}

#[test]
fn a_piped_one_shot_search_runs_to_its_limit_then_exits() {
    let output = piped(&[], b"setoption name UCI_Variant value pylyx\ngo depth 5\n");
    let text = stdout_of(&output);
    assert!(output.status.success());
    assert!(
        text.lines().any(|l| l.starts_with("info depth 5 ")),
        "{text}"
    );
    assert!(
        text.lines().last().unwrap().starts_with("bestmove "),
        "{text}"
    );

    let output = piped(
        &[],
        b"setoption name AlakSolution value false\ngo nodes 20000",
    );
    let text = stdout_of(&output);
    let nodes: Vec<u64> = text
        .lines()
        .filter_map(|l| l.split(" nodes ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect();
    assert!(nodes.last().is_some_and(|&n| n >= 10_000), "{text}");
    assert!(text.contains("bestmove "), "{text}");

    let output = piped(&["--game", "wyke"], b"go perft 2\n");
    assert!(
        stdout_of(&output).contains("Nodes searched: "),
        "{output:?}"
    );
}

#[test]
fn infinite_and_ponder_searches_stop_at_the_end_of_input() {
    for go in ["go infinite", "go ponder depth 60"] {
        let input = format!("setoption name UCI_Variant value pylyx\n{go}\n");
        let output = piped(&[], input.as_bytes());
        let text = stdout_of(&output);
        assert!(output.status.success(), "{go}: {text}");
        assert!(
            !text.lines().any(|l| l.starts_with("info depth 60 ")),
            "{go} ran on: {text}"
        );
    }
}

#[test]
fn a_huge_go_mate_does_not_cut_the_search_short() {
    // `go mate 16000` once stopped after depth 1: its threshold left the
    // score range. The search now goes on to its depth.
    let mut engine = Engine::searching();
    engine.send("position startpos");
    engine.send("go mate 16000 depth 6");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 6 ")),
        "{lines:#?}"
    );
}

#[test]
fn numbers_out_of_range_give_the_range() {
    let mut engine = Engine::start(&[]);
    for (line, answer) in [
        (
            "setoption name MultiPV value -1",
            "info string error: option 'MultiPV': -1 is out of range 1..256",
        ),
        (
            "setoption name Hash value 99999999999999999999",
            "info string error: option 'Hash': 99999999999999999999 is out of range 1..32768",
        ),
        (
            "go depth 99999999999999999999",
            "info string error: go depth: 99999999999999999999 is out of range 1..4294967295",
        ),
        (
            "go depth x",
            "info string error: go depth: 'x' is not a whole number",
        ),
        (
            "go movetime 100 movetime 1000",
            "info string error: go: 'movetime' is given twice",
        ),
        (
            "go perft 65",
            "info string error: go perft: 65 is out of range 0..64",
        ),
    ] {
        assert_eq!(engine.ask(line, "info string"), answer, "{line}");
    }
}

#[test]
fn control_bytes_of_the_input_are_escaped_in_errors() {
    let output = piped(&[], b"query\0 fen\n\x1b[2Jd\nposition fen x\x07x\n");
    let text = stdout_of(&output);
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "{text:?}"
    );
    assert!(text.contains("unknown command 'query\\u{0}'"), "{text}");
    assert!(text.contains("\\u{1b}[2Jd"), "{text}");
    assert!(text.contains("x\\u{7}x"), "{text}");
}

#[test]
fn a_last_line_too_long_and_without_newline_is_answered() {
    let mut input = b"isready\n".to_vec();
    input.extend(std::iter::repeat_n(b'a', 512 * 1024 + 10));
    let output = piped(&[], &input);
    let text = stdout_of(&output);
    assert!(text.contains("readyok"), "{text}");
    assert!(
        text.contains("info string error: line longer than 524288 bytes ignored"),
        "{}",
        &text[..text.len().min(300)]
    );
    // One that fits is read as any line.
    let output = piped(&[], b"query p1turn");
    assert_eq!(stdout_of(&output), "response true\n");
}

#[test]
fn query_movecount_and_filters_let_a_gui_ask_for_what_it_shows() {
    let mut engine = Engine::start(&["--game", "wyke6"]);
    assert_eq!(engine.ask("query movecount", "response"), "response 400338");
    let fours = engine.ask("query moves 4*", "response");
    let fours: Vec<&str> = fours.split_whitespace().skip(1).collect();
    assert_eq!(fours.len(), 36, "one 4 per plot");
    assert!(fours.iter().all(|m| m.starts_with("4(")), "{fours:?}");
    assert_eq!(engine.ask("query movecount 4*", "response"), "response 36");
    assert_eq!(
        engine.ask("query moves 4* B2", "response"),
        "response 4(b2)"
    );
    let on_b2 = engine.ask("query moves 2-2* b2 f6", "response");
    assert_eq!(on_b2, "response 2-2(b2,f6)");
    assert_eq!(engine.ask("query moves zz9", "response"), "response");
    assert!(engine
        .ask("query moves 4*x", "info string")
        .contains("bad move filter '4*x'"));

    let mut alak = Engine::start(&[]);
    assert_eq!(
        alak.ask("query moves 5", "response"),
        "response 1-5 2-5 3-5 4-5"
    );
    assert_eq!(alak.ask("query movecount 1*", "response"), "response 1");
}

#[test]
fn position_random_gives_the_shuffled_starts_of_a_random_start_game() {
    let mut engine = Engine::start(&["--game", "wyx"]);
    let start = engine.ask("query fen", "response");
    engine.send("position random 7");
    let seven = engine.ask("query fen", "response");
    assert_ne!(seven, start);
    engine.send("position random 8");
    assert_ne!(engine.ask("query fen", "response"), seven);
    engine.send("position random 7");
    assert_eq!(
        engine.ask("query fen", "response"),
        seven,
        "a seed gives one start"
    );
    engine.send("position random 2009");
    assert_eq!(
        engine.ask("query fen", "response"),
        start,
        "startpos is seed 2009"
    );
    engine.send("position random 7");
    let first = engine.legal_moves()[0].clone();
    engine.send(&format!("position random 7 moves {first}"));
    assert_eq!(engine.ask("query p1turn", "response"), "response false");

    let mut alak = Engine::start(&[]);
    assert_eq!(
        alak.ask("position random 7", "info string"),
        "info string error: position random: alak has a single start position (use startpos)"
    );
}

#[test]
fn go_perft_zero_is_the_position_itself() {
    // As `ludus perft <game> 0` (tests/arena/cli.rs): one rule for both.
    let output = piped(&[], b"go perft 0\n");
    assert!(
        stdout_of(&output).starts_with("Nodes searched: 1\n"),
        "{output:?}"
    );
}
