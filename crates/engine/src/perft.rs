//! `ludus perft`: the per-move split of a perft count, timed.

use std::time::Duration;

use web_time::Instant;

use ludus_rules::games::{visit_game_named, GameVisitor};
use ludus_rules::perft::{split_perft, MAX_PERFT_DEPTH};
use ludus_rules::Tooling;

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
        fn visit<G: Tooling>(self) -> Self::Output {
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
    visit_game_named(game, Run { depth, fen })?
}
