//! The `ludus` command: the engine daemon and its tools.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::PossibleValuesParser;
use clap::{Args, CommandFactory, Parser, Subcommand};

use ludus_arena::analyse::{run_analyse, AnalyseConfig, DEFAULT_LIMIT};
use ludus_arena::cli::{self as match_cli, Parsed};
use ludus_arena::config::Limit;
use ludus_arena::shard::Shard;
use ludus_arena::spsa::{merge_round, spsa_command, MergeOutcome};
use ludus_arena::stats::SprtDecision;
use ludus_arena::{merge_results, run_match};
use ludus_board::EngineCommand;
use ludus_engine::bench::{run_bench, BenchConfig};
use ludus_engine::openings::{generate_openings, OpeningsConfig, Walk};
use ludus_engine::perft::run_perft;
use ludus_engine::protocol::networks::EvalChoice;
use ludus_engine::search::features::{
    FeatureSwitches, FEATURES_OFF_VARIABLE, FEATURES_ON_VARIABLE,
};
use ludus_engine::search::{Limits, MAX_PLY};
use ludus_engine::solve::{run_solve, target_names};
use ludus_engine::tune::data::merge;
use ludus_engine::tune::datagen::{run_datagen, DatagenConfig};
use ludus_engine::tune::texel::{
    run_scale_fit, run_tune, ScaleReport, TuneConfig, TuneReport, DEFAULT_EPOCHS, DEFAULT_RATE,
};
use ludus_rules::games::{DEFAULT_GAME, GAME_NAMES};
use ludus_rules::perft::MAX_PERFT_DEPTH;
use ludus_rules::protocol::Dialect;

mod manual;
mod render;

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

/// The evaluation a tool searches with, as the daemon's `Eval` and
/// `EvalFile` options choose it.
#[derive(Args, Debug)]
struct EvalArgs {
    /// The evaluation, as the `Eval` option: each game's built-in
    /// network where it has one (net), or the linear evaluations.
    #[arg(long, default_value = "net", value_parser = PossibleValuesParser::new(["net", "linear"]))]
    eval: String,
    /// A network file for --game to evaluate with (as `EvalFile`).
    #[arg(long, requires = "game")]
    eval_file: Option<PathBuf>,
}

impl EvalArgs {
    /// The choice the arguments make.
    fn choice(self) -> EvalChoice {
        EvalChoice {
            linear: self.eval == "linear",
            file: self.eval_file,
        }
    }
}

#[derive(Subcommand)]
enum Tool {
    /// Counts the leaves of the move tree to a depth, per first move.
    Perft {
        /// The game.
        #[arg(value_parser = games(), ignore_case = true)]
        game: String,
        /// Depth in plies (0 counts the position itself: 1), as `go perft`.
        #[arg(value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PERFT_DEPTH)))]
        depth: u32,
        /// Start from this position instead of the start position.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Searches a fixed set of positions and reports nodes and speed.
    Bench {
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
    },
    /// Solves a game or part of one outright and prints the result.
    Solve {
        /// What to solve.
        #[arg(value_parser = PossibleValuesParser::new(target_names()), ignore_case = true)]
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
    /// Analyses games (PGN as `ludus match` writes it) or positions with an
    /// engine: per position the score, best move and principal variation,
    /// the played move's score, and inaccuracies, mistakes and blunders.
    Analyse {
        /// A PGN file, or with --game positions one per line; `-` or none:
        /// standard input.
        input: Option<PathBuf>,
        /// The game of a position list (and of PGN games without a Game tag).
        #[arg(long, value_parser = games(), ignore_case = true)]
        game: Option<String>,
        /// Search depth per position.
        #[arg(long, group = "limit", value_parser = clap::value_parser!(u32).range(1..))]
        depth: Option<u32>,
        /// Node budget per position.
        #[arg(long, group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Milliseconds per position [default: 1000 when no limit is given].
        #[arg(long, group = "limit", value_parser = clap::value_parser!(u64).range(1..))]
        movetime: Option<u64>,
        /// The engine's search threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        /// JSON lines, one object per position, instead of text.
        #[arg(long)]
        json: bool,
        /// Also write the games annotated to this PGN file (replaced).
        #[arg(long)]
        pgnout: Option<PathBuf>,
        /// The engine program [default: this ludus].
        #[arg(long)]
        engine: Option<PathBuf>,
        /// The engine's protocol dialect.
        #[arg(long, default_value = "uci", value_parser = PossibleValuesParser::new(["uci", "ugi"]))]
        proto: String,
    },
    /// Draws a position as SVG on standard output (`ludus render --game
    /// wyke > wyke.svg`).
    Render(render::RenderArgs),
    /// Tunes an engine's parameters by SPSA over game pairs between two
    /// settings of it, here or as shards of a job array (`ludus spsa
    /// --help` lists the options; `ludus spsa params --engine PATH` writes a
    /// tuning build's parameters as a starting file).
    #[command(disable_help_flag = true)]
    Spsa {
        /// Options: the parameters, the schedule and the state, then the
        /// games' as `ludus match` takes them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<String>,
    },
    /// Puts the shards' results of an SPSA run's current round (`ludus spsa
    /// --shard K/N --results FILE`) into its state, moving θ once the round
    /// is complete; files of rounds merged before are passed over. Exit
    /// status: 0 a round merged and more to play, 3 the run is complete, 4
    /// the round is not complete yet (nothing merged), 1 an error.
    SpsaMerge {
        /// The run's state.
        #[arg(long)]
        state: PathBuf,
        /// The shards' results files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Combines the results files (--results) of a match's shards and prints
    /// the whole match's score, Elo, LOS, pentanomial counts and SPRT, and
    /// which shards are missing or incomplete. Exit status: 0 while no SPRT
    /// bound is crossed (or without an SPRT), 3 when H0 is accepted, 4 when
    /// H1 is, 1 on an error (files of different matches, say).
    MatchMerge {
        /// The shards' results files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
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
    /// --plies does not apply (giving it is an error), and the starts are
    /// checked for balance only when --depth, --nodes or --max-score is given.
    /// When the game has fewer positions than asked for, those found are
    /// printed, a warning goes to stderr and the exit status is 2.
    Openings {
        /// The game.
        #[arg(value_parser = games(), ignore_case = true)]
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
    /// Plays the engine against itself from random balanced openings and
    /// appends quiet positions with the search's score and the game's
    /// result to a data file for `ludus tune` (format: see the engine
    /// crate's tune::data). An existing file is resumed: it is played on
    /// until it holds --games games.
    Datagen {
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
    },
    /// Puts `ludus datagen` files of one game together into a new file:
    /// their games dealt round-robin, so the shards of one run given in
    /// order 1/N..N/N come back in the run's own order.
    DatagenMerge {
        /// The new file to write.
        #[arg(long)]
        out: PathBuf,
        /// The data files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Fits a game's evaluation weights to `ludus datagen` data (Texel's
    /// method) and prints the errors before and after and the new table.
    Tune {
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
    },
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

/// The game names, offered (and listed in `--help`) in any letter case.
fn games() -> PossibleValuesParser {
    PossibleValuesParser::new(GAME_NAMES)
}

/// The search feature switches of this process, for measurements: those
/// `LUDUS_SEARCH_ON` and `LUDUS_SEARCH_OFF` name. A bad list is an error,
/// so a measurement never runs with switches other than it asked for.
fn feature_switches() -> Result<FeatureSwitches, String> {
    let list = |variable| std::env::var(variable).unwrap_or_default();
    let (on, off) = (list(FEATURES_ON_VARIABLE), list(FEATURES_OFF_VARIABLE));
    FeatureSwitches::from_lists(&on, &off)
        .map_err(|error| format!("{FEATURES_ON_VARIABLE}/{FEATURES_OFF_VARIABLE}: {error}"))
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    if let Some(Tool::MatchMerge { files }) = &cli.tool {
        return exit_status(match_merge(files));
    }
    let result = match cli.tool {
        None => feature_switches()
            .and_then(|switches| ludus_engine::protocol::run_daemon(&cli.game, switches)),
        Some(Tool::Render(args)) => render::picture(args).and_then(|svg| emit(&svg)),
        Some(Tool::Perft { game, depth, fen }) => perft(&game, depth, fen.as_deref()),
        Some(Tool::Bench {
            game,
            depth,
            threads,
            deterministic,
            hash,
            eval,
        }) => feature_switches().and_then(|feature_switches| {
            bench(BenchConfig {
                game,
                depth,
                threads: threads as usize,
                deterministic,
                hash_mib: hash as usize,
                feature_switches,
                eval: eval.choice(),
            })
        }),
        Some(Tool::Solve { target }) => {
            run_solve(&target).and_then(|report| emit(&format!("{report}\n")))
        }
        Some(Tool::Match { args }) => match_command(&args),
        Some(Tool::Spsa { args }) => spsa_command(&args),
        Some(Tool::SpsaMerge { state, files }) => {
            return exit_status(merge_round(&state, &files).map(|outcome| match outcome {
                MergeOutcome::Merged => ExitCode::SUCCESS,
                MergeOutcome::Complete => ExitCode::from(3),
                MergeOutcome::Incomplete => ExitCode::from(4),
            }))
        }
        Some(Tool::Completions { shell }) => {
            let script = manual::completions(manual::whole(Cli::command()), shell);
            emit(&String::from_utf8_lossy(&script))
        }
        Some(Tool::Manpages { dir }) => manual::manpages(manual::whole(Cli::command()), &dir)
            .map(|pages| eprintln!("ludus: {pages} man pages written into {}", dir.display())),
        Some(Tool::Analyse {
            input,
            game,
            depth,
            nodes,
            movetime,
            threads,
            json,
            pgnout,
            engine,
            proto,
        }) => analyse(AnalyseConfig {
            input,
            game,
            limit: match (depth, nodes, movetime) {
                (None, None, None) => DEFAULT_LIMIT,
                _ => Limit {
                    depth,
                    nodes,
                    movetime: movetime.map(Duration::from_millis),
                    tc: None,
                },
            },
            threads,
            json,
            pgnout,
            engine: engine.unwrap_or_default(),
            proto: Dialect::from_word(&proto).unwrap_or_default(),
        }),
        Some(Tool::MatchMerge { .. }) => Ok(()),
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
        }) => match openings(OpeningsConfig {
            game,
            count: count as usize,
            seed,
            walk: Walk {
                plies,
                depth,
                nodes,
                max_score,
            },
        }) {
            Ok(false) => return ExitCode::from(OPENINGS_SHORTFALL),
            other => other.map(|_| ()),
        },
        Some(Tool::Datagen {
            game,
            games,
            nodes,
            depth,
            concurrency,
            out,
            options,
            plies,
            seed,
            shard,
            eval,
        }) => datagen(DatagenConfig {
            game,
            games: games as usize,
            // clap requires one of the two.
            limit: Limits {
                nodes,
                depth,
                ..Limits::default()
            },
            concurrency: concurrency as usize,
            out,
            options,
            plies,
            seed,
            shard: shard.map_or((1, 1), |shard| (shard.index, shard.count)),
            eval: eval.choice(),
            progress: true,
        }),
        Some(Tool::DatagenMerge { out, files }) => datagen_merge(&out, &files),
        Some(Tool::Tune {
            game,
            files,
            scale_only: true,
            ..
        }) => run_scale_fit(&game, &files).and_then(|report| emit(&scale_text(&report))),
        Some(Tool::Tune {
            game,
            files,
            epochs,
            rate,
            lambda,
            scale_only: false,
        }) => run_tune(&TuneConfig {
            game,
            files,
            epochs: epochs as usize,
            rate,
            lambda,
        })
        .and_then(|report| emit(&tune_text(&report))),
    };
    exit_status(result.map(|()| ExitCode::SUCCESS))
}

/// The exit status of a tool's outcome; an error is printed first.
fn exit_status(outcome: Result<ExitCode, String>) -> ExitCode {
    outcome.unwrap_or_else(|error| {
        eprintln!("ludus: {error}");
        ExitCode::FAILURE
    })
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
    if config.deterministic {
        let _ = writeln!(text, "Deterministic   : true");
    }
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
        Parsed::Help(text) => emit(&text),
        Parsed::Run(config) => run_match(&config),
    }
}

/// `ludus match-merge`: the report, and an exit status saying whether an
/// SPRT bound is crossed (so a batch script can stop the other shards).
fn match_merge(files: &[std::path::PathBuf]) -> Result<ExitCode, String> {
    let merged = merge_results(files)?;
    emit(
        &merged
            .lines
            .iter()
            .map(|line| format!("{line}\n"))
            .collect::<String>(),
    )?;
    Ok(match merged.decision {
        SprtDecision::Continue => ExitCode::SUCCESS,
        SprtDecision::AcceptH0 => ExitCode::from(3),
        SprtDecision::AcceptH1 => ExitCode::from(4),
    })
}

/// The exit status of `ludus openings` when it found fewer than asked for.
const OPENINGS_SHORTFALL: u8 = 2;

/// Prints the openings; `Ok(false)` when there are fewer than asked for.
fn openings(config: OpeningsConfig) -> Result<bool, String> {
    let openings = generate_openings(&config)?;
    let mut out = std::io::stdout().lock();
    for position in &openings.positions {
        // A closed output (piped into `head`) just ends the list.
        if writeln!(out, "{position}").is_err() {
            break;
        }
    }
    let _ = out.flush();
    match openings.shortfall {
        Some(warning) => {
            eprintln!("ludus: warning: {warning}");
            Ok(false)
        }
        None => Ok(true),
    }
}

/// `ludus analyse`, with this program as the engine unless another is given.
fn analyse(mut config: AnalyseConfig) -> Result<(), String> {
    if config.engine.as_os_str().is_empty() {
        config.engine = std::env::current_exe()
            .map_err(|e| format!("cannot find the ludus program to analyse with: {e}"))?;
    }
    run_analyse(&config)
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

/// `ludus datagen`, with a summary on stderr.
fn datagen(config: DatagenConfig) -> Result<(), String> {
    let report = run_datagen(&config)?;
    eprintln!(
        "ludus: {}: {} games and {} positions written ({} games were there before)",
        config.out.display(),
        report.games,
        report.positions,
        report.resumed_from
    );
    Ok(())
}

/// `ludus datagen-merge`, with a summary on stderr.
fn datagen_merge(out: &Path, files: &[PathBuf]) -> Result<(), String> {
    let paths: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let (games, positions) = merge(&paths, out)?;
    eprintln!(
        "ludus: {}: {games} games and {positions} positions from {} files",
        out.display(),
        files.len()
    );
    Ok(())
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
