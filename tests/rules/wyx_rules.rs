//! Wyx: named edge cases for every rule and every ending, the hand/board
//! bookkeeping, notation round trips and errors, and the random starts.

use std::collections::HashSet;

use crate::common::rules::{self, assert_refused, play, play_noisy};
use ludus_rules::games::wyx::Wyx;
use ludus_rules::{Game, GameResult, OptionValue, Player, Searchable, Tooling};

fn pos(fen: &str) -> Wyx {
    rules::pos(fen)
}

/// The default layout, ranks 8 to 1.
const LAYOUT: [&str; 8] = [
    "..2..2..", "........", "2.3..3.2", "........", "........", "2.3..3.2", "........", "..2..2..",
];

/// The default board with some squares changed, e.g. `("c3", "W3")`.
fn board(marks: &[(&str, &str)]) -> String {
    let mut cells: Vec<Vec<String>> = LAYOUT
        .iter()
        .map(|rank| rank.chars().map(String::from).collect())
        .collect();
    for (square, mark) in marks {
        let b = square.as_bytes();
        cells[(b'8' - b[1]) as usize][(b[0] - b'a') as usize] = mark.to_string();
    }
    let ranks: Vec<String> = cells.into_iter().map(|rank| rank.concat()).collect();
    ranks.join("/")
}

/// The position `rest` (the notation after the board) on the default
/// board with `marks` (see [`board`]).
fn on_board(marks: &[(&str, &str)], rest: &str) -> Wyx {
    pos(&format!("{} {rest}", board(marks)))
}

fn moves(position: &Wyx) -> Vec<String> {
    rules::move_names(position)
}

#[test]
fn start_position_is_seed_2009_and_its_moves() {
    let start = Wyx::startpos();
    assert_eq!(start, Wyx::random_start(2009).unwrap());
    assert!(start
        .to_fen()
        .starts_with(&format!("{} d4,e5 ", board(&[]))));
    assert!(start.to_fen().ends_with(" 32,32 w"));
    // Bottom row: -2+1 -1+3 -1-1 -3+0 +3-3 +3-4 +4+1 +2+0; +3-4 leaves the board.
    assert_eq!(moves(&start), ["a4", "b5", "c3", "c7", "f4", "g1", "h5"]);
    assert_refused(&start, "g0", "malformed");
    assert_refused(&start, "d1", "no available domino");
}

/// A position where white's horseman on d4 has one domino leaving the
/// board, one onto black's horseman, one onto black's set stronghold.
fn forbidden_landings() -> Wyx {
    // Columns: up-left -1+2 (c6, set by black), down-left -1-1 (c3, free),
    // down-left -2-2 (b2; for black e5 -> c3), down-right +0-4 (off),
    // up-right +1+1 (e5, black's horseman).
    let rack = "-1+2/-/-1-1/-2-2/+0-4/-/+1+1/-";
    pos(&format!(
        "{} d4,e5 {rack} 32,28 w",
        board(&[("c6", "B3"), ("e5", "b")])
    ))
}

#[test]
fn forbidden_landings_are_not_moves() {
    let position = forbidden_landings();
    assert_eq!(moves(&position), ["b2", "c3"]);
    assert_refused(&position, "e5", "other horseman");
    assert_refused(&position, "c6", "barred");
    assert_refused(&position, "d0", "malformed");
    assert_refused(&position, "pass", "must take one");
}

#[test]
fn a_set_stronghold_takes_its_worth_and_is_barred_to_both() {
    let after = play(&forbidden_landings(), "c3");
    assert_eq!(after.hand(Player::First), 29);
    assert!(after.to_fen().contains("/2.W3..3.2/"));
    assert!(after.to_fen().contains(" c3,e5 -1+2/-/-/-2-2/"));
    // Black's -2-2 from e5 lands on c3, where white's horseman stands.
    assert_refused(&after, "c3", "other horseman");
    assert_eq!(moves(&after), ["d7", "e1", "f6"]);
    let after = play_noisy(&after, "f6", true);
    assert_eq!(after.hand(Player::Second), 25);
    assert_eq!(after.result(), GameResult::Ongoing);
    // Once white's horseman has left c3, it is still barred to black.
    let barred = on_board(
        &[("c3", "W3"), ("g2", "w")],
        "g2,e5 -/-/-/-2-2/-/-/+1+1/- 28,32 b",
    );
    assert_refused(&barred, "c3", "barred");
    assert_eq!(moves(&barred), ["f6"]);
}

/// White's horseman on d4 takes +2+0 onto f4, where `token` lies (the
/// hands `hands` before), a move the search counts as `noisy` or not;
/// either way one white token stands on f4 after it.
fn land_on_f4(token: &str, hands: &str, noisy: bool) -> Wyx {
    let rest = format!("d4,e5 -/-/-/-/-/-/+2+0,+1+1/- {hands} w");
    let after = play_noisy(&on_board(&[("f4", token)], &rest), "f4", noisy);
    assert!(after.to_fen().contains("/.....w../"));
    after
}

#[test]
fn landing_on_an_opponent_token_sends_it_back_to_hand() {
    let after = land_on_f4("b", "32,31", true);
    assert_eq!(after.hand(Player::First), 31);
    assert_eq!(after.hand(Player::Second), 32);
    // Black now lands on white's token on f4? No: white's horseman stands
    // there. Black's +1+1 goes e5 -> f6 instead.
    assert_eq!(moves(&after), ["f6"]);
}

#[test]
fn landing_on_an_own_token_takes_it_back_and_puts_it_again() {
    let after = land_on_f4("w", "31,32", false);
    assert_eq!(after.hand(Player::First), 31);
}

#[test]
fn a_simple_landing_places_one_token() {
    let start = Wyx::startpos();
    let mv = start.parse_move("f4").unwrap();
    assert!(!start.is_noisy(mv));
    let after = play(&start, "f4");
    assert_eq!(after.hand(Player::First), 31);
    assert_eq!(after.dominoes_left(), 63);
    assert!(after.to_fen().contains("/.....w../"));
    // Recapture bookkeeping: black takes the token back later.
    let sums = |p: &Wyx| (p.hand(Player::First), p.hand(Player::Second));
    assert_eq!(sums(&after), (31, 32));
}

/// White's 30 tokens on the board leave 2 in hand: eight strongholds of
/// worth 2, three of worth 3 and five single tokens.
fn nearly_done(white_hand: u32) -> Wyx {
    let mut marks = vec![];
    for sq in ["c8", "f8", "a6", "h6", "a3", "h3", "c1", "f1"] {
        marks.push((sq, "W2"));
    }
    for sq in ["c6", "f6", "f3"] {
        marks.push((sq, "W3"));
    }
    let singles = 5 + 2 - white_hand as usize;
    for sq in ["a8", "b8", "d8", "e8", "g8", "h8", "a7"]
        .iter()
        .take(singles)
    {
        marks.push((sq, "w"));
    }
    pos(&format!(
        "{} d4,e5 -/-/-1-1/-/-/-/+1+0/- {white_hand},32 w",
        board(&marks)
    ))
}

#[test]
fn a_stronghold_set_short_takes_all_that_is_left_and_wins() {
    let before = nearly_done(2);
    let after = play(&before, "c3");
    assert_eq!(after.hand(Player::First), 0);
    assert_eq!(after.result(), GameResult::Win(Player::First));
    assert!(after
        .result_reason()
        .contains("white placed all its tokens"));
    // 33 = 30 + a worth-3 stronghold set with 2: the notation accepts it.
    let fen = after.to_fen();
    assert_eq!(pos(&fen).to_fen(), fen);
    assert!(moves(&after).is_empty());
    assert_refused(&after, "d5", "game is over");
}

#[test]
fn placing_the_last_token_wins_at_once() {
    let before = nearly_done(1);
    let mv = before.parse_move("e4").unwrap();
    assert!(before.is_noisy(mv), "a winning move is noisy");
    let after = play(&before, "e4");
    assert_eq!(after.result(), GameResult::Win(Player::First));
}

#[test]
fn a_side_without_a_playable_domino_passes() {
    // White on g7: +4+3 leaves the board. Black on a1: +4+3 goes to e4.
    let before = on_board(&[], "g7,a1 -/-/-/-/-/-/+4+3/- 32,32 w");
    assert_eq!(moves(&before), ["pass"]);
    assert_refused(&before, "h8", "no available domino");
    let after = play(&before, "PASS");
    assert_eq!(after.side_to_move(), Player::Second);
    assert_eq!(after.dominoes_left(), 1);
    assert_eq!(moves(&after), ["e4"]);
    assert_refused(&after, "pass", "must take one");
    let after = play(&after, "e4");
    assert_eq!(after.result(), GameResult::Win(Player::Second));
    assert!(after.result_reason().contains("rack is empty"));
}

#[test]
fn nobody_able_to_play_ends_the_game_by_hands() {
    let fen = format!("{} g7,h1 -/-/-/-/-/-/+4+3/- 32,32 w", board(&[]));
    let position = pos(&fen);
    assert_eq!(position.result(), GameResult::Draw);
    assert!(position.result_reason().contains("no available domino"));
    assert!(moves(&position).is_empty());
    let fen = format!("{} g7,h1 -/-/-/-/-/-/+4+3/- 32,31 w", board(&[("a1", "b")]));
    assert_eq!(pos(&fen).result(), GameResult::Win(Player::Second));
}

#[test]
fn an_empty_rack_ends_the_game_by_hands() {
    let fen = format!("{} d4,e5 -/-/-/-/-/-/-/- 31,32 b", board(&[("d4", "w")]));
    assert_eq!(pos(&fen).result(), GameResult::Win(Player::First));
    let fen = format!(
        "{} d4,e5 -/-/-/-/-/-/-/- 31,31 w",
        board(&[("d4", "w"), ("e5", "b")])
    );
    assert_eq!(pos(&fen).result(), GameResult::Draw);
}

#[test]
fn double_wyx_counts_tokens_left_and_margin_scores_finished_games_by_them() {
    let scoring = Wyx::PAIR_SCORING.expect("Wyx scores pairs");
    assert_eq!((scoring.name, scoring.tag), ("Double Wyx", "TokensLeft"));
    let option = Wyx::OPTIONS
        .iter()
        .find(|o| Some((o.name, "margin")) == scoring.option)
        .expect("the option Double Wyx sets is Wyx's own");
    let mut margin = <Wyx as Searchable>::Settings::default();
    assert_eq!(option.kind.default_value(), OptionValue::Combo("game"));
    (option.apply)(&mut margin, OptionValue::Combo("margin"));
    let game = <Wyx as Searchable>::Settings::default();

    // White placed all its tokens; Black, to move, still has its 32.
    let before = nearly_done(1);
    let won = play(&before, "e4");
    assert_eq!((scoring.counts)(&won), [0, 32]);
    assert_eq!(won.final_score(&game), None, "a win by default");
    assert_eq!(won.final_score(&margin), Some(-3200));
    // An empty rack, 31 against 32 in hand: Black, to move, is 1 behind.
    let fen = format!("{} d4,e5 -/-/-/-/-/-/-/- 31,32 b", board(&[("d4", "w")]));
    let ended = pos(&fen);
    assert_eq!((scoring.counts)(&ended), [31, 32]);
    assert_eq!(ended.final_score(&margin), Some(-100));
    assert_eq!(ended.final_score(&game), None);
}

#[test]
fn bad_positions_are_rejected_with_a_reason() {
    let empty = board(&[]);
    let rack = "-/-/-/-/-/-/+1+0/-";
    let cases: Vec<(String, &str)> = vec![
        (format!("{empty} d4,e5 {rack} 32,32"), "5 fields"),
        (format!("{} d4,e5 {rack} 32,32 w", &empty[9..]), "8 ranks"),
        (format!("{empty}. d4,e5 {rack} 32,32 w"), "more than 8"),
        (
            format!("{} d4,e5 {rack} 32,32 w", board(&[("a1", "x")])),
            "bad square",
        ),
        (
            format!("{} d4,e5 {rack} 32,32 w", board(&[("c3", "W4")])),
            "worth 2 or 3",
        ),
        (
            format!("{} d4,e5 {rack} 32,32 w", board(&[("c3", ".")])),
            "11 strongholds",
        ),
        (format!("{empty} d4,d4 {rack} 32,32 w"), "both horsemen"),
        (format!("{empty} d4,i9 {rack} 32,32 w"), "bad horsemen"),
        (
            format!("{} c3,e5 {rack} 32,29 w", board(&[("c3", "B3")])),
            "set by the other side",
        ),
        (format!("{empty} c3,e5 {rack} 32,32 w"), "empty stronghold"),
        (
            format!("{} d4,e5 {rack} 32,31 w", board(&[("d4", "b")])),
            "under an opponent token",
        ),
        (
            format!("{empty} d4,e5 -/-/-/-/-/-/+1+0 32,32 w"),
            "8 columns",
        ),
        (
            format!("{empty} d4,e5 -/-/-/-/-/-/+1+0/+1+0 32,32 w"),
            "twice",
        ),
        (
            format!("{empty} d4,e5 -/-/-/-/-/-/+0+0/- 32,32 w"),
            "not in the set",
        ),
        (
            format!("{empty} d4,e5 -/-/-/-/-/-/+5+0/- 32,32 w"),
            "not in the set",
        ),
        (
            format!("{empty} d4,e5 +1+0/-/-/-/-/-/-/- 32,32 w"),
            "holds up-left",
        ),
        (
            format!("{empty} d4,e5 -/-/-/-/-/-/+1-0/- 32,32 w"),
            "malformed domino",
        ),
        (
            format!("{empty} d4,e5 -/-/-/-/-/-/1+0/- 32,32 w"),
            "malformed domino",
        ),
        (
            format!(
                "{empty} d4,e5 -3+1,-2+1,-1+1,+0+1,-3+2,-2+2,-1+2,+0+2,-3+3/-/-/-/-/-/-/- 32,32 w"
            ),
            "at most 8",
        ),
        (format!("{empty} d4,e5 {rack} 33,32 w"), "bad hands"),
        (format!("{empty} d4,e5 {rack} 32 w"), "bad hands"),
        (format!("{empty} d4,e5 {rack} +32,32 w"), "bad hands"),
        (format!("{empty} d4,e5 {rack} 032,32 w"), "leading zeros"),
        (format!("{empty} d4,e5 {rack} 32,00 w"), "leading zeros"),
        (format!("{empty} d4,e5 {rack} 32,-0 w"), "bad hands"),
        (format!("{empty} d4,e5 {rack} 31,32 w"), "add up to 31"),
        (
            format!("{} d4,e5 {rack} 32,32 w", board(&[("a1", "w")])),
            "add up to 33",
        ),
        (
            format!("{} d4,e5 {rack} 0,32 b", board(&[("a1", "w")])),
            "add up to 1",
        ),
        (format!("{empty} d4,e5 {rack} 32,32 x"), "side to move"),
    ];
    for (fen, reason) in cases {
        match Wyx::from_fen(&fen) {
            Ok(_) => panic!("accepted '{fen}'"),
            Err(e) => assert!(e.contains(reason), "'{fen}': '{e}' does not say '{reason}'"),
        }
    }
}

#[test]
fn hands_short_only_after_a_last_stronghold() {
    let full = nearly_done(2);
    let after = play(&full, "c3");
    let fen = after.to_fen();
    // Without a hand of 0 a surplus is always an error.
    let surplus = fen.replace(" 0,32 b", " 1,32 b");
    assert!(Wyx::from_fen(&surplus)
        .unwrap_err()
        .contains("add up to 34"));
    // No strongholds at all: no surplus is explained.
    let no_forts = format!("{} d4,e5 -/-/-/-/-/-/-/- 0,32 b", board(&[]));
    assert!(Wyx::from_fen(&no_forts)
        .unwrap_err()
        .contains("add up to 0"));
    // To move with an empty hand: the game ended before.
    let to_move = fen.replace(" 0,32 b", " 0,32 w");
    assert!(Wyx::from_fen(&to_move)
        .unwrap_err()
        .contains("is to move with no tokens"));
}

#[test]
fn notation_round_trips() {
    let start = Wyx::startpos();
    let mut position = start.clone();
    for _ in 0..6 {
        let list = moves(&position);
        for name in &list {
            let parsed = position.parse_move(name).unwrap();
            assert_eq!(&position.format_move(parsed), name);
            assert_eq!(position.parse_move(&name.to_uppercase()), Ok(parsed));
        }
        position = play(&position, &list[0]);
        let fen = position.to_fen();
        assert_eq!(pos(&fen).to_fen(), fen);
        assert_eq!(pos(&fen), position);
    }
    for fen in [
        forbidden_landings().to_fen(),
        format!("{} g7,a1 -/-/-/-/-/-/+4+3/- 32,32 w", board(&[])),
    ] {
        assert_eq!(pos(&fen).to_fen(), fen);
    }
}

#[test]
fn random_starts_are_deterministic_full_and_differ_by_seed() {
    let a = Wyx::random_start(7).unwrap();
    assert_eq!(a.to_fen(), Wyx::random_start(7).unwrap().to_fen());
    let fens: HashSet<String> = (0..50)
        .map(|s| Wyx::random_start(s).unwrap().to_fen())
        .collect();
    assert_eq!(fens.len(), 50);
    for seed in [0, 1, 2, 2009, u64::MAX] {
        let fen = Wyx::random_start(seed).unwrap().to_fen();
        let rack = fen.split(' ').nth(2).unwrap();
        let columns: Vec<&str> = rack.split('/').collect();
        assert_eq!(columns.len(), 8);
        let mut all = HashSet::new();
        for (c, column) in columns.iter().enumerate() {
            let dominoes: Vec<&str> = column.split(',').collect();
            assert_eq!(dominoes.len(), 8, "seed {seed} column {}", c + 1);
            for d in dominoes {
                // The colour of column c: up-left, down-left, down-right, up-right.
                let b = d.as_bytes();
                let dx = (b[1] - b'0') as i32 * if b[0] == b'-' { -1 } else { 1 };
                let dy = (b[3] - b'0') as i32 * if b[2] == b'-' { -1 } else { 1 };
                let ok = match c / 2 {
                    0 => (-3..=0).contains(&dx) && (1..=4).contains(&dy),
                    1 => (-4..=-1).contains(&dx) && (-3..=0).contains(&dy),
                    2 => (0..=3).contains(&dx) && (-4..=-1).contains(&dy),
                    _ => (1..=4).contains(&dx) && (0..=3).contains(&dy),
                };
                assert!(ok, "seed {seed}: {d} in column {}", c + 1);
                assert!(all.insert(d.to_string()), "seed {seed}: {d} twice");
            }
        }
        assert_eq!(all.len(), 64);
    }
}

#[test]
fn recaptures_keep_hands_and_board_in_step() {
    // White (token under its horseman on d4) takes black's f4 token; black
    // then lands on the d4 token white's horseman just left.
    let start = on_board(
        &[("d4", "w"), ("f4", "b")],
        "d4,e5 -/-/-1-1/-/-/-/+2+0/- 31,31 w",
    );
    let after = play(&start, "f4");
    assert_eq!(
        (after.hand(Player::First), after.hand(Player::Second)),
        (30, 32)
    );
    assert!(after.to_fen().contains("/...w.w../"));
    let after = play(&after, "d4");
    assert_eq!(
        (after.hand(Player::First), after.hand(Player::Second)),
        (31, 31)
    );
    assert!(after.to_fen().contains("/...b.w../"));
    assert!(after.to_fen().contains(" f4,d4 -/-/-/-/-/-/-/- 31,31 w"));
    // The rack is empty: equal hands draw.
    assert_eq!(after.result(), GameResult::Draw);
    assert!(after
        .result_reason()
        .contains("tokens in hand: white 31, black 31"));
}

/// The evaluation's `greedy playout` feature for `position`.
fn playout_feature(position: &Wyx) -> i32 {
    let linear = Wyx::LINEAR_EVAL;
    let index = (0..linear.len())
        .find(|&i| (linear.feature_name)(i) == "greedy playout")
        .expect("Wyx's evaluation has a greedy playout");
    let mut features = vec![0; linear.len()];
    (linear.features)(position, &mut features);
    features[index]
}

#[test]
fn the_evaluations_playout_takes_the_biggest_gain_in_turn() {
    // White on d4 can set c3 (worth 3) or land on e4 (1); greedy sets c3,
    // black then takes e4's domino to f5, and the rack is empty: white
    // 29 in hand, black 31.
    let position = on_board(&[], "d4,e5 -/-/-1-1/-/-/-/+1+0/- 32,32 w");
    assert_eq!(playout_feature(&position), 2);
    // Black to move on the same board has one domino (-1-1 would land on
    // white's horseman): it lands on f5, white sets c3, and leads by 2.
    let black = on_board(&[], "d4,e5 -/-/-1-1/-/-/-/+1+0/- 32,32 b");
    let after = play(&play(&black, "f5"), "c3");
    assert_eq!(after.result(), GameResult::Win(Player::First));
    assert_eq!(playout_feature(&black), -2);
    // A playout that ends the game counts the final hands: white sets its
    // last 2 tokens on c3 and wins with black's 32 still in hand.
    assert_eq!(playout_feature(&nearly_done(2)), 32);
}
