//! `ludus spsa`'s command line: its own options (the parameters, the
//! schedule, the state, the shard), and for the games every option of
//! `ludus match` that applies, read by the match's own parser — one
//! `--engine` group, both sides being that engine, θ+ and θ−.

use std::path::PathBuf;

use clap::error::ErrorKind;
use clap::{Args, FromArgMatches, Parser};

use super::gains::{Gains, DEFAULT_ALPHA, DEFAULT_A_RATIO, DEFAULT_GAMMA};
use super::params::{parse_params, TunedParam};
use crate::cli::{self as match_cli, Parsed};
use crate::config::{number, positive, MatchConfig};
use crate::shard::Shard;

/// The usage line of `ludus spsa`.
const USAGE: &str = "ludus spsa --game G --engine cmd=PATH [key=value ...] --params FILE \
--iterations N --state FILE [options]\n       ludus spsa params --engine PATH";

/// What follows the options in `--help`.
const AFTER: &str = "\
Games: every option of `ludus match` but those that SPSA decides applies
(--game, --engine with its keys, --each, --tc, --st, --nodes, --depth,
--timemargin, --readytimeout, --movetimeout, --concurrency, --openings,
--order, --seed, --maxmoves, --resign; see ludus match --help). Give one
--engine: θ+ and θ- are that engine with the parameters set by setoption.
Each iteration is a pair from one opening, θ+ first then θ- first.

`ludus spsa params --engine PATH` prints a tuning build's search
parameters as a starting file. A sharded round is merged by
`ludus spsa-merge --state FILE SHARD-FILES...`.";

/// The default iterations per round.
pub const DEFAULT_ROUND_SIZE: u32 = 16;

/// `ludus spsa`'s own options, as clap reads them.
#[derive(Args, Debug)]
#[command(
    about = "Tunes an engine's parameters by SPSA over game pairs between two settings of it.",
    override_usage = USAGE,
    after_help = AFTER
)]
struct SpsaArgs {
    /// The parameters, one `NAME, int, start, min, max, c_end, r_end` a line
    /// (OpenBench's format; `ludus spsa params` writes one).
    #[arg(long, value_name = "FILE")]
    params: Option<PathBuf>,
    /// Iterations in all: game pairs, N.
    #[arg(long, value_name = "N", value_parser = positive::<u32>, allow_negative_numbers = true)]
    iterations: Option<u32>,
    /// The stability constant A as a share of N [default: 0.1].
    #[arg(long, value_name = "R", value_parser = number::<f64>, allow_negative_numbers = true)]
    a_ratio: Option<f64>,
    /// The learning rate's decay exponent [default: 0.602].
    #[arg(long, value_name = "ALPHA", value_parser = number::<f64>, allow_negative_numbers = true)]
    alpha: Option<f64>,
    /// The perturbation's decay exponent [default: 0.101].
    #[arg(long, value_name = "GAMMA", value_parser = number::<f64>, allow_negative_numbers = true)]
    gamma: Option<f64>,
    /// Iterations per round: all perturb the θ the round starts from, and
    /// θ moves at its end [default: 16].
    #[arg(long, value_name = "R", value_parser = positive::<u32>, allow_negative_numbers = true)]
    round_size: Option<u32>,
    /// The run's state and θ log (JSON Lines): created, or continued if it
    /// holds this run.
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// Plays only the K-th of N slices of the state's current round (needs
    /// --seed and --results); `ludus spsa-merge` moves θ once all are in.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse, requires = "results")]
    shard: Option<Shard>,
    /// The shard's results file: continued if it holds this shard of the
    /// round, begun again if it holds a round already merged.
    #[arg(long, value_name = "FILE", requires = "shard")]
    results: Option<PathBuf>,
}

/// The names of `ludus spsa`'s own options (the rest are the match's).
const OWN: &[&str] = &[
    "h",
    "help",
    "params",
    "iterations",
    "a-ratio",
    "alpha",
    "gamma",
    "round-size",
    "state",
    "shard",
    "results",
];

/// Options of `ludus match` that SPSA decides itself.
const DECIDED: &[(&str, &str)] = &[
    ("games", "--iterations sets the pairs played"),
    ("rounds", "--iterations sets the pairs played"),
    ("repeat", "every iteration is a pair"),
    ("sprt", "SPSA plays all its iterations"),
    ("ratinginterval", "each round prints a line"),
    ("pgnout", "the state keeps every pair's results"),
    ("event", "no PGN is written"),
    ("resume", "an existing state is always continued"),
];

/// An SPSA run, as the command line gives it.
#[derive(Clone, Debug)]
pub struct SpsaConfig {
    /// The games: the engines (θ+ and θ−, without the parameters' values),
    /// limits, openings, seed, adjudication, concurrency; `games` is twice
    /// the iterations.
    pub matches: MatchConfig,
    /// Whether `--seed` was given (else a new run's comes from the clock,
    /// and a continued run's from its state).
    pub seed_given: bool,
    /// The parameters.
    pub params: Vec<TunedParam>,
    /// The schedule.
    pub gains: Gains,
    /// Iterations per round.
    pub round_size: u32,
    /// The state file.
    pub state: PathBuf,
    /// The slice of each round to play and its results file, for a shard.
    pub shard: Option<(Shard, PathBuf)>,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum SpsaCommand {
    /// Run (or continue) a tuning, or a shard of its current round.
    Run(Box<SpsaConfig>),
    /// Print an engine's search parameters as a starting file.
    Params {
        /// The engine's program.
        engine: PathBuf,
    },
    /// Print this help text.
    Help(String),
}

/// `ludus spsa params`'s options.
#[derive(Parser, Debug)]
#[command(
    name = "ludus spsa params",
    about = "Prints a tuning build's search parameters as a starting parameter file.",
    no_binary_name = true
)]
struct ParamsArgs {
    /// The engine (a tuning build: cargo build --release --features tune).
    #[arg(long, value_name = "PATH")]
    engine: PathBuf,
}

/// The clap command of `ludus spsa`'s own options (its man page).
pub fn command() -> clap::Command {
    match_cli::arena_command::<SpsaArgs>("ludus spsa")
}

/// Parses the words after `ludus spsa`.
pub fn parse(words: &[String]) -> Result<SpsaCommand, String> {
    if words.first().map(String::as_str) == Some("params") {
        return match ParamsArgs::try_parse_from(&words[1..]) {
            Ok(args) => Ok(SpsaCommand::Params {
                engine: args.engine,
            }),
            Err(e) if e.kind() == ErrorKind::DisplayHelp => {
                Ok(SpsaCommand::Help(e.render().to_string()))
            }
            Err(e) => Err(first_line(&e, "ludus spsa params --help")),
        };
    }
    let (own, games, engines) = split(words)?;
    let matches = match command().try_get_matches_from(&own) {
        Ok(matches) => matches,
        Err(e) if e.kind() == ErrorKind::DisplayHelp => {
            return Ok(SpsaCommand::Help(e.render().to_string()))
        }
        Err(e) => return Err(first_line(&e, "ludus spsa --help")),
    };
    let args =
        SpsaArgs::from_arg_matches(&matches).map_err(|e| first_line(&e, "ludus spsa --help"))?;
    if engines != 1 {
        return Err(format!(
            "ludus spsa takes one --engine (θ+ and θ- are both that engine), got {engines}"
        ));
    }
    let seed_given = games
        .iter()
        .any(|word| matches!(option_name(word).as_deref(), Some("seed" | "srand")));
    let matches = match match_cli::parse(&games)? {
        Parsed::Run(config) => *config,
        Parsed::Help(text) => return Ok(SpsaCommand::Help(text)),
    };
    args.into_config(matches, seed_given)
        .map(|config| SpsaCommand::Run(Box::new(config)))
}

/// clap's error as one line (its first paragraph), pointing at `help`.
fn first_line(error: &clap::Error, help: &str) -> String {
    let text = error.render().to_string();
    let first = text.split("\n\n").next().unwrap_or_default();
    let words: Vec<&str> = first.split_whitespace().collect();
    format!(
        "{}; see {help}",
        words.join(" ").trim_start_matches("error: ")
    )
}

/// The option a word names (lower case, without dashes), if it is one: a
/// dash or two and a letter, as `ludus match` reads them.
fn option_name(word: &str) -> Option<String> {
    let name = word.strip_prefix("--").or_else(|| word.strip_prefix('-'))?;
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let name = name.split_once('=').map_or(name, |(name, _)| name);
    Some(name.to_ascii_lowercase())
}

/// Splits the words into SPSA's own options (spelt with two dashes, each
/// with its value) and the match's, where each `--engine` group is given
/// twice (θ+ and θ−); counts the `--engine` groups.
fn split(words: &[String]) -> Result<(Vec<String>, Vec<String>, usize), String> {
    let (mut own, mut games) = (Vec::new(), Vec::new());
    let mut engines = 0;
    let mut words = words.iter().peekable();
    while let Some(word) = words.next() {
        let Some(name) = option_name(word) else {
            games.push(word.clone());
            continue;
        };
        if let Some((_, why)) = DECIDED.iter().find(|(option, _)| *option == name) {
            return Err(format!("--{name} does not apply to ludus spsa: {why}"));
        }
        if OWN.contains(&name.as_str()) {
            own.push(format!("--{name}"));
            if let Some((_, value)) = word.split_once('=') {
                own.push(value.to_string());
            } else if !matches!(name.as_str(), "h" | "help") {
                own.extend(words.next().cloned());
            }
            continue;
        }
        if name != "engine" {
            games.push(word.clone());
            continue;
        }
        engines += 1;
        let mut group: Vec<String> = word
            .split_once('=')
            .map(|(_, value)| value.to_string())
            .into_iter()
            .collect();
        while let Some(value) = words.next_if(|w| option_name(w).is_none()) {
            group.push(value.clone());
        }
        for _ in 0..2 {
            games.push("--engine".to_string());
            games.extend(group.iter().cloned());
        }
    }
    Ok((own, games, engines))
}

impl SpsaArgs {
    /// The run these options describe over the match `matches`.
    fn into_config(self, mut matches: MatchConfig, seed_given: bool) -> Result<SpsaConfig, String> {
        let path = self.params.ok_or("--params is required")?;
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read the parameter file {}: {e}", path.display()))?;
        let params = parse_params(&text, &format!("parameter file {}", path.display()))?;
        let iterations = self.iterations.ok_or("--iterations is required")?;
        let state = self.state.ok_or("--state is required")?;
        let gains = Gains::new(
            iterations,
            self.a_ratio.unwrap_or(DEFAULT_A_RATIO),
            self.alpha.unwrap_or(DEFAULT_ALPHA),
            self.gamma.unwrap_or(DEFAULT_GAMMA),
        )?;
        if self.shard.is_some() && !seed_given {
            return Err("--shard needs --seed S: every shard must play the same run".to_string());
        }
        for (option, _) in &matches.engines[0].options {
            if let Some(param) = params.iter().find(|p| p.name.eq_ignore_ascii_case(option)) {
                return Err(format!(
                    "option.{option} sets a tuned parameter ({}): SPSA sets it",
                    param.name
                ));
            }
        }
        // Both sides are the one engine, named for their side.
        let name = matches.engines[0].name.clone();
        for (engine, side) in matches.engines.iter_mut().zip(["+", "-"]) {
            engine.name = format!("{name}{side}");
        }
        matches.games = iterations.saturating_mul(2);
        matches.schedule.repeat = true;
        matches.event = "ludus spsa".to_string();
        Ok(SpsaConfig {
            matches,
            seed_given,
            params,
            gains,
            round_size: self.round_size.unwrap_or(DEFAULT_ROUND_SIZE),
            state,
            shard: self.shard.zip(self.results),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    fn params_file(text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!(
            "ludus-spsa-cli-{}-{}.txt",
            std::process::id(),
            text.len()
        ));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn own_options_and_the_match_options_are_read_apart() {
        let params = params_file("A, int, 5, 0, 10, 1, 0.002\nB, int, 1, 0, 3, 0.5, 0.01\n");
        let line = format!(
            "--game wyx --engine cmd=./t name=t option.Hash=8 nodes=3000 -params {} \
             --iterations 100 --a-ratio=0.2 --state s.jsonl --concurrency 2 --openings b.txt \
             --seed 9 --round-size 8 --alpha 0.7 --timemargin 20",
            params.display()
        );
        let SpsaCommand::Run(config) = parse(&words(&line)).unwrap() else {
            panic!("not a run");
        };
        let _ = std::fs::remove_file(&params);
        assert_eq!(config.params.len(), 2);
        assert_eq!(config.gains.iterations, 100);
        assert_eq!(config.gains.big_a, 20.0);
        assert_eq!(
            (config.gains.alpha, config.gains.gamma),
            (0.7, DEFAULT_GAMMA)
        );
        assert_eq!(config.round_size, 8);
        assert_eq!(config.state, PathBuf::from("s.jsonl"));
        assert!(config.seed_given && config.shard.is_none());
        let m = &config.matches;
        assert_eq!((m.game.as_str(), m.games, m.concurrency), ("wyx", 200, 2));
        assert!(m.schedule.repeat);
        assert_eq!(m.schedule.seed, 9);
        let [plus, minus] = &m.engines;
        assert_eq!((plus.name.as_str(), minus.name.as_str()), ("t+", "t-"));
        assert_eq!(plus.cmd, minus.cmd);
        assert_eq!(plus.limit.nodes, Some(3000));
        assert_eq!(minus.options, vec![("Hash".to_string(), "8".to_string())]);
        assert_eq!(m.timeouts.margin.as_millis(), 20);
    }

    #[test]
    fn errors_name_the_problem() {
        let params = params_file("A, int, 5, 0, 10, 1, 0.002\n");
        let base = format!(
            "--game alak --engine cmd=x --depth 2 --params {} --iterations 10 --state s",
            params.display()
        );
        let cases = [
            (format!("{base} --games 4"), "--games does not apply"),
            (format!("{base} --repeat"), "--repeat does not apply"),
            (
                format!("{base} --sprt elo0=0 elo1=5"),
                "--sprt does not apply",
            ),
            (format!("{base} --engine cmd=y"), "one --engine"),
            (base.replace("--engine cmd=x", "--each cmd=x"), "got 0"),
            (format!("{base} --shard 1/2"), "--results"),
            (format!("{base} --shard 1/2 --results r"), "needs --seed"),
            (
                base.replace("--iterations 10", ""),
                "--iterations is required",
            ),
            (base.replace("--state s", ""), "--state is required"),
            (format!("{base} --iterations 0"), "positive"),
            (format!("{base} --alpha -1"), "--alpha must be"),
            (format!("{base} --frob 2"), "unknown option"),
            (
                base.replace("cmd=x", "cmd=x option.a=3"),
                "option.a sets a tuned parameter (A)",
            ),
            (
                base.replace(&params.display().to_string(), "/no/such/file"),
                "cannot read the parameter file",
            ),
        ];
        for (line, expected) in cases {
            let error = parse(&words(&line)).unwrap_err();
            assert!(error.contains(expected), "{line}: {error}");
        }
        let _ = std::fs::remove_file(&params);
        assert!(matches!(parse(&words("--help")), Ok(SpsaCommand::Help(_))));
        assert!(matches!(
            parse(&words("params --engine ./t")),
            Ok(SpsaCommand::Params { .. })
        ));
        assert!(parse(&words("params")).unwrap_err().contains("--engine"));
    }
}
