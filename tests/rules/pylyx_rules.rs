//! Pylyx and Pylyx 10×10: perft tables cross-checked against an independent
//! brute-force model, named edge cases for every rule, notation round trips
//! and errors.

use crate::common::pylyx_model::Model;
use crate::common::rules::{assert_refused, move_names, play, play_noisy, pos};
use ludus_rules::games::pylyx::{Pylyx, Pylyx10, PylyxMove};
use ludus_rules::perft::perft;
use ludus_rules::random::splitmix64;
use ludus_rules::{Game, GameResult, Player, Searchable};

/// Walks the move tree to `depth`, checking at every node that the engine
/// and the model agree on the position and on the legal moves; returns the
/// leaf count.
fn cross_check<G: Game>(position: &G, model: &Model, depth: u32) -> u64 {
    let fen = position.to_fen();
    assert_eq!(
        fen,
        model.fen(),
        "engine and model disagree on the position"
    );
    let names = move_names(position);
    let mut expected = model.moves();
    expected.sort();
    assert_eq!(names, expected, "legal moves at {fen}");
    if depth <= 1 {
        return names.len() as u64;
    }
    names
        .iter()
        .map(|mv| cross_check(&play(position, mv), &model.play(mv), depth - 1))
        .sum()
}

/// Checks `expected[d - 1]` = perft(d) for the engine, and up to
/// `model_depth` also the model's count with the move lists compared at
/// every node.
fn perft_table<G: Game>(fen: &str, expected: &[u64], model_depth: u32) {
    let position: G = pos(fen);
    for (depth, &count) in (1..).zip(expected) {
        assert_eq!(
            perft(&position, depth),
            count,
            "engine perft({depth}) of {fen}"
        );
        if depth <= model_depth {
            let model = Model::parse(fen);
            assert_eq!(
                cross_check(&position, &model, depth),
                count,
                "model perft({depth})"
            );
        }
    }
}

// --- perft -------------------------------------------------------------

#[test]
fn perft_from_the_start() {
    perft_table::<Pylyx>(&Pylyx::startpos().to_fen(), &[100, 9_900, 793_800], 3);
    perft_table::<Pylyx10>(&Pylyx10::startpos().to_fen(), &[64, 4_032, 194_432], 3);
}

#[test]
fn perft_placement_phase() {
    perft_table::<Pylyx>(
        "12/8a3/12/12/3A3a4/6A5/5a1A4/4A1a5/1A10/12/12/12 b 5 6",
        &[35, 828, 19_824, 295_664],
        3,
    );
}

#[test]
fn perft_mixed_placement_and_movement() {
    // White holds a checker but its only free rank and file cross on i9,
    // which Black holds: White moves instead, Black may still place.
    perft_table::<Pylyx10>(MIXED_10, &MIXED_10_COUNTS, 3);
    perft_table::<Pylyx>(
        "12/8a1A1/5A6/2a9/3A3a4/6A3a1/5a1A4/4A1a5/1A7a2/4a3A3/9A2/12 b 1 2",
        &MIXED_12_COUNTS,
        3,
    );
}
const MIXED_10: &str = "10/6a1a1/5a1A2/4a1A3/3a1A4/2a1A5/1a1A6/2A7/1A8/10 w 1 1";
const MIXED_10_COUNTS: [u64; 4] = [32, 63, 171, 6_113];
const MIXED_12_COUNTS: [u64; 4] = [4, 234, 425, 1_226];

#[test]
fn perft_movement_phase() {
    perft_table::<Pylyx>(
        "12/12/7C4/4A7/12/5ca1A3/5Dc5/12/6cA4/12/12/12 b 0 0",
        &MOVEMENT_12,
        3,
    );
    perft_table::<Pylyx10>(
        "10/10/5A4/4a1b3/3a6/6A3/4aC1c2/10/5C4/10 w 0 0",
        &MOVEMENT_10,
        3,
    );
}
const MOVEMENT_12: [u64; 3] = [164, 24_755, 3_906_033];
const MOVEMENT_10: [u64; 3] = [79, 6_529, 520_182];

/// Random games, the engine's moves compared with the model's at every ply.
#[test]
fn random_games_agree_with_the_model() {
    fn games<G: Game>(seed: u64) {
        let mut state = seed;
        for _ in 0..30 {
            let mut position = G::startpos();
            let mut model = Model::parse(&position.to_fen());
            for _ in 0..400 {
                let names = move_names(&position);
                let mut expected = model.moves();
                expected.sort();
                assert_eq!(names, expected, "at {}", position.to_fen());
                if names.is_empty() {
                    break;
                }
                let (next, value) = splitmix64(state);
                state = next;
                let mv = &names[(value % names.len() as u64) as usize];
                position = play(&position, mv);
                model = model.play(mv);
                assert_eq!(position.to_fen(), model.fen());
            }
        }
    }
    games::<Pylyx>(1);
    games::<Pylyx10>(2);
}

// --- named edge cases --------------------------------------------------

/// Builds a position from a list of (cell, stack letter) pairs.
fn fen_of(n: i32, pieces: &[(&str, char)], side: &str, hands: [i32; 2]) -> String {
    let mut model = Model::parse(&format!(
        "{} w 0 0",
        vec![n.to_string(); n as usize].join("/")
    ));
    for &(cell, letter) in pieces {
        let file = (cell.as_bytes()[0] - b'a') as usize;
        let rank = cell[1..].parse::<usize>().unwrap() - 1;
        model.board[rank][file] = if letter.is_ascii_uppercase() {
            (letter as u8 - b'A' + 1) as i32
        } else {
            -((letter as u8 - b'a' + 1) as i32)
        };
    }
    model.side = if side == "w" { 1 } else { -1 };
    model.hands = hands;
    model.fen()
}

/// The moves of the piece on `from`, sorted.
fn moves_from<G: Game>(position: &G, from: &str) -> Vec<String> {
    let prefix = format!("{from}-");
    move_names(position)
        .into_iter()
        .filter(|m| m.starts_with(&prefix))
        .collect()
}

/// (files, ranks) travelled by a movement `a1-b2[/k]`.
fn delta(mv: &str) -> (i32, i32) {
    let (from, rest) = mv.split_once('-').unwrap();
    let to = rest.split('/').next().unwrap();
    let coords = |c: &str| (c.as_bytes()[0] as i32, c[1..].parse::<i32>().unwrap());
    let (a, b) = (coords(from), coords(to));
    (b.0 - a.0, b.1 - a.1)
}

/// The position of `pieces` on an `n`×`n` board (see [`fen_of`]), White
/// to move, both hands empty.
fn white_to_move<G: Game>(n: i32, pieces: &[(&str, char)]) -> G {
    pos(&fen_of(n, pieces, "w", [0, 0]))
}

#[test]
fn stack_of_five_lifts_one_two_or_three_but_never_moves_whole() {
    let position: Pylyx =
        white_to_move(12, &[("e5", 'E'), ("j10", 'E'), ("b11", 'e'), ("k2", 'e')]);
    let moves = moves_from(&position, "e5");
    assert!(moves
        .iter()
        .all(|m| m.ends_with("/1") || m.ends_with("/2") || m.ends_with("/3")));
    for mv in [
        "e5-f6/1",
        "e5-f6/3",
        "e5-e6/2",
        "e5-e6/3",
        "e5-a1/1".replace("a1", "b2").as_str(),
    ] {
        assert!(moves.iter().any(|m| m == mv), "{mv} missing in {moves:?}");
    }
    assert!(!moves.iter().any(|m| m == "e5-f6/2" || m == "e5-e6/1"));
    assert_refused(&position, "e5-f6", "cannot move whole");
    assert_refused(&position, "e5-f6/4", "must lift 1-3");
    assert_refused(&position, "e5-f6/2", "a double moves orthogonally");
    let after = play(&position, "e5-e9/3");
    assert!(after.to_fen().contains("4C7"), "{}", after.to_fen()); // e9 now holds 3
    assert!(after.to_fen().contains("/4B7/"), "{}", after.to_fen()); // e5 keeps 2
}

#[test]
fn singles_go_diagonally_doubles_orthogonally_triples_both() {
    let position: Pylyx = white_to_move(
        12,
        &[
            ("e5", 'A'),
            ("h4", 'B'),
            ("f9", 'C'),
            ("k11", 'D'),
            ("c10", 'e'),
            ("k10", 'e'),
        ],
    );
    let single = moves_from(&position, "e5");
    // Up to the edges; south-west stops at b2, a1 being missing.
    assert_eq!(single.len(), 6 + 4 + 4 + 3, "{single:?}");
    assert!(single
        .iter()
        .map(|m| delta(m))
        .all(|(x, y)| x.abs() == y.abs()));
    let double = moves_from(&position, "h4");
    let (split, whole): (Vec<&String>, Vec<&String>) =
        double.iter().partition(|m| m.ends_with("/1"));
    assert!(whole
        .iter()
        .map(|m| delta(m))
        .all(|(x, y)| x == 0 || y == 0));
    assert!(!split.is_empty(), "a double may split off a single");
    assert!(split
        .iter()
        .map(|m| delta(m))
        .all(|(x, y)| x.abs() == y.abs()));
    let triple = moves_from(&position, "f9");
    let whole: Vec<(i32, i32)> = triple
        .iter()
        .filter(|m| !m.contains('/'))
        .map(|m| delta(m))
        .collect();
    assert!(whole.iter().any(|&(x, y)| x == 0 || y == 0));
    assert!(whole.iter().any(|&(x, y)| x != 0 && y != 0));
    assert_refused(&position, "e5-e6", "a single moves diagonally");
    assert_refused(&position, "h4-i5", "a double moves orthogonally");
}

/// White to move on 12×12, its single on e5 on the diagonal between its
/// double on c3 and its stack of 7 on h8, with the pieces `more`.
fn single_between_own_pieces(more: &[(&str, char)]) -> Pylyx {
    let own = [("e5", 'A'), ("c3", 'B'), ("h8", 'G')];
    white_to_move(12, &[&own[..], more].concat())
}

#[test]
fn pieces_never_jump_nor_land_on_the_opponent() {
    let position = single_between_own_pieces(&[("g7", 'a'), ("b2", 'i')]);
    let single = moves_from(&position, "e5");
    assert!(single.contains(&"e5-f6".to_string()));
    assert!(
        !single.iter().any(|m| m == "e5-g7" || m == "e5-h8"),
        "{single:?}"
    );
    assert!(
        single.contains(&"e5-c3".to_string()),
        "stacks on its own piece"
    );
    assert!(
        !single.iter().any(|m| m == "e5-b2"),
        "stops at the own piece"
    );
    assert_refused(&position, "e5-g7", "holds an opponent piece");
    assert_refused(&position, "e5-h8", "not such a free line");
}

#[test]
fn landing_on_an_own_piece_makes_one_stack() {
    let position = single_between_own_pieces(&[("b11", 'e'), ("k10", 'e')]);
    let after = play_noisy(&position, "e5-c3", false);
    let expected = fen_of(
        12,
        &[("c3", 'C'), ("h8", 'G'), ("b11", 'e'), ("k10", 'e')],
        "b",
        [0, 0],
    );
    // The single from e5 and the double on c3 are now one stack of 3 (C);
    // Black's 10 checkers stay as two stacks of 5 on b11 and k10.
    assert_eq!(after.to_fen(), expected);
    assert_eq!(pos::<Pylyx>(&expected).hash(), after.hash());
}

#[test]
fn a_stack_of_all_ten_wins_and_nine_does_not() {
    let position: Pylyx = white_to_move(12, &[("e5", 'G'), ("e8", 'C'), ("h8", 'g'), ("h2", 'c')]);
    let win = position.parse_move("e8-e5").unwrap();
    assert!(position.is_noisy(win));
    let nine = position.parse_move("e8-e5/2").unwrap();
    assert!(position.is_noisy(nine), "a stack of 9 threatens the win");
    let mut noisy = Vec::new();
    position.generate_noisy(&mut noisy);
    let mut names: Vec<String> = noisy.iter().map(|&m| position.format_move(m)).collect();
    names.sort();
    assert_eq!(names, ["e8-e5", "e8-e5/2"], "a single cannot go straight");
    let after = play(&position, "e8-e5");
    assert_eq!(after.result(), GameResult::Win(Player::First));
    assert_eq!(after.result_reason(), "White made a stack of 10");
    assert!(move_names(&after).is_empty());
    assert!(after.parse_move("h8-g7/1").is_err());
    let reparsed: Pylyx = pos(&after.to_fen());
    assert_eq!(reparsed.result(), GameResult::Win(Player::First));
    assert_eq!(play(&position, "e8-e5/2").result(), GameResult::Ongoing);
    // A quiet move: far from the threat height.
    assert!(!position.is_noisy(position.parse_move("e8-f9/1").unwrap()));
}

#[test]
fn pylyx10_is_won_by_a_stack_of_eight() {
    let fen = fen_of(10, &[("e5", 'E'), ("c5", 'C'), ("h8", 'h')], "w", [0, 0]);
    let finished: Pylyx10 = pos(&fen);
    assert_eq!(finished.result(), GameResult::Win(Player::Second));
    assert!(Pylyx10::from_fen(&fen.replace(" w ", " b ")).is_err());
    let pieces = [("e5", 'E'), ("c5", 'C'), ("h8", 'g'), ("b2", 'a')];
    let fen = fen_of(10, &pieces, "w", [0, 0]);
    let position: Pylyx10 = pos(&fen);
    let after = play(&position, "c5-e5");
    assert_eq!(after.result(), GameResult::Win(Player::First));
    assert_eq!(after.result_reason(), "White made a stack of 8");
    assert!(Pylyx10::from_fen(&fen.replace('E', "I").replace("C", "")).is_err());
}

#[test]
fn placement_restriction_counts_a_stack_on_the_outer_ring() {
    let fen = fen_of(12, &[("a5", 'B'), ("l8", 'b')], "w", [8, 8]);
    let position: Pylyx = pos(&fen);
    let moves = move_names(&position);
    assert!(
        !moves.iter().any(|m| m.ends_with('5') && m.len() == 2),
        "{moves:?}"
    );
    assert_eq!(moves.len(), 90, "rank 5 is closed to White");
    assert_refused(&position, "e5", "already has a checker in the rank or file");
    assert!(
        position.parse_move("e8").is_ok(),
        "Black's stack on l8 does not restrict White"
    );
    let black = play(&position, "e6");
    assert!(black.parse_move("e8").is_err(), "but it restricts Black");
    assert!(black.parse_move("e5").is_ok());
    // A stack on f12 closes file f.
    let fen = fen_of(12, &[("f12", 'B'), ("l8", 'b')], "w", [8, 8]);
    let position: Pylyx = pos(&fen);
    assert_refused(&position, "f3", "rank or file");
    assert_eq!(move_names(&position).len(), 90);
}

#[test]
fn placement_is_compulsory_and_only_inside_the_central_area() {
    let position = play(&play(&Pylyx::startpos(), "e5"), "f6");
    let moves = move_names(&position);
    assert!(moves.iter().all(|m| !m.contains('-')), "White must place");
    assert_eq!(moves.len(), 100 - 19 - 1);
    assert_refused(&position, "e5-d6", "placing is compulsory");
    assert_refused(&position, "a7", "outside the placement area");
    assert_refused(&position, "f6", "occupied");
    let mv = position.parse_move("g7").unwrap();
    assert!(position.is_irreversible(mv) && !position.is_noisy(mv));
}

#[test]
fn a_side_with_checkers_in_hand_but_no_placement_moves_instead() {
    let position: Pylyx10 = pos(MIXED_10);
    let moves = move_names(&position);
    assert_eq!(moves.len(), 32);
    assert!(moves.iter().all(|m| m.contains('-')), "{moves:?}");
    assert_refused(&position, "i9", "occupied");
    // Black still has a placement (h2 or h3), so it places.
    let black = play(&position, "h8-i7");
    assert!(move_names(&black).iter().all(|m| !m.contains('-')));
    // White's move freed rank 8 and file h (i7 closed file i and rank 7):
    // now White can place again, and must.
    let white = play(&black, "h2");
    assert_eq!(move_names(&white), ["h8", "h9"]);
}

#[test]
fn a_line_stops_at_a_missing_corner() {
    let position: Pylyx = white_to_move(
        12,
        &[
            ("b2", 'A'),
            ("a2", 'C'),
            ("h8", 'F'),
            ("j10", 'e'),
            ("c10", 'e'),
        ],
    );
    let single = moves_from(&position, "b2");
    let expected = [
        "b2-a3", "b2-c1", "b2-c3", "b2-d4", "b2-e5", "b2-f6", "b2-g7", "b2-h8",
    ];
    assert_eq!(single, expected);
    let triple = moves_from(&position, "a2");
    assert!(
        !triple
            .iter()
            .any(|m| m == "a2-a1" || m.starts_with("a2-a1/")),
        "{triple:?}"
    );
    assert!(
        triple.contains(&"a2-b2".to_string()),
        "stacks on b2 orthogonally"
    );
    assert_refused(&position, "b2-a1", "missing corner");
    assert!(Pylyx::from_fen(&fen_of(12, &[("a1", 'A')], "w", [9, 10])).is_err());
}

#[test]
fn a_side_without_any_move_passes() {
    let pieces = [
        ("a2", 'I'),
        ("l2", 'A'),
        ("a3", 'a'),
        ("b2", 'a'),
        ("b3", 'a'),
        ("b1", 'a'),
        ("k3", 'a'),
        ("k1", 'a'),
        ("f7", 'd'),
    ];
    let fen = fen_of(12, &pieces, "w", [0, 0]);
    let position: Pylyx = pos(&fen);
    assert_eq!(move_names(&position), ["pass"]);
    assert!(position.is_legal(PylyxMove::Pass));
    let (mut noisy, mut quiet) = (Vec::new(), Vec::new());
    position.generate_noisy(&mut noisy);
    position.generate_quiet(&mut quiet);
    assert!(noisy.is_empty());
    assert_eq!(quiet, [PylyxMove::Pass]);
    let after = play(&position, "pass");
    assert_eq!(after.to_fen(), format!("{} 1", fen.replace(" w ", " b ")));
    assert_eq!(after.result(), GameResult::Ongoing);
    let same_board: Pylyx = pos(&fen.replace(" w ", " b "));
    assert_ne!(after.hash(), same_board.hash(), "the pass count is hashed");
    assert_eq!(pos::<Pylyx>(&after.to_fen()), after);
    assert!(!move_names(&after).contains(&"pass".to_string()));
    assert!(!after.is_legal(PylyxMove::Pass));
    assert_refused(&after, "pass", "may not pass");
    // The pass claims are checked against the board.
    let two = Pylyx::from_fen(&format!("{} 2", fen.replace(" w ", " b "))).unwrap_err();
    assert!(two.contains("Black has a legal move"), "{two}");
    let wrong = Pylyx::from_fen(&format!("{fen} 1")).unwrap_err();
    assert!(wrong.contains("Black is said to have passed"), "{wrong}");
    // A move after the pass resets the count.
    let black = play(&after, "f7-f8/2");
    assert!(!black.to_fen().ends_with(" 1"));
}

// --- notation ----------------------------------------------------------

#[test]
fn position_notation_round_trips() {
    for fen in [
        "12/12/12/12/12/12/12/12/12/12/12/12 w 10 10",
        "12/8a3/12/12/3A3a4/6A5/5a1A4/4A1a5/1A10/12/12/12 b 5 6",
        "1a10/11J/12/12/12/12/12/12/12/12/12/12 b 0 9",
        "10/6a1a1/5a1A2/4a1A3/3a1A4/2a1A5/1a1A6/2A7/1A8/10 w 1 1",
    ] {
        match fen.split('/').count() {
            12 => assert_eq!(pos::<Pylyx>(fen).to_fen(), fen),
            _ => assert_eq!(pos::<Pylyx10>(fen).to_fen(), fen),
        }
    }
    let won: Pylyx = pos("1a10/11J/12/12/12/12/12/12/12/12/12/12 b 0 9");
    assert_eq!(won.result(), GameResult::Win(Player::First));
    // Extra spaces are fine; the canonical form comes back.
    let spaced: Pylyx = pos("  12/12/12/12/12/12/12/12/12/12/12/12   w 10  10 ");
    assert_eq!(spaced, Pylyx::startpos());
    assert_eq!(
        pos::<Pylyx10>("10/10/10/10/10/10/10/10/10/10 w 8 8"),
        Pylyx10::startpos()
    );
}

#[test]
fn bad_positions_are_rejected_with_the_reason() {
    let start = "12/12/12/12/12/12/12/12/12/12/12/12";
    let cases: &[(&str, &str)] = &[
        ("12/12/12 w 10 10", "has 3 ranks"),
        (&format!("{start} w 10"), "4 fields"),
        (&format!("{start} x 10 10"), "bad side to move 'x'"),
        (&format!("{start} w 11 10"), "White's checkers in hand"),
        (&format!("{start} w 10 -1"), "Black's checkers in hand"),
        (&format!("{start} w 10 10 3"), "passes"),
        (&format!("{start} w 10 10 0"), "passes"),
        (&format!("{start} W 10 10"), "bad side to move 'W'"),
        (
            "A11/12/12/12/12/12/12/12/12/12/12/12 b 9 10",
            "a12, a missing corner",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/11A b 9 10",
            "l1, a missing corner",
        ),
        (
            "13/12/12/12/12/12/12/12/12/12/12/12 w 10 10",
            "more than 12 cells",
        ),
        (
            "11/12/12/12/12/12/12/12/12/12/12/12 w 10 10",
            "has 11 cells",
        ),
        (
            "6A6/12/12/12/12/12/12/12/12/12/12/12 b 9 10",
            "more than 12 cells",
        ),
        ("06/12/12/12/12/12/12/12/12/12/12/12 w 10 10", "bad run"),
        (
            "5x6/12/12/12/12/12/12/12/12/12/12/12 w 10 10",
            "bad character 'x'",
        ),
        ("12/5B6/12/12/12/12/12/12/12/12/12/12 b 9 10", "11 in all"),
        (
            "12/5A6/5a6/12/12/12/12/12/12/12/12/12 b 9 8",
            "Black has 1 checker on the board and 8 in hand",
        ),
        (
            "12/5A6/12/12/12/12/12/12/12/12/12/12 w 9 10",
            "either both or neither",
        ),
        (
            "12/12/12/12/12/12/12/12/12/12/12/12 b 10 10",
            "White's first move is always a placement",
        ),
        (
            "1A10/11j/12/12/12/12/12/12/12/12/12/12 b 9 0",
            "Black has a stack of 10 yet is to move",
        ),
        (
            "1a10/11J/12/12/12/12/12/12/12/12/12/12 b 0 9 1",
            "no pass can follow",
        ),
    ];
    for (fen, expected) in cases {
        let error = Pylyx::from_fen(fen).unwrap_err();
        assert!(
            error.contains(expected),
            "'{fen}' gave '{error}', wanted '{expected}'"
        );
    }
    let error = Pylyx10::from_fen("1I8/10/10/10/10/10/10/10/10/10 b 0 8").unwrap_err();
    assert!(
        error.contains("has 9 checkers; each side has only 8"),
        "{error}"
    );
    let error = Pylyx10::from_fen("12/12/12/12/12/12/12/12/12/12/12/12 w 8 8").unwrap_err();
    assert!(error.contains("needs 10"), "{error}");
}

#[test]
fn move_notation_round_trips_and_errors() {
    let position = play(&play(&Pylyx::startpos(), "e5"), "F6");
    assert!(
        position.to_fen().contains("5a6"),
        "upper-case input is read"
    );
    for mv in move_names(&position) {
        let parsed = position.parse_move(&mv).unwrap();
        assert_eq!(position.format_move(parsed), mv);
    }
    for (text, expected) in [
        ("z5", "not a cell"),
        ("e0", "not a cell"),
        ("e13", "not a cell"),
        ("e05", "not a cell"),
        ("e", "not a cell"),
        ("", "not a cell"),
        ("l12", "missing corner"),
        ("e5-", "not a cell"),
        ("e5-e6-e7", "not a cell"),
        ("g7-h8", "no piece on g7"),
    ] {
        assert_refused(&position, text, expected);
    }
    // `/k` equal to the height is read as the whole piece.
    let triple: Pylyx = white_to_move(12, &[("e5", 'C'), ("j10", 'G'), ("b11", 'e'), ("k10", 'e')]);
    assert_eq!(triple.parse_move("e5-e9/3"), triple.parse_move("e5-e9"));
    assert_eq!(
        triple.format_move(triple.parse_move("e5-e9/3").unwrap()),
        "e5-e9"
    );
}
