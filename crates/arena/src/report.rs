//! The running score: counts per engine, per side and per pair, printed in
//! cutechess-cli's format (so scripts that parse cutechess output work).

use std::collections::HashMap;

use super::pair_count::{CountedPairs, PairLabels};
use super::stats::{normalized_elo, Pentanomial, Sprt, SprtDecision, Trinomial};
use ludus_rules::{GameResult, Player};

/// The match so far, from the first engine's point of view.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// All games.
    pub total: Trinomial,
    /// Games where the first engine moved first.
    pub as_first: Trinomial,
    /// Games where it moved second.
    pub as_second: Trinomial,
    /// Complete pairs (with `--repeat`).
    pub pairs: Pentanomial,
    /// Complete pairs as the game's rules score them, for games that do.
    pub counted: CountedPairs,
    /// Pairs with one game counted: the pair's number (from 0) to that
    /// game.
    half_pairs: HashMap<u32, HalfPair>,
}

/// The counted game of a pair still waiting for its other game.
#[derive(Clone, Copy, Debug)]
struct HalfPair {
    index: u32,
    halves: u32,
    counts: Option<[u32; 2]>,
}

/// A pair whose second game has just been counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompletePair {
    /// The pair's number, from 0 (games `2k` and `2k+1`).
    pub pair: u32,
    /// The first engine's score in each game, in halves (0, 1 or 2).
    pub halves: [u32; 2],
    /// Each engine's count over both games (first engine's first), when
    /// the game scores pairs by count and both games have counts.
    pub counts: Option<[u32; 2]>,
}

/// A finished game as the tally counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The game's number in the match, from 0.
    pub index: u32,
    /// Whether the first engine moved first.
    pub engine1_first: bool,
    /// The result.
    pub result: GameResult,
    /// Each engine's count in it (first engine's first), for games that
    /// score pairs by count and a game the rules finished.
    pub counts: Option<[u32; 2]>,
}

impl Tally {
    /// Counts a game of a match; with `paired` (`--repeat`) games `2k` and
    /// `2k+1` form a pair, in whatever order they finish, and the pair this
    /// game completes is returned.
    pub fn add_game(&mut self, game: Counted, paired: bool) -> Option<CompletePair> {
        let halves = self.add(game.result, game.engine1_first);
        if !paired {
            return None;
        }
        let this = HalfPair {
            index: game.index,
            halves,
            counts: game.counts,
        };
        let pair = game.index / 2;
        let Some(other) = self.half_pairs.remove(&pair) else {
            self.half_pairs.insert(pair, this);
            return None;
        };
        self.pairs.add(other.halves, halves);
        let [first, second] = if other.index < this.index {
            [other, this]
        } else {
            [this, other]
        };
        let halves = [first.halves, second.halves];
        let counts = self.counted.add([first.counts, second.counts], halves);
        Some(CompletePair {
            pair,
            halves,
            counts,
        })
    }

    /// Counts a game; returns the first engine's score in halves (0, 1, 2).
    pub fn add(&mut self, result: GameResult, first_engine_moved_first: bool) -> u32 {
        let engine_side = if first_engine_moved_first {
            Player::First
        } else {
            Player::Second
        };
        let halves = match result {
            GameResult::Win(winner) if winner == engine_side => 2,
            GameResult::Win(_) => 0,
            _ => 1,
        };
        let side = if first_engine_moved_first {
            &mut self.as_first
        } else {
            &mut self.as_second
        };
        for t in [&mut self.total, side] {
            match halves {
                2 => t.wins += 1,
                0 => t.losses += 1,
                _ => t.draws += 1,
            }
        }
        halves
    }

    /// Which model decides the SPRT: the pentanomial one once pairs are
    /// played (`--repeat`), the trinomial one otherwise.
    pub fn llr(&self, sprt: &Sprt, paired: bool) -> f64 {
        if paired {
            sprt.llr_pentanomial(&self.pairs)
        } else {
            sprt.llr_trinomial(&self.total)
        }
    }
}

fn score_line(t: &Trinomial) -> String {
    format!(
        "{} - {} - {}  [{}] {}",
        t.wins,
        t.losses,
        t.draws,
        qt_fixed(t.score(), 3),
        t.games()
    )
}

/// An SPRT line as cutechess prints it: the llr and bounds to 3 significant
/// digits, and the llr as a percentage of the upper bound (negative on the
/// way to H0).
fn sprt_line(label: &str, sprt: &Sprt, llr: f64, decided: bool) -> String {
    let mut line = format!(
        "{label}: llr {} ({}%), lbound {}, ubound {}",
        qt_general(llr, 3),
        qt_fixed(llr / sprt.upper_bound() * 100.0, 1),
        qt_general(sprt.lower_bound(), 3),
        qt_general(sprt.upper_bound(), 3)
    );
    if decided {
        match sprt.decide(llr) {
            SprtDecision::AcceptH0 => line.push_str(" - H0 was accepted"),
            SprtDecision::AcceptH1 => line.push_str(" - H1 was accepted"),
            SprtDecision::Continue => {}
        }
    }
    line
}

/// Digits shown beyond the kept ones to tell an exact tie (a value exactly
/// halfway, which Rust rounds to even and Qt away from zero) from a value
/// merely close to one; a double in the ranges printed here is never within
/// 10^-40 of a tie without being one.
const TIE_DIGITS: usize = 40;

/// Whether `tail` (the digits after the kept ones) is exactly one half.
fn is_tie(tail: &str) -> bool {
    let mut digits = tail.chars();
    digits.next() == Some('5') && digits.all(|c| c == '0')
}

/// Qt's names for the values that are not numbers.
fn qt_special(x: f64) -> Option<String> {
    if x.is_nan() {
        Some("nan".to_string())
    } else if x.is_infinite() {
        Some(if x > 0.0 { "inf" } else { "-inf" }.to_string())
    } else {
        None
    }
}

/// `x` with `decimals` digits after the point, as Qt's `arg(x, 0, 'f',
/// decimals)` writes it: exact ties rounded away from zero, no sign on a
/// zero, `nan`, `inf`, `-inf`.
fn qt_fixed(x: f64, decimals: usize) -> String {
    if let Some(special) = qt_special(x) {
        return special;
    }
    let magnitude = x.abs();
    let long = format!("{:.*}", decimals + TIE_DIGITS, magnitude);
    let rounded = if is_tie(&long[long.len() - TIE_DIGITS..]) {
        // Half a unit more lands safely inside the upper candidate.
        magnitude + 0.5 * 10f64.powi(-(decimals as i32))
    } else {
        magnitude
    };
    let text = format!("{rounded:.decimals$}");
    if x < 0.0 {
        format!("-{text}")
    } else {
        text
    }
}

/// `x` to `precision` significant digits, as Qt's `arg(x, 0, 'g',
/// precision)` writes it: printf's `%g` choice between fixed and exponent
/// form (exponent form when the exponent is below -4 or at least
/// `precision`), trailing zeros dropped, a two-digit exponent at least
/// (`1.2e-05`), exact ties rounded away from zero, and Qt's `nan`, `inf`.
fn qt_general(x: f64, precision: usize) -> String {
    if let Some(special) = qt_special(x) {
        return special;
    }
    let precision = precision.max(1);
    let magnitude = x.abs();
    let long = format!("{:.*e}", precision - 1 + TIE_DIGITS, magnitude);
    let (mantissa, exponent) = long.split_once('e').expect("Rust writes an exponent");
    let exponent: i32 = exponent.parse().expect("a decimal exponent");
    let rounded = if is_tie(&mantissa[mantissa.len() - TIE_DIGITS..]) {
        magnitude + 0.5 * 10f64.powi(exponent - precision as i32 + 1)
    } else {
        magnitude
    };
    let short = format!("{:.*e}", precision - 1, rounded);
    let (mantissa, exponent) = short.split_once('e').expect("Rust writes an exponent");
    let exponent: i32 = exponent.parse().expect("a decimal exponent");
    let text = if magnitude == 0.0 {
        "0".to_string()
    } else if (-4..precision as i32).contains(&exponent) {
        let decimals = (precision as i32 - 1 - exponent) as usize;
        trim_zeros(format!("{rounded:.decimals$}"))
    } else {
        let sign = if exponent < 0 { '-' } else { '+' };
        format!(
            "{}e{sign}{:02}",
            trim_zeros(mantissa.to_string()),
            exponent.abs()
        )
    };
    if x < 0.0 && magnitude != 0.0 {
        format!("-{text}")
    } else {
        text
    }
}

/// Drops trailing zeros after a decimal point, and the point if nothing is
/// left after it.
fn trim_zeros(text: String) -> String {
    if !text.contains('.') {
        return text;
    }
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// What the score report is about: the engines, the SPRT, whether games
/// are paired, and the game's pair scoring.
#[derive(Clone, Copy, Debug)]
pub struct ReportSetup<'a> {
    /// The engines' names, the first being the one the figures speak for.
    pub names: [&'a str; 2],
    /// The SPRT, if any.
    pub sprt: Option<&'a Sprt>,
    /// Whether games are played in pairs (`--repeat`).
    pub paired: bool,
    /// The game's pair scoring, if it has one.
    pub pair_labels: Option<PairLabels>,
}

/// The score report: `Score of A vs B: ...`, per side, the pairs as the
/// game's rules score them (if they do), Elo, SPRT, and with pairs the
/// pentanomial counts and normalized-Elo SPRT. `decided` adds the verdict to
/// the deciding SPRT line.
pub fn summary(tally: &Tally, setup: &ReportSetup, decided: bool) -> Vec<String> {
    let [a, b] = setup.names;
    let (sprt, paired) = (setup.sprt, setup.paired);
    let t = &tally.total;
    let mut lines = vec![
        format!("Score of {a} vs {b}: {}", score_line(t)),
        format!(
            "...      {a} playing first: {}",
            score_line(&tally.as_first)
        ),
        format!(
            "...      {a} playing second: {}",
            score_line(&tally.as_second)
        ),
    ];
    if let Some(labels) = setup.pair_labels.filter(|_| paired) {
        lines.push(tally.counted.line(&labels));
    }
    lines.push(format!(
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        qt_fixed(t.elo(), 1),
        qt_fixed(t.margin(), 1),
        qt_fixed(t.los() * 100.0, 1),
        qt_fixed(t.draw_ratio() * 100.0, 1)
    ));
    // As cutechess (v1.3.0 on) prints it from the first game: the half game
    // of its prior makes the llr defined without a win, a loss and a draw.
    if let Some(sprt) = sprt {
        let llr = sprt.llr_trinomial(t);
        lines.push(sprt_line("SPRT", sprt, llr, decided && !paired));
    }
    if paired {
        let p = &tally.pairs;
        let [ll, ld, even, wd, ww] = p.buckets();
        let mut line = format!(
            "Ptnml(0-2): [{ll}, {ld}, {even}, {wd}, {ww}], WL/DD: {}/{}",
            p.wl, p.dd
        );
        if let Some((nelo, margin)) = normalized_elo(p) {
            line.push_str(&format!(", nElo: {nelo:.1} +/- {margin:.1}"));
        }
        lines.push(line);
        if let Some(sprt) = sprt {
            let llr = sprt.llr_pentanomial(p);
            lines.push(sprt_line(
                "SPRT (pentanomial, normalized Elo)",
                sprt,
                llr,
                decided,
            ));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(sprt: Option<&Sprt>, paired: bool) -> ReportSetup<'_> {
        ReportSetup {
            names: ["a", "b"],
            sprt,
            paired,
            pair_labels: None,
        }
    }

    #[test]
    fn tally_and_summary() {
        let mut tally = Tally::default();
        assert_eq!(tally.add(GameResult::Win(Player::First), true), 2);
        assert_eq!(tally.add(GameResult::Win(Player::First), false), 0);
        assert_eq!(tally.add(GameResult::Draw, true), 1);
        assert_eq!(tally.add(GameResult::Win(Player::Second), false), 2);
        tally.pairs.add(2, 0);
        tally.pairs.add(1, 2);
        assert_eq!(
            tally.total,
            Trinomial {
                wins: 2,
                losses: 1,
                draws: 1
            }
        );
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let lines = summary(&tally, &setup(Some(&sprt), true), false);
        assert_eq!(lines[0], "Score of a vs b: 2 - 1 - 1  [0.625] 4");
        assert_eq!(lines[1], "...      a playing first: 1 - 0 - 1  [0.750] 2");
        assert_eq!(lines[2], "...      a playing second: 1 - 1 - 0  [0.500] 2");
        // s = 0.625: elo = -400 log10(0.6) = 88.74; v = 0.171875, δ =
        // 1.957162·√(v/4) = 0.406, so s + δ > 1 and the margin is NaN;
        // LOS = ½(1 + erf(1/√6)) = 71.81 %.
        assert_eq!(
            lines[3],
            "Elo difference: 88.7 +/- nan, LOS: 71.8 %, DrawRatio: 25.0 %"
        );
        // With half a game each, W 2.5, L 1.5, D 1.5 of 5.5: pW = 5/11,
        // pL = 3/11, drawElo = 200 log10(8/3 · 6/5); the BayesElo laws give
        // llr = 0.019279, 0.6548 % of ubound ln 19 = 2.944.
        assert_eq!(
            lines[4],
            "SPRT: llr 0.0193 (0.7%), lbound -2.94, ubound 2.94"
        );
        assert!(
            lines[5].starts_with("Ptnml(0-2): [0, 0, 1, 1, 0], WL/DD: 1/0"),
            "{}",
            lines[5]
        );
        assert!(lines[6].starts_with("SPRT (pentanomial, normalized Elo): llr "));
    }

    #[test]
    fn pairs_scored_by_count_follow_the_per_game_score() {
        let mut tally = Tally::default();
        let game = |index, result, counts| Counted {
            index,
            engine1_first: index % 2 == 0,
            result,
            counts: Some(counts),
        };
        // The second game finishes first; the first engine wins game 0 by
        // 1 token (2 against 3) and loses game 1 by 5 (7 against 2).
        let lost = game(1, GameResult::Win(Player::First), [7, 2]);
        assert_eq!(tally.add_game(lost, true), None);
        let won = game(0, GameResult::Win(Player::First), [2, 3]);
        let pair = tally.add_game(won, true).expect("the pair is complete");
        assert_eq!(
            (pair.pair, pair.halves, pair.counts),
            (0, [2, 0], Some([9, 5]))
        );
        let labels = PairLabels {
            name: "Double Game",
            counted: "tokens left",
            tag: "TokensLeft",
        };
        let paired = ReportSetup {
            pair_labels: Some(labels),
            ..setup(None, true)
        };
        let lines = summary(&tally, &paired, false);
        assert_eq!(lines[0], "Score of a vs b: 1 - 1 - 0  [0.500] 2");
        assert_eq!(
            lines[3],
            "Double Game: 0 - 1 - 0 (pairs), tokens left 9 vs 5"
        );
        assert!(lines[4].starts_with("Elo difference: "));
        let single = ReportSetup {
            paired: false,
            ..paired
        };
        assert!(summary(&tally, &single, false)[3].starts_with("Elo difference: "));
    }

    #[test]
    fn the_trinomial_line_is_printed_from_the_first_game() {
        let mut tally = Tally::default();
        tally.add(GameResult::Win(Player::First), true);
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let lines = summary(&tally, &setup(Some(&sprt), false), false);
        // W 1.5, L 0.5, D 0.5 (the prior's half games): llr 0.018616,
        // 0.632 % of ubound 2.944.
        assert_eq!(
            lines[4], "SPRT: llr 0.0186 (0.6%), lbound -2.94, ubound 2.94",
            "{lines:?}"
        );
        tally.add(GameResult::Draw, false);
        tally.add(GameResult::Draw, true);
        let lines = summary(&tally, &setup(Some(&sprt), false), false);
        // W 1, L 0, D 2: s = 2/3, elo = 120.41; v = 1/18, δ =
        // 1.957162·√(v/3) = 0.26634, margin (elo(0.93300) - elo(0.40033))/2
        // = 263.86; LOS = ½(1 + erf(1/√2)) = 84.13 %.
        assert_eq!(
            lines[3],
            "Elo difference: 120.4 +/- 263.9, LOS: 84.1 %, DrawRatio: 66.7 %"
        );
        assert!(lines[4].starts_with("SPRT: llr "), "{lines:?}");
    }

    #[test]
    fn an_all_draw_record_prints_as_cutechess_does() {
        let mut tally = Tally::default();
        for _ in 0..4 {
            tally.add(GameResult::Draw, true);
        }
        let lines = summary(&tally, &setup(None, false), false);
        assert_eq!(
            lines[3],
            "Elo difference: 0.0 +/- 0.0, LOS: nan %, DrawRatio: 100.0 %"
        );
    }

    #[test]
    fn sprt_percentages_are_of_the_upper_bound() {
        // lbound ln(0.1/0.95) = -2.2513, ubound ln(0.9/0.05) = 2.8904:
        // llr -1.5 is -51.9 % (of the upper bound, as cutechess prints it).
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.1).unwrap();
        assert_eq!(
            sprt_line("SPRT", &sprt, -1.5, false),
            "SPRT: llr -1.5 (-51.9%), lbound -2.25, ubound 2.89"
        );
        assert_eq!(
            sprt_line("SPRT", &sprt, -2.3, true),
            "SPRT: llr -2.3 (-79.6%), lbound -2.25, ubound 2.89 - H0 was accepted"
        );
        assert_eq!(
            sprt_line("SPRT", &sprt, 2.9, true),
            "SPRT: llr 2.9 (100.3%), lbound -2.25, ubound 2.89 - H1 was accepted"
        );
        assert_eq!(
            sprt_line("SPRT", &sprt, f64::NAN, false),
            "SPRT: llr nan (nan%), lbound -2.25, ubound 2.89"
        );
    }

    #[test]
    fn general_format_is_qts_g() {
        let cases = [
            (0.0721, "0.0721"),
            (0.07214, "0.0721"),
            (2.944_439, "2.94"),
            (-2.944_439, "-2.94"),
            (0.5, "0.5"),
            (1.0, "1"),
            (0.0, "0"),
            (-0.0, "0"),
            (10.0, "10"),
            (9.996, "10"),
            (123.4, "123"),
            (999.6, "1e+03"),
            (12_345.0, "1.23e+04"),
            (0.000_976_562_5, "0.000977"),
            (0.000_012_34, "1.23e-05"),
            (-0.000_012_34, "-1.23e-05"),
            // Exact ties go away from zero (Rust would round to even).
            (0.031_25, "0.0313"),
            (122.5, "123"),
            (-122.5, "-123"),
            (f64::NAN, "nan"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
        ];
        for (x, text) in cases {
            assert_eq!(qt_general(x, 3), text, "{x}");
        }
    }

    #[test]
    fn fixed_format_is_qts_f() {
        let cases = [
            (0.625, 3, "0.625"),
            (0.5625, 3, "0.563"),
            (6.25, 1, "6.3"),
            (-0.25, 1, "-0.3"),
            (0.15, 1, "0.1"),
            (-0.04, 1, "-0.0"),
            (-0.0, 1, "0.0"),
            (48.392_93, 1, "48.4"),
            (f64::NAN, 1, "nan"),
            (f64::INFINITY, 1, "inf"),
            (f64::NEG_INFINITY, 1, "-inf"),
        ];
        for (x, decimals, text) in cases {
            assert_eq!(qt_fixed(x, decimals), text, "{x}");
        }
    }
}
