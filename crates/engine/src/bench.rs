//! `ludus bench`: a fixed search over each game's bench positions. With one
//! thread the node count is deterministic: it is the engine's signature, and
//! changes only when the search or an evaluation changes.

use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use crate::protocol::networks::EvalChoice;
use crate::search::features::FeatureSwitches;
use crate::search::{self, Limits, SearchRequest, Signals, TranspositionTable};
use ludus_rules::games::{visit_game_named, GameVisitor, GAME_NAMES};
use ludus_rules::Tooling;

/// What to bench.
#[derive(Clone, Debug)]
pub struct BenchConfig {
    /// One game, or every game.
    pub game: Option<String>,
    /// Depth per position; each game's own default if absent.
    pub depth: Option<u32>,
    /// Search threads.
    pub threads: usize,
    /// Whether several threads search deterministically.
    pub deterministic: bool,
    /// Hash size in MiB.
    pub hash_mib: usize,
    /// The search feature switches over each game's own, for
    /// measurements (see [`crate::search::features`]).
    pub feature_switches: FeatureSwitches,
    /// The evaluation: by default each game's built-in network where it
    /// has one, as the daemon's `Eval net` (a file only with one game).
    pub eval: EvalChoice,
}

/// The result for one position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// The game.
    pub game: &'static str,
    /// The position.
    pub fen: &'static str,
    /// Depth searched.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The move found.
    pub best_move: String,
}

/// The whole bench result.
#[derive(Clone, Debug, Default)]
pub struct BenchReport {
    /// One line per position.
    pub lines: Vec<BenchLine>,
    /// Total nodes.
    pub nodes: u64,
    /// Total search time.
    pub elapsed: Duration,
}

impl BenchReport {
    /// Nodes per second over the whole run.
    pub fn nps(&self) -> u64 {
        self.nodes.saturating_mul(1_000_000) / self.elapsed.as_micros().max(1) as u64
    }
}

/// Runs the bench; fails on an unknown game or a hash it cannot allocate.
pub fn run_bench(config: &BenchConfig) -> Result<BenchReport, String> {
    let games: Vec<&str> = match &config.game {
        Some(game) => vec![game.as_str()],
        None => GAME_NAMES.to_vec(),
    };
    let tt = Arc::new(TranspositionTable::new(config.hash_mib)?);
    let mut report = BenchReport::default();
    for game in games {
        let part = visit_game_named(game, BenchGame { config, tt: &tt })??;
        report.nodes += part.nodes;
        report.elapsed += part.elapsed;
        report.lines.extend(part.lines);
    }
    Ok(report)
}

struct BenchGame<'a> {
    config: &'a BenchConfig,
    tt: &'a TranspositionTable,
}

impl GameVisitor for BenchGame<'_> {
    type Output = Result<BenchReport, String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let depth = self.config.depth.unwrap_or(G::BENCH_DEPTH);
        // The library's settings: the search itself, no optional tables.
        let settings = G::Settings::default();
        // Built before the clock starts, and always, so the node count is
        // the same on every run.
        G::prepare(&settings);
        let network = self.config.eval.network::<G>()?;
        let mut report = BenchReport::default();
        for &fen in G::BENCH_POSITIONS {
            let root = G::from_fen(fen)
                .map_err(|e| format!("bench position '{fen}' of {}: {e}", G::NAME))?;
            self.tt.clear();
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let request = SearchRequest::new(&root, &settings, &limits)
                .with_threads(self.config.threads, self.config.deterministic)
                .with_contempt(crate::search::DEFAULT_CONTEMPT)
                .with_feature_switches(self.config.feature_switches)
                .with_net(network.as_ref());
            let signals = Signals::new(false);
            let started = Instant::now();
            let outcome = search::search(&request, self.tt, &signals, &mut |_| {});
            report.elapsed += started.elapsed();
            report.nodes += outcome.nodes;
            report.lines.push(BenchLine {
                game: G::NAME,
                fen,
                depth,
                nodes: outcome.nodes,
                best_move: outcome
                    .best_move
                    .map_or("(none)".to_string(), |mv| root.format_move(mv)),
            });
        }
        Ok(report)
    }
}
