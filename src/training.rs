//! Fitting evaluations from the command line: `ludus datagen` (self-play
//! data), `datagen-merge`, and `ludus tune` (Texel's method).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::tool::{emit, games, EvalArgs};
use ludus_arena::shard::Shard;
use ludus_engine::search::{Limits, MAX_PLY};
use ludus_engine::tune::data::merge;
use ludus_engine::tune::datagen::{run_datagen, DatagenConfig};
use ludus_engine::tune::texel::{
    run_scale_fit, run_tune, ScaleReport, TuneConfig, TuneReport, DEFAULT_EPOCHS, DEFAULT_RATE,
};

/// Plays the engine against itself from random balanced openings and
/// appends quiet positions with the search's score and the game's
/// result to a data file for `ludus tune` (format: see the engine
/// crate's tune::data). An existing file is resumed: it is played on
/// until it holds --games games.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// The game.
    #[arg(long, value_parser = games(), ignore_case = true)]
    game: String,
    /// How many games the file should hold.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    games: u64,
    /// Nodes per move.
    #[arg(long, group = "limit", required_unless_present = "depth", value_parser = clap::value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Depth per move.
    #[arg(long, group = "limit", value_parser = clap::value_parser!(u32).range(1..=MAX_PLY as i64 - 1))]
    depth: Option<u32>,
    /// Games played at once, one thread each.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    concurrency: u32,
    /// The data file (created, or resumed).
    #[arg(long)]
    out: PathBuf,
    /// A game option as NAME=VALUE (e.g. AlakSolution=false); repeatable.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Random plies of the openings [default: the openings tool's].
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=200))]
    plies: Option<u32>,
    /// Seed of the openings: game i starts from seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play only slice K of N of the run (games i with i mod N = K - 1)
    /// into --out, so N machines can share it; `ludus datagen-merge`
    /// puts the slices together.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    shard: Option<Shard>,
    #[command(flatten)]
    eval: EvalArgs,
}

impl DatagenArgs {
    /// Plays the games into the file, with a summary on stderr.
    pub fn run(self) -> Result<ExitCode, String> {
        let config = DatagenConfig {
            game: self.game,
            games: self.games as usize,
            // clap requires one of the two.
            limit: Limits {
                nodes: self.nodes,
                depth: self.depth,
                ..Limits::default()
            },
            concurrency: self.concurrency as usize,
            out: self.out,
            options: self.options,
            plies: self.plies,
            seed: self.seed,
            shard: self
                .shard
                .map_or((1, 1), |shard| (shard.index, shard.count)),
            eval: self.eval.choice(),
            progress: true,
        };
        let report = run_datagen(&config)?;
        eprintln!(
            "ludus: {}: {} games and {} positions written ({} games were there before)",
            config.out.display(),
            report.games,
            report.positions,
            report.resumed_from
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// Puts `ludus datagen` files of one game together into a new file:
/// their games dealt round-robin, so the shards of one run given in
/// order 1/N..N/N come back in the run's own order.
#[derive(Args, Debug)]
pub struct DatagenMergeArgs {
    /// The new file to write.
    #[arg(long)]
    out: PathBuf,
    /// The data files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

impl DatagenMergeArgs {
    /// Writes the merged file, with a summary on stderr.
    pub fn run(self) -> Result<ExitCode, String> {
        let (out, files) = (&self.out, &self.files);
        let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
        let (games, positions) = merge(&paths, out)?;
        eprintln!(
            "ludus: {}: {games} games and {positions} positions from {} files",
            out.display(),
            files.len()
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// Fits a game's evaluation weights to `ludus datagen` data (Texel's
/// method) and prints the errors before and after and the new table.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The game.
    #[arg(long, value_parser = games(), ignore_case = true)]
    game: String,
    /// Data files from `ludus datagen` for the game.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Adam steps over the whole data.
    #[arg(long, default_value_t = DEFAULT_EPOCHS as u32, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    epochs: u32,
    /// Adam's step size.
    #[arg(long, default_value_t = DEFAULT_RATE)]
    rate: f64,
    /// The weight of the game result in the target, 0 to 1; the rest is
    /// the search score's.
    #[arg(long, default_value_t = 1.0)]
    lambda: f64,
    /// Only fit the scale K of sigmoid(K · score) to the results, for the
    /// evaluation and for the recorded search scores, and print 1/K (the
    /// game's logistic scale for `ludus analyse`); no weights are tuned.
    #[arg(long, conflicts_with_all = ["epochs", "rate", "lambda"])]
    scale_only: bool,
}

impl TuneArgs {
    /// Fits the weights (or only the scale) and prints the report.
    pub fn run(self) -> Result<ExitCode, String> {
        let text = if self.scale_only {
            scale_text(&run_scale_fit(&self.game, &self.files)?)
        } else {
            tune_text(&run_tune(&TuneConfig {
                game: self.game,
                files: self.files,
                epochs: self.epochs as usize,
                rate: self.rate,
                lambda: self.lambda,
            })?)
        };
        emit(&text).map(|()| ExitCode::SUCCESS)
    }
}

/// The report of `ludus tune`.
fn tune_text(report: &TuneReport) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{}: {} positions from {} games, {} held out; K = {:.6}",
        report.game, report.positions, report.games, report.held_out_positions, report.k
    );
    let _ = writeln!(
        text,
        "error before: {:.6}  after: {:.6}",
        report.error_before, report.error_after
    );
    if let Some((before, after)) = report.held_out_errors {
        let _ = writeln!(
            text,
            "held-out error before: {before:.6}  after: {after:.6} (best at epoch {})",
            report.epoch
        );
    }
    let _ = writeln!(text, "tuned weights:\n{}", report.table());
    text
}

/// The report of `ludus tune --scale-only`: each K with its scale 1/K.
fn scale_text(report: &ScaleReport) -> String {
    format!(
        "{}: {} positions from {} games\n\
         evaluation:    K = {:.6}, scale 1/K = {:.1}\n\
         search scores: K = {:.6}, scale 1/K = {:.1}\n",
        report.game,
        report.positions,
        report.games,
        report.eval_k,
        1.0 / report.eval_k,
        report.score_k,
        1.0 / report.score_k
    )
}
