//! The search against a game whose theory is known exactly (Countdown, see
//! tests/common/countdown.rs): mate distances, repetition draws, MultiPV
//! order, threads, and determinism.

use crate::common::countdown::Countdown;
use ludus_engine::search::{
    protocol_score, search, Limits, SearchInfo, SearchOutcome, SearchRequest, Signals,
    TranspositionTable,
};
use ludus_rules::games::wyke::Wyke4;
use ludus_rules::protocol::Bound;
use ludus_rules::protocol::Score;
use ludus_rules::{Game, Searchable};

/// Searches `root` with a fresh table; the outcome and every info reported.
fn search_with<G: Searchable>(
    root: &G,
    limits: Limits,
    threads: usize,
    multipv: usize,
    hash_mib: usize,
) -> (SearchOutcome<G::Move>, Vec<SearchInfo<G::Move>>) {
    let settings = G::Settings::default();
    let request = SearchRequest {
        multipv,
        ..SearchRequest::new(root, &settings, &limits).with_threads(threads, false)
    };
    let tt = TranspositionTable::new(hash_mib).unwrap();
    let mut infos = Vec::new();
    let outcome = search(&request, &tt, &Signals::new(false), &mut |info| {
        infos.push(info.clone())
    });
    (outcome, infos)
}

/// Searches a Countdown position to `depth`; the outcome and the scores of
/// the last reported iteration, one per line of MultiPV.
fn run(
    fen: &str,
    depth: u32,
    threads: usize,
    multipv: usize,
) -> (SearchOutcome<crate::common::countdown::Take>, Vec<i32>) {
    let root = Countdown::from_fen(fen).unwrap();
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let (outcome, infos) = search_with(&root, limits, threads, multipv, 1);
    let mut last_scores = Vec::new();
    for info in infos {
        if info.multipv == 1 {
            last_scores.clear();
        }
        last_scores.push(info.score);
    }
    (outcome, last_scores)
}

/// The theory: plies to the end with best play, positive when the side to
/// move wins.
fn theory(counter: u32) -> i32 {
    let rounds = (counter / 3) as i32;
    if counter.is_multiple_of(3) {
        -2 * rounds
    } else {
        2 * rounds + 1
    }
}

#[test]
fn mate_distances_are_exact() {
    for counter in 1..=40 {
        let (outcome, _) = run(&format!("{counter} 1 0"), 60, 1, 1);
        let plies = theory(counter);
        let expected = if plies > 0 {
            Score::Mate((plies + 1) / 2)
        } else {
            Score::Mate(plies / 2)
        };
        assert_eq!(protocol_score(outcome.score), expected, "counter {counter}");
        if plies > 0 {
            // The winning move leaves a multiple of 3.
            assert_eq!(
                (counter - outcome.best_move.unwrap().0) % 3,
                0,
                "counter {counter}"
            );
        }
    }
}

#[test]
fn two_threads_agree_with_one() {
    for counter in [10, 21, 29] {
        let (one, _) = run(&format!("{counter} 1 0"), 40, 1, 1);
        let (two, _) = run(&format!("{counter} 1 0"), 40, 2, 1);
        assert_eq!(one.score, two.score, "counter {counter}");
    }
}

#[test]
fn repetition_is_a_draw_when_waiting_is_allowed() {
    // With waits, 1 and 2 are still won at once, and every other counter is
    // held to a draw by waiting (repeating the position).
    for counter in [1, 2] {
        let (outcome, _) = run(&format!("{counter} 1 1"), 30, 1, 1);
        assert_eq!(protocol_score(outcome.score), Score::Mate(1));
    }
    for counter in [3, 4, 5, 6, 12, 29, 30] {
        let (outcome, _) = run(&format!("{counter} 1 1"), 30, 1, 1);
        assert_eq!(outcome.score, 0, "counter {counter}");
    }
    // At 3 both takes lose: only waiting holds the draw.
    let (outcome, _) = run("3 1 1", 30, 1, 1);
    assert_eq!(outcome.best_move.unwrap().0, 0);
}

#[test]
fn multipv_lines_come_best_first() {
    // At 4 with waits: take 1 and waiting draw, take 2 loses at once.
    let (_, scores) = run("4 1 1", 20, 1, 3);
    assert_eq!(scores.len(), 3);
    assert_eq!(&scores[..2], &[0, 0]);
    assert_eq!(protocol_score(scores[2]), Score::Mate(-1));
    // Without waits at 7: take 1 wins (mate 3), take 2 loses (mate -2).
    let (_, scores) = run("7 1 0", 20, 1, 2);
    assert_eq!(protocol_score(scores[0]), Score::Mate(3));
    assert_eq!(protocol_score(scores[1]), Score::Mate(-2));
}

#[test]
fn one_thread_is_deterministic() {
    let (a, _) = run("29 1 1", 25, 1, 1);
    let (b, _) = run("29 1 1", 25, 1, 1);
    assert_eq!(
        (a.nodes, a.score, a.best_move),
        (b.nodes, b.score, b.best_move)
    );
}

#[test]
fn an_interrupted_iteration_plays_the_move_that_failed_high() {
    // From Wyke's start the best move changes inside several iterations;
    // node limits spread over them stop the search at various points.
    // Whenever the last word was a fail high (4×4 Wyke searches without
    // aspiration windows: a root move that beat the move searched first,
    // reported as a lower bound), that move is the one played.
    let root = Wyke4::startpos();
    let mut fail_highs_played = 0;
    for nodes in (30_000..=690_000).step_by(30_000) {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let (outcome, infos) = search_with(&root, limits, 1, 1, 16);
        let last = infos.last().expect("at least depth 1 completes");
        let expected = last.pv[0];
        if last.bound == Some(Bound::Lower) {
            fail_highs_played += 1;
        }
        assert_eq!(
            outcome.best_move,
            Some(expected),
            "{nodes} nodes: bestmove {:?} but the last info was {:?}",
            outcome.best_move.map(|m| root.format_move(m)),
            root.format_move(expected)
        );
    }
    assert!(
        fail_highs_played > 0,
        "no node limit stopped the search after a fail high; move the range"
    );
}

#[test]
fn a_node_limit_is_never_passed_by_one_thread() {
    let root = Wyke4::startpos();
    for limit in [1, 5, 50, 500, 5000] {
        let limits = Limits {
            nodes: Some(limit),
            ..Limits::default()
        };
        let (outcome, infos) = search_with(&root, limits, 1, 1, 1);
        assert!(outcome.nodes <= limit, "{} nodes of {limit}", outcome.nodes);
        assert!(infos.iter().all(|info| info.nodes <= limit), "{limit}");
        assert!(outcome.best_move.is_some());
        if limit == 5000 {
            assert!(outcome.depth >= 2, "depth {}", outcome.depth);
        }
    }
}
