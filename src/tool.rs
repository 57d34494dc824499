//! What every subcommand shares: the game names clap offers, the
//! evaluation a tool searches with, the search's feature switches, and
//! writing a report to standard output.

use std::io::Write as _;
use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::Args;

use ludus_engine::protocol::networks::EvalChoice;
use ludus_engine::search::features::{
    FeatureSwitches, FEATURES_OFF_VARIABLE, FEATURES_ON_VARIABLE,
};
use ludus_rules::games::GAME_NAMES;

/// The game names, offered (and listed in `--help`) in any letter case.
pub fn games() -> PossibleValuesParser {
    PossibleValuesParser::new(GAME_NAMES)
}

/// The evaluation a tool searches with, as the daemon's `Eval` and
/// `EvalFile` options choose it.
#[derive(Args, Debug)]
pub struct EvalArgs {
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
    pub fn choice(self) -> EvalChoice {
        EvalChoice {
            linear: self.eval == "linear",
            file: self.eval_file,
        }
    }
}

/// The search feature switches of this process, for measurements: those
/// `LUDUS_SEARCH_ON` and `LUDUS_SEARCH_OFF` name. A bad list is an error,
/// so a measurement never runs with switches other than it asked for.
pub fn feature_switches() -> Result<FeatureSwitches, String> {
    let list = |variable| std::env::var(variable).unwrap_or_default();
    let (on, off) = (list(FEATURES_ON_VARIABLE), list(FEATURES_OFF_VARIABLE));
    FeatureSwitches::from_lists(&on, &off)
        .map_err(|error| format!("{FEATURES_ON_VARIABLE}/{FEATURES_OFF_VARIABLE}: {error}"))
}

/// Writes a tool's report to stdout. A reader that has gone away (the
/// output piped into `head`) is not an error; any other write failure is.
pub fn emit(text: &str) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("cannot write the report: {error}"))
        }
        _ => Ok(()),
    }
}
