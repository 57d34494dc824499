//! How far the search reduces and prunes late moves: the late-move
//! reduction and the count of quiet moves searched before the rest are cut.

use std::sync::LazyLock;

use super::params::{LMP_BASE, LMP_FACTOR, LMP_MAX_DEPTH, LMR_BASE, LMR_DIVISOR, LMR_TABLE_SIZE};

/// Late-move reductions by depth and move number, computed once.
static REDUCTIONS: LazyLock<[[i32; LMR_TABLE_SIZE]; LMR_TABLE_SIZE]> = LazyLock::new(|| {
    let mut table = [[0; LMR_TABLE_SIZE]; LMR_TABLE_SIZE];
    for (depth, row) in table.iter_mut().enumerate().skip(1) {
        for (move_number, cell) in row.iter_mut().enumerate().skip(1) {
            let (d, m) = (depth as f64, move_number as f64);
            *cell = (LMR_BASE + d.ln() * m.ln() / LMR_DIVISOR) as i32;
        }
    }
    table
});

/// Late-move reductions in plies, by depth and move number.
pub(super) fn reduction(depth: i32, move_number: usize) -> i32 {
    let last = LMR_TABLE_SIZE - 1;
    REDUCTIONS[(depth.max(1) as usize).min(last)][move_number.clamp(1, last)]
}

/// Quiet moves searched at `depth` before the rest are pruned, if they are:
/// in non-PV nodes to [`LMP_MAX_DEPTH`] (late-move pruning); under a `huge`
/// root (thousands of moves a node) at every depth and in PV nodes too,
/// twice as many there, since no node can search them all.
pub(super) fn late_move_limit(depth: i32, pv: bool, huge: bool) -> Option<usize> {
    if !huge && (pv || depth > LMP_MAX_DEPTH) {
        return None;
    }
    let depth = depth.clamp(1, 64) as usize;
    Some((LMP_BASE + LMP_FACTOR * depth * depth) << usize::from(pv))
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
