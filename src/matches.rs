//! Matches from the command line: `ludus match` and `match-merge`,
//! `ludus openings` for their start positions, and SPSA tuning by matches
//! (`ludus spsa`, `spsa-merge`).

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::tool::{emit, games};
use ludus_arena::cli::{self as match_cli, Parsed};
use ludus_arena::spsa::{merge_round, spsa_command, MergeOutcome};
use ludus_arena::stats::SprtDecision;
use ludus_arena::{merge_results, run_match};
use ludus_engine::openings::{generate_openings, OpeningsConfig, Walk};

/// Plays a match between two engines, refereed by ludus
/// (`ludus match --help` lists the options).
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// Options in cutechess-cli/fastchess style, e.g. `--game alak
    /// --engine cmd=ludus name=a --engine cmd=ludus name=b --st 0.1`.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    args: Vec<String>,
}

impl MatchArgs {
    /// Plays the match, or prints its help.
    pub fn run(self) -> Result<ExitCode, String> {
        match match_cli::parse(&self.args)? {
            Parsed::Help(text) => emit(&text)?,
            Parsed::Run(config) => run_match(&config)?,
        }
        Ok(ExitCode::SUCCESS)
    }
}

/// Combines the results files (--results) of a match's shards and prints
/// the whole match's score, Elo, LOS, pentanomial counts and SPRT, and
/// which shards are missing or incomplete. Exit status: 0 while no SPRT
/// bound is crossed (or without an SPRT), 3 when H0 is accepted, 4 when
/// H1 is, 1 on an error (files of different matches, say).
#[derive(Args, Debug)]
pub struct MatchMergeArgs {
    /// The shards' results files.
    #[arg(required = true)]
    files: Vec<std::path::PathBuf>,
}

impl MatchMergeArgs {
    /// Prints the merged report; the exit status says whether an SPRT
    /// bound is crossed.
    pub fn run(self) -> Result<ExitCode, String> {
        let merged = merge_results(&self.files)?;
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
}

/// Tunes an engine's parameters by SPSA over game pairs between two
/// settings of it, here or as shards of a job array (`ludus spsa
/// --help` lists the options; `ludus spsa params --engine PATH` writes a
/// tuning build's parameters as a starting file).
#[derive(Args, Debug)]
pub struct SpsaArgs {
    /// Options: the parameters, the schedule and the state, then the
    /// games' as `ludus match` takes them.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    args: Vec<String>,
}

impl SpsaArgs {
    /// Runs (or continues) the tuning.
    pub fn run(self) -> Result<ExitCode, String> {
        spsa_command(&self.args).map(|()| ExitCode::SUCCESS)
    }
}

/// Puts the shards' results of an SPSA run's current round (`ludus spsa
/// --shard K/N --results FILE`) into its state, moving θ once the round
/// is complete; files of rounds merged before are passed over. Exit
/// status: 0 a round merged and more to play, 3 the run is complete, 4
/// the round is not complete yet (nothing merged), 1 an error.
#[derive(Args, Debug)]
pub struct SpsaMergeArgs {
    /// The run's state.
    #[arg(long)]
    state: PathBuf,
    /// The shards' results files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

impl SpsaMergeArgs {
    /// Merges the round; the exit status says what is left to play.
    pub fn run(self) -> Result<ExitCode, String> {
        Ok(match merge_round(&self.state, &self.files)? {
            MergeOutcome::Merged => ExitCode::SUCCESS,
            MergeOutcome::Complete => ExitCode::from(3),
            MergeOutcome::Incomplete => ExitCode::from(4),
        })
    }
}

/// The exit status of `ludus openings` when it found fewer than asked for.
const OPENINGS_SHORTFALL: u8 = 2;

/// Prints distinct, balanced start positions, one per line. For a game
/// with a random start (wyx) they are random starts drawn from the seed,
/// --plies does not apply (giving it is an error), and the starts are
/// checked for balance only when --depth, --nodes or --max-score is given.
/// When the game has fewer positions than asked for, those found are
/// printed, a warning goes to stderr and the exit status is 2.
#[derive(Args, Debug)]
pub struct OpeningsArgs {
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
}

impl OpeningsArgs {
    /// Prints the openings; the exit status is 2 when there are fewer
    /// than asked for.
    pub fn run(self) -> Result<ExitCode, String> {
        let config = OpeningsConfig {
            game: self.game,
            count: self.count as usize,
            seed: self.seed,
            walk: Walk {
                plies: self.plies,
                depth: self.depth,
                nodes: self.nodes,
                max_score: self.max_score,
            },
        };
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
                Ok(ExitCode::from(OPENINGS_SHORTFALL))
            }
            None => Ok(ExitCode::SUCCESS),
        }
    }
}
