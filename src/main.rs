//! The `ludus` command: the engine daemon and its tools.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use ludus_rules::games::DEFAULT_GAME;
use tool::{emit, feature_switches, games};

mod analysis;
mod engine_tools;
mod manual;
mod matches;
mod render;
mod solve;
mod tool;
mod training;

/// What `ludus --version` says: the version and the commit it was built
/// from (build.rs).
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("LUDUS_COMMIT"),
    ")"
);

/// An engine daemon for Alak, Alfred's Wyke, Pylyx and Wyx, speaking UCI and
/// UGI on standard input and output.
#[derive(Parser)]
#[command(name = "ludus", version = VERSION, about)]
struct Cli {
    /// The game to load at start (see UCI_Variant).
    #[arg(long, default_value = DEFAULT_GAME, value_parser = games(), ignore_case = true)]
    game: String,

    #[command(subcommand)]
    tool: Option<Tool>,
}

/// The subcommands; without one, ludus is the daemon.
#[derive(Subcommand)]
enum Tool {
    /// Counts the leaves of the move tree to a depth, per first move.
    Perft(engine_tools::PerftArgs),
    /// Searches a fixed set of positions and reports nodes and speed.
    Bench(engine_tools::BenchArgs),
    /// Solves a game or part of one outright (`ludus solve alak`), any
    /// position by proof-number search (`ludus solve wyke --from FEN`),
    /// or checks a proof file (`ludus solve --verify FILE`).
    Solve(solve::SolveArgs),
    /// Plays a match between two engines, refereed by ludus
    /// (`ludus match --help` lists the options).
    #[command(disable_help_flag = true)]
    Match(matches::MatchArgs),
    /// Analyses games (PGN as `ludus match` writes it) or positions with an
    /// engine: per position the score, best move and principal variation,
    /// the played move's score, and inaccuracies, mistakes and blunders.
    Analyse(analysis::AnalyseArgs),
    /// Draws a position as SVG on standard output (`ludus render --game
    /// wyke > wyke.svg`).
    Render(render::RenderArgs),
    /// Tunes an engine's parameters by SPSA over game pairs between two
    /// settings of it, here or as shards of a job array (`ludus spsa
    /// --help` lists the options; `ludus spsa params --engine PATH` writes a
    /// tuning build's parameters as a starting file).
    #[command(disable_help_flag = true)]
    Spsa(matches::SpsaArgs),
    /// Puts the shards' results of an SPSA run's current round (`ludus spsa
    /// --shard K/N --results FILE`) into its state, moving θ once the round
    /// is complete; files of rounds merged before are passed over. Exit
    /// status: 0 a round merged and more to play, 3 the run is complete, 4
    /// the round is not complete yet (nothing merged), 1 an error.
    SpsaMerge(matches::SpsaMergeArgs),
    /// Combines the results files (--results) of a match's shards and prints
    /// the whole match's score, Elo, LOS, pentanomial counts and SPRT, and
    /// which shards are missing or incomplete. Exit status: 0 while no SPRT
    /// bound is crossed (or without an SPRT), 3 when H0 is accepted, 4 when
    /// H1 is, 1 on an error (files of different matches, say).
    MatchMerge(matches::MatchMergeArgs),
    /// A board in the browser to play and analyse every game against an
    /// engine: serves it on 127.0.0.1, prints its address and opens it.
    Gui(analysis::GuiArgs),
    /// Prints distinct, balanced start positions, one per line. For a game
    /// with a random start (wyx) they are random starts drawn from the seed,
    /// --plies does not apply (giving it is an error), and the starts are
    /// checked for balance only when --depth, --nodes or --max-score is given.
    /// When the game has fewer positions than asked for, those found are
    /// printed, a warning goes to stderr and the exit status is 2.
    Openings(matches::OpeningsArgs),
    /// Plays the engine against itself from random balanced openings and
    /// appends quiet positions with the search's score and the game's
    /// result to a data file for `ludus tune` (format: see the engine
    /// crate's tune::data). An existing file is resumed: it is played on
    /// until it holds --games games.
    Datagen(training::DatagenArgs),
    /// Puts `ludus datagen` files of one game together into a new file:
    /// their games dealt round-robin, so the shards of one run given in
    /// order 1/N..N/N come back in the run's own order.
    DatagenMerge(training::DatagenMergeArgs),
    /// Fits a game's evaluation weights to `ludus datagen` data (Texel's
    /// method) and prints the errors before and after and the new table.
    Tune(training::TuneArgs),
    /// Prints the completion script of a shell (`ludus completions bash >
    /// /etc/bash_completion.d/ludus`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Writes the man pages of ludus and of each subcommand (ludus.1,
    /// ludus-match.1, ...) into a directory.
    Manpages {
        /// The directory (created if missing).
        dir: PathBuf,
    },
}

impl Tool {
    /// Runs the subcommand; its exit status, or the error to print.
    fn run(self) -> Result<ExitCode, String> {
        match self {
            Tool::Perft(args) => args.run(),
            Tool::Bench(args) => args.run(),
            Tool::Solve(args) => solve::solve(args).and_then(|report| done(emit(&report))),
            Tool::Match(args) => args.run(),
            Tool::Analyse(args) => args.run(),
            Tool::Render(args) => render::picture(args).and_then(|svg| done(emit(&svg))),
            Tool::Spsa(args) => args.run(),
            Tool::SpsaMerge(args) => args.run(),
            Tool::MatchMerge(args) => args.run(),
            Tool::Gui(args) => args.run(),
            Tool::Openings(args) => args.run(),
            Tool::Datagen(args) => args.run(),
            Tool::DatagenMerge(args) => args.run(),
            Tool::Tune(args) => args.run(),
            Tool::Completions { shell } => {
                let script = manual::completions(manual::whole(Cli::command()), shell);
                done(emit(&String::from_utf8_lossy(&script)))
            }
            Tool::Manpages { dir } => {
                let pages = manual::manpages(manual::whole(Cli::command()), &dir)?;
                eprintln!("ludus: {pages} man pages written into {}", dir.display());
                Ok(ExitCode::SUCCESS)
            }
        }
    }
}

/// Success once `outcome` is.
fn done(outcome: Result<(), String>) -> Result<ExitCode, String> {
    outcome.map(|()| ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let outcome = match cli.tool {
        None => feature_switches()
            .and_then(|switches| ludus_engine::protocol::run_daemon(&cli.game, switches))
            .map(|()| ExitCode::SUCCESS),
        Some(tool) => tool.run(),
    };
    outcome.unwrap_or_else(|error| {
        eprintln!("ludus: {error}");
        ExitCode::FAILURE
    })
}
