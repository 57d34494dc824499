//! Alak's evaluation, as features × weights (see [`crate::linear`]):
//! material, the best capture each side could make (the side to move can
//! cash its own now; the opponent's is only a threat the mover may parry),
//! and mobility.

use super::Alak;
use crate::linear::{features, LinearTerms, Terms};

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

impl LinearTerms for Alak {
    const WEIGHTS: &'static [i32] = &WEIGHTS;
    const NAMES: &'static [&'static str] = &NAMES;

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
}
