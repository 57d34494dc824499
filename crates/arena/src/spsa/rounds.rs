//! Rounds: the iterations are played in rounds of R, every iteration of a
//! round perturbing the θ the round starts from, and θ moves at the
//! round's end by the round's results applied in iteration order. So a
//! round's iterations can be played at once, on threads or on the shards
//! of a job array, in any order, and θ comes out the same: a sharded run
//! and a local one agree exactly when the games do (node-limited engines).
//!
//! A round's iterations are dealt to N shards round-robin: the `i`-th
//! (from 0) goes to shard `i mod N + 1`.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use super::gains::Gains;
use super::params::TunedParam;
use super::perturb::update;
use crate::shard::Shard;

/// How a run's iterations fall into rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rounds {
    /// Iterations in all.
    pub iterations: u32,
    /// Iterations per round (the last round may have fewer).
    pub size: u32,
}

impl Rounds {
    /// How many rounds there are.
    pub fn count(&self) -> u32 {
        self.iterations.div_ceil(self.size)
    }

    /// The iterations (from 1) of round `round` (from 0).
    pub fn iterations_of(&self, round: u32) -> RangeInclusive<u32> {
        let first = round * self.size + 1;
        first..=(first + self.size - 1).min(self.iterations)
    }

    /// The round of the next iteration after `done` iterations.
    pub fn after(&self, done: u32) -> u32 {
        done / self.size
    }

    /// Whether `done` iterations end a round (or the run).
    pub fn is_boundary(&self, done: u32) -> bool {
        done.is_multiple_of(self.size) || done == self.iterations
    }

    /// The iterations of round `round` that `shard` plays.
    pub fn dealt(&self, round: u32, shard: Shard) -> Vec<u32> {
        let iterations = self.iterations_of(round);
        let first = *iterations.start();
        iterations
            .filter(|k| (k - first) % shard.count == shard.index - 1)
            .collect()
    }
}

/// Applies a round's `results` (iteration → θ+'s wins minus losses) to
/// `theta` in iteration order, whatever order they came in; returns θ
/// after each iteration.
pub fn apply_round(
    theta: &mut [f64],
    params: &[TunedParam],
    gains: &Gains,
    seed: u64,
    results: &BTreeMap<u32, i32>,
) -> Vec<(u32, Vec<f64>)> {
    results
        .iter()
        .map(|(&k, &result)| {
            update(theta, params, gains, seed, k, result);
            (k, theta.to_vec())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spsa::perturb::perturb;
    use ludus_rules::random::Rng;

    #[test]
    fn rounds_cover_the_run_and_shards_cover_each_round_once() {
        let rounds = Rounds {
            iterations: 10,
            size: 4,
        };
        assert_eq!(rounds.count(), 3);
        assert_eq!(rounds.iterations_of(0), 1..=4);
        assert_eq!(rounds.iterations_of(2), 9..=10);
        assert_eq!(
            (rounds.after(0), rounds.after(4), rounds.after(9)),
            (0, 1, 2)
        );
        assert!(rounds.is_boundary(8) && rounds.is_boundary(10) && !rounds.is_boundary(9));
        for round in 0..3 {
            for count in 1..=5 {
                let mut dealt: Vec<u32> = (1..=count)
                    .flat_map(|index| rounds.dealt(round, Shard { index, count }))
                    .collect();
                dealt.sort_unstable();
                assert_eq!(dealt, rounds.iterations_of(round).collect::<Vec<_>>());
            }
        }
        assert_eq!(rounds.dealt(1, Shard { index: 2, count: 3 }), vec![6]);
    }

    fn params() -> Vec<TunedParam> {
        ["A", "B", "C"]
            .iter()
            .map(|name| TunedParam {
                name: name.to_string(),
                start: 10.0,
                min: 0,
                max: 40,
                c_end: 2.0,
                r_end: 0.05,
            })
            .collect()
    }

    /// A pair's result as a deterministic function of what the two sides
    /// play (as node-limited engines are): the side nearer 25 on A and to
    /// 5 on B wins more; C does not matter.
    fn pair_result(k: u32, plus: &[i64], minus: &[i64]) -> i32 {
        let loss = |v: &[i64]| (v[0] - 25).abs() + (v[1] - 5).abs();
        let noise = i64::from(k.wrapping_mul(2_654_435_761) % 3) - 1;
        ((loss(minus) - loss(plus)).signum() * 2 + noise).clamp(-2, 2) as i32
    }

    /// Plays a whole run of `rounds` as `shards` shards would, each
    /// shard's results coming in a shuffled order; returns θ after every
    /// iteration.
    fn run(rounds: Rounds, shards: u32, shuffle_seed: u64) -> Vec<(u32, Vec<f64>)> {
        let (params, seed) = (params(), 42);
        let gains = Gains::new(rounds.iterations, 0.1, 0.602, 0.101).unwrap();
        let mut theta: Vec<f64> = params.iter().map(|p| p.start).collect();
        let mut log = Vec::new();
        let mut rng = Rng::new(shuffle_seed);
        for round in 0..rounds.count() {
            let mut finished: Vec<(u32, i32)> = Vec::new();
            for index in 1..=shards {
                for k in rounds.dealt(
                    round,
                    Shard {
                        index,
                        count: shards,
                    },
                ) {
                    let x = perturb(seed, k, &theta, &params, &gains);
                    finished.push((k, pair_result(k, &x.plus, &x.minus)));
                }
            }
            rng.shuffle(&mut finished);
            let results: BTreeMap<u32, i32> = finished.into_iter().collect();
            log.extend(apply_round(&mut theta, &params, &gains, seed, &results));
        }
        log
    }

    #[test]
    fn theta_does_not_depend_on_who_played_what_or_when() {
        let rounds = Rounds {
            iterations: 300,
            size: 8,
        };
        let local = run(rounds, 1, 1);
        assert_eq!(local.len(), 300);
        assert_eq!(local.last().unwrap().0, 300);
        for (shards, shuffle) in [(1, 2), (3, 3), (8, 4), (11, 5)] {
            assert_eq!(run(rounds, shards, shuffle), local, "{shards} shards");
        }
        // The pseudo-games pull A up towards 25 and B down towards 5.
        let theta = &local.last().unwrap().1;
        assert!(theta[0] > 12.0 && theta[1] < 8.0, "{theta:?}");
        // Another round size is another run.
        let other = Rounds { size: 4, ..rounds };
        assert_ne!(run(other, 1, 1), local);
    }
}
