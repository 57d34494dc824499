//! Perft: the number of leaves of the move tree at a depth, the standard
//! check of a move generator (rules.md gives the counts).

use crate::game::{Game, GameResult};

/// The deepest perft the engine runs on request. Far beyond what finishes
/// in any of the games; it bounds the per-ply buffers and the recursion.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Counts the leaves at exactly `depth` plies (rules.md's perft): a finished
/// position before that depth contributes nothing; repetition is ignored.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    perft_until(position, depth, &|| false).unwrap_or(0)
}

/// [`perft`] that asks `stop` before expanding each child of an inner node,
/// so that a long count can be abandoned at once; `None` if `stop` said so.
pub fn perft_until<G: Game>(position: &G, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    perft_with(position, depth, &mut buffers, stop)
}

fn perft_with<G: Game>(
    position: &G,
    depth: u32,
    buffers: &mut [Vec<G::Move>],
    stop: &dyn Fn() -> bool,
) -> Option<u64> {
    if position.result() != GameResult::Ongoing {
        return Some(0);
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    position.generate_moves(moves);
    if depth == 1 {
        return Some(moves.len() as u64);
    }
    let mut total = 0;
    for &mv in moves.iter() {
        // Asked per child, not per node: one node two plies above the leaves
        // of 6×6 Wyke stands for some 400 000 move generations.
        if stop() {
            return None;
        }
        let mut child = position.clone();
        child.make_move(mv);
        total += perft_with(&child, depth - 1, rest, stop)?;
    }
    Some(total)
}

/// Leaf counts at `depth` below each legal move of `position`, in generation
/// order. `stop` is asked before every inner node; `None` if it said stop.
pub fn split_perft<G: Game>(
    position: &G,
    depth: u32,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(G::Move, u64)>> {
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut split = Vec::with_capacity(moves.len());
    for mv in moves {
        if stop() {
            return None;
        }
        let mut child = position.clone();
        child.make_move(mv);
        split.push((mv, perft_until(&child, depth.saturating_sub(1), stop)?));
    }
    Some(split)
}
