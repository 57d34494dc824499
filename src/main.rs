//! The `ludus` command: the engine daemon and its tools.

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use ludus::games::{DEFAULT_GAME, GAME_NAMES};
use ludus::tools::bench::{run_bench, BenchConfig};
use ludus::tools::perft::run_perft;

/// An engine daemon for Alak, Alfred's Wyke, Pylyx and Wyx, speaking UCI and
/// UGI on standard input and output.
#[derive(Parser)]
#[command(name = "ludus", version, about)]
struct Cli {
    /// The game to load at start (see UCI_Variant).
    #[arg(long, default_value = DEFAULT_GAME, value_parser = game_name)]
    game: String,

    #[command(subcommand)]
    tool: Option<Tool>,
}

#[derive(Subcommand)]
enum Tool {
    /// Counts the leaves of the move tree to a depth, per first move.
    Perft {
        /// The game.
        #[arg(value_parser = game_name)]
        game: String,
        /// Depth in plies.
        depth: u32,
        /// Start from this position instead of the start position.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Searches a fixed set of positions and reports nodes and speed.
    Bench {
        /// Only this game (default: every game).
        #[arg(long, value_parser = game_name)]
        game: Option<String>,
        /// Depth per position (default: each game's own).
        #[arg(long)]
        depth: Option<u32>,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        /// Hash table size in MiB.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=32768))]
        hash: u32,
    },
    /// Solves a family of positions exactly and reports the result.
    Solve {
        /// What to solve.
        #[arg(value_enum)]
        target: SolveTarget,
    },
}

/// What `ludus solve` can solve.
#[derive(Clone, Copy, ValueEnum)]
enum SolveTarget {
    /// Every 6-6 endgame of Alfred's Wyke (4x4), by retrograde analysis.
    WykeEndgames,
}

fn game_name(text: &str) -> Result<String, String> {
    GAME_NAMES
        .iter()
        .find(|name| name.eq_ignore_ascii_case(text))
        .map(|name| name.to_string())
        .ok_or_else(|| format!("unknown game '{text}'; games: {}", GAME_NAMES.join(", ")))
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.tool {
        None => ludus::protocol::run_daemon(&cli.game),
        Some(Tool::Perft { game, depth, fen }) => perft(&game, depth, fen.as_deref()),
        Some(Tool::Bench {
            game,
            depth,
            threads,
            hash,
        }) => bench(BenchConfig {
            game,
            depth,
            threads: threads as usize,
            hash_mib: hash as usize,
        }),
        Some(Tool::Solve { target }) => solve(target),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ludus: {error}");
            ExitCode::FAILURE
        }
    }
}

fn perft(game: &str, depth: u32, fen: Option<&str>) -> Result<(), String> {
    let report = run_perft(game, depth, fen)?;
    for (mv, count) in &report.split {
        println!("{mv}: {count}");
    }
    let micros = report.elapsed.as_micros().max(1);
    println!();
    println!("Nodes searched: {}", report.total);
    println!("Time: {:.3} ms", micros as f64 / 1000.0);
    println!(
        "Leaves/s: {}",
        u128::from(report.total) * 1_000_000 / micros
    );
    Ok(())
}

fn bench(config: BenchConfig) -> Result<(), String> {
    let report = run_bench(&config)?;
    for (index, line) in report.lines.iter().enumerate() {
        println!(
            "{:>3} {:<6} depth {:>2} nodes {:>10} bestmove {:<12} {}",
            index + 1,
            line.game,
            line.depth,
            line.nodes,
            line.best_move,
            line.fen
        );
    }
    println!("===========================");
    println!("Threads         : {}", config.threads);
    println!("Total time (ms) : {}", report.elapsed.as_millis());
    println!("Nodes searched  : {}", report.nodes);
    println!("Nodes/second    : {}", report.nps());
    Ok(())
}

fn solve(target: SolveTarget) -> Result<(), String> {
    let started = std::time::Instant::now();
    match target {
        SolveTarget::WykeEndgames => {
            print!("{}", ludus::games::wyke::endgame::Solution::solve());
        }
    }
    println!("Time: {:.3} s", started.elapsed().as_secs_f64());
    Ok(())
}
