//! The search's tunable numbers, in one place: every margin, depth limit
//! and factor the pruning, reductions and aspiration windows use.

/// Reverse futility pruning applies up to this depth left.
pub(super) const RFP_MAX_DEPTH: i32 = 4;
/// Reverse futility: the eval must beat beta by this much per ply left
/// before a node is trusted to fail high without search.
pub(super) const RFP_MARGIN: i32 = 120;

/// Quiet moves are left ungenerated as futile up to this depth left.
pub(super) const FUTILITY_MAX_DEPTH: i32 = 2;
/// Futility: quiet moves are futile when the eval plus this much per ply
/// left cannot reach alpha.
pub(super) const FUTILITY_MARGIN: i32 = 150;

/// Late-move reductions apply from this depth left on.
pub(super) const LMR_MIN_DEPTH: i32 = 3;
/// Moves searched unreduced in a PV node: the ordering's best guesses.
pub(super) const LMR_FULL_MOVES_PV: usize = 4;
/// Moves searched unreduced in a non-PV node.
pub(super) const LMR_FULL_MOVES: usize = 2;
/// The reduction's constant part (rounds `ln d · ln m / LMR_DIVISOR`).
pub(super) const LMR_BASE: f64 = 0.5;
/// The reduction grows as `ln depth · ln move number` over this.
pub(super) const LMR_DIVISOR: f64 = 2.5;
/// Depths and move numbers beyond this reduce as this.
pub(super) const LMR_TABLE_SIZE: usize = 64;

/// Late-move pruning in ordinary nodes applies up to this depth left.
pub(super) const LMP_MAX_DEPTH: i32 = 3;
/// Quiet moves searched before the rest are pruned: this many...
pub(super) const LMP_BASE: usize = 4;
/// ...plus this many times the depth left squared.
pub(super) const LMP_FACTOR: usize = 4;

/// Aspiration windows are used from this depth on (shallower iterations
/// are too unstable to predict).
pub(super) const ASPIRATION_MIN_DEPTH: u32 = 4;
/// The first aspiration window's half-width around the previous score;
/// it grows by half after each failure.
pub(super) const ASPIRATION_DELTA: i32 = 25;
/// Past this half-width the window opens fully.
pub(super) const ASPIRATION_MAX_DELTA: i32 = 1000;

/// The history bonus of a cutoff grows as this times the depth squared.
pub(super) const HISTORY_BONUS_FACTOR: i32 = 16;
