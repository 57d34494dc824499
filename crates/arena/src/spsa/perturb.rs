//! What iteration `k` plays and how its result moves θ. The flips `Δ ∈
//! {±1}ⁿ` and the rounding draws come from the run's seed and `k` alone,
//! so any machine that plays iteration `k` plays it with the same values,
//! and a merge recomputes the flips without being told them.
//!
//! As fishtest: the sides play `θ ± c_k·Δ`, clamped to each parameter's
//! range, each value rounded to an integer stochastically (`⌊v + u⌋`, `u`
//! uniform in [0, 1): `v`'s integer neighbours in proportion to their
//! nearness, so the value played is `v` on average); then `θ ← clamp(θ +
//! R_k·c_k·result·Δ)`, `result` being θ+'s wins minus losses in the pair.

use ludus_rules::random::{splitmix64, Rng};

use super::gains::Gains;
use super::params::TunedParam;

/// The values the two sides of iteration `k` play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Perturbation {
    /// Δ: +1 or −1 per parameter.
    pub flips: Vec<i8>,
    /// θ+'s values: `θ + c_k·Δ`, clamped and rounded.
    pub plus: Vec<i64>,
    /// θ−'s values: `θ − c_k·Δ`, clamped and rounded.
    pub minus: Vec<i64>,
}

/// Iteration `k`'s random stream: the flips first, then the rounding
/// draws.
fn stream(seed: u64, k: u32) -> Rng {
    let (_, run) = splitmix64(seed);
    let (_, iteration) = splitmix64(run ^ u64::from(k));
    Rng::new(iteration)
}

/// The flips of `n` parameters at iteration `k` of the run seeded `seed`.
pub fn flips(seed: u64, k: u32, n: usize) -> Vec<i8> {
    draw_flips(&mut stream(seed, k), n)
}

/// `n` flips, each a random bit of `rng`.
fn draw_flips(rng: &mut Rng, n: usize) -> Vec<i8> {
    (0..n)
        .map(|_| if rng.next_u64() >> 63 == 1 { 1 } else { -1 })
        .collect()
}

/// What iteration `k` plays from `theta`.
pub fn perturb(
    seed: u64,
    k: u32,
    theta: &[f64],
    params: &[TunedParam],
    gains: &Gains,
) -> Perturbation {
    let mut rng = stream(seed, k);
    let flips = draw_flips(&mut rng, params.len());
    let (mut plus, mut minus) = (Vec::new(), Vec::new());
    for ((param, &value), &flip) in params.iter().zip(theta).zip(&flips) {
        let shift = gains.at(param, k).c * f64::from(flip);
        plus.push(rounded(param, value + shift, rng.unit()));
        minus.push(rounded(param, value - shift, rng.unit()));
    }
    Perturbation { flips, plus, minus }
}

/// `value` clamped to `param`'s range and rounded by the draw `u`.
fn rounded(param: &TunedParam, value: f64, u: f64) -> i64 {
    let clamped = value.clamp(param.min as f64, param.max as f64);
    ((clamped + u).floor() as i64).clamp(param.min, param.max)
}

/// Moves `theta` by iteration `k`'s `result` (θ+'s wins minus losses).
pub fn update(
    theta: &mut [f64],
    params: &[TunedParam],
    gains: &Gains,
    seed: u64,
    k: u32,
    result: i32,
) {
    let flips = flips(seed, k, params.len());
    for ((value, param), flip) in theta.iter_mut().zip(params).zip(flips) {
        let gain = gains.at(param, k);
        let step = gain.r * gain.c * f64::from(result) * f64::from(flip);
        *value = (*value + step).clamp(param.min as f64, param.max as f64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(n: usize) -> Vec<TunedParam> {
        (0..n)
            .map(|i| TunedParam {
                name: format!("P{i}"),
                start: 50.0,
                min: 0,
                max: 100,
                c_end: 4.0,
                r_end: 0.002,
            })
            .collect()
    }

    fn gains() -> Gains {
        Gains::new(1000, 0.1, 0.602, 0.101).unwrap()
    }

    #[test]
    fn flips_depend_on_the_seed_and_the_iteration_alone() {
        let p = params(16);
        let theta = vec![50.0; 16];
        let one = perturb(7, 3, &theta, &p, &gains());
        // The same seed and iteration: the same flips and values, from
        // any θ for the flips.
        assert_eq!(one, perturb(7, 3, &theta, &p, &gains()));
        assert_eq!(one.flips, flips(7, 3, 16));
        assert_eq!(perturb(7, 3, &[20.0; 16], &p, &gains()).flips, one.flips);
        // Another iteration or seed: other flips (16 of them agreeing
        // by chance: 1 in 65 536).
        assert_ne!(flips(7, 4, 16), one.flips);
        assert_ne!(flips(8, 3, 16), one.flips);
        // The first flips do not depend on how many parameters follow.
        assert_eq!(flips(7, 3, 4), one.flips[..4]);
    }

    #[test]
    fn flips_are_balanced_and_independent() {
        let (mut plus, mut agree) = (0, 0);
        let total = 4000;
        for k in 1..=total {
            let f = flips(1, k, 2);
            plus += i32::from(f[0] == 1);
            agree += i32::from(f[0] == f[1]);
        }
        // Binomial(4000, ½): σ ≈ 32; ±5σ.
        assert!((plus - 2000).abs() < 160, "{plus}");
        assert!((agree - 2000).abs() < 160, "{agree}");
    }

    #[test]
    fn the_values_played_are_theta_plus_and_minus_c_rounded_without_bias() {
        let p = params(1);
        let g = gains();
        let theta = [50.3];
        let c = g.at(&p[0], 10).c; // 15.92…·0.4 = 6.37: θ ± c = 56.67 / 43.93
        let (mut sum_plus, mut sum_minus) = (0.0, 0.0);
        let trials = 20_000u32;
        for seed in 0..u64::from(trials) {
            let x = perturb(seed, 10, &theta, &p, &g);
            let flip = f64::from(x.flips[0]);
            let (plus, minus) = (x.plus[0] as f64, x.minus[0] as f64);
            // Each value is one of the two integers around θ ± cΔ.
            assert!((plus - (50.3 + c * flip)).abs() < 1.0, "{plus}");
            assert!((minus - (50.3 - c * flip)).abs() < 1.0, "{minus}");
            sum_plus += plus - c * flip;
            sum_minus += minus + c * flip;
        }
        // On average the values are θ ± cΔ (the rounding's σ ≈ 0.5/√n).
        let n = f64::from(trials);
        assert!((sum_plus / n - 50.3).abs() < 0.02, "{}", sum_plus / n);
        assert!((sum_minus / n - 50.3).abs() < 0.02, "{}", sum_minus / n);
    }

    #[test]
    fn values_stay_in_range_near_the_bounds() {
        let p = params(3);
        let x = perturb(5, 1, &[0.0, 100.0, 0.4], &p, &gains());
        for values in [&x.plus, &x.minus] {
            assert!(values.iter().all(|v| (0..=100).contains(v)), "{x:?}");
        }
        // At a bound, the side pushed outward plays the bound itself.
        let outward = if x.flips[0] == 1 { &x.minus } else { &x.plus };
        assert_eq!(outward[0], 0);
    }

    #[test]
    fn the_update_moves_theta_along_the_flips_by_r_c_result() {
        let p = params(2);
        let g = gains();
        let f = flips(3, 20, 2);
        let gain = g.at(&p[0], 20);
        let mut theta = vec![50.0, 50.0];
        update(&mut theta, &p, &g, 3, 20, 2);
        for i in 0..2 {
            let expected = 50.0 + gain.r * gain.c * 2.0 * f64::from(f[i]);
            assert!((theta[i] - expected).abs() < 1e-12, "{theta:?}");
        }
        // A drawn pair moves nothing; a loss moves the other way.
        let mut same = vec![50.0, 50.0];
        update(&mut same, &p, &g, 3, 20, 0);
        assert_eq!(same, [50.0, 50.0]);
        update(&mut same, &p, &g, 3, 20, -2);
        assert!((same[0] - 50.0 + (theta[0] - 50.0)).abs() < 1e-12);
        // And θ never leaves the range.
        let mut edge = vec![100.0, 0.0];
        for k in 1..=200 {
            update(&mut edge, &p, &g, 9, k, 2);
            assert!(edge.iter().all(|v| (0.0..=100.0).contains(v)), "{edge:?}");
        }
    }
}
