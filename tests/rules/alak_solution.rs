//! Alak's solution: the index, the table's consistency, hand-checked
//! positions, and the engine playing from it (in the library and through the
//! binary).

use crate::common::rules;
use crate::common::{assert_reported, best_move, ludus, stderr_of, stdout_of, Engine};
use ludus_engine::search::{
    self, protocol_score, Limits, SearchRequest, Signals, TranspositionTable,
};
use ludus_engine::solver::report::children_of;
use ludus_rules::games::alak::solution::{self, Solution, INDICES};
use ludus_rules::games::alak::{Alak, AlakSettings};
use ludus_rules::protocol::Score;
use ludus_rules::random::splitmix64;
use ludus_rules::{Game, GameResult, KnownValue};

/// The search with the solved table switched on (option AlakSolution).
const WITH_TABLE: AlakSettings = AlakSettings { use_solution: true };

fn pos(fen: &str) -> Alak {
    rules::pos(fen)
}

/// Every move of `position`, in its notation, with the position it leads to.
fn children(position: &Alak) -> Vec<(String, Alak)> {
    children_of(position)
        .into_iter()
        .map(|(mv, child)| (position.format_move(mv), child))
        .collect()
}

#[test]
fn index_covers_exactly_the_valid_positions() {
    let mut valid = 0;
    for index in 0..INDICES {
        // Build the notation from the index alone and let from_fen judge it.
        let mut board = index % (INDICES / 2);
        let mut fen = String::new();
        for _ in 0..11 {
            fen.push(['_', 'x', 'o'][board % 3]);
            board /= 3;
        }
        fen.push_str(if index < INDICES / 2 { " x" } else { " o" });
        match (solution::position_at(index), Alak::from_fen(&fen)) {
            (Some(position), Ok(parsed)) => {
                valid += 1;
                assert_eq!(position, parsed, "{fen}");
                assert_eq!(solution::index(&position), index, "{fen}");
            }
            (None, Err(_)) => {}
            (decoded, parsed) => panic!("{fen}: index gives {decoded:?}, from_fen {parsed:?}"),
        }
    }
    assert_eq!(valid, 147_290);
}

/// Every value agrees with the values of the moves: this is the whole proof
/// that the table is right, by induction on the distance to the end.
#[test]
fn every_value_is_consistent_with_its_moves() {
    let table = Solution::build();
    for index in 0..INDICES {
        let Some(position) = solution::position_at(index) else {
            assert_eq!(table.value_at(index), None);
            continue;
        };
        let value = table.value(&position);
        let fen = position.to_fen();
        let next: Vec<KnownValue> = children(&position)
            .iter()
            .map(|(_, child)| table.value(child))
            .collect();
        let fastest_win = next
            .iter()
            .filter_map(|v| match v {
                KnownValue::Loss(n) => Some(n + 1),
                _ => None,
            })
            .min();
        match value {
            KnownValue::Win(n) => {
                assert_eq!(n % 2, 1, "{fen}: a win ends on the winner's move");
                assert_eq!(
                    fastest_win,
                    Some(n),
                    "{fen}: no move into a loss in {}",
                    n - 1
                );
            }
            KnownValue::Loss(0) => {
                assert_ne!(position.result(), GameResult::Ongoing, "{fen}");
            }
            KnownValue::Loss(n) => {
                assert_eq!(n % 2, 0, "{fen}");
                assert_eq!(position.result(), GameResult::Ongoing, "{fen}");
                assert!(
                    next.iter()
                        .all(|v| matches!(v, KnownValue::Win(m) if *m < n)),
                    "{fen}: lost in {n} but {next:?}"
                );
                assert!(next.contains(&KnownValue::Win(n - 1)), "{fen}: {next:?}");
            }
            KnownValue::Draw => {
                assert_eq!(fastest_win, None, "{fen}: drawn but has a winning move");
                assert!(next.contains(&KnownValue::Draw), "{fen}: {next:?}");
            }
        }
    }
}

#[test]
fn hand_checked_values() {
    let table = solution::table();
    let cases = [
        // 4-3 brackets o on 2 between x on 1 and 3: o keeps one piece.
        ("xo_x____o__ x", KnownValue::Win(1)),
        // o's only pieces: every move lets x bracket one of them.
        ("xo_x_____o_ o", KnownValue::Loss(2)),
        // o has one piece left: the game is over.
        ("xo_x_______ o", KnownValue::Loss(0)),
        // 3-5, then o's only moves 1-3 and 2-3 meet 5-1 and 5-2.
        ("ooxx_______ x", KnownValue::Win(3)),
        // The same seen from o, x's first move made.
        ("oo_xx______ o", KnownValue::Loss(2)),
        // The start: neither side can force a win.
        ("xxxx___oooo x", KnownValue::Draw),
    ];
    for (fen, value) in cases {
        assert_eq!(table.value(&pos(fen)), value, "{fen}");
    }
    let win = pos("ooxx_______ x");
    let best = table.best_move(&win).expect("a move");
    assert_eq!(win.format_move(best), "3-5");
}

#[test]
fn the_start_is_reachable_and_the_reachable_set_is_closed() {
    let reachable = solution::reachable();
    assert!(reachable[solution::index(&Alak::startpos())]);
    // Closed under moves: every child of a reachable position is reachable.
    for index in 0..INDICES {
        if !reachable[index] {
            continue;
        }
        let position = solution::position_at(index).expect("reachable means valid");
        for (mv, child) in children(&position) {
            assert!(
                reachable[solution::index(&child)],
                "{}: {mv}",
                position.to_fen()
            );
        }
    }
    assert_eq!(reachable.iter().filter(|&&r| r).count(), 128_756);
}

/// The move the search plays (depth 2, table on) keeps the game's value, the
/// score is exact and the principal variation plays the result out.
#[test]
fn the_engine_keeps_the_value_in_1000_random_positions() {
    let table = solution::table();
    let tt = TranspositionTable::new(1).unwrap();
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let mut state = 0x5eed;
    let mut tested = 0;
    while tested < 1000 {
        let (next, random) = splitmix64(state);
        state = next;
        let Some(root) = solution::position_at(random as usize % INDICES) else {
            continue;
        };
        if root.result() != GameResult::Ongoing {
            continue;
        }
        tested += 1;
        let fen = root.to_fen();
        let request = SearchRequest::new(&root, &WITH_TABLE, &limits);
        let signals = Signals::new(false);
        let mut pv = Vec::new();
        let outcome = search::search(&request, &tt, &signals, &mut |info| pv = info.pv.clone());
        let best = outcome.best_move.expect("a move");
        let mut child = root.clone();
        child.make_move(best);
        let value = table.value(&root);
        let expected_child = match value {
            KnownValue::Win(n) => KnownValue::Loss(n - 1),
            KnownValue::Loss(n) => KnownValue::Win(n - 1),
            KnownValue::Draw => KnownValue::Draw,
        };
        assert_eq!(
            table.value(&child),
            expected_child,
            "{fen}: played {best:?}"
        );
        let expected_score = match value {
            KnownValue::Win(n) => Score::Mate((n as i32 + 1) / 2),
            KnownValue::Loss(n) => Score::Mate(-((n as i32 + 1) / 2)),
            KnownValue::Draw => Score::Cp(0),
        };
        assert_eq!(protocol_score(outcome.score), expected_score, "{fen}");
        // The line is legal; a decided one ends with the game after exactly
        // the promised number of plies.
        assert_eq!(pv.first(), Some(&best), "{fen}");
        let mut end = root.clone();
        for &mv in &pv {
            assert!(end.is_legal(mv), "{fen}: pv {pv:?}");
            end.make_move(mv);
        }
        if let KnownValue::Win(n) | KnownValue::Loss(n) = value {
            assert_eq!(pv.len(), n as usize, "{fen}: pv {pv:?}");
            assert_ne!(end.result(), GameResult::Ongoing, "{fen}");
        }
    }
}

/// A position the game already saw twice is a draw whatever the table says:
/// the search checks repetition first.
#[test]
fn repetition_in_the_game_overrides_the_table() {
    let table = solution::table();
    let root = pos("ooxx_______ x");
    let winning = root.parse_move("3-5").unwrap();
    let mut repeated = root.clone();
    repeated.make_move(winning);
    // The game went through the winning child twice on its way here.
    let history = [repeated.hash(), 1, repeated.hash()];
    // Without it, the best x can do: the best other move, or 0 for 3-5.
    let mut expected = Score::Cp(0);
    let mut best_other = i64::MIN;
    for (mv, child) in children(&root) {
        if mv == "3-5" {
            continue;
        }
        let (rank, report) = match table.value(&child) {
            KnownValue::Loss(n) => (1000 - i64::from(n), Score::Mate((n as i32 + 2) / 2)),
            KnownValue::Draw => (0, Score::Cp(0)),
            KnownValue::Win(n) => (i64::from(n) - 1000, Score::Mate(-((n as i32 + 2) / 2))),
        };
        if rank > best_other {
            best_other = rank;
            if rank > 0 {
                expected = report;
            }
        }
    }
    let tt = TranspositionTable::new(1).unwrap();
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let request = SearchRequest::new(&root, &WITH_TABLE, &limits).with_history(&history);
    let outcome = search::search(&request, &tt, &Signals::new(false), &mut |_| {});
    assert_ne!(protocol_score(outcome.score), Score::Mate(2));
    assert_eq!(protocol_score(outcome.score), expected);
}

#[test]
fn solve_reports_the_whole_result() {
    let report = ludus_rules::games::alak::report::AlakReport::compute();
    assert_eq!(report.start, KnownValue::Draw);
    assert_eq!(report.valid.total(), 147_290);
    assert_eq!(report.reachable.total(), 128_756);
    let (plies, fen) = report.reachable.longest_win.clone().expect("some win");
    assert_eq!(report.valid.longest_win.as_ref().map(|w| w.0), Some(plies));
    // The line plays the win out: the side to move wins on its last move.
    assert_eq!(report.longest_line.len(), plies as usize);
    let mut position = pos(&fen);
    for mv in &report.longest_line {
        let mv = position.parse_move(mv).unwrap();
        position.make_move(mv);
    }
    assert_eq!(position.result(), GameResult::Win(pos(&fen).side_to_move()));

    let output = ludus(&["solve", "ALAK"]);
    let text = stdout_of(&output);
    assert!(output.status.success());
    assert!(
        text.contains("start position xxxx___oooo x: draw"),
        "{text}"
    );
    assert!(text.contains(&format!("longest forced win (reachable): {plies} plies")));
    let output = ludus(&["solve", "chess"]);
    assert!(!output.status.success());
    // clap names the value and lists the targets.
    let error = stderr_of(&output);
    assert!(
        error.contains("'chess'") && error.contains("alak, wyke-endgames"),
        "{error}"
    );
}

#[test]
fn the_daemon_answers_from_the_table_and_the_option_switches_it_off() {
    let mut engine = Engine::start(&[]);
    let lines = engine.handshake("uci");
    assert_reported(&lines, "option name AlakSolution type check default true");
    engine.ask("isready", "readyok");

    let lines = engine.search("fen xo_x____o__ x", "depth 3");
    assert_reported(&lines, "score mate 1 ");
    assert_eq!(best_move(lines.last().unwrap()), "4-3");

    let lines = engine.search("fen xo_x_____o_ o", "depth 3");
    assert_reported(&lines, "score mate -1 ");
    assert!(lines.last().unwrap().contains(" ponder "), "{lines:#?}");

    // A known root ends a timed search at once, far inside its budget.
    let lines = engine.search("fen ooxx_______ x", "movetime 600000");
    assert!(
        lines.iter().any(
            |l| l.contains("score mate 2 ") && l.ends_with("pv 3-5 1-3 5-1")
                || l.contains("score mate 2 ") && l.ends_with("pv 3-5 2-3 5-2")
        ),
        "{lines:#?}"
    );
    assert_eq!(best_move(lines.last().unwrap()), "3-5");
    let iterations = lines.iter().filter(|l| l.starts_with("info depth")).count();
    assert_eq!(iterations, 1, "proven after depth 1: {lines:#?}");

    let lines = engine.search("startpos", "depth 2");
    assert!(
        lines
            .iter()
            .all(|l| !l.starts_with("info depth") || l.contains("score cp 0 ")),
        "{lines:#?}"
    );

    // Off: the search has to visit the position's children itself (the
    // table answers for them without visiting any).
    engine.send("setoption name AlakSolution value false");
    let lines = engine.search("fen ooxx_______ x", "depth 1");
    let info = lines
        .iter()
        .find(|l| l.starts_with("info depth 1 "))
        .unwrap();
    assert!(!info.contains(" nodes 0 "), "{lines:#?}");
    assert!(
        !info.contains("score mate"),
        "depth 1 cannot see the win: {info}"
    );

    let error = engine.ask("setoption name AlakSolution value maybe", "info string");
    assert!(
        error.starts_with("info string error: option 'AlakSolution'"),
        "{error}"
    );
}
