//! Protocol tests: the real binary, spoken to over pipes.

use std::time::Duration;

use crate::common::{assert_reported, best_move, bestmoves, infos, Engine, Info, PATIENCE};

#[test]
fn uci_handshake_lists_every_option() {
    let mut engine = Engine::start(&[]);
    let lines = engine.handshake("uci");
    assert!(lines[0].starts_with("id name ludus"));
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    for option in [
        "option name Hash type spin default 16 min 1",
        "option name Threads type spin default 1 min 1",
        "option name Deterministic type check default false",
        "option name MultiPV type spin default 1 min 1",
        "option name Move Overhead type spin default 10 min 0",
        "option name Clear Hash type button",
        "option name UCI_Variant type combo default alak var alak",
    ] {
        assert_reported(&lines, option);
    }
}

#[test]
fn ugi_handshake_ends_with_ugiok_and_uses_p1_clocks() {
    let mut engine = Engine::start(&[]);
    let lines = engine.handshake("ugi");
    assert_reported(&lines, "option name UCI_Variant");
    assert!(!lines.iter().any(|l| l == "uciok"));
    engine.send("uginewgame");
    engine.send("position startpos moves 4-5");
    let bestmove = engine.ask("go p1time 100 p2time 100 p1inc 0 p2inc 0", "bestmove");
    let reply = best_move(&bestmove).to_string();
    engine.send("position startpos moves 4-5");
    assert!(engine.legal_moves().contains(&reply));
}

#[test]
fn go_depth_reports_every_iteration_and_a_legal_move() {
    let mut engine = Engine::searching();
    let lines = engine.search("startpos", "depth 6");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    for depth in 1..=6 {
        let prefix = format!("info depth {depth} ");
        let info = infos
            .iter()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no depth {depth}"));
        for field in [
            " seldepth ",
            " multipv 1 ",
            " score cp ",
            " nodes ",
            " nps ",
            " time ",
            " hashfull ",
            " pv ",
        ] {
            assert!(info.contains(field), "'{field}' missing in {info}");
        }
    }
    let mv = best_move(lines.last().unwrap()).to_string();
    engine.send("position startpos");
    assert!(engine.legal_moves().contains(&mv));
}

#[test]
fn infinite_search_waits_for_stop_and_isready_is_answered_meanwhile() {
    let mut engine = Engine::searching();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("isready");
    let lines = engine.read_until(|l| l == "readyok");
    assert_eq!(bestmoves(&lines), 0);
    engine.no_bestmove_within(Duration::from_millis(300));
    engine.send("stop");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    assert_eq!(bestmoves(&lines), 1);
    engine.send("isready");
    engine.read_until(|l| l == "readyok");
}

/// Sends `go <limits>` as a ponder search after `moves` and checks that it
/// searches (its iterations are reported) without a `bestmove` until
/// `release` is sent, and that it then answers a legal move; returns the
/// lines from `release` on.
fn ponder_until(engine: &mut Engine, moves: &str, limits: &str, release: &str) -> Vec<String> {
    engine.send(&format!("position startpos moves {moves}"));
    engine.send(&format!("go ponder {limits}"));
    // Searching: its first iteration is reported (a bestmove before it
    // would leave this waiting in vain).
    engine.read_until(|l| l.starts_with("info depth"));
    engine.no_bestmove_within(Duration::from_millis(600));
    engine.send(release);
    let released = engine.read_until(|l| l.starts_with("bestmove"));
    let mv = best_move(released.last().unwrap()).to_string();
    engine.send(&format!("position startpos moves {moves}"));
    assert!(engine.legal_moves().contains(&mv), "{released:#?}");
    released
}

#[test]
fn ponder_searches_until_ponderhit_then_keeps_to_its_limits() {
    let mut engine = Engine::searching();
    // A clock of 0.2 s: were it counted while pondering, the search would
    // have ended long before the ponderhit. After it, the search ends by
    // itself under that clock (no stop is sent).
    ponder_until(&mut engine, "4-5", "wtime 200 btime 200", "ponderhit");
    ponder_until(&mut engine, "4-5 8-7", "movetime 100", "ponderhit");
    // A depth reached while pondering is answered at the ponderhit.
    engine.send("setoption name Threads value 2");
    let released = ponder_until(&mut engine, "4-5", "depth 4", "ponderhit");
    let deepest = infos(&released).iter().map(|i| i.depth).max();
    assert!(deepest.is_none_or(|d| d <= 4), "{released:#?}");
    // Stop ends a ponder search too, with its best move so far.
    ponder_until(&mut engine, "4-5", "wtime 200 btime 200", "stop");
}

#[test]
fn queries_answer_the_rules() {
    let mut engine = Engine::start(&[]);
    engine.handshake("ugi");
    assert_eq!(engine.ask("query gameover", "response"), "response false");
    assert_eq!(engine.ask("query p1turn", "response"), "response true");
    assert_eq!(engine.ask("query result", "response"), "response none");
    assert_eq!(
        engine.ask("query fen", "response"),
        "response xxxx___oooo x"
    );
    assert_eq!(engine.legal_moves(), ["1-5", "2-5", "3-5", "4-5"]);
    // x captures on 2 and o is left with one piece.
    engine.send("position fen xo_x____o__ x moves 4-3");
    assert_eq!(engine.ask("query gameover", "response"), "response true");
    assert_eq!(engine.ask("query result", "response"), "response p1win");
    assert_eq!(engine.ask("query p1turn", "response"), "response false");
    assert_eq!(engine.ask("query moves", "response"), "response");
    engine.send("go depth 3");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string game over: o has fewer than 2 pieces")));
}

#[test]
fn threefold_repetition_ends_the_game_as_a_draw() {
    let mut engine = Engine::start(&[]);
    let cycle = "4-5 8-7 5-4 7-8";
    engine.send(&format!("position startpos moves {cycle} {cycle}"));
    assert_eq!(engine.ask("query result", "response"), "response draw");
    engine.send(&format!("position startpos moves {cycle} {cycle} 4-5"));
    let error = engine
        .read_until(|l| l.starts_with("info string error"))
        .pop()
        .unwrap();
    assert!(
        error.contains("move 9 '4-5'") && error.contains("threefold"),
        "{error}"
    );
    engine.send(&format!("position startpos moves {cycle} 4-5"));
    assert_eq!(engine.ask("query result", "response"), "response none");
}

#[test]
fn forced_wins_and_losses_are_reported_as_mate() {
    let mut engine = Engine::start(&[]);
    let lines = engine.search("fen xo_x____o__ x", "depth 4");
    assert_reported(&lines, "score mate 1 ");
    assert_eq!(best_move(lines.last().unwrap()), "4-3");
    // o to move: every move lets x capture and win.
    let lines = engine.search("fen xo_x_____o_ o", "depth 4");
    assert_reported(&lines, "score mate -1 ");
}

#[test]
fn bad_input_gets_an_error_and_changes_nothing() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos moves 4-5");
    let cases = [
        ("flibber", "unknown command 'flibber'"),
        ("position fen xxxx___oooo", "bad position"),
        ("position fen xxxx___oooq x", "'q'"),
        ("position startpos moves 4-5 9-1", "move 2 '9-1'"),
        ("position startpos moves 4-5 x", "move 2 'x'"),
        ("go depth banana", "banana"),
        ("go sideways", "sideways"),
        ("setoption name Hash value 0", "out of range"),
        ("setoption name Threads value many", "not a whole number"),
        ("setoption name Nonsense value 1", "unknown option"),
        ("setoption name UCI_Variant value chess", "unknown variant"),
        ("query everything", "unknown query"),
        ("ponderhit", "no search"),
    ];
    engine.expect_errors(&cases);
    assert_eq!(
        engine.ask("query fen", "response"),
        "response xxx_x__oooo o"
    );
    assert_eq!(engine.ask("isready", "readyok"), "readyok");
}

#[test]
fn variant_option_announces_the_start_position() {
    let mut engine = Engine::start(&[]);
    let line = engine.ask(
        "setoption name UCI_Variant value alak",
        "info string variant",
    );
    assert_eq!(line, "info string variant alak startpos xxxx___oooo x");
}

/// Checks a MultiPV search's output: at every completed depth exactly
/// `count` lines, `multipv 1` to `count` in order, with distinct first
/// moves, best score first; `bestmove` is the last depth's first line's
/// move. Returns the first moves of the last depth's lines.
fn check_multipv(output: &[String], count: usize) -> Vec<String> {
    let done: Vec<Info> = infos(output).into_iter().filter(|i| !i.bound).collect();
    let deepest = done.iter().map(|i| i.depth).max().expect("an iteration");
    let mut firsts = Vec::new();
    for depth in 1..=deepest {
        let lines: Vec<&Info> = done.iter().filter(|i| i.depth == depth).collect();
        let numbers: Vec<usize> = lines.iter().map(|i| i.multipv).collect();
        assert_eq!(
            numbers,
            (1..=count).collect::<Vec<_>>(),
            "depth {depth}: {output:#?}"
        );
        assert!(
            lines.windows(2).all(|w| w[0].score >= w[1].score),
            "depth {depth} best first: {lines:#?}"
        );
        firsts = lines.iter().map(|i| i.first_move().to_string()).collect();
        let mut distinct = firsts.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), count, "depth {depth}: {lines:#?}");
    }
    assert_eq!(best_move(output.last().unwrap()), firsts[0], "{output:#?}");
    firsts
}

#[test]
fn multipv_reports_distinct_lines_best_first_at_every_depth() {
    // Alak searched (not looked up) with two threads; Pylyx 10×10 with
    // one; Wyke, whose 6 424-move root is searched a part at a time.
    for (game, threads, count, depth) in
        [("alak", 2, 3, 8), ("pylyx10", 1, 4, 5), ("wyke", 1, 3, 4)]
    {
        let mut engine = Engine::searching();
        engine.send(&format!("setoption name UCI_Variant value {game}"));
        engine.send(&format!("setoption name Threads value {threads}"));
        engine.send(&format!("setoption name MultiPV value {count}"));
        let output = engine.search("startpos", &format!("depth {depth}"));
        let firsts = check_multipv(&output, count);
        engine.send("position startpos");
        let legal = engine.legal_moves();
        assert!(firsts.iter().all(|mv| legal.contains(mv)), "{firsts:?}");
    }
}

#[test]
fn multipv_beyond_the_moves_allowed_reports_each_once() {
    let mut engine = Engine::searching();
    engine.send("setoption name MultiPV value 5");
    let firsts = check_multipv(&engine.search("startpos", "depth 6"), 4);
    assert_eq!(firsts.len(), 4, "every move of the start");
    let firsts = check_multipv(&engine.search("startpos", "depth 6 searchmoves 1-5 4-5"), 2);
    assert!(firsts.contains(&"1-5".to_string()) && firsts.contains(&"4-5".to_string()));
}

#[test]
fn searchmoves_searches_only_the_moves_given() {
    // Wyke's root of 6 424 moves is searched a part at a time: the moves
    // given are searched whatever their place in the ordering.
    for (game, threads) in [("alak", 1), ("pylyx10", 2), ("wyke", 1)] {
        let mut engine = Engine::searching();
        engine.send(&format!("setoption name UCI_Variant value {game}"));
        engine.send(&format!("setoption name Threads value {threads}"));
        engine.send("position startpos");
        let legal = engine.legal_moves();
        let own = engine.search("startpos", "depth 3");
        let own = best_move(own.last().unwrap()).to_string();
        // Two moves the engine does not choose, the last ones it lists.
        let given: Vec<String> = legal
            .into_iter()
            .filter(|m| *m != own)
            .rev()
            .take(2)
            .collect();
        let limits = format!("depth 4 searchmoves {}", given.join(" "));
        let output = engine.search("startpos", &limits);
        let searched = infos(&output);
        assert!(!searched.is_empty(), "{output:#?}");
        for info in &searched {
            assert!(
                given.iter().any(|m| m == info.first_move()),
                "{game}: {info:?}"
            );
        }
        assert!(given.contains(&best_move(output.last().unwrap()).to_string()));
        // One move given: it is the answer.
        let output = engine.search("startpos", &format!("depth 3 searchmoves {}", given[0]));
        assert_eq!(best_move(output.last().unwrap()), given[0]);
    }
}

#[test]
fn an_illegal_searchmove_is_an_error_that_changes_nothing() {
    let mut engine = Engine::searching();
    engine.send("position startpos moves 4-5");
    let fen = engine.ask("query fen", "response");
    // 4-5 is the first player's move; the second is to move.
    engine.expect_errors(&[
        ("go depth 3 searchmoves 8-7 4-5", "go searchmoves"),
        ("go searchmoves 8-7 x-y depth 2", "go searchmoves"),
    ]);
    engine.no_bestmove_within(Duration::from_millis(300));
    assert_eq!(engine.ask("query fen", "response"), fen);
    // A running search goes on: the bad go neither stops nor replaces it.
    engine.send("go infinite");
    engine.expect_errors(&[("go depth 2 searchmoves 4-5", "go searchmoves")]);
    engine.no_bestmove_within(Duration::from_millis(300));
    engine.send("stop");
    let stopped = engine.read_until(|l| l.starts_with("bestmove"));
    assert_eq!(bestmoves(&engine.transcript), 1);
    assert!(["8-7", "9-7", "10-7", "11-7"].contains(&best_move(stopped.last().unwrap())));
    let output = engine.search("startpos moves 4-5", "depth 3 searchmoves 9-7");
    assert_eq!(best_move(output.last().unwrap()), "9-7");
}

#[test]
fn go_perft_splits_and_totals() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos");
    engine.send("go perft 3");
    let lines = engine.read_until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 104");
    let split: u64 = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .filter(|(mv, _)| mv.contains('-'))
        .map(|(_, n)| n.parse::<u64>().unwrap())
        .sum();
    assert_eq!(split, 104);
}

#[test]
fn nodes_and_movetime_limits_end_the_search() {
    let mut engine = Engine::searching();
    engine.send("position startpos");
    engine.ask("go nodes 5000", "bestmove");
    engine.ask("go movetime 50", "bestmove");
    engine.ask("go wtime 30 btime 30", "bestmove");
    engine.send("position fen xo_x____o__ x");
    assert_eq!(engine.ask("go mate 1", "bestmove"), "bestmove 4-3");
}

/// The `time` field of every `info` line among `lines`.
fn reported_times(lines: &[String]) -> Vec<u64> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| {
            let mut words = l.split_whitespace().skip_while(|&w| w != "time");
            words.nth(1)?.parse().ok()
        })
        .collect()
}

#[test]
fn movestogo_one_spends_most_of_the_movers_clock_and_never_all() {
    // 12×12 Pylyx from the start: no search there ends early by itself.
    let mut engine = Engine::start(&[]);
    engine.send("setoption name UCI_Variant value pylyx10");
    engine.send("setoption name Move Overhead value 20");
    // The first player's clock in UCI names, then the second player's in
    // UGI names beside a first player's clock too short to think with.
    for (position, go) in [
        ("startpos", "wtime 4000 btime 100 movestogo 1"),
        ("startpos moves e6", "p1time 100 p2time 4000 movestogo 1"),
    ] {
        engine.send(&format!("position {position}"));
        let started = std::time::Instant::now();
        engine.send(&format!("go {go}"));
        let lines = engine.read_until(|l| l.starts_with("bestmove"));
        let thought = started.elapsed();
        // By the search's own clock: never past 4000 - 20 ms.
        let times = reported_times(&lines);
        assert!(!times.is_empty(), "{lines:#?}");
        assert!(times.iter().all(|&t| t <= 3980), "{times:?}");
        // The last move before the control may use most of the clock: past
        // the reserve (40 overheads) 3180 ms, 2862 of them planned; even
        // when one move dominates the search stops no earlier than a
        // quarter of that (without movestogo it would plan 91 ms and stop
        // by 454 ms). A slow machine only makes the wait longer.
        assert!(thought >= Duration::from_millis(500), "{thought:?}");
    }
}

#[test]
fn quit_mid_search_exits_promptly() {
    let mut engine = Engine::searching();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("isready");
    engine.read_until(|l| l == "readyok");
    engine.send("quit");
    let status = engine.wait_exit(PATIENCE).expect("the engine exits");
    assert!(status.success());
}

#[test]
fn end_of_input_exits_cleanly() {
    let mut engine = Engine::start(&[]);
    engine.send("isready");
    engine.read_until(|l| l == "readyok");
    engine.close_input();
    let status = engine.wait_exit(PATIENCE).expect("the engine exits");
    assert!(status.success());
}

#[test]
fn display_shows_board_fen_hash_and_move_count() {
    let mut engine = Engine::start(&["--game", "alak"]);
    engine.send("d");
    let lines = engine.read_until(|l| l.starts_with("Result:"));
    let text = lines.join("\n");
    for needle in [
        "Fen: xxxx___oooo x",
        "Hash: ",
        "Side to move: p1",
        "Legal moves: 4",
        "Result: none",
    ] {
        assert!(text.contains(needle), "'{needle}' missing in {text}");
    }
}

#[test]
fn options_change_during_a_search_apply_to_the_next() {
    let mut engine = Engine::searching();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("setoption name Hash value 4");
    engine.send("ucinewgame");
    engine.send("position startpos moves 4-5");
    engine.send("setoption name Clear Hash");
    engine.send("stop");
    engine.read_until(|l| l.starts_with("bestmove"));
    // Searched the new position.
    engine.legal_bestmove("depth 4");
}

/// Stops a running perft and checks it ends with its own notice and no
/// error; the lines up to the next `readyok`.
fn stop_perft_cleanly(engine: &mut Engine) -> Vec<String> {
    engine.send("stop");
    engine.send("isready");
    let lines = engine.read_until(|l| l == "readyok");
    assert!(
        lines.contains(&"info string perft stopped".to_string()),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:#?}");
    lines
}

#[test]
fn perft_beyond_the_limit_is_refused_and_a_long_perft_stops() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos");
    for depth in ["65", "1000000", "4000000000"] {
        let error = engine.ask(&format!("go perft {depth}"), "info string error:");
        assert!(error.contains("out of range 0..64"), "{error}");
    }
    // Far too long to finish: `stop` ends it, and nothing more is printed.
    engine.send("go perft 40");
    stop_perft_cleanly(&mut engine);
    let quiet = engine.lines_within(Duration::from_millis(300));
    assert!(quiet.is_empty(), "{quiet:#?}");
}

#[test]
fn a_perft_over_a_wide_tree_stops_mid_node() {
    // Found by the protocol fuzz: with `stop` asked once per inner node, one
    // wyke6 node two plies above the leaves (some 400 000 move generations)
    // kept the job running past the engine's 5-second wait.
    let mut engine = Engine::start(&[]);
    engine.send("setoption name UCI_Variant value wyke6");
    engine.send("position startpos");
    engine.ask("isready", "readyok");
    engine.send("go perft 4");
    std::thread::sleep(Duration::from_millis(300));
    let lines = stop_perft_cleanly(&mut engine);
    assert_eq!(bestmoves(&lines), 0, "{lines:#?}");
}

#[test]
fn ponderhit_outside_a_ponder_search_is_an_error_that_changes_nothing() {
    let mut engine = Engine::searching();
    engine.send("position startpos");
    engine.send("go infinite");
    let error = engine.ask("ponderhit", "info string error:");
    assert!(error.contains("not pondering"), "{error}");
    // Still infinite: the ponderhit did not release the result.
    engine.no_bestmove_within(Duration::from_millis(300));
    engine.send("stop");
    engine.read_until(|l| l.starts_with("bestmove"));
}
