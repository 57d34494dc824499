//! Evaluations written as features × weights, so a tuner can fit the
//! weights to game results without knowing the game.
//!
//! A game writes its evaluation once, as code that reports each term to a
//! [`Terms`] sink: the feature it belongs to and how much of it the position
//! has. The search's evaluation runs that code with [`Weighted`], which
//! multiplies by the game's constant weight table as it goes (so the hot
//! path is the old arithmetic); the tuner runs the same code with
//! [`FeatureCounts`] to get the position's feature vector. The evaluation
//! is then exactly `features · weights` (before any final clamp).
//!
//! Where the evaluation chooses between alternatives by their weighted worth
//! (the best target, the best exchange), the choice is made with the weight
//! table in force, and the features are those of the chosen alternative: for
//! the tuner the evaluation is linear around the current weights.

/// Where the terms of an evaluation go.
pub trait Terms {
    /// Adds `amount` of feature `feature` (an index into the weight table).
    fn add(&mut self, feature: usize, amount: i32);
}

/// The evaluation itself: each term times its weight, summed.
pub struct Weighted<'w> {
    weights: &'w [i32],
    /// The sum so far.
    pub total: i32,
}

impl<'w> Weighted<'w> {
    /// A zero sum over `weights`.
    #[inline]
    pub fn new(weights: &'w [i32]) -> Self {
        Weighted { weights, total: 0 }
    }
}

impl Terms for Weighted<'_> {
    #[inline(always)]
    fn add(&mut self, feature: usize, amount: i32) {
        self.total += self.weights[feature] * amount;
    }
}

/// The feature vector: the amounts summed per feature.
pub struct FeatureCounts<'a>(pub &'a mut [i32]);

impl Terms for FeatureCounts<'_> {
    #[inline]
    fn add(&mut self, feature: usize, amount: i32) {
        self.0[feature] += amount;
    }
}

/// A game's evaluation as features × weights, as a tuner sees it (see
/// [`crate::Tooling::LINEAR_EVAL`]).
pub struct LinearEval<G> {
    /// The weight table the evaluation reads, one weight per feature.
    pub weights: &'static [i32],
    /// Adds the position's features (side to move's view) to a zeroed
    /// slice as long as `weights`: `evaluate` is their dot product with
    /// `weights`, before any clamp.
    pub features: fn(&G, &mut [i32]),
    /// A short name of feature `i`, for the tuner's printed table.
    pub feature_name: fn(usize) -> String,
}

impl<G> LinearEval<G> {
    /// The number of features.
    pub fn len(&self) -> usize {
        self.weights.len()
    }

    /// Whether there are no features at all.
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// The position's feature vector.
    pub fn feature_vector(&self, position: &G) -> Vec<i32> {
        let mut features = vec![0; self.weights.len()];
        (self.features)(position, &mut features);
        features
    }
}

/// An evaluation written once, as terms over a weight table: the search's
/// sum ([`LinearTerms::weighted_eval`]) and the tuner's view
/// ([`LinearTerms::LINEAR`]) are both made from [`LinearTerms::terms`].
pub trait LinearTerms: Sized + 'static {
    /// The weight table, one weight per feature.
    const WEIGHTS: &'static [i32];

    /// The features' names, in weight-table order.
    const NAMES: &'static [&'static str];

    /// Reports the position's terms to `terms`, from the side to move's
    /// view.
    fn terms(&self, terms: &mut impl Terms);

    /// A short name of feature `index`, for the tuner's printed table: by
    /// default its name in [`LinearTerms::NAMES`].
    fn feature_name(index: usize) -> String {
        name_from(Self::NAMES, index)
    }

    /// The terms times their weights, summed: the static evaluation
    /// before any clamp.
    #[inline]
    fn weighted_eval(&self) -> i32 {
        let mut sum = Weighted::new(Self::WEIGHTS);
        self.terms(&mut sum);
        sum.total
    }

    /// The evaluation as the tuner sees it.
    const LINEAR: LinearEval<Self> = LinearEval {
        weights: Self::WEIGHTS,
        features: |position, out| position.terms(&mut FeatureCounts(out)),
        feature_name: Self::feature_name,
    };
}

/// `features · weights`.
pub fn dot(features: &[i32], weights: &[i32]) -> i64 {
    features
        .iter()
        .zip(weights)
        .map(|(&f, &w)| i64::from(f) * i64::from(w))
        .sum()
}

/// A feature name from a fixed list, or its number past the end.
pub fn name_from(names: &[&str], index: usize) -> String {
    names
        .get(index)
        .map_or_else(|| format!("feature {index}"), |name| name.to_string())
}

/// Declares an evaluation's features: a `usize` constant per feature,
/// numbered in order from 0, and the table `$names` of their names in that
/// order, so that an index and its name cannot drift apart. Attributes
/// (doc comments) before a feature go to its constant.
///
/// `features! { NAMES: MATERIAL = "material", MOBILITY = "mobility" }`
/// declares `MATERIAL = 0`, `MOBILITY = 1` and `NAMES: [&str; 2]`.
macro_rules! features {
    ($names:ident: $($(#[$doc:meta])* $feature:ident = $name:literal),+ $(,)?) => {
        $crate::linear::features!(@number 0; $($(#[$doc])* $feature)+);
        /// The features' names, in weight-table order.
        const $names: [&str; [$($name),+].len()] = [$($name),+];
    };
    (@number $at:expr; $(#[$doc:meta])* $feature:ident $($rest:tt)*) => {
        $(#[$doc])*
        const $feature: usize = $at;
        $crate::linear::features!(@number $at + 1; $($rest)*);
    };
    (@number $at:expr;) => {};
}
pub(crate) use features;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{visit_every_game, GameVisitor};
    use crate::random::Rng;
    use crate::GameResult;
    use crate::Tooling;

    /// In every game, along random games, the evaluation is the features'
    /// dot product with the weights (but for Wyx's clamp, far away).
    #[derive(Clone)]
    struct Exact;

    impl GameVisitor for Exact {
        type Output = usize;

        fn visit<G: Tooling>(self) -> usize {
            let linear = G::LINEAR_EVAL;
            let settings = G::Settings::default();
            let mut rng = Rng::new(7);
            let mut checked = 0;
            let mut moves = Vec::new();
            for game in 0..12 {
                let mut position = G::random_start(game).unwrap_or_else(G::startpos);
                for _ in 0..120 {
                    if position.result() != GameResult::Ongoing {
                        break;
                    }
                    let features = linear.feature_vector(&position);
                    assert_eq!(features.len(), linear.len());
                    assert_eq!(
                        i64::from(position.evaluate(&settings)),
                        dot(&features, linear.weights),
                        "{}: {}",
                        G::NAME,
                        position.to_fen()
                    );
                    checked += 1;
                    moves.clear();
                    position.generate_moves(&mut moves);
                    // Wyke6 has 400 000 opening moves: a few are enough.
                    let mv = moves[rng.below(moves.len().min(5000))];
                    position.make_move(mv);
                }
            }
            assert!(!(linear.feature_name)(0).is_empty());
            checked
        }
    }

    #[test]
    fn every_evaluation_is_features_times_weights() {
        for checked in visit_every_game(Exact) {
            assert!(checked > 100, "{checked} positions checked");
        }
    }
}
