//! SPSA's gain sequences as fishtest and OpenBench define them, from each
//! parameter's values at the last iteration: over `N` iterations, at
//! iteration `k` (from 1) the perturbation is `c_k = c_end · N^γ / k^γ`, the
//! learning rate `a_k = a_end · (A + N)^α / (A + k)^α` with `a_end = r_end ·
//! c_end²`, and `R_k = a_k / c_k²`; so `c_N = c_end` and `R_N = r_end`.

use serde::{Deserialize, Serialize};

use super::params::TunedParam;

/// The default α: Spall's, fishtest's and OpenBench's.
pub const DEFAULT_ALPHA: f64 = 0.602;
/// The default γ.
pub const DEFAULT_GAMMA: f64 = 0.101;
/// The default `A`, as a share of the iterations (OpenBench's A-ratio).
pub const DEFAULT_A_RATIO: f64 = 0.1;

/// The schedule of a run: its length and the gain sequences' constants.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Gains {
    /// Iterations (game pairs) in all: `N`.
    pub iterations: u32,
    /// The stability constant `A`, which keeps the first steps from being
    /// the largest by far.
    #[serde(rename = "A")]
    pub big_a: f64,
    /// The learning rate's decay exponent `α`.
    pub alpha: f64,
    /// The perturbation's decay exponent `γ`.
    pub gamma: f64,
}

/// One parameter's gains at one iteration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gain {
    /// The perturbation `c_k`.
    pub c: f64,
    /// `R_k = a_k / c_k²`: θ moves by `R_k · c_k · result · Δ`.
    pub r: f64,
}

impl Gains {
    /// The schedule of `iterations` iterations with `A = a_ratio ·
    /// iterations`; `Err` for constants no schedule can have.
    pub fn new(iterations: u32, a_ratio: f64, alpha: f64, gamma: f64) -> Result<Gains, String> {
        if iterations == 0 {
            return Err("the iterations must be positive".to_string());
        }
        for (what, value) in [
            ("--a-ratio", a_ratio),
            ("--alpha", alpha),
            ("--gamma", gamma),
        ] {
            if !value.is_finite() || value < 0.0 {
                return Err(format!("{what} must be a number from 0 up, not {value}"));
            }
        }
        Ok(Gains {
            iterations,
            big_a: a_ratio * f64::from(iterations),
            alpha,
            gamma,
        })
    }

    /// `param`'s gains at iteration `k` (1 to `N`).
    pub fn at(&self, param: &TunedParam, k: u32) -> Gain {
        let (n, k) = (f64::from(self.iterations), f64::from(k));
        let c = param.c_end * n.powf(self.gamma) / k.powf(self.gamma);
        let a_end = param.r_end * param.c_end * param.c_end;
        let a = a_end * (self.big_a + n).powf(self.alpha) / (self.big_a + k).powf(self.alpha);
        Gain { c, r: a / (c * c) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(c_end: f64, r_end: f64) -> TunedParam {
        TunedParam {
            name: "P".to_string(),
            start: 0.0,
            min: -100,
            max: 100,
            c_end,
            r_end,
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12 * b.abs().max(1.0)
    }

    /// N = 1000, A = 100, α = 0.602, γ = 0.101, c_end = 10, r_end =
    /// 0.002, so a_end = 0.2. By hand (a calculator):
    /// - k = 1: c = 10 · 1000^0.101 = 10 · e^(0.101 · 6.907755) = 20.090928…;
    ///   a = 0.2 · (1100/101)^0.602 = 0.842067…; R = a/c² = 0.00208615…
    /// - k = 10: c = 10 · 100^0.101 = 15.922087…; a = 0.2 · (1100/110)^0.602
    ///   = 0.2 · 10^0.602 = 0.799889…; R = 0.00315522…
    /// - k = 500: c = 10 · 2^0.101 = 10.725166…; a = 0.2 · (1100/600)^0.602
    ///   = 0.288072…; R = 0.00250434…
    /// - k = N: c = c_end, a = a_end, R = r_end.
    #[test]
    fn the_schedule_matches_the_hand_computed_values() {
        let gains = Gains::new(1000, 0.1, DEFAULT_ALPHA, DEFAULT_GAMMA).unwrap();
        assert_eq!(gains.big_a, 100.0);
        let p = param(10.0, 0.002);
        for (k, c, a) in [
            (1, 20.090_928_126_087_28, 0.842_067_537_302_817_9),
            (10, 15.922_087_270_511_701, 0.799_889_499_522_195),
            (500, 10.725_166_168_179_424, 0.288_072_193_413_395_6),
            (1000, 10.0, 0.2),
        ] {
            let gain = gains.at(&p, k);
            assert!(close(gain.c, c), "k {k}: c {} vs {c}", gain.c);
            assert!(
                close(gain.r, a / (c * c)),
                "k {k}: R {} vs {}",
                gain.r,
                a / (c * c)
            );
        }
        let last = gains.at(&p, 1000);
        assert!(close(last.r, 0.002));
        // 10^0.602 is the k = 10 learning rate's factor.
        assert!(close(
            gains.at(&p, 10).r * 15.922_087_270_511_701f64.powi(2),
            0.2 * 10f64.powf(0.602)
        ));
    }

    #[test]
    fn c_and_r_scale_with_their_end_values() {
        let gains = Gains::new(50, 0.0, DEFAULT_ALPHA, DEFAULT_GAMMA).unwrap();
        let (one, two) = (
            gains.at(&param(1.0, 0.01), 7),
            gains.at(&param(2.0, 0.03), 7),
        );
        assert!(close(two.c, 2.0 * one.c));
        // R scales with r_end alone: a grows as c_end², as c_k² does.
        assert!(close(two.r, 3.0 * one.r));
        // With A = 0 the first learning rate is N^α times the last.
        let first = gains.at(&param(1.0, 0.01), 1);
        let a_first = first.r * first.c * first.c;
        assert!(close(a_first, 0.01 * 50f64.powf(DEFAULT_ALPHA)));
    }

    #[test]
    fn impossible_constants_are_refused() {
        assert!(Gains::new(0, 0.1, 0.6, 0.1).is_err());
        assert!(Gains::new(10, -0.1, 0.6, 0.1).is_err());
        assert!(Gains::new(10, 0.1, f64::NAN, 0.1).is_err());
        assert!(Gains::new(10, 0.1, 0.6, f64::INFINITY).is_err());
    }
}
