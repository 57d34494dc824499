//! The engine's own checks on the command line: `ludus perft` (the
//! rules' move counts) and `ludus bench` (the search's node count and
//! speed).

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;

use crate::tool::{emit, feature_switches, games, EvalArgs};
use ludus_engine::bench::{run_bench, BenchConfig};
use ludus_engine::perft::run_perft;
use ludus_engine::search::MAX_PLY;
use ludus_rules::perft::MAX_PERFT_DEPTH;

/// Counts the leaves of the move tree to a depth, per first move.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game.
    #[arg(value_parser = games(), ignore_case = true)]
    game: String,
    /// Depth in plies (0 counts the position itself: 1), as `go perft`.
    #[arg(value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PERFT_DEPTH)))]
    depth: u32,
    /// Start from this position instead of the start position.
    #[arg(long)]
    fen: Option<String>,
}

impl PerftArgs {
    /// Counts and prints the leaves per first move.
    pub fn run(self) -> Result<ExitCode, String> {
        let report = run_perft(&self.game, self.depth, self.fen.as_deref())?;
        let mut text = String::new();
        for (mv, count) in &report.split {
            let _ = writeln!(text, "{mv}: {count}");
        }
        let micros = report.elapsed.as_micros().max(1);
        let _ = writeln!(text);
        let _ = writeln!(text, "Nodes searched: {}", report.total);
        let _ = writeln!(text, "Time: {:.3} ms", micros as f64 / 1000.0);
        let _ = writeln!(
            text,
            "Leaves/s: {}",
            u128::from(report.total) * 1_000_000 / micros
        );
        emit(&text).map(|()| ExitCode::SUCCESS)
    }
}

/// Searches a fixed set of positions and reports nodes and speed.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this game (default: every game).
    #[arg(long, value_parser = games(), ignore_case = true)]
    game: Option<String>,
    /// Depth per position, 1 to the search's deepest (default: each
    /// game's own).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_PLY as i64 - 1))]
    depth: Option<u32>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// With several threads, search deterministically (the
    /// `Deterministic` option): the node count is the same every run.
    #[arg(long)]
    deterministic: bool,
    /// Hash table size in MiB.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=32768))]
    hash: u32,
    #[command(flatten)]
    eval: EvalArgs,
}

impl BenchArgs {
    /// Runs the bench and prints each position's line and the totals.
    pub fn run(self) -> Result<ExitCode, String> {
        let config = BenchConfig {
            game: self.game,
            depth: self.depth,
            threads: self.threads as usize,
            deterministic: self.deterministic,
            hash_mib: self.hash as usize,
            feature_switches: feature_switches()?,
            eval: self.eval.choice(),
        };
        let report = run_bench(&config)?;
        let mut text = String::new();
        for (index, line) in report.lines.iter().enumerate() {
            let _ = writeln!(
                text,
                "{:>3} {:<6} depth {:>2} nodes {:>10} bestmove {:<12} {}",
                index + 1,
                line.game,
                line.depth,
                line.nodes,
                line.best_move,
                line.fen
            );
        }
        let _ = writeln!(text, "===========================");
        let _ = writeln!(text, "Threads         : {}", config.threads);
        if config.deterministic {
            let _ = writeln!(text, "Deterministic   : true");
        }
        let _ = writeln!(text, "Total time (ms) : {}", report.elapsed.as_millis());
        let _ = writeln!(text, "Nodes searched  : {}", report.nodes);
        let _ = writeln!(text, "Nodes/second    : {}", report.nps());
        emit(&text).map(|()| ExitCode::SUCCESS)
    }
}
