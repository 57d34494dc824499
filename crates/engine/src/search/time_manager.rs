//! The time manager of a search under a clock: after every iteration of
//! the main thread it sets how long the move should take, scaling the
//! budget's optimum by what the iterations showed — longer while the best
//! move keeps changing or the score falls, shorter while one move stays
//! best and takes nearly all of the search's effort.

use std::time::Duration;

use super::limits::TimeBudget;
use super::params::{
    FALL_COMPARED, TM_DOMINANT_EFFORT, TM_DOMINANT_FRACTION, TM_DOMINANT_ITERATIONS, TM_FALL_FAR,
    TM_FALL_MAX, TM_FALL_MIN, TM_FALL_NEAR, TM_INSTABILITY, TM_SCORE_CAP, TM_STABILITY,
};
use super::score::MATE_BOUND;

/// What one completed iteration of the main thread showed.
#[derive(Clone, Copy, Debug)]
pub struct Iteration {
    /// The best move's place in the root list.
    pub best: usize,
    /// Its score.
    pub score: i32,
    /// How often another root move took the lead during the iteration.
    pub best_move_changes: u32,
    /// The share of the thread's nodes so far that went into the best move.
    pub best_effort: f64,
}

/// The per-search state of the time manager (main thread only).
#[derive(Clone, Debug)]
pub struct TimeManager {
    budget: TimeBudget,
    /// The best score of every completed iteration, oldest first.
    scores: Vec<i32>,
    /// The last iteration's best move.
    best: Option<usize>,
    /// Iterations in a row the best move stayed (0: it just changed).
    stable: u32,
    /// Best-move changes, halved every iteration.
    changes: f64,
    /// How long the move should take, by what is known now.
    target: Duration,
    /// One move dominates the search (see [`DOMINANT_EFFORT`]).
    dominant: bool,
}

impl TimeManager {
    /// The manager of a search with `budget`; until the first iteration
    /// ends the target is the budget's optimum.
    pub fn new(budget: TimeBudget) -> Self {
        TimeManager {
            budget,
            scores: Vec::new(),
            best: None,
            stable: 0,
            changes: 0.0,
            target: budget.soft,
            dominant: false,
        }
    }

    /// Takes in a completed iteration and sets the new target.
    pub fn record(&mut self, iteration: &Iteration) {
        self.stable = match self.best == Some(iteration.best) {
            true => self.stable + 1,
            false => 0,
        };
        self.best = Some(iteration.best);
        self.changes = self.changes / 2.0 + f64::from(iteration.best_move_changes);
        let scale = falling_score_scale(&self.scores, iteration.score)
            * stability_scale(self.stable)
            * instability_scale(self.changes);
        self.target = scaled_target(&self.budget, scale);
        self.dominant = self.stable >= TM_DOMINANT_ITERATIONS.get() as u32
            && iteration.best_effort >= TM_DOMINANT_EFFORT.per(100);
        self.scores.push(iteration.score);
        log::debug!(
            "time: score {} stable {} changes {:.2} effort {:.2} scale {scale:.2} target {} ms{}",
            iteration.score,
            self.stable,
            self.changes,
            iteration.best_effort,
            self.target.as_millis(),
            if self.dominant { " (dominant)" } else { "" }
        );
    }

    /// Whether a search that has used `elapsed` starts no new iteration.
    pub fn should_stop(&self, elapsed: Duration) -> bool {
        elapsed >= self.target
            || (self.dominant && elapsed >= self.target.mul_f64(TM_DOMINANT_FRACTION.per(100)))
    }

    /// How long the move should take, by what is known now.
    pub fn target(&self) -> Duration {
        self.target
    }
}

/// The optimum scaled by `scale`, never past the hard limit.
fn scaled_target(budget: &TimeBudget, scale: f64) -> Duration {
    budget.soft.mul_f64(scale.max(0.0)).min(budget.hard)
}

/// More time when `score` fell from the earlier iterations' of the same
/// parity (`previous`, oldest first), less when it rose; 1 with no
/// iteration two before.
fn falling_score_scale(previous: &[i32], score: i32) -> f64 {
    let cap = TM_SCORE_CAP.get();
    let capped = |s: i32| f64::from(s.clamp(-cap, cap));
    let back = |plies: usize| previous.len().checked_sub(plies).map(|i| previous[i]);
    let [near_back, far_back] = FALL_COMPARED;
    let Some(near) = back(near_back) else {
        return 1.0;
    };
    let score = capped(score);
    let near = capped(near) - score;
    let far = back(far_back).map_or(near, |far| capped(far) - score);
    let scale = 1.0 + TM_FALL_NEAR.per(1000) * near + TM_FALL_FAR.per(1000) * far;
    scale.clamp(TM_FALL_MIN.per(100), TM_FALL_MAX.per(100))
}

/// Less time the longer the best move has stayed best.
fn stability_scale(stable_iterations: u32) -> f64 {
    TM_STABILITY[(stable_iterations as usize).min(TM_STABILITY.len() - 1)].per(100)
}

/// More time while the best move keeps changing.
fn instability_scale(changes: f64) -> f64 {
    1.0 + TM_INSTABILITY.per(100) * changes
}

// A mate score is far beyond the cap: the cap must stay below it.
const _: () = assert!(TM_SCORE_CAP.max < MATE_BOUND);

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn budget() -> TimeBudget {
        TimeBudget {
            soft: ms(100),
            hard: ms(500),
            adaptive: true,
        }
    }

    fn iteration(best: usize, score: i32, changes: u32, effort: f64) -> Iteration {
        Iteration {
            best,
            score,
            best_move_changes: changes,
            best_effort: effort,
        }
    }

    #[test]
    fn a_falling_score_asks_for_more_time_and_a_rising_one_for_less() {
        assert_eq!(falling_score_scale(&[], -500), 1.0);
        assert_eq!(falling_score_scale(&[40], -500), 1.0);
        assert_eq!(falling_score_scale(&[20, 20, 20], 20), 1.0);
        let drops: Vec<f64> = [0, 10, 30, 60, 100, 300]
            .iter()
            .map(|drop| falling_score_scale(&[50, 50, 50], 50 - drop))
            .collect();
        assert!(drops
            .windows(2)
            .all(|w| w[0] < w[1] || w[1] == TM_FALL_MAX.per(100)));
        assert_eq!(drops[5], TM_FALL_MAX.per(100));
        assert_eq!(falling_score_scale(&[0, 0], 300), TM_FALL_MIN.per(100));
        // A forced loss found counts as a large drop, nothing more.
        assert_eq!(
            falling_score_scale(&[0, 0], -MATE_BOUND),
            TM_FALL_MAX.per(100)
        );
    }

    #[test]
    fn a_score_swinging_by_parity_is_compared_with_its_own_parity() {
        // Odd iterations +100, even ones -100: no fall, no rise.
        assert_eq!(falling_score_scale(&[100, -100, 100, -100], 100), 1.0);
        assert_eq!(falling_score_scale(&[100, -100, 100], -100), 1.0);
        // The same parity falling: 30 against two before, 50 against four.
        let scale = falling_score_scale(&[100, -100, 80, -100], 50);
        assert!((scale - (1.0 + 0.006 * 30.0 + 0.003 * 50.0)).abs() < 1e-9);
    }

    #[test]
    fn stability_and_instability_scale_the_right_way() {
        let stable: Vec<f64> = (0..8).map(stability_scale).collect();
        assert!(stable.windows(2).all(|w| w[0] >= w[1]));
        assert!(stable[0] > 1.0 && stable[7] < 1.0);
        assert_eq!(instability_scale(0.0), 1.0);
        assert!(instability_scale(2.0) > instability_scale(1.0));
    }

    #[test]
    fn the_target_never_passes_the_hard_limit() {
        let budget = budget();
        assert_eq!(scaled_target(&budget, 100.0), budget.hard);
        assert_eq!(scaled_target(&budget, 0.5), ms(50));
        let mut manager = TimeManager::new(budget);
        assert_eq!(manager.target(), budget.soft);
        for depth in 0..20 {
            // A new best move every iteration, the score in free fall.
            manager.record(&iteration(depth, -100 * depth as i32, 5, 0.1));
            assert!(manager.target() <= budget.hard);
        }
        assert_eq!(manager.target(), budget.hard);
    }

    #[test]
    fn a_stable_best_move_cuts_the_search_short_and_a_changing_one_extends_it() {
        let mut stable = TimeManager::new(budget());
        let mut changing = TimeManager::new(budget());
        for depth in 0..6 {
            stable.record(&iteration(3, 40, 0, 0.5));
            changing.record(&iteration(depth % 2, 40, 1, 0.5));
        }
        assert!(stable.target() < budget().soft, "{stable:?}");
        assert!(changing.target() > budget().soft, "{changing:?}");
        assert!(!stable.should_stop(stable.target() - ms(1)));
        assert!(stable.should_stop(stable.target()));
    }

    #[test]
    fn a_dominant_move_stops_the_search_at_half_its_target() {
        let mut manager = TimeManager::new(budget());
        for _ in 0..TM_DOMINANT_ITERATIONS.get() {
            manager.record(&iteration(0, 0, 0, 0.95));
        }
        // Best for one iteration too few: not yet dominant.
        let half = manager.target() / 2;
        assert!(!manager.should_stop(half));
        manager.record(&iteration(0, 0, 0, 0.95));
        let half = manager.target() / 2;
        assert!(manager.should_stop(half) && !manager.should_stop(half - ms(1)));
        // Effort spread over other moves: not dominant.
        manager.record(&iteration(0, 0, 0, 0.5));
        assert!(!manager.should_stop(manager.target() / 2));
    }

    #[test]
    fn the_first_iteration_sets_a_target_near_the_optimum() {
        let mut manager = TimeManager::new(budget());
        manager.record(&iteration(0, 0, 0, 1.0));
        let target = manager.target().as_secs_f64() / budget().soft.as_secs_f64();
        assert!((1.0..=1.5).contains(&target), "{target}");
    }
}
