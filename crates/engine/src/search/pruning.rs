//! How far the search reduces and prunes late moves: the late-move
//! reduction and the count of quiet moves searched before the rest are cut.

#[cfg(not(feature = "tune"))]
use std::sync::LazyLock;

use super::params::{
    LMP_BASE, LMP_FACTOR, LMP_MAX_DEPTH, LMP_PV_FACTOR, LMR_BASE, LMR_DIVISOR, LMR_TABLE_SIZE,
    WIDTH_DEPTH_CAP,
};

/// The late-move reduction at `depth` of the `move_number`th move, by the
/// formula (see [`LMR_BASE`]).
fn reduction_formula(depth: usize, move_number: usize) -> i32 {
    let (d, m) = (depth as f64, move_number as f64);
    // In plies: 0.5 and 2.5 by default, exactly as the hundredths say.
    let base = f64::from(LMR_BASE.get()) / 100.0;
    let divisor = f64::from(LMR_DIVISOR.get()) / 100.0;
    (base + d.ln() * m.ln() / divisor) as i32
}

/// Late-move reductions by depth and move number, computed once.
#[cfg(not(feature = "tune"))]
static REDUCTIONS: LazyLock<[[i32; LMR_TABLE_SIZE]; LMR_TABLE_SIZE]> = LazyLock::new(|| {
    let mut table = [[0; LMR_TABLE_SIZE]; LMR_TABLE_SIZE];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (move_number, cell) in row.iter_mut().enumerate().skip(1) {
            *cell = reduction_formula(depth, move_number);
        }
    }
    table
});

/// Late-move reductions in plies, by depth and move number: from the
/// table, or (where the parameters may change) from the formula.
pub(super) fn reduction(depth: i32, move_number: usize) -> i32 {
    let last = LMR_TABLE_SIZE - 1;
    let (depth, move_number) = (
        (depth.max(1) as usize).min(last),
        move_number.clamp(1, last),
    );
    #[cfg(not(feature = "tune"))]
    return REDUCTIONS[depth][move_number];
    #[cfg(feature = "tune")]
    return reduction_formula(depth, move_number);
}

/// Quiet moves searched at `depth` before the rest are pruned, if they are:
/// in non-PV nodes to [`LMP_MAX_DEPTH`] (late-move pruning); under a `huge`
/// root (thousands of moves a node) at every depth and in PV nodes too,
/// twice as many there, since no node can search them all.
pub(super) fn late_move_limit(depth: i32, pv: bool, huge: bool) -> Option<usize> {
    if !huge && (pv || depth > LMP_MAX_DEPTH.get()) {
        return None;
    }
    let depth = (depth.max(1) as usize).min(WIDTH_DEPTH_CAP);
    let limit = LMP_BASE.count() + LMP_FACTOR.count() * depth * depth;
    Some(match pv {
        true => limit * LMP_PV_FACTOR.count(),
        false => limit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_gives_the_formula() {
        for depth in -2..80 {
            for move_number in 0..80 {
                let d = f64::from(depth.clamp(1, 63));
                let m = move_number.clamp(1, 63) as f64;
                let expected = (0.5 + d.ln() * m.ln() / 2.5) as i32;
                assert_eq!(
                    reduction(depth, move_number),
                    expected,
                    "{depth} {move_number}"
                );
            }
        }
    }
}
