//! Perft with a per-move split, for `go perft` and `ludus perft`.

use std::time::{Duration, Instant};

use crate::game::{perft_until, Game, MAX_PERFT_DEPTH};
use crate::games::{visit_game, GameVisitor};

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

/// The report of a perft run from the command line.
#[derive(Clone, Debug)]
pub struct PerftReport {
    /// Each move in notation with its leaf count.
    pub split: Vec<(String, u64)>,
    /// The total leaf count.
    pub total: u64,
    /// How long it took.
    pub elapsed: Duration,
}

/// Runs perft for the game called `game`, from `fen` or the start.
pub fn run_perft(game: &str, depth: u32, fen: Option<&str>) -> Result<PerftReport, String> {
    if depth > MAX_PERFT_DEPTH {
        return Err(format!(
            "perft depth {depth} is too deep (at most {MAX_PERFT_DEPTH})"
        ));
    }
    struct Run<'a> {
        depth: u32,
        fen: Option<&'a str>,
    }
    impl GameVisitor for Run<'_> {
        type Output = Result<PerftReport, String>;
        fn visit<G: Game>(self) -> Self::Output {
            let position = match self.fen {
                Some(fen) => G::from_fen(fen)?,
                None => G::startpos(),
            };
            let started = Instant::now();
            let (split, total) = if self.depth == 0 {
                (Vec::new(), 1)
            } else {
                let split = split_perft(&position, self.depth, &|| false).unwrap_or_default();
                let total = split.iter().map(|&(_, n)| n).sum();
                let named = split
                    .into_iter()
                    .map(|(mv, n)| (position.format_move(mv), n))
                    .collect();
                (named, total)
            };
            Ok(PerftReport {
                split,
                total,
                elapsed: started.elapsed(),
            })
        }
    }
    visit_game(game, Run { depth, fen }).ok_or_else(|| format!("unknown game '{game}'"))?
}
