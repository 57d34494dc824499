//! What the tools beside the search need of a game, and the search does
//! not: `ludus bench`'s positions, `ludus solve`'s targets, and the
//! evaluation as features × weights for `ludus tune`.

use crate::linear::LinearEval;
use crate::searchable::{Searchable, SolveTarget};

/// A game's part in the tools: every game of the registry has one.
pub trait Tooling: Searchable {
    /// Positions for `ludus bench`, in the game's notation: a spread of
    /// openings, middle games and endings.
    const BENCH_POSITIONS: &'static [&'static str];

    /// The depth `ludus bench` searches each position to by default.
    const BENCH_DEPTH: u32;

    /// What `ludus solve` can solve in this game.
    const SOLVE_TARGETS: &'static [SolveTarget] = &[];

    /// The evaluation written as features × weights: its weight table and
    /// the position's feature vector, so `ludus tune` can fit the weights
    /// (see [`crate::linear`]). [`Searchable::evaluate`] must equal the
    /// features' dot product with the weights, but for a final clamp.
    const LINEAR_EVAL: LinearEval<Self>;
}
