//! How far the search reduces and prunes late moves: the late-move
//! reduction and the count of quiet moves searched before the rest are cut.

/// Late-move reductions in plies, by depth and move number.
pub(super) fn reduction(depth: i32, move_number: usize) -> i32 {
    let d = f64::from(depth.clamp(1, 63));
    let m = move_number.clamp(1, 63) as f64;
    (0.5 + d.ln() * m.ln() / 2.5) as i32
}

/// Quiet moves searched at `depth` before the rest are pruned, if they are:
/// in non-PV nodes to depth 3 (late-move pruning); under a `huge` root
/// (thousands of moves a node) at every depth and in PV nodes too, twice
/// as many there, since no node can search them all.
pub(super) fn late_move_limit(depth: i32, pv: bool, huge: bool) -> Option<usize> {
    if !huge && (pv || depth > 3) {
        return None;
    }
    let depth = depth.clamp(1, 64) as usize;
    Some((4 + 4 * depth * depth) << usize::from(pv))
}
