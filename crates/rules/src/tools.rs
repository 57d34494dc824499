//! What the tools beside the search need of a game, and the search does
//! not: `ludus bench`'s positions, `ludus solve`'s targets, the evaluation
//! as features × weights for `ludus tune`, the measured strength of the
//! playing levels, and its pictures ([`Draw`]: `ludus render`).

use crate::linear::LinearEval;
use crate::searchable::{Searchable, SolveTarget};
use crate::svg::Draw;
use crate::teaching::Teaching;

/// The weakest playing level: every move drawn uniformly among the legal
/// ones, the random mover that sits at 0 Elo on every game's ladder.
/// Between it and level 0, a level plays that share of its moves at random
/// (level −10: half of them).
pub const RANDOM_LEVEL: i8 = -20;

/// A game's part in the tools: every game of the registry has one, draws
/// its positions ([`Draw`]) and, through it, has a lesson ([`Teaching`]).
pub trait Tooling: Searchable + Draw + Teaching {
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

    /// The measured strength of some of the engine's playing levels, as
    /// (`Skill Level`, Elo) from a level at or below 0 (down to
    /// [`RANDOM_LEVEL`], the random mover) to 20 (full strength), each at
    /// 0.1 s a move, with the uniformly random mover at 0 Elo: what
    /// `UCI_Elo` is mapped through. Both rising. Measured by `python -m
    /// ludus.ladder` (bench/notes/ladders.md). Empty for a game whose ladder has
    /// not been played yet: it offers `Skill Level` but no `UCI_Elo`.
    const LEVEL_ELO: &'static [(i8, i32)] = &[];
}
