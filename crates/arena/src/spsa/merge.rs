//! `ludus spsa-merge`: the shards' results of the state's current round
//! put into the state — checked to be this run's, this round's and played
//! from its θ; once every iteration of the round is in, its pairs and θ's
//! steps are appended, so the next round can begin. Files of rounds
//! merged before are passed over, so a job array's results can be given
//! by one pattern every round.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::journal::open_state;
use super::records::{PairEntry, Record};
use super::report::{final_table, round_line};
use super::run::steps;
use super::shard_file::ShardFile;

/// What a merge did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MergeOutcome {
    /// A round was merged and rounds remain.
    Merged,
    /// The run is complete (now or before).
    Complete,
    /// The round is not complete yet: nothing was merged.
    Incomplete,
}

/// Merges the shards' `files` into the state at `path`, printing what it
/// did. Waits for the state's lock, so merges run at once take turns.
pub fn merge_round(path: &Path, files: &[PathBuf]) -> Result<MergeOutcome, String> {
    let (mut state_file, state) = open_state(path, None, true)?;
    let settings = &state.settings;
    let rounds = settings.rounds();
    if state.is_complete() {
        println!(
            "{} is complete: all {} iterations are done",
            path.display(),
            rounds.iterations
        );
        println!(
            "{}",
            final_table(settings, &state.theta(), state.done()).trim_end()
        );
        return Ok(MergeOutcome::Complete);
    }
    let round = rounds.after(state.done());
    let mut theta = state.theta();
    let mut found: BTreeMap<u32, (PairEntry, &Path)> = BTreeMap::new();
    let mut earlier = 0;
    for file in files {
        let shown = file.display();
        let Some(shard) = ShardFile::read(file)? else {
            continue;
        };
        let header = &shard.header;
        if let Some(difference) = header.settings.difference(settings) {
            return Err(format!("{shown} is a shard of another run ({difference})"));
        }
        if header.round <= round {
            earlier += 1;
            continue;
        }
        if header.round > round + 1 || header.theta != theta {
            return Err(format!(
                "{shown} holds round {} played from another θ than the state's round {}",
                header.round,
                round + 1
            ));
        }
        for (k, pair) in shard.pairs {
            if let Some((other, at)) = found.get(&k) {
                if *other != pair {
                    return Err(format!(
                        "iteration {k} is in {} and {shown} with different results",
                        at.display()
                    ));
                }
            }
            found.insert(k, (pair, file));
        }
    }
    let iterations = rounds.iterations_of(round);
    let missing: Vec<String> = iterations
        .clone()
        .filter(|k| !found.contains_key(k) && !state.pairs.contains_key(k))
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        println!(
            "Round {}/{} is not complete: {} of {} pairs missing (iterations {}){}",
            round + 1,
            rounds.count(),
            missing.len(),
            iterations.clone().count(),
            missing.join(", "),
            if earlier > 0 {
                format!("; {earlier} files of merged rounds passed over")
            } else {
                String::new()
            }
        );
        return Ok(MergeOutcome::Incomplete);
    }
    let mut records: Vec<Record> = Vec::new();
    let mut results = state.results_of(round);
    for (k, (pair, _)) in found {
        if !state.pairs.contains_key(&k) {
            results.insert(k, pair.result);
            records.push(Record::Pair(pair));
        }
    }
    records.extend(steps(settings, &mut theta, &results));
    state_file.append(&records)?;
    println!("{}", round_line(settings, round, &results, &theta));
    let done = *iterations.end();
    if done < rounds.iterations {
        return Ok(MergeOutcome::Merged);
    }
    println!("{}", final_table(settings, &theta, done).trim_end());
    Ok(MergeOutcome::Complete)
}
