//! `ludus spsa`: an engine's parameters tuned by SPSA over game pairs,
//! with the semantics of fishtest's and OpenBench's tuners, played here
//! or as the shards of job arrays.
//!
//! - [`params`]: the parameter file (OpenBench's format) and the engine's
//!   spin options;
//! - [`gains`]: the schedule (`c_k`, `R_k`);
//! - [`perturb`]: what an iteration plays, and the update;
//! - [`rounds`]: rounds of iterations, dealt to shards, applied in order;
//! - [`play`]: playing pairs on worker threads;
//! - [`records`], [`journal`], [`shard_file`]: the files' lines, the state,
//!   and a shard's results file;
//! - [`run`], [`merge`]: a run (or a shard), and `ludus spsa-merge`;
//! - [`report`], [`cli`]: what it prints, and its command line.

pub mod cli;
pub mod gains;
pub mod journal;
mod lines;
pub mod merge;
pub mod params;
pub mod perturb;
pub mod play;
pub mod records;
pub mod report;
pub mod rounds;
pub mod run;
pub mod shard_file;

use std::path::Path;

use crate::config::EngineSpec;
use crate::engine::EngineProcess;
use crate::ledger::say;
use cli::SpsaCommand;
use ludus_rules::protocol::Dialect;
pub use merge::{merge_round, MergeOutcome};
pub use run::run_spsa;

/// How long `ludus spsa params` waits for the engine's handshake.
const HANDSHAKE_WAIT: std::time::Duration = std::time::Duration::from_secs(10);

/// Runs `ludus spsa` with the words after it.
pub fn spsa_command(words: &[String]) -> Result<(), String> {
    match cli::parse(words)? {
        SpsaCommand::Help(text) => {
            say(text.trim_end());
            Ok(())
        }
        SpsaCommand::Params { engine } => {
            say(starting_params(&engine)?.trim_end());
            Ok(())
        }
        SpsaCommand::Run(config) => run_spsa(&config),
    }
}

/// The starting parameter file of the engine at `program`, from its
/// handshake.
fn starting_params(program: &Path) -> Result<String, String> {
    let spec = EngineSpec::program(&program.display().to_string(), Dialect::Uci);
    let mut process = EngineProcess::start(&spec)?;
    let declarations = process
        .handshake(HANDSHAKE_WAIT)
        .map_err(|failure| format!("{} to the handshake", failure.describe(&spec.name)));
    process.quit();
    params::starting_file(&declarations?, &spec.name)
}
