//! Alak's evaluation, as features × weights (see [`crate::linear`]):
//! material, the best capture each side could make (the side to move can
//! cash its own now; the opponent's is only a threat the mover may parry),
//! and mobility.

use super::Alak;
use crate::linear::{features, name_from, LinearEval, Terms, Weighted};

features! {
    NAMES:
    MATERIAL = "material",
    MY_THREAT = "my best capture",
    THEIR_THREAT = "their best capture",
    MOBILITY = "mobility",
}

/// The weight table, in the order of [`NAMES`]: the hand weights. Weights
/// tuned on 4000 self-play games without the solved table (62, 40, -13,
/// 18) did not beat them (bench/notes/tuning.md), and the daemon plays Alak from
/// the solved table anyway.
const WEIGHTS: [i32; 4] = [100, 40, -25, 4];

impl Alak {
    /// Reports the evaluation's terms, from the side to move's view.
    #[inline]
    fn terms(&self, terms: &mut impl Terms) {
        let me = self.side;
        let them = me.opponent();
        terms.add(MATERIAL, self.count(me) as i32 - self.count(them) as i32);
        terms.add(MY_THREAT, self.best_capture_for(me) as i32);
        terms.add(THEIR_THREAT, self.best_capture_for(them) as i32);
        terms.add(
            MOBILITY,
            self.mobility(me) as i32 - self.mobility(them) as i32,
        );
    }

    /// The static evaluation.
    pub(super) fn weighted_eval(&self) -> i32 {
        let mut sum = Weighted::new(&WEIGHTS);
        self.terms(&mut sum);
        sum.total
    }

    /// The evaluation as the tuner sees it.
    pub(super) const LINEAR: LinearEval<Alak> = LinearEval {
        weights: &WEIGHTS,
        features: |position, out| position.terms(&mut crate::linear::FeatureCounts(out)),
        feature_name: |i| name_from(&NAMES, i),
    };
}
