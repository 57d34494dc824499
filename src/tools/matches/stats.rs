//! Match statistics: Elo with its error margin, LOS, and the two SPRT
//! models (cutechess's trinomial BayesElo SPRT and fastchess's pentanomial
//! normalized-Elo SPRT).
//!
//! Formulas and their sources:
//!
//! - **Elo from a score** `s` (logistic model): `elo = -400 log10(1/s - 1)`.
//! - **Error margin** (cutechess `EloCalculator`): the per-game variance
//!   `v = Σ pᵢ (xᵢ - s)²` over the outcomes `xᵢ ∈ {1, ½, 0}` with their
//!   observed frequencies `pᵢ`; the 95 % interval of the score is
//!   `s ± 1.959964 √(v/N)`, and the margin is half the Elo width of that
//!   interval: `(elo(s + δ) - elo(s - δ)) / 2`.
//! - **LOS** (likelihood of superiority, draws ignored):
//!   `½ (1 + erf((W - L) / √(2 (W + L))))`.
//! - **Trinomial SPRT** (cutechess `Sprt::status`, after Michel Van den
//!   Bergh's BayesElo formulation): from the observed win and loss rates,
//!   `drawElo = 200 log10((1-pL)/pL · (1-pW)/pW)`; the hypotheses' Elo are
//!   scaled to BayesElo by `scale = 4x/(1+x)²`, `x = 10^(-drawElo/400)`; each
//!   hypothesis gives `pW = 1/(1+10^((drawElo-elo)/400))`,
//!   `pL = 1/(1+10^((drawElo+elo)/400))`, `pD = 1-pW-pL`; and
//!   `LLR = W ln(pW₁/pW₀) + L ln(pL₁/pL₀) + D ln(pD₁/pD₀)` (0 until there is
//!   at least one win, one loss and one draw).
//! - **Pentanomial SPRT, normalized Elo** (fastchess `SPRT::getLLR`, after
//!   M. Van den Bergh, "Comments on Normalized Elo",
//!   <https://www.cantate.be/Fishtest/normalized_elo_practical.pdf>, and his
//!   GSPRT note <https://www.cantate.be/Fishtest/GSPRT_approximation.pdf>):
//!   pair scores `aᵢ ∈ {0, ¼, ½, ¾, 1}` (LL, LD, WL+DD, WD, WW) with observed
//!   frequencies give the mean `s` and the per-pair variance `v`; the
//!   hypotheses' normalized Elo `nelo` become scores
//!   `sₖ = ½ + nelo_k · √(2v) / (800 / ln 10)` (√2 because a pair's variance
//!   is about half a single game's, and normalized Elo is per game), and
//!   `LLR ≈ n (s₁ - s₀)(2s - s₀ - s₁) / (2v)` over `n` pairs — the
//!   generalized SPRT approximation fastchess 0.x computes. (Newer fastchess
//!   solves the exact maximum-likelihood distributions instead; the two agree
//!   closely for the small Elo differences SPRTs test.)
//! - **Bounds** (Wald): `lbound = ln(β/(1-α))`, `ubound = ln((1-β)/α)`.

/// The z value of a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

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

    /// Half the width of the 95 % interval, in Elo (NaN or infinite when the
    /// interval reaches a score of 0 or 1).
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
        let delta = Z95 * (variance / n).sqrt();
        (elo_from_score(s + delta) - elo_from_score(s - delta)) / 2.0
    }

    /// Likelihood of superiority in [0, 1] (0.5 with no decisive game).
    pub fn los(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return 0.5;
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

    /// How far `llr` has gone towards the bound it heads for, in percent
    /// (100 % = H1 accepted, -100 % = H0 accepted).
    pub fn progress(&self, llr: f64) -> f64 {
        if llr >= 0.0 {
            100.0 * llr / self.upper_bound()
        } else {
            -100.0 * llr / self.lower_bound()
        }
    }

    /// cutechess's trinomial LLR under the BayesElo model.
    pub fn llr_trinomial(&self, t: &Trinomial) -> f64 {
        if t.wins == 0 || t.losses == 0 || t.draws == 0 {
            return 0.0;
        }
        let n = f64::from(t.games());
        let p_win = f64::from(t.wins) / n;
        let p_loss = f64::from(t.losses) / n;
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
        f64::from(t.wins) * (w1 / w0).ln()
            + f64::from(t.losses) * (l1 / l0).ln()
            + f64::from(t.draws) * (d1 / d0).ln()
    }

    /// fastchess's pentanomial LLR with normalized-Elo hypotheses.
    pub fn llr_pentanomial(&self, p: &Pentanomial) -> f64 {
        let pairs = f64::from(p.pairs());
        if pairs == 0.0 {
            return 0.0;
        }
        let counts = p.buckets();
        let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
        let freq = |i: usize| f64::from(counts[i]) / pairs;
        let mean: f64 = (0..5).map(|i| freq(i) * scores[i]).sum();
        let variance: f64 = (0..5).map(|i| freq(i) * (scores[i] - mean).powi(2)).sum();
        if variance == 0.0 {
            return 0.0;
        }
        let to_score = |nelo: f64| 0.5 + nelo * (2.0 * variance).sqrt() / (800.0 / 10f64.ln());
        let (s0, s1) = (to_score(self.elo0), to_score(self.elo1));
        pairs * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }
}

/// Normalized Elo of a pentanomial record with its 95 % margin (fastchess's
/// `nElo`): `(s - ½) / √(2v) · 800/ln 10`, margin from the score's
/// standard error `√(v/n)`.
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
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn elo_margin_los_of_a_small_record() {
        // W 10, L 5, D 5: s = 12.5/20 = 0.625; elo = -400 log10(0.6);
        // v = 0.5·0.375² + 0.25·0.625² + 0.25·0.125² = 0.171875;
        // δ = 1.959964·√(0.171875/20); margin = (elo(s+δ) - elo(s-δ))/2;
        // LOS = ½(1 + erf(5/√30)).
        let t = Trinomial {
            wins: 10,
            losses: 5,
            draws: 5,
        };
        assert_eq!(t.games(), 20);
        assert!(close(t.score(), 0.625, 1e-12));
        assert!(close(t.elo(), 88.7395, 1e-3), "{}", t.elo());
        assert!(close(t.margin(), 143.8749, 1e-3), "{}", t.margin());
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
        // W 60, L 40, D 100, elo0 0, elo1 10. pW = 0.3, pL = 0.2;
        // drawElo = 200 log10(0.8/0.2 · 0.7/0.3) = 194.0074;
        // x = 10^(-drawElo/400) = 0.327327, scale = 4x/(1+x)² = 0.743166;
        // H0: BayesElo 0 → pW = pL = 1/(1+10^(drawElo/400)) = 0.246606,
        // pD = 0.506788; H1: BayesElo 10/scale = 13.4559 →
        // pW₁ = 0.261278, pL₁ = 0.232499, pD₁ = 0.506223;
        // LLR = 60 ln(pW₁/pW₀) + 40 ln(pL₁/pL₀) + 100 ln(pD₁/pD₀).
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let t = Trinomial {
            wins: 60,
            losses: 40,
            draws: 100,
        };
        let llr = sprt.llr_trinomial(&t);
        assert!(close(llr, 0.999793, 1e-5), "{llr}");
        let none = Trinomial {
            wins: 3,
            losses: 0,
            draws: 2,
        };
        assert_eq!(sprt.llr_trinomial(&none), 0.0);
    }

    #[test]
    fn pentanomial_sprt_by_hand() {
        // Pairs: LL 2, LD 10, WL 5, DD 15, WD 14, WW 4 (50 pairs).
        // Scores 0, ¼, ½, ¾, 1 with counts 2, 10, 20, 14, 4:
        // mean = (2.5 + 10 + 10.5 + 4)/50 = 0.54;
        // v = Σ fᵢ (aᵢ - 0.54)² = 0.0584; with elo0 0, elo1 5:
        // s₀ = 0.5, s₁ = 0.5 + 5·√(0.1168)/(800/ln 10) = 0.504918;
        // LLR = 50 (s₁-s₀)(1.08 - s₀ - s₁)/(2·0.0584) = 0.158080;
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
        assert!(close(llr, 0.158080, 1e-5), "{llr}");
        let (nelo, _) = normalized_elo(&p).unwrap();
        assert!(close(nelo, 40.6643, 1e-3), "{nelo}");
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
