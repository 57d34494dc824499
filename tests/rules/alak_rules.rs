//! Alak: perft table, named edge cases and notation round trips.

use crate::common::rules::{self, assert_refused, play, play_noisy};
use ludus_rules::games::alak::Alak;
use ludus_rules::perft::perft;
use ludus_rules::{Game, GameResult, Player, Searchable};

fn pos(fen: &str) -> Alak {
    rules::pos(fen)
}

/// The position after `mv` from `before`, checked to be `expected`.
fn played(before: &str, mv: &str, expected: &str) -> Alak {
    let after = play(&pos(before), mv);
    assert_eq!(after.to_fen(), expected, "{mv} from {before}");
    after
}

#[test]
fn perft_from_start_matches_reference_counts() {
    let expected = [4, 16, 104, 676, 4006, 23100, 135300, 787458];
    let start = Alak::startpos();
    for (depth, &count) in (1..).zip(expected.iter()) {
        assert_eq!(perft(&start, depth), count, "depth {depth}");
    }
}

#[test]
fn start_position_moves() {
    let start = Alak::startpos();
    let mut moves = Vec::new();
    start.generate_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| start.format_move(m)).collect();
    names.sort();
    assert_eq!(names, ["1-5", "2-5", "3-5", "4-5"]);
}

#[test]
fn capture_on_both_sides_at_once() {
    // x jumps 8 -> 5: o on 4 is bracketed by x on 3, o on 6 by x on 7.
    let before = pos("__xo_oxx_oo x");
    let mv = before.parse_move("8-5").unwrap();
    assert!(before.is_noisy(mv) && before.is_irreversible(mv));
    let after = play(&before, "8-5");
    assert_eq!(after.to_fen(), "__x_x_x__oo o");
    assert_eq!(after.result(), GameResult::Ongoing);
}

#[test]
fn move_into_gap_between_enemy_pieces_is_safe() {
    // o jumps 7 -> 4, between x on 3 and x on 5: nothing is removed.
    let after = play_noisy(&pos("_xx_xxo_oo_ o"), "7-4", false);
    assert_eq!(after.to_fen(), "_xxoxx__oo_ x");
}

#[test]
fn board_edge_brackets_nothing() {
    // x lands on 3 next to o on 2 and 1: the run reaches the edge.
    played("oo_x_____xo x", "4-3", "oox______xo o");
    // The same at the right edge.
    played("ox_____x_oo x", "8-9", "ox______xoo o");
}

#[test]
fn a_run_of_several_pieces_is_captured() {
    let after = played("xoo_x____o_ x", "5-4", "x__x_____o_ o");
    assert_eq!(after.result(), GameResult::Win(Player::First));
}

#[test]
fn win_when_opponent_drops_below_two_pieces() {
    let after = played("xo_x____o__ x", "4-3", "x_x_____o__ o");
    assert_eq!(after.result(), GameResult::Win(Player::First));
    let mut moves = Vec::new();
    after.generate_moves(&mut moves);
    assert!(moves.is_empty(), "a finished game has no moves");
    assert!(after.parse_move("9-10").is_err());
}

#[test]
fn notation_round_trips() {
    for fen in ["xxxx___oooo x", "x_x_o_o_x_o o", "_x__x_ooo__ x"] {
        assert_eq!(pos(fen).to_fen(), fen);
    }
    assert_eq!(pos("xx..x....oo o").to_fen(), "xx__x____oo o");
    let start = Alak::startpos();
    let mut moves = Vec::new();
    start.generate_moves(&mut moves);
    for &mv in &moves {
        let text = start.format_move(mv);
        assert_eq!(start.parse_move(&text), Ok(mv));
    }
}

#[test]
fn bad_notation_is_rejected_with_a_reason() {
    for bad in [
        "",
        "xxxx___oooo",
        "xxxx___ooo x",
        "xxxx___ooooo x",
        "xxxx___oooq x",
        "xxxx___oooo z",
        "xxxxx__oooo x",
        "x______oooo o",
        "xxxx___oooo x extra",
    ] {
        assert!(Alak::from_fen(bad).is_err(), "accepted '{bad}'");
    }
    let start = Alak::startpos();
    for bad in [
        "", "3", "3-", "-5", "0-5", "3-12", "3-4", "5-6", "a-b", "+3-5", "3-5-7",
    ] {
        assert!(start.parse_move(bad).is_err(), "accepted '{bad}'");
    }
    // 4-5 is legal, but only written canonically.
    assert!(start.parse_move("4-5").is_ok());
    for bad in ["04-5", "4-05", "004-0005", "+4-5", "4-+5", " 4-5", "4 -5"] {
        assert_refused(&start, bad, "without signs or leading zeros");
    }
}

#[test]
fn hash_is_incremental_and_reproducible() {
    let start = Alak::startpos();
    let after = play(&play(&start, "4-5"), "8-7");
    assert_eq!(after.hash(), pos(&after.to_fen()).hash());
    assert_ne!(after.hash(), start.hash());
    let side_only = pos("xxxx___oooo o");
    assert_ne!(side_only.hash(), start.hash());
}
