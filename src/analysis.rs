//! Looking at games: `ludus analyse` (scores, best lines and mistakes of
//! games or positions) and `ludus gui` (the board in the browser).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::builder::PossibleValuesParser;
use clap::Args;

use crate::tool::games;
use ludus_arena::analyse::{run_analyse, AnalyseConfig, DEFAULT_LIMIT};
use ludus_arena::config::Limit;
use ludus_board::EngineCommand;
use ludus_rules::protocol::Dialect;

/// Analyses games (PGN as `ludus match` writes it) or positions with an
/// engine: per position the score, best move and principal variation,
/// the played move's score, and inaccuracies, mistakes and blunders.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
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
}

impl AnalyseArgs {
    /// Analyses the input, with this program as the engine unless another
    /// is given.
    pub fn run(self) -> Result<ExitCode, String> {
        let engine = match self.engine {
            Some(engine) => engine,
            None => std::env::current_exe()
                .map_err(|e| format!("cannot find the ludus program to analyse with: {e}"))?,
        };
        let limit = match (self.depth, self.nodes, self.movetime) {
            (None, None, None) => DEFAULT_LIMIT,
            (depth, nodes, movetime) => Limit {
                depth,
                nodes,
                movetime: movetime.map(Duration::from_millis),
                tc: None,
            },
        };
        run_analyse(&AnalyseConfig {
            input: self.input,
            game: self.game,
            limit,
            threads: self.threads,
            json: self.json,
            pgnout: self.pgnout,
            engine,
            proto: Dialect::from_word(&self.proto).unwrap_or_default(),
        })
        .map(|()| ExitCode::SUCCESS)
    }
}

/// A board in the browser to play and analyse every game against an
/// engine: serves it on 127.0.0.1, prints its address and opens it.
#[derive(Args, Debug)]
pub struct GuiArgs {
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
}

impl GuiArgs {
    /// Serves the board until interrupted.
    pub fn run(self) -> Result<ExitCode, String> {
        let command = match self.engine {
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
        ludus_board::run(self.port, command, !self.no_open).map(|()| ExitCode::SUCCESS)
    }
}
