//! The `ludus` command: the engine daemon and its tools.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use ludus_arena::cli::{self as match_cli, Parsed};
use ludus_arena::run_match;
use ludus_board::EngineCommand;
use ludus_engine::bench::{run_bench, BenchConfig};
use ludus_engine::openings::{generate_openings, OpeningsConfig};
use ludus_engine::perft::run_perft;
use ludus_engine::search::MAX_PLY;
use ludus_engine::solve::{run_solve, target_names};
use ludus_rules::games::{DEFAULT_GAME, GAME_NAMES};

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
        /// Depth per position, 1 to the search's deepest (default: each
        /// game's own).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_PLY as i64 - 1))]
        depth: Option<u32>,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        /// Hash table size in MiB.
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=32768))]
        hash: u32,
    },
    /// Solves a game or part of one outright and prints the result.
    Solve {
        /// What to solve.
        #[arg(value_parser = solve_target)]
        target: String,
    },
    /// Plays a match between two engines, refereed by ludus
    /// (`ludus match --help` lists the options).
    #[command(disable_help_flag = true)]
    Match {
        /// Options in cutechess-cli/fastchess style, e.g. `--game alak
        /// --engine cmd=ludus name=a --engine cmd=ludus name=b --st 0.1`.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// A board in the browser to play and analyse every game against an
    /// engine: serves it on 127.0.0.1, prints its address and opens it.
    Gui {
        /// The port (0 picks a free one).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Do not open the browser.
        #[arg(long)]
        no_open: bool,
        /// The engine: a program speaking UGI or UCI, with its arguments
        /// (default: this ludus). Give it last: every word after it is the
        /// engine's.
        #[arg(long, num_args = 1.., allow_hyphen_values = true, value_name = "PATH [ARGS]")]
        engine: Option<Vec<String>>,
    },
    /// Prints distinct, balanced start positions, one per line. For a game
    /// with a random start (wyx) they are random starts drawn from the seed,
    /// and the options after --seed do not apply (giving one is an error).
    Openings {
        /// The game.
        #[arg(value_parser = game_name)]
        game: String,
        /// How many positions.
        #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        count: u32,
        /// Seed: the same seed gives the same positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random plies from the start position [default: 4].
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=200))]
        plies: Option<u32>,
        /// Maximum depth of the search that checks the balance [default: 5].
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Node budget of the balance search, whichever of depth and nodes
        /// comes first; if not even one ply fits, the static evaluation
        /// decides [default: 20000].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Positions scoring beyond this many centipawns either way are
        /// rejected [default: 150].
        #[arg(long, value_parser = clap::value_parser!(i32).range(0..=20_000))]
        max_score: Option<i32>,
    },
}

fn game_name(text: &str) -> Result<String, String> {
    GAME_NAMES
        .iter()
        .find(|name| name.eq_ignore_ascii_case(text))
        .map(|name| name.to_string())
        .ok_or_else(|| format!("unknown game '{text}'; games: {}", GAME_NAMES.join(", ")))
}

fn solve_target(text: &str) -> Result<String, String> {
    let targets = target_names();
    targets
        .iter()
        .find(|name| name.eq_ignore_ascii_case(text))
        .map(|name| name.to_string())
        .ok_or_else(|| format!("unknown target '{text}'; targets: {}", targets.join(", ")))
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.tool {
        None => ludus_engine::protocol::run_daemon(&cli.game),
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
        Some(Tool::Solve { target }) => {
            run_solve(&target).and_then(|report| emit(&format!("{report}\n")))
        }
        Some(Tool::Match { args }) => match_command(&args),
        Some(Tool::Gui {
            port,
            no_open,
            engine,
        }) => gui(port, engine, !no_open),
        Some(Tool::Openings {
            game,
            count,
            seed,
            plies,
            depth,
            nodes,
            max_score,
        }) => openings(OpeningsConfig {
            game,
            count: count as usize,
            seed,
            plies,
            depth,
            nodes,
            max_score,
        }),
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
    emit(&text)
}

fn bench(config: BenchConfig) -> Result<(), String> {
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
    let _ = writeln!(text, "Total time (ms) : {}", report.elapsed.as_millis());
    let _ = writeln!(text, "Nodes searched  : {}", report.nodes);
    let _ = writeln!(text, "Nodes/second    : {}", report.nps());
    emit(&text)
}

/// Writes a tool's report to stdout. A reader that has gone away (the
/// output piped into `head`) is not an error; any other write failure is.
fn emit(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write the report: {error}"))
        }
        _ => Ok(()),
    }
}

fn match_command(args: &[String]) -> Result<(), String> {
    match match_cli::parse(args)? {
        Parsed::Help => emit(&format!("{}\n", match_cli::USAGE)),
        Parsed::Run(config) => run_match(&config),
    }
}

fn openings(config: OpeningsConfig) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    for position in generate_openings(&config)? {
        // A closed output (piped into `head`) just ends the list.
        if writeln!(out, "{position}").is_err() {
            break;
        }
    }
    let _ = out.flush();
    Ok(())
}

fn gui(port: u16, engine: Option<Vec<String>>, open: bool) -> Result<(), String> {
    let command = match engine {
        Some(words) => {
            let (program, args) = words
                .split_first()
                .ok_or("--engine: give the engine's program")?;
            EngineCommand {
                program: program.clone(),
                args: args.to_vec(),
            }
        }
        None => EngineCommand {
            program: std::env::current_exe()
                .map_err(|e| format!("cannot find this program to run it as the engine: {e}"))?
                .to_string_lossy()
                .into_owned(),
            args: Vec::new(),
        },
    };
    ludus_board::run(port, command, open)
}
