//! Match statistics: Elo with its error margin, LOS, and the two SPRT
//! models (cutechess's trinomial BayesElo SPRT and fastchess's pentanomial
//! normalized-Elo SPRT).
//!
//! Formulas and their sources:
//!
//! - **Elo from a score** `s` (logistic model): `elo = -400 log10(1/s - 1)`.
//! - **Error margin** (cutechess `Elo::errorMargin`): the per-game variance
//!   `v = Σ pᵢ (xᵢ - s)²` over the outcomes `xᵢ ∈ {1, ½, 0}` with their
//!   observed frequencies `pᵢ`; the 95 % interval of the score is
//!   `s ± z √(v/N)`, and the margin is half the Elo width of that interval:
//!   `(elo(s + δ) - elo(s - δ)) / 2`. The quantile `z` is cutechess's own:
//!   `√2 · erfinv(0.95)` with S. Winitzki's approximation of the inverse
//!   error function (`a = 8(π-3)/(3π(4-π))`, `y = ln(1-x²)`,
//!   `erfinv(x) ≈ √(√((2/(πa) + y/2)² - y/a) - (2/(πa) + y/2))`), which gives
//!   `z = 1.957162` rather than the exact 1.959964 — so the margins printed
//!   are cutechess's to the last digit.
//! - **LOS** (likelihood of superiority, draws ignored; cutechess
//!   `Elo::LOS`): `½ (1 + erf((W - L) / √(2 (W + L))))`, undefined (NaN,
//!   printed `nan` as cutechess does) without a decisive game. The error
//!   function is Abramowitz and Stegun 7.1.26 (error < 1.5e-7, where
//!   cutechess uses the C library's `erf`; the one-decimal percentage can
//!   differ only within 1.5e-5 % of a rounding boundary).
//! - **Trinomial SPRT** (cutechess `Sprt::status` as of v1.3.0, after
//!   Michel Van den Bergh's BayesElo formulation): half a game is added to
//!   each count (a Jeffreys prior: `W = wins + ½`, `L = losses + ½`,
//!   `D = draws + ½`, `N = W + L + D`); from `pW = W/N`, `pL = L/N`,
//!   `drawElo = 200 log10((1-pL)/pL · (1-pW)/pW)`; the hypotheses' Elo are
//!   scaled to BayesElo by `scale = 4x/(1+x)²`, `x = 10^(-drawElo/400)`; each
//!   hypothesis gives `pW = 1/(1+10^((drawElo-elo)/400))`,
//!   `pL = 1/(1+10^((drawElo+elo)/400))`, `pD = 1-pW-pL`; and
//!   `LLR = W ln(pW₁/pW₀) + L ln(pL₁/pL₀) + D ln(pD₁/pD₀)` with the counts
//!   plus their half game as weights. There is no "a count is zero" case:
//!   the LLR is defined from the first game (cutechess before v1.3.0 used
//!   the bare counts and stayed at 0 until there was a win, a loss and a
//!   draw).
//! - **Pentanomial SPRT, normalized Elo** (fastchess `SPRT::getLLR`, after
//!   M. Van den Bergh, "Comments on Normalized Elo", section 4.1,
//!   <https://www.cantate.be/Fishtest/normalized_elo_practical.pdf>): pair
//!   scores `aᵢ ∈ {0, ¼, ½, ¾, 1}` (LL, LD, WL+DD, WD, WW) with observed
//!   frequencies `p̂ᵢ` (a zero count counts as 0.001, as fastchess does). A
//!   hypothesis fixes the normalized score `t = (μ - ½)/σ` of the pair
//!   distribution at `t = √2 · nelo / (800 / ln 10)` (√2: a pair's standard
//!   deviation is about 1/√2 of a game's, and normalized Elo is per game).
//!   For each hypothesis the distribution `p` closest to `p̂` with that `t`
//!   (maximum likelihood) is found by the fixed-point iteration of the note:
//!   from uniform `p`, with `μ, σ` of the current `p`,
//!   `φᵢ = aᵢ - ½ - ½ t σ (1 + ((aᵢ - μ)/σ)²)`, solve
//!   `Σ p̂ᵢ φᵢ / (1 + θ φᵢ) = 0` for `θ` in `(-1/max φ, -1/min φ)` and set
//!   `pᵢ = p̂ᵢ / (1 + θ φᵢ)`, until `p` moves less than 1e-9 (at most 10
//!   rounds) — fishtest's tolerance (`LLRcalc.MLE_t_value`); fastchess stops
//!   at 1e-4, which shows only in records whose pairs all score alike, e.g.
//!   `[0, 0, 50, 0, 0]` at [0, 5]: −0.017561 (fishtest, ludus) against
//!   −0.017681 (fastchess). Then `LLR = n Σ p̂ᵢ ln(p₁ᵢ / p₀ᵢ)` over `n` pairs. For small
//!   Elo differences this is close to the GSPRT approximation
//!   `n (s₁ - s₀)(2 μ̂ - s₀ - s₁) / (2 v̂)` with `sₖ = ½ + tₖ √v̂` (Van den
//!   Bergh, <https://www.cantate.be/Fishtest/GSPRT_approximation.pdf>).
//! - **Bounds** (Wald): `lbound = ln(β/(1-α))`, `ubound = ln((1-β)/α)`.

/// The z value of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// cutechess's z value of a two-sided 95 % interval: `√2 · erfinv(0.95)`
/// by Winitzki's approximation (see the module documentation).
fn cutechess_z95() -> f64 {
    use std::f64::consts::PI;
    let a = 8.0 * (PI - 3.0) / (3.0 * PI * (4.0 - PI));
    let x: f64 = 0.95;
    let y = (1.0 - x * x).ln();
    let z = 2.0 / (PI * a) + y / 2.0;
    std::f64::consts::SQRT_2 * ((z * z - y / a).sqrt() - z).sqrt()
}

/// Elo difference for an expected score in (0, 1).
pub fn elo_from_score(score: f64) -> f64 {
    // Adding 0.0 turns -0.0 (an even score) into 0.0 for printing.
    -400.0 * (1.0 / score - 1.0).log10() + 0.0
}

/// The error function, by Abramowitz and Stegun 7.1.26 (error < 1.5e-7,
/// far below the precision LOS is printed with).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    sign * (1.0 - poly * (-x * x).exp())
}

/// Wins, losses and draws of the first engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trinomial {
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
    /// Games drawn.
    pub draws: u32,
}

impl Trinomial {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// The score fraction (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
    }

    /// The Elo difference; infinite when one side scored everything.
    pub fn elo(&self) -> f64 {
        elo_from_score(self.score())
    }

    /// Half the width of the 95 % interval, in Elo, as cutechess computes it
    /// (NaN or infinite when the interval reaches a score of 0 or 1).
    pub fn margin(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        let variance = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.losses) * s.powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2))
            / n;
        let delta = cutechess_z95() * (variance / n).sqrt();
        (elo_from_score(s + delta) - elo_from_score(s - delta)) / 2.0
    }

    /// Likelihood of superiority in [0, 1]; NaN with no decisive game (as
    /// in cutechess: 0/0).
    pub fn los(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return f64::NAN;
        }
        let diff = f64::from(self.wins) - f64::from(self.losses);
        0.5 * (1.0 + erf(diff / (2.0 * decisive).sqrt()))
    }

    /// The fraction of draws.
    pub fn draw_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        f64::from(self.draws) / f64::from(n)
    }
}

/// Outcomes of game pairs (same opening, sides swapped), from the first
/// engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Two losses.
    pub ll: u32,
    /// A loss and a draw.
    pub ld: u32,
    /// A win and a loss.
    pub wl: u32,
    /// Two draws.
    pub dd: u32,
    /// A win and a draw.
    pub wd: u32,
    /// Two wins.
    pub ww: u32,
}

impl Pentanomial {
    /// Counts one pair from the first engine's two game scores (0, ½ or 1
    /// each, given in halves: 0, 1 or 2).
    pub fn add(&mut self, first_halves: u32, second_halves: u32) {
        match (
            first_halves.min(second_halves),
            first_halves.max(second_halves),
        ) {
            (0, 0) => self.ll += 1,
            (0, 1) => self.ld += 1,
            (0, 2) => self.wl += 1,
            (1, 1) => self.dd += 1,
            (1, 2) => self.wd += 1,
            _ => self.ww += 1,
        }
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u32 {
        self.ll + self.ld + self.wl + self.dd + self.wd + self.ww
    }

    /// The five counts by pair score: 0, ½, 1, 3/2, 2 points.
    pub fn buckets(&self) -> [u32; 5] {
        [self.ll, self.ld, self.wl + self.dd, self.wd, self.ww]
    }
}

/// An SPRT's parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// What an SPRT concludes so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// Neither bound crossed.
    Continue,
    /// The lower bound was crossed.
    AcceptH0,
    /// The upper bound was crossed.
    AcceptH1,
}

impl Sprt {
    /// Checks the parameters.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if elo0.partial_cmp(&elo1) != Some(std::cmp::Ordering::Less) {
            return Err(format!("SPRT: elo0 ({elo0}) must be below elo1 ({elo1})"));
        }
        for (name, value) in [("alpha", alpha), ("beta", beta)] {
            if !(value > 0.0 && value < 1.0) {
                return Err(format!("SPRT: {name} ({value}) must be between 0 and 1"));
            }
        }
        if alpha + beta >= 1.0 {
            return Err("SPRT: alpha + beta must be below 1".to_string());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower (H0) bound of the log-likelihood ratio.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper (H1) bound.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// Where `llr` stands against the bounds.
    pub fn decide(&self, llr: f64) -> SprtDecision {
        if llr >= self.upper_bound() {
            SprtDecision::AcceptH1
        } else if llr <= self.lower_bound() {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }

    /// cutechess's trinomial LLR under the BayesElo model (v1.3.0 on: the
    /// counts with half a game each, so it is defined from the first game).
    pub fn llr_trinomial(&self, t: &Trinomial) -> f64 {
        // The Jeffreys prior.
        let [wins, losses, draws] = [t.wins, t.losses, t.draws].map(|c| f64::from(c) + 0.5);
        let n = wins + losses + draws;
        let p_win = wins / n;
        let p_loss = losses / n;
        let draw_elo = 200.0 * ((1.0 - p_loss) / p_loss * (1.0 - p_win) / p_win).log10();
        let x = 10f64.powf(-draw_elo / 400.0);
        let scale = 4.0 * x / ((1.0 + x) * (1.0 + x));
        let law = |elo: f64| {
            let win = 1.0 / (1.0 + 10f64.powf((draw_elo - elo) / 400.0));
            let loss = 1.0 / (1.0 + 10f64.powf((draw_elo + elo) / 400.0));
            (win, loss, 1.0 - win - loss)
        };
        let (w0, l0, d0) = law(self.elo0 / scale);
        let (w1, l1, d1) = law(self.elo1 / scale);
        wins * (w1 / w0).ln() + losses * (l1 / l0).ln() + draws * (d1 / d0).ln()
    }

    /// fastchess's pentanomial LLR with normalized-Elo hypotheses.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        let counts = p
            .buckets()
            .map(|c| if c == 0 { 1e-3 } else { f64::from(c) });
        let total: f64 = counts.iter().sum();
        let observed = counts.map(|c| c / total);
        let to_t = |nelo: f64| std::f64::consts::SQRT_2 * nelo / (800.0 / 10f64.ln());
        let p0 = closest_with_t(&observed, to_t(self.elo0));
        let p1 = closest_with_t(&observed, to_t(self.elo1));
        total
            * (0..5)
                .map(|i| observed[i] * (p1[i].ln() - p0[i].ln()))
                .sum::<f64>()
    }
}

/// The pair scores of the pentanomial buckets.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

fn mean_and_variance(p: &[f64; 5]) -> (f64, f64) {
    let mean: f64 = (0..5).map(|i| p[i] * PAIR_SCORES[i]).sum();
    let variance = (0..5).map(|i| p[i] * (PAIR_SCORES[i] - mean).powi(2)).sum();
    (mean, variance)
}

/// When the maximum-likelihood iteration has converged: fishtest's 1e-9
/// (fastchess's 1e-4 leaves −0.017681 for `[0, 0, 50, 0, 0]` at [0, 5],
/// where the converged value is −0.017561).
const MLE_TOLERANCE: f64 = 1e-9;

/// The distribution with normalized score `t` (against ½) that is most
/// likely to have produced the frequencies `observed` (all positive).
fn closest_with_t(observed: &[f64; 5], t: f64) -> [f64; 5] {
    let mut p = [0.2; 5];
    for _ in 0..10 {
        let (mean, variance) = mean_and_variance(&p);
        let sigma = variance.sqrt();
        let phi: [f64; 5] = std::array::from_fn(|i| {
            let z = (PAIR_SCORES[i] - mean) / sigma;
            PAIR_SCORES[i] - 0.5 - 0.5 * t * sigma * (1.0 + z * z)
        });
        let (low, high) = phi
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &x| {
                (l.min(x), h.max(x))
            });
        if !(low < 0.0 && high > 0.0) {
            break;
        }
        // Σ p̂ φ / (1 + θ φ) falls from +∞ to -∞ across (-1/high, -1/low).
        let f = |theta: f64| -> f64 {
            (0..5)
                .map(|i| observed[i] * phi[i] / (1.0 + theta * phi[i]))
                .sum()
        };
        let (mut a, mut b) = (-1.0 / high, -1.0 / low);
        for _ in 0..200 {
            let mid = 0.5 * (a + b);
            if mid <= a || mid >= b {
                break;
            }
            if f(mid) > 0.0 {
                a = mid;
            } else {
                b = mid;
            }
        }
        let theta = 0.5 * (a + b);
        let mut moved: f64 = 0.0;
        for i in 0..5 {
            let next = observed[i] / (1.0 + theta * phi[i]);
            moved = moved.max((next - p[i]).abs());
            p[i] = next;
        }
        if moved < MLE_TOLERANCE {
            break;
        }
    }
    p
}

/// Normalized Elo of a pentanomial record with its 95 % margin (fastchess's
/// `nElo`): `(s - ½) / √(2v) · 800/ln 10`, margin from the score's
/// standard error `√(v/n)`. `None` without pairs, and when every pair
/// scored the same (`v = 0`): there fastchess prints `inf` or `nan`, which
/// says no more than the pentanomial counts beside it, so ludus leaves the
/// figure off.
pub fn normalized_elo(p: &Pentanomial) -> Option<(f64, f64)> {
    let pairs = f64::from(p.pairs());
    if pairs == 0.0 {
        return None;
    }
    let counts = p.buckets();
    let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
    let mean: f64 = (0..5)
        .map(|i| f64::from(counts[i]) / pairs * scores[i])
        .sum();
    let variance: f64 = (0..5)
        .map(|i| f64::from(counts[i]) / pairs * (scores[i] - mean).powi(2))
        .sum();
    if variance == 0.0 {
        return None;
    }
    let factor = 800.0 / 10f64.ln() / (2.0 * variance).sqrt();
    let margin = Z95 * (variance / pairs).sqrt() * factor;
    Some(((mean - 0.5) * factor, margin))
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_margin_los_of_a_small_record() {
        // W 10, L 5, D 5: s = 12.5/20 = 0.625; elo = -400 log10(0.6);
        // v = 0.5·0.375² + 0.25·0.625² + 0.25·0.125² = 0.171875;
        // δ = z·√(0.171875/20) with cutechess's z = √2·erfinv(0.95) by
        // Winitzki's approximation = 1.957162 (exact: 1.959964);
        // margin = (elo(s+δ) - elo(s-δ))/2; LOS = ½(1 + erf(5/√30)).
        let t = Trinomial {
            wins: 10,
            losses: 5,
            draws: 5,
        };
        assert_eq!(t.games(), 20);
        assert!(close(t.score(), 0.625, 1e-12));
        assert!(close(t.elo(), 88.7395, 1e-3), "{}", t.elo());
        assert!(
            close(cutechess_z95(), 1.957_162, 1e-6),
            "{}",
            cutechess_z95()
        );
        assert!(close(t.margin(), 143.6388, 1e-3), "{}", t.margin());
        assert!(close(t.los(), 0.901647, 1e-5), "{}", t.los());
        assert!(close(t.draw_ratio(), 0.25, 1e-12));
    }

    #[test]
    fn even_record_is_zero_elo() {
        let t = Trinomial {
            wins: 7,
            losses: 7,
            draws: 6,
        };
        assert!(close(t.elo(), 0.0, 1e-9));
        assert!(close(t.los(), 0.5, 1e-9));
        assert_eq!(Trinomial::default().score(), 0.5);
        let drawn = Trinomial {
            wins: 0,
            losses: 0,
            draws: 5,
        };
        assert!(drawn.los().is_nan());
        assert_eq!(drawn.margin(), 0.0);
    }

    #[test]
    fn erf_matches_known_values() {
        assert!(close(erf(0.0), 0.0, 1e-7));
        assert!(close(erf(0.5), 0.520_499_877_8, 2e-7));
        assert!(close(erf(1.0), 0.842_700_792_9, 2e-7));
        assert!(close(erf(-2.0), -0.995_322_265_0, 2e-7));
    }

    #[test]
    fn wald_bounds() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        assert!(close(sprt.lower_bound(), -2.944_439, 1e-6));
        assert!(close(sprt.upper_bound(), 2.944_439, 1e-6));
        assert_eq!(sprt.decide(3.0), SprtDecision::AcceptH1);
        assert_eq!(sprt.decide(-3.0), SprtDecision::AcceptH0);
        assert_eq!(sprt.decide(0.1), SprtDecision::Continue);
        assert!(Sprt::new(5.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
    }

    #[test]
    fn trinomial_sprt_by_hand() {
        // W 60, L 40, D 100, elo0 0, elo1 10, with half a game each:
        // W 60.5, L 40.5, D 100.5 of 201.5; pW = 0.300248, pL = 0.200993;
        // drawElo = 200 log10((1-pL)/pL · (1-pW)/pW) = 193.3669;
        // x = 10^(-drawElo/400) = 0.328536, scale = 4x/(1+x)² = 0.744554;
        // H0: BayesElo 0 → pW = pL = 1/(1+10^(drawElo/400)) = 0.247292,
        // pD = 0.505417; H1: BayesElo 10/scale = 13.4309 →
        // pW₁ = 0.261962, pL₁ = 0.233183, pD₁ = 0.504855;
        // LLR = 60.5 ln(pW₁/pW₀) + 40.5 ln(pL₁/pL₀) + 100.5 ln(pD₁/pD₀).
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let t = Trinomial {
            wins: 60,
            losses: 40,
            draws: 100,
        };
        let llr = sprt.llr_trinomial(&t);
        assert!(close(llr, 0.995758, 1e-5), "{llr}");
        // Defined from the first game: one win is a small step toward H1.
        let one = Trinomial {
            wins: 1,
            losses: 0,
            draws: 0,
        };
        let llr = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap().llr_trinomial(&one);
        assert!(close(llr, 0.018616, 1e-5), "{llr}");
    }

    #[test]
    fn pentanomial_sprt_by_hand() {
        // Pairs: LL 2, LD 10, WL 5, DD 15, WD 14, WW 4 (50 pairs).
        // Scores 0, ¼, ½, ¾, 1 with counts 2, 10, 20, 14, 4:
        // μ̂ = (2.5 + 10 + 10.5 + 4)/50 = 0.54; v̂ = Σ fᵢ (aᵢ - 0.54)² = 0.0584.
        // GSPRT approximation with elo0 0, elo1 5: t₁ = √2·5/(800/ln 10);
        // s₀ = 0.5, s₁ = 0.5 + t₁ √v̂ = 0.504918;
        // LLR ≈ 50 (s₁-s₀)(1.08 - s₀ - s₁)/(2·0.0584) = 0.158080.
        // The exact MLE value (the note's iteration, checked with an
        // independent script) is 0.155934.
        // nElo = 0.04/√0.1168 · 800/ln 10 = 40.6643.
        let p = Pentanomial {
            ll: 2,
            ld: 10,
            wl: 5,
            dd: 15,
            wd: 14,
            ww: 4,
        };
        assert_eq!(p.pairs(), 50);
        assert_eq!(p.buckets(), [2, 10, 20, 14, 4]);
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let llr = sprt.llr_pentanomial(&p);
        assert!(close(llr, 0.158080, 0.003), "{llr}");
        assert!(close(llr, 0.155934, 1e-5), "{llr}");
        let (nelo, _) = normalized_elo(&p).unwrap();
        assert!(close(nelo, 40.6643, 1e-3), "{nelo}");
    }

    #[test]
    fn one_sided_pairs_still_decide() {
        // Only lost pairs: the zero buckets are regularized, so the test
        // drifts to H0 instead of staying at 0 forever.
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let lost = |n| Pentanomial {
            ll: n,
            ..Pentanomial::default()
        };
        let small = sprt.llr_pentanomial(&lost(10));
        let large = sprt.llr_pentanomial(&lost(400));
        assert!(small < 0.0 && large < small, "{small} {large}");
        assert_eq!(sprt.decide(large), SprtDecision::AcceptH0);
        assert_eq!(sprt.llr_pentanomial(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn pairs_are_bucketed_by_their_sum() {
        let mut p = Pentanomial::default();
        p.add(2, 0);
        p.add(0, 2);
        p.add(1, 1);
        p.add(2, 1);
        p.add(0, 1);
        p.add(0, 0);
        p.add(2, 2);
        assert_eq!(
            p,
            Pentanomial {
                ll: 1,
                ld: 1,
                wl: 2,
                dd: 1,
                wd: 1,
                ww: 1
            }
        );
    }
}
