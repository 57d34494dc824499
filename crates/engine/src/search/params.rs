//! Every number the search decides by, in one place, each with its reason:
//! the margins, depth limits and factors of pruning, reductions, aspiration
//! windows, move ordering, the root's width, the table's replacement and
//! practical play. The tunable ones are [`Param`]s: constants in the
//! default build, spin options in a build with the feature `tune` (see
//! [`super::param`]). The fixed ones below them shape the search's work,
//! not its judgement. The time manager's plan and factors (the `TM_`
//! ones) are here too: matches tune them as the rest.

use super::param::{tunable, Param};

tunable! {
    /// Reverse futility pruning applies up to this depth left.
    RFP_MAX_DEPTH = 4, 1..=8;
    /// Reverse futility: the eval must beat beta by this much per ply left
    /// before a node is trusted to fail high without search.
    RFP_MARGIN = 120, 20..=400;

    /// Quiet moves are left ungenerated as futile up to this depth left.
    FUTILITY_MAX_DEPTH = 2, 1..=6;
    /// Futility: quiet moves are futile when the eval plus this much per ply
    /// left cannot reach alpha.
    FUTILITY_MARGIN = 150, 20..=500;

    /// Late-move reductions apply from this depth left on.
    LMR_MIN_DEPTH = 3, 2..=8;
    /// Moves searched unreduced in a PV node: the ordering's best guesses.
    LMR_FULL_MOVES_PV = 4, 1..=16;
    /// Moves searched unreduced in a non-PV node.
    LMR_FULL_MOVES = 2, 1..=16;
    /// The reduction's constant part, in hundredths of a ply: a reduction
    /// is `(LMR_BASE + ln depth · ln move number / LMR_DIVISOR) / 100`
    /// plies, rounded down.
    LMR_BASE = 50, 0..=200;
    /// The reduction grows as `ln depth · ln move number` over this, in
    /// hundredths.
    LMR_DIVISOR = 250, 100..=600;
    /// A PV node reduces this many plies less than another: its moves
    /// decide the line shown.
    LMR_PV_LESS = 1, 0..=3;

    /// Late-move pruning in ordinary nodes applies up to this depth left.
    LMP_MAX_DEPTH = 3, 1..=8;
    /// Quiet moves searched before the rest are pruned: this many...
    LMP_BASE = 4, 1..=32;
    /// ...plus this many times the depth left squared...
    LMP_FACTOR = 4, 1..=16;
    /// ...times this in a PV node under a huge root, which prunes PV nodes
    /// too but keeps more of their moves.
    LMP_PV_FACTOR = 2, 1..=8;

    /// Aspiration windows are used from this depth on (shallower iterations
    /// are too unstable to predict).
    ASPIRATION_MIN_DEPTH = 4, 1..=10;
    /// The first aspiration window's half-width around the previous score.
    ASPIRATION_DELTA = 25, 5..=200;
    /// After a failure the half-width grows by this percentage of itself.
    ASPIRATION_GROWTH = 50, 10..=300;
    /// Past this half-width the window opens fully.
    ASPIRATION_MAX_DELTA = 1000, 200..=4000;

    /// The history bonus of a cutoff grows as this times the depth squared...
    HISTORY_BONUS_FACTOR = 16, 1..=128;
    /// ...up to this.
    HISTORY_BONUS_MAX = 4096, 256..=16384;
    /// The largest magnitude a history score reaches: scores saturate
    /// towards it, so old results fade as new ones come in.
    HISTORY_MAX = 16384, 1024..=65536;

    /// The moves asked of the game in a picker stage's first batch; each
    /// later batch asks for twice as many as the one before. Smaller saves
    /// generating moves a cutoff makes unneeded; larger, asking again.
    FIRST_BATCH = 16, 1..=256;

    /// At a huge root an iteration at depth d searches the best
    /// `ROOT_WIDTH_FACTOR · d²` moves by ordering (move-count pruning at the
    /// root; a fail low widens it)...
    ROOT_WIDTH_FACTOR = 16, 1..=128;
    /// ...and at least this many.
    ROOT_MIN_WIDTH = 256, 16..=4096;
    /// A root with more legal moves than this is huge: its search prunes by
    /// move count at the root and at every depth, and threads share its
    /// moves. Smaller roots (in every game but Wyke, whose start has 6 424)
    /// are searched whole, with late-move pruning near the leaves only.
    HUGE_ROOT = 512, 64..=8192;

    /// A forced win seen at `mate n` stops the search under a time limit
    /// once the iteration is this many plies deeper than `2n`: deep enough
    /// that no faster win was pruned away.
    FORCED_WIN_MARGIN = 4, 0..=32;

    /// A table store replaces the bucket's entry with the least
    /// `depth − TT_AGE_WEIGHT × age` (age: searches since it was written).
    TT_AGE_WEIGHT = 8, 0..=64;
    /// A bound from the same search does not replace an entry of its
    /// position searched more than this many plies deeper.
    TT_KEEP_DEEPER = 2, 0..=16;

    /// What the opponent's chances to go wrong are worth in a known draw,
    /// in centipawns, when every one of its moves would leave the draw
    /// (scaled by the share that do). Added up over the opponent's turns of
    /// a line, they make the search prefer lines that keep setting problems
    /// over quiet ones that a correct opponent holds as easily; chosen by
    /// matches against fallible opponents (bench/notes/practical.md).
    CHANCES_WEIGHT = 50, 0..=400;

    /// The clock's plan: moves planned ahead when the clock gives no
    /// `movestogo` (each gets an equal share of the clock and of the
    /// increments to come): a reserve for a long game while spending
    /// enough early.
    TM_HORIZON = 35, 10..=80;
    /// The most moves planned ahead; a longer `movestogo` counts as this.
    TM_MAX_HORIZON = 50, 10..=100;
    /// Move Overheads held back as a reserve no plan touches (400 ms with
    /// the default overhead of 10 ms): on a loaded machine an answer can
    /// reach the GUI 200 ms and more after the search stopped
    /// (bench/notes/ablations.md, "Time management under a clock").
    TM_RESERVE_OVERHEADS = 40, 0..=100;
    /// The hard limit is at most this many times the optimum...
    TM_HARD_PER_OPTIMUM = 5, 2..=10;
    /// ...and, with moves to come, at most this percentage of the
    /// spendable time.
    TM_HARD_SHARE = 75, 30..=95;
    /// The optimum is at most this percentage of the spendable time (when
    /// the increments dominate the clock)...
    TM_OPTIMUM_SHARE = 20, 5..=50;
    /// ...or this percentage over the moves to go, if larger, so the last
    /// move before a time control may spend nearly all of it.
    TM_LAST_MOVES_SHARE = 90, 50..=100;

    /// Scores beyond this are taken as this by the time manager (forced
    /// results would swamp the falling-score measure).
    TM_SCORE_CAP = 1000, 100..=5000;
    /// The time scale grows by this many thousandths per score unit lost
    /// against the iteration two before...
    TM_FALL_NEAR = 6, 0..=30;
    /// ...and this many against the one four before (only iterations of
    /// one parity are compared: in some games the score swings by which
    /// side moves last in the lines).
    TM_FALL_FAR = 3, 0..=30;
    /// The falling-score scale's range in percent: a rising score saves up
    /// to a third...
    TM_FALL_MIN = 65, 30..=100;
    /// ...a falling one spends up to this.
    TM_FALL_MAX = 160, 100..=300;
    /// Time scale in percent by how many iterations in a row kept the best
    /// move: none (it changed in the last one)...
    TM_STABLE_0 = 130, 50..=200;
    /// ...one...
    TM_STABLE_1 = 110, 50..=200;
    /// ...two...
    TM_STABLE_2 = 95, 50..=200;
    /// ...three...
    TM_STABLE_3 = 85, 50..=200;
    /// ...four or more.
    TM_STABLE_4 = 75, 50..=200;
    /// Time scale in percent added per best-move change, the count halved
    /// every iteration so that old changes fade.
    TM_INSTABILITY = 60, 0..=200;
    /// One move dominates when this many iterations in a row kept it
    /// best...
    TM_DOMINANT_ITERATIONS = 3, 1..=10;
    /// ...and it took at least this percentage of the nodes; ...
    TM_DOMINANT_EFFORT = 80, 50..=100;
    /// ...the search then stops at this percentage of its target.
    TM_DOMINANT_FRACTION = 50, 10..=100;
}

/// Depths and move numbers beyond this reduce as this (the late-move
/// reductions' table size).
pub const LMR_TABLE_SIZE: usize = 64;

/// Depths past this count as this in the move-count limits: the limits
/// grow with the square of the depth and would overflow far beyond it.
pub const WIDTH_DEPTH_CAP: usize = 64;

/// The most root moves generated: the best this many by the game's
/// ordering (6×6 Wyke has 400 338; no iteration in a game's time comes
/// near that many).
pub const ROOT_LIST_MAX: usize = 8_192;

/// The root moves generated between checks for `stop`.
pub const ROOT_BATCH: usize = 1_024;

/// The main thread checks the time and node limits every this many nodes:
/// often enough that a stop is answered within a millisecond or so.
pub const LIMIT_CHECK_NODES: u64 = 256;

/// Lazy SMP depth skipping: helper `i` searches depth d unless
/// `((d + SKIP_PHASE[i]) / SKIP_SIZE[i])` is odd, so that the helpers
/// spread over neighbouring depths instead of all searching the same one
/// (Stockfish's tables).
pub const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
/// See [`SKIP_SIZE`].
pub const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// The time scale by how many iterations in a row kept the best move,
/// the last entry for any more.
pub const TM_STABILITY: [Param; 5] = [
    TM_STABLE_0,
    TM_STABLE_1,
    TM_STABLE_2,
    TM_STABLE_3,
    TM_STABLE_4,
];

/// The falling-score measure compares an iteration's score with those of
/// the iterations this many before it (of the same parity: in some games
/// the score swings by which side moves last in the lines).
pub const FALL_COMPARED: [usize; 2] = [2, 4];

/// The plies of a line a table knows that a search shows past its own
/// (a decided root move's line, for people).
pub const KNOWN_LINE_PLIES: usize = 64;
