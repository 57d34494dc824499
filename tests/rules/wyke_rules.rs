//! Alfred's Wyke (`wyke`, `wyke6`): perft checked against combinatorics and
//! a deliberately simple independent generator, named edge cases for every
//! rule, and notation round trips.

use std::collections::BTreeSet;

use crate::common::rules::{assert_refused, move_names, play, pos};
use ludus_rules::games::wyke::{Wyke4, Wyke6};
use ludus_rules::perft::perft;
use ludus_rules::{Game, GameResult, Player, Searchable};

fn pos4(fen: &str) -> Wyke4 {
    pos(fen)
}

fn pos6(fen: &str) -> Wyke6 {
    pos(fen)
}

fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

// ---------------------------------------------------------------------------
// A deliberately simple generator, written without the engine's masks.

const NAMES: [&str; 5] = ["1-1-1-1-1", "2-1-1", "2-2", "3-1", "4"];
const GROUPS: [&[(u8, usize)]; 5] = [
    &[(1, 5)],
    &[(2, 1), (1, 2)],
    &[(2, 2)],
    &[(3, 1), (1, 1)],
    &[(4, 1)],
];

#[derive(Clone)]
struct Simple {
    n: usize,
    /// tiles[file][rank]
    tiles: Vec<Vec<u8>>,
    builder: bool,
    markers: [Option<usize>; 2],
    /// Passes in a row just made.
    passes: u8,
}

/// A simple move: type and plots as (file, rank, amount).
type SimpleMove = (usize, Vec<(usize, usize, u8)>);

impl Simple {
    fn parse(fen: &str) -> Simple {
        let fields: Vec<&str> = fen.split(' ').collect();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        let n = ranks.len();
        let mut tiles = vec![vec![0u8; n]; n];
        for (row, text) in ranks.iter().enumerate() {
            for (file, c) in text.chars().enumerate() {
                tiles[file][n - 1 - row] = c.to_digit(10).unwrap() as u8;
            }
        }
        let marker = |t: &str| NAMES.iter().position(|&name| name == t);
        Simple {
            n,
            tiles,
            builder: fields[1] == "b",
            markers: [marker(fields[2]), marker(fields[3])],
            passes: fields.get(4).map_or(0, |p| p.parse().unwrap()),
        }
    }

    fn count(&self, value: u8) -> usize {
        self.tiles.iter().flatten().filter(|&&t| t == value).count()
    }

    fn moves(&self) -> Vec<SimpleMove> {
        let mut out = Vec::new();
        let six_six = self.n == 4 && self.count(8) == 6 && self.count(0) == 6;
        for (kind, &kind_groups) in GROUPS.iter().enumerate() {
            if self.markers.contains(&Some(kind)) {
                continue;
            }
            let groups: Vec<(u8, usize)> = if kind == 0 && six_six {
                vec![(1, 4)]
            } else {
                kind_groups.to_vec()
            };
            self.fill(kind, &groups, Vec::new(), &mut out);
        }
        out
    }

    fn fits(&self, f: usize, r: usize, amount: u8) -> bool {
        let t = self.tiles[f][r];
        (1..=7).contains(&t)
            && if self.builder {
                t + amount <= 8
            } else {
                t >= amount
            }
    }

    fn fill(
        &self,
        kind: usize,
        groups: &[(u8, usize)],
        chosen: Vec<(usize, usize, u8)>,
        out: &mut Vec<SimpleMove>,
    ) {
        let Some(&(amount, count)) = groups.first() else {
            out.push((kind, chosen));
            return;
        };
        let free: Vec<(usize, usize)> = (0..self.n)
            .flat_map(|f| (0..self.n).map(move |r| (f, r)))
            .filter(|&(f, r)| {
                self.fits(f, r, amount) && !chosen.iter().any(|c| (c.0, c.1) == (f, r))
            })
            .collect();
        // Combinations of `count` free plots, ascending.
        let mut pick = |combo: &[usize]| {
            let mut next = chosen.clone();
            next.extend(combo.iter().map(|&i| (free[i].0, free[i].1, amount)));
            self.fill(kind, &groups[1..], next, out);
        };
        combinations(free.len(), count, &mut Vec::new(), 0, &mut pick);
    }

    fn name(&self, mv: &SimpleMove) -> String {
        let plots: Vec<String> =
            mv.1.iter()
                .map(|&(f, r, _)| format!("{}{}", (b'a' + f as u8) as char, r + 1))
                .collect();
        format!("{}({})", NAMES[mv.0], plots.join(","))
    }

    /// Plays `mv`; true if the mover has won.
    fn apply(&mut self, mv: &SimpleMove) -> bool {
        for &(f, r, a) in &mv.1 {
            if self.builder {
                self.tiles[f][r] += a;
            } else {
                self.tiles[f][r] -= a;
            }
        }
        self.markers[usize::from(!self.builder)] = Some(mv.0);
        self.passes = 0;
        let target = if self.builder { 8 } else { 0 };
        let won = self.has_won(target);
        self.builder = !self.builder;
        won
    }

    fn has_won(&self, target: u8) -> bool {
        let n = self.n as i32;
        let own = |f: i32, r: i32| {
            (0..n).contains(&f)
                && (0..n).contains(&r)
                && self.tiles[f as usize][r as usize] == target
        };
        for f in 0..n {
            for r in 0..n {
                for (df, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (0..4).all(|i| own(f + i * df, r + i * dr)) {
                        return true;
                    }
                }
                if own(f, r) && own(f + 1, r) && own(f, r + 1) && own(f + 1, r + 1) {
                    return true;
                }
            }
        }
        let mine = self.count(target);
        let theirs = self.count(8 - target);
        if self.n == 4 {
            mine >= 7 || mine >= theirs + 4
        } else {
            mine >= 12
        }
    }

    /// Leaves at exactly `depth` plies from this (ongoing) position.
    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if moves.is_empty() {
            // The pass: markers stay; a second pass in a row draws.
            if depth == 1 {
                return 1;
            }
            let mut child = self.clone();
            child.builder = !child.builder;
            child.passes += 1;
            return if child.passes >= 2 {
                0
            } else {
                child.perft(depth - 1)
            };
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|mv| {
                let mut child = self.clone();
                if child.apply(mv) {
                    0
                } else {
                    child.perft(depth - 1)
                }
            })
            .sum()
    }
}

fn combinations(
    n: usize,
    k: usize,
    current: &mut Vec<usize>,
    start: usize,
    f: &mut impl FnMut(&[usize]),
) {
    if current.len() == k {
        f(current);
        return;
    }
    for i in start..n {
        current.push(i);
        combinations(n, k, current, i + 1, f);
        current.pop();
    }
}

const MIDDLE4: [&str; 4] = [
    "3444/4464/4424/4443 d 2-2 -",
    "5262/4708/4374/1443 b 3-1 2-1-1",
    "2650/3617/8472/1543 d 2-1-1 4",
    "7813/5078/2685/1444 b 4 3-1",
];

// ---------------------------------------------------------------------------
// Perft.

#[test]
fn perft_from_start_depth_1_is_the_combinatorial_count() {
    // Five types on 16 open plots, none near a bound.
    let expected = choose(16, 5) + 16 * choose(15, 2) + choose(16, 2) + 16 * 15 + 16;
    assert_eq!(expected, 6424);
    assert_eq!(perft(&Wyke4::startpos(), 1), expected);
    let expected6 = choose(36, 5) + 36 * choose(35, 2) + choose(36, 2) + 36 * 35 + 36;
    assert_eq!(perft(&Wyke6::startpos(), 1), expected6);
}

#[test]
fn perft_from_start_depth_2_matches_the_simple_generator() {
    let start = Wyke4::startpos();
    let simple = Simple::parse(&start.to_fen()).perft(2);
    assert_eq!(perft(&start, 2), 19_260_180);
    assert_eq!(simple, 19_260_180);
}

#[test]
fn middle_game_moves_and_perft_match_the_simple_generator() {
    for fen in MIDDLE4 {
        let position = pos4(fen);
        let simple = Simple::parse(fen);
        let mut expected: Vec<String> = simple.moves().iter().map(|m| simple.name(m)).collect();
        expected.sort();
        assert_eq!(move_names(&position), expected, "{fen}");
        assert_eq!(perft(&position, 2), simple.perft(2), "{fen}");
    }
    let fen6 = "564804/434454/474240/462447/144634/444644 d 1-1-1-1-1 4";
    let simple = Simple::parse(fen6);
    let mut expected: Vec<String> = simple.moves().iter().map(|m| simple.name(m)).collect();
    expected.sort();
    assert_eq!(move_names(&pos6(fen6)), expected);
    assert_eq!(perft(&pos6(fen6), 2), simple.perft(2));
}

#[test]
fn perft_through_passes_matches_the_simple_generator() {
    for (fen, depth) in [
        // The Builder is stuck at once (every open plot holds 7 and
        // 1-1-1-1-1 is under its own marker).
        ("8800/0088/8800/7777 b 4 1-1-1-1-1", 4),
        // Just after that pass.
        ("8800/0088/8800/7777 d 4 1-1-1-1-1 1", 3),
        // 4(c1) makes 6-6 with only 7s left, and the Builder must pass.
        ("8800/0088/8807/7747 d 1-1-1-1-1 2-2", 3),
    ] {
        let position = pos4(fen);
        let simple = Simple::parse(fen);
        for d in 1..=depth {
            assert_eq!(perft(&position, d), simple.perft(d), "{fen} depth {d}");
        }
    }
    // The pass is the only move, and the game goes on after it.
    let stuck = pos4("8800/0088/8800/7777 b 4 1-1-1-1-1");
    assert_eq!(perft(&stuck, 1), 1);
    assert_eq!(perft(&stuck, 2), 30);
    let forced = play(&pos4("8800/0088/8807/7747 d 1-1-1-1-1 2-2"), "4(c1)");
    assert_eq!(move_names(&forced), ["pass"]);
}

#[test]
fn perft_table_from_middle_games() {
    // Recorded from the engine and confirmed by the simple generator above.
    let table: [(&str, [u64; 2]); 3] = [
        (MIDDLE4[0], [6286, 17_381_632]),
        (MIDDLE4[1], [2078, 590_672]),
        (MIDDLE4[2], [2198, 759_862]),
    ];
    for (fen, counts) in table {
        for (depth, &count) in (1..).zip(counts.iter()) {
            assert_eq!(perft(&pos4(fen), depth), count, "{fen} depth {depth}");
        }
    }
}

// ---------------------------------------------------------------------------
// Markers and move types.

#[test]
fn markers_give_five_then_four_then_three_types() {
    let types = |p: &Wyke4| -> BTreeSet<String> {
        move_names(p)
            .iter()
            .map(|m| m.split('(').next().unwrap().to_string())
            .collect()
    };
    let start = Wyke4::startpos();
    assert_eq!(types(&start).len(), 5);
    let after_b = play(&start, "2-2(b2,c3)");
    assert_eq!(after_b.to_fen(), "3444/4464/4644/4443 d 2-2 -");
    assert_eq!(types(&after_b).len(), 4);
    assert!(!types(&after_b).contains("2-2"));
    let after_d = play(&after_b, "4(a1)");
    let t = types(&after_d);
    assert_eq!(t.len(), 3);
    assert!(!t.contains("2-2") && !t.contains("4"));
    assert_refused(&after_d, "2-2(a2,a3)", "under the Builder marker");
    assert_refused(&after_d, "4(a2)", "under the Destroyer marker");
}

#[test]
fn amounts_are_exact() {
    // b3 has 7: Builder may add 1 but not 2; Destroyer may not take 3 from 2.
    let p = pos4("4444/4744/4444/4442 b 4 3-1");
    assert!(p.parse_move("2-1-1(a1,b3,c1)").is_ok());
    assert_refused(&p, "2-1-1(b3,a1,c1)", "passes 8");
    let d = pos4("4444/4744/4444/4442 d 4 2-1-1");
    assert_refused(&d, "3-1(d1,a1)", "cannot remove 3");
    assert!(d.parse_move("2-2(d1,a1)").is_ok());
}

#[test]
fn claimed_plots_take_no_further_play() {
    let p = pos4("8444/4444/4444/4440 b 4 2-2");
    for mv in ["2-1-1(a2,a4,b1)", "3-1(b1,d1)", "1-1-1-1-1(a1,a2,a3,a4,b1)"] {
        assert_refused(&p, mv, "already claimed");
    }
    assert!(move_names(&p)
        .iter()
        .all(|m| !m.contains("a4") && !m.contains("d1")));
}

#[test]
fn several_claims_in_one_move() {
    let p = pos4("4464/4444/4644/4444 b 4 3-1");
    let mv = p.parse_move("2-2(b2,c4)").unwrap();
    // A claim can never be undone; only winning moves count as noisy.
    assert!(!p.is_noisy(mv) && p.is_irreversible(mv));
    let after = play(&p, "2-2(b2,c4)");
    assert_eq!(after.to_fen(), "4484/4444/4844/4444 d 2-2 3-1");
    assert_eq!(after.claimed(Player::First).count_ones(), 2);
    assert_eq!(after.result(), GameResult::Ongoing);
}

#[test]
fn six_six_four_plot_form_only_at_six_six() {
    // Both hold 6: 1-1-1-1-1 goes on the four open plots (any order, any case).
    let p = pos4("8800/0088/8800/4563 b 2-2 3-1");
    assert!(p.is_six_six());
    let mv = p.parse_move("1-1-1-1-1(D1,a1,C1,b1)").unwrap();
    assert_eq!(p.format_move(mv), "1-1-1-1-1(a1,b1,c1,d1)");
    let names = move_names(&p);
    assert_eq!(
        names.iter().filter(|m| m.starts_with("1-1-1-1-1")).count(),
        1
    );
    assert_refused(&p, "1-1-1-1-1(a1,b1,c1)", "takes 5 plots");
    // Otherwise four plots are not enough.
    let q = pos4("8800/0088/8844/4563 b 2-2 3-1");
    assert_refused(&q, "1-1-1-1-1(a1,b1,c1,d1)", "only when both sides hold 6");
    assert!(q.parse_move("1-1-1-1-1(a1,b1,c1,d1,c2)").is_ok());
    // wyke6 has no 6-6 rule: with 6 plots each, 1-1-1-1-1 still takes five.
    let w6 = pos6("808080/080808/444444/444444/444444/444444 b 2-2 3-1");
    assert_refused(&w6, "1-1-1-1-1(c4,d4,e4,f4)", "no 6-6 rule");
}

#[test]
fn pass_when_stuck_and_only_then() {
    // Builder has 2-1-1, 2-2 and 3-1, and every open plot holds 7.
    let p = pos4("8800/0088/8800/7777 b 4 1-1-1-1-1");
    assert_eq!(move_names(&p), ["pass"]);
    let after = play(&p, "PASS");
    assert_eq!(after.to_fen(), "8800/0088/8800/7777 d 4 1-1-1-1-1 1");
    assert_eq!(after.result(), GameResult::Ongoing);
    // Markers stayed, so the Destroyer has the same three types.
    let again = play(&after, "2-2(a1,b1)");
    assert_eq!(again.to_fen(), "8800/0088/8800/5577 b 4 2-2");
    // Passing with a move in hand is illegal.
    assert_refused(&Wyke4::startpos(), "pass", "only when it has no legal move");
    assert_refused(&after, "pass", "only when it has no legal move");
}

#[test]
fn two_passes_in_a_row_cannot_happen() {
    // A Builder stuck with 2-1-1 free needs every open plot at 7, a
    // Destroyer stuck with it every open plot at 1; so 2-1-1 must be under
    // a marker, and so must 1-1-1-1-1 (it fits any five open plots, or the
    // four at 6-6; fewer open plots mean the game is over). Then 2-2, 3-1
    // and 4 are free: the Builder is stuck only with no plot below 6 and
    // at most one 6, the Destroyer only with no plot above 2. So the two
    // sides are never stuck together, and the position after any two
    // passes is refused.
    let err = Wyke4::from_fen("8800/0088/8800/7777 b 4 1-1-1-1-1 2").unwrap_err();
    assert!(err.contains("passed here but has a legal move"), "{err}");
    let both_fives = "8800/0088/8800/7711 d 2-1-1 1-1-1-1-1";
    for (side, passer) in [("b", "Destroyer"), ("d", "Builder")] {
        let fen = both_fives.replacen(" d ", &format!(" {side} "), 1);
        let err = Wyke4::from_fen(&format!("{fen} 2")).unwrap_err();
        assert!(err.contains(&format!("the {passer} passed here")), "{err}");
    }
}

// ---------------------------------------------------------------------------
// Wins.

fn assert_win<G: Searchable>(fen: &str, mv: &str, winner: Player, reason: &str) {
    let before = G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(before.result(), GameResult::Ongoing);
    let parsed = before.parse_move(mv).unwrap();
    assert!(before.is_noisy(parsed), "a winning move is noisy");
    let mut noisy = Vec::new();
    before.generate_noisy(&mut noisy);
    assert!(noisy.contains(&parsed));
    let after = play(&before, mv);
    assert_eq!(after.result(), GameResult::Win(winner), "{fen} {mv}");
    assert!(
        after.result_reason().contains(reason),
        "{}",
        after.result_reason()
    );
    let mut moves = Vec::new();
    after.generate_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn wins_by_rank_file_and_long_diagonal() {
    assert_win::<Wyke4>(
        "4444/4404/4444/8884 b 2-2 3-1",
        "4(d1)",
        Player::First,
        "four plots in a row",
    );
    assert_win::<Wyke4>(
        "2444/0484/0444/0444 d 4 2-2",
        "2-1-1(a4,b4,c4)",
        Player::Second,
        "four plots in a row",
    );
    assert_win::<Wyke4>(
        "4446/4484/4844/8440 b 3-1 4",
        "2-1-1(d4,a4,b4)",
        Player::First,
        "four plots in a row",
    );
    // The other long diagonal, a4-d1.
    assert_win::<Wyke4>(
        "8444/4844/4484/4444 b 2-2 3-1",
        "4(d1)",
        Player::First,
        "four plots in a row",
    );
    // A short diagonal is no line on 4x4: there are none; on 6x6 it wins.
    assert_win::<Wyke6>(
        "444444/444444/444444/444844/448444/484444 b 2-2 3-1",
        "4(e4)",
        Player::First,
        "four plots in a row",
    );
}

#[test]
fn win_by_farmstead() {
    assert_win::<Wyke4>(
        "4484/4444/0144/0044 d 2-2 4",
        "1-1-1-1-1(d2,c2,b2,d1,c1)",
        Player::Second,
        "2x2 farmstead",
    );
}

#[test]
fn wins_by_two_claims_in_one_move() {
    // 2-2 claims c1 and d1 and fills rank 1.
    assert_win::<Wyke4>(
        "4444/4444/4444/8866 b 4 3-1",
        "2-2(c1,d1)",
        Player::First,
        "four plots in a row",
    );
    // 3-1 claims b1 and a2: the farmstead a1-b2.
    assert_win::<Wyke4>(
        "4444/4444/1044/0344 d 2-2 4",
        "3-1(b1,a2)",
        Player::Second,
        "2x2 farmstead",
    );
}

#[test]
fn win_by_farmstead_on_6x6() {
    assert_win::<Wyke6>(
        "444444/444444/444444/444444/884444/874444 b 2-2 4",
        "3-1(c3,b1)",
        Player::First,
        "2x2 farmstead",
    );
}

#[test]
fn win_by_seven_plots_in_the_six_six_form() {
    assert_win::<Wyke4>(
        "8800/0088/8800/4447 b 2-2 3-1",
        "1-1-1-1-1(a1,b1,c1,d1)",
        Player::First,
        "Builder has 7 plots",
    );
}

#[test]
fn win_by_a_lead_of_four_on_4x4_only() {
    assert_win::<Wyke4>(
        "8484/4444/4847/4444 b 4 2-2",
        "3-1(a1,d2)",
        Player::First,
        "leads by 4",
    );
    assert_win::<Wyke4>(
        "0444/4404/4444/4440 d 2-2 3-1",
        "4(b2)",
        Player::Second,
        "Destroyer leads by 4 plots (4 to 0)",
    );
    // wyke6 has no lead rule.
    let p = pos6("848484/444444/847444/444444/444444/444444 b 4 2-2");
    let after = play(&p, "2-1-1(a1,c4,f1)");
    assert_eq!(after.claimed(Player::First).count_ones(), 5);
    assert_eq!(after.result(), GameResult::Ongoing);
}

#[test]
fn win_by_twelve_plots_on_6x6() {
    // Builder holds 11 plots in no line or square; the twelfth wins.
    let p = pos6("884884/444444/884884/444444/884874/444444 b 4 2-2");
    assert_eq!(p.claimed(Player::First).count_ones(), 11);
    let after = play(&p, "3-1(a1,e2)");
    assert_eq!(after.result(), GameResult::Win(Player::First));
    assert!(
        after.result_reason().contains("12 plots"),
        "{}",
        after.result_reason()
    );
}

// ---------------------------------------------------------------------------
// Notation.

/// Move notation is case and order free on input and canonical on output;
/// a bad move gets a clear error.
#[test]
fn move_notation_reads_any_order_writes_one_and_refuses_clearly() {
    let start = Wyke4::startpos();
    for (input, expected) in [
        ("2-1-1(B3,d2,b1)", Ok("2-1-1(b3,b1,d2)")),
        ("2-1-1(b3,b1,d2)", Ok("2-1-1(b3,b1,d2)")),
        ("1-1-1-1-1(d4,a1,c3,B2,a2)", Ok("1-1-1-1-1(a1,a2,b2,c3,d4)")),
        ("2-2(d4,a1)", Ok("2-2(a1,d4)")),
        ("3-1(d4,a1)", Ok("3-1(d4,a1)")),
        ("4(C2)", Ok("4(c2)")),
        ("5(a1)", Err("unknown move type")),
        ("2-2(a1)", Err("takes 2 plots")),
        ("2-2(a1,a1)", Err("appears twice")),
        ("3-1(a1,e1)", Err("bad plot 'e1'")),
        ("4(a5)", Err("bad plot")),
        ("4a1", Err("malformed")),
        ("4(a01)", Err("bad plot 'a01'")),
        ("2-1-1(b3,b+1,d2)", Err("bad plot")),
        ("1-1-1-1-1(a1,a2,a3,a4)", Err("only when both sides hold 6")),
        ("", Err("malformed")),
    ] {
        match expected {
            Ok(canonical) => {
                let mv = start
                    .parse_move(input)
                    .unwrap_or_else(|e| panic!("{input}: {e}"));
                assert_eq!(start.format_move(mv), canonical);
                assert_eq!(start.parse_move(canonical), Ok(mv));
            }
            Err(fragment) => assert_refused(&start, input, fragment),
        }
    }
    let w6 = Wyke6::startpos();
    let mv = w6.parse_move("1-1-1-1-1(f6,a1,e5,b2,c3)").unwrap();
    assert_eq!(w6.format_move(mv), "1-1-1-1-1(a1,b2,c3,e5,f6)");
}

#[test]
fn position_notation_round_trips_and_rejects_bad_input() {
    for fen in MIDDLE4.iter().chain(
        [
            "3444/4444/4444/4443 b - -",
            "8800/0088/8800/7777 d 4 1-1-1-1-1 1",
        ]
        .iter(),
    ) {
        assert_eq!(pos4(fen).to_fen(), *fen);
    }
    assert_eq!(Wyke4::startpos().to_fen(), "3444/4444/4444/4443 b - -");
    assert_eq!(
        Wyke6::startpos().to_fen(),
        "444444/434444/444444/444444/444434/444444 b - -"
    );
    for (fen, fragment) in [
        ("3444/4444/4444/4443 b -", "4 fields"),
        ("3444/4444/4444 b - -", "4 ranks"),
        ("3444/4444/4444/444 b - -", "4 tile counts"),
        ("3444/4444/4494/4443 b - -", "counts are 0 to 8"),
        ("3444/4444/4444/4443 x - -", "bad side"),
        ("3444/4444/4444/4443 B - -", "bad side"),
        ("3444/4444/4444/4443 b 5 -", "bad Builder's marker"),
        ("3444/4444/4444/4443 b 4 4", "both markers on 4"),
        ("3444/4444/4444/4443 b - 4", "Builder moves first"),
        ("3444/4444/4444/4443 d - -", "nobody has moved"),
        ("3444/4444/4444/4443 b 4 -", "Destroyer is to move"),
        ("8888/4444/4444/4443 b 4 2-2", "already won"),
        ("3444/4444/4444/4443 b 4 2-2 3", "passes-in-a-row"),
        // The Builder won with its last move, so it cannot have passed.
        ("8888/4444/4444/4444 d 4 2-2 1", "ended before the pass"),
        // A pass follows a move of the other side, which then has a marker.
        (
            "3444/4444/4444/4443 b - - 1",
            "must follow a move of the Builder",
        ),
        (
            "3444/4444/4444/4443 d 4 - 1",
            "must follow a move of the Destroyer",
        ),
        (
            "3444/4444/4444/4443 b 4 - 2",
            "must follow a move of the Destroyer",
        ),
        (
            "3444/4444/4444/4443 d - - 2",
            "must follow a move of the Builder",
        ),
        // A pass changes nothing, so the passer had no move right here.
        (
            "3444/4444/4444/4443 d - - 1",
            "Builder passed here but has a legal move",
        ),
        (
            "3444/4444/4444/4443 b 4 - 1",
            "Destroyer passed here but has a legal move",
        ),
        (
            "8800/0088/8800/7777 b 4 1-1-1-1-1 1",
            "Destroyer passed here",
        ),
    ] {
        let err = Wyke4::from_fen(fen).unwrap_err();
        assert!(err.contains(fragment), "{fen}: {err}");
    }
}

#[test]
fn moves_pack_into_32_bits_and_back() {
    use ludus_rules::games::wyke::moves::WykeMove;
    use ludus_rules::GameMove;
    let six_six = pos4("8800/0088/8800/4563 b 2-2 3-1");
    let w6 = Wyke6::startpos();
    let stuck = pos4("8800/0088/8800/7777 b 4 1-1-1-1-1");
    let bits = [
        six_six
            .parse_move("1-1-1-1-1(a1,b1,c1,d1)")
            .unwrap()
            .to_bits(),
        w6.parse_move("1-1-1-1-1(b6,c6,d6,e6,f6)")
            .unwrap()
            .to_bits(),
        w6.parse_move("2-1-1(f6,a1,f5)").unwrap().to_bits(),
        w6.parse_move("4(f6)").unwrap().to_bits(),
        stuck.parse_move("pass").unwrap().to_bits(),
    ];
    let distinct: BTreeSet<u32> = bits.iter().copied().collect();
    assert_eq!(distinct.len(), bits.len(), "two moves pack alike");
    for text in ["1-1-1-1-1(b6,c6,d6,e6,f6)", "2-1-1(f6,a1,f5)", "4(f6)"] {
        let mv = w6.parse_move(text).unwrap();
        let back = WykeMove::from_bits(mv.to_bits());
        assert_eq!(w6.format_move(back), text);
    }
    let mv = six_six.parse_move("1-1-1-1-1(a1,b1,c1,d1)").unwrap();
    assert_eq!(WykeMove::from_bits(mv.to_bits()), mv);
    let pass = stuck.parse_move("pass").unwrap();
    assert_eq!(WykeMove::from_bits(pass.to_bits()), pass);
}
