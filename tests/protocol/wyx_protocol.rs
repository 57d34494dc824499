//! Wyx through the real binary: a whole self-play game from the start to
//! its end, judged by `query result` against the final position's hands.

use std::collections::HashMap;

use crate::common::exact::{exact_margin, exact_value};
use crate::common::{best_move, Engine};
use ludus_rules::games::wyx::Wyx;
use ludus_rules::random::splitmix64;
use ludus_rules::{Game, GameResult};

/// The result the final position's notation implies: the side that just
/// moved wins with an empty hand; otherwise fewer tokens in hand wins.
fn expected_result(fen: &str) -> &'static str {
    let fields: Vec<&str> = fen.split(' ').collect();
    let (white, black) = fields[3].split_once(',').unwrap();
    let (white, black): (u32, u32) = (white.parse().unwrap(), black.parse().unwrap());
    let last_mover_is_white = fields[4] == "b";
    if last_mover_is_white && white == 0 {
        "p1win"
    } else if !last_mover_is_white && black == 0 {
        "p2win"
    } else if white < black {
        "p1win"
    } else if black < white {
        "p2win"
    } else {
        "draw"
    }
}

#[test]
fn a_self_play_game_ends_with_the_right_result() {
    let mut engine = Engine::start(&["--game", "wyx"]);
    engine.handshake("ugi");
    engine.send("uginewgame");
    let mut moves: Vec<String> = Vec::new();
    loop {
        let position = format!("position startpos moves {}", moves.join(" "));
        engine.send(position.trim_end());
        if engine.ask("query gameover", "response") == "response true" {
            break;
        }
        assert_eq!(engine.ask("query result", "response"), "response none");
        let legal = engine.legal_moves();
        let reply = engine.ask("go depth 5", "bestmove");
        let mv = best_move(&reply).to_string();
        assert!(legal.contains(&mv), "{mv} not in {legal:?}");
        moves.push(mv);
        assert!(moves.len() <= 128, "a Wyx game is at most 64 dominoes long");
    }
    let fen = engine.ask("query fen", "response")["response ".len()..].to_string();
    let rack = fen.split(' ').nth(2).unwrap();
    let played = moves.iter().filter(|m| *m != "pass").count();
    let left: usize = rack
        .split('/')
        .filter(|c| *c != "-")
        .map(|c| c.split(',').count())
        .sum();
    assert_eq!(left, 64 - played, "{rack}");
    let result = engine.ask("query result", "response");
    assert_eq!(
        result,
        format!("response {}", expected_result(&fen)),
        "{fen}"
    );
    assert_eq!(engine.legal_moves(), Vec::<String>::new());
    let reply = engine.ask("go depth 3", "bestmove");
    assert_eq!(reply, "bestmove (none)");
}

#[test]
fn bad_wyx_input_is_refused_and_leaves_the_position() {
    let mut engine = Engine::start(&["--game", "wyx"]);
    engine.send("position startpos moves f4");
    let before = engine.ask("query fen", "response");
    engine.send("position startpos moves f4 z9");
    let error = engine.read_until(|l| l.contains("error")).pop().unwrap();
    assert!(error.contains("z9"), "{error}");
    assert_eq!(engine.ask("query fen", "response"), before);
    engine.send("position fen ..2..2../......../2.3..3.2/......../......../2.3..3.2/......../..2..2.. d4,e5 -/-/-/-/-/-/+1+0/+1+0 32,32 w");
    let error = engine.read_until(|l| l.contains("error")).pop().unwrap();
    assert!(error.contains("twice"), "{error}");
    assert_eq!(engine.ask("query fen", "response"), before);
}

/// The rack of `seed` played down at random (from the stream `rng`) to an
/// ongoing position with `dominoes` left.
fn late_position(seed: u64, dominoes: usize, rng: &mut u64) -> Wyx {
    let mut position = Wyx::random_start(seed).unwrap();
    while position.dominoes_left() > dominoes || position.result() != GameResult::Ongoing {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            position = Wyx::random_start(seed).unwrap();
            continue;
        }
        let (state, value) = splitmix64(*rng);
        *rng = state;
        position.make_move(moves[(value % moves.len() as u64) as usize]);
    }
    position
}

/// The score of the last complete `info` line: `("mate", n)` or `("cp", x)`.
fn last_score(lines: &[String]) -> (String, i32) {
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth ") && !l.contains("bound"))
        .unwrap_or_else(|| panic!("no info in {lines:#?}"));
    let score: Vec<&str> = last.split(" score ").nth(1).unwrap().split(' ').collect();
    (score[0].to_string(), score[1].parse().unwrap())
}

#[test]
fn wyx_scoring_margin_proves_the_exact_margin_where_game_proves_a_win() {
    let mut engine = Engine::start(&["--game", "wyx"]);
    // Exact values: a draw scores 0, not the engine's contempt for it.
    engine.send("setoption name Contempt value 0");
    let mut rng = 0x3A26_u64;
    let mut wins = 0;
    for seed in 1..=8 {
        let position = late_position(seed, 6, &mut rng);
        let margin = exact_margin(&position, &mut HashMap::new());
        let fen = format!("fen {}", position.to_fen());
        // 6 dominoes: every line ends within 12 plies.
        engine.send("setoption name WyxScoring value game");
        let (kind, value) = last_score(&engine.search(&fen, "depth 12"));
        let won = exact_value(&position, &mut HashMap::new());
        match won {
            0 => assert_eq!((kind.as_str(), value), ("cp", 0), "{fen}"),
            _ => assert_eq!((kind.as_str(), value.signum()), ("mate", i32::from(won))),
        }
        engine.send("setoption name WyxScoring value margin");
        let (kind, value) = last_score(&engine.search(&fen, "depth 12"));
        assert_eq!((kind.as_str(), value), ("cp", 100 * margin), "{fen}");
        assert_eq!(margin.signum(), i32::from(won), "{fen}");
        wins += i32::from(won == 1);
    }
    assert!(wins > 0, "some position is a win, proven as a margin");
}

#[test]
fn a_deep_enough_search_reports_the_exact_result_of_an_ending() {
    let mut engine = Engine::start(&["--game", "wyx"]);
    // Exact values: a draw scores 0, not the engine's contempt for it.
    engine.send("setoption name Contempt value 0");
    let mut rng = 0xE2D_u64;
    for seed in 1..=6 {
        // Play the rack of this seed down to 8 dominoes at random.
        let position = late_position(seed, 8, &mut rng);
        engine.send("ucinewgame");
        engine.send(&format!("position fen {}", position.to_fen()));
        // Ten minutes allowed: the search must end by itself once every line
        // reaches the end of the game (16 plies for 8 dominoes), with the
        // exact result. A root with one legal move is answered at once.
        engine.send("go movetime 600000");
        let lines = engine.read_until(|l| l.starts_with("bestmove"));
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        if moves.len() == 1 {
            continue;
        }
        let last = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth ") && !l.contains("bound"))
            .unwrap_or_else(|| panic!("no info in {lines:#?}"));
        let depth: u32 = last.split(' ').nth(2).unwrap().parse().unwrap();
        // A forced win or loss may show (and end the search) sooner.
        let claim = match last_score(&lines) {
            (kind, n) if kind == "mate" => n.signum(),
            (kind, 0) if kind == "cp" && depth >= 16 => 0,
            _ => panic!("no proven result: {last}"),
        };
        assert_eq!(
            claim,
            exact_value(&position, &mut HashMap::new()) as i32,
            "{} -> {last}",
            position.to_fen()
        );
    }
}
