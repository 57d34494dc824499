//! Running a tuning: checked before anything is written (the state is
//! this run's, the engine announces every parameter), then played round
//! by round on this machine, or one shard of the current round.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;

use ludus_rules::games::{visit_game_named, GameVisitor};
use ludus_rules::{Game, Tooling};

use super::cli::SpsaConfig;
use super::journal::{check_same_run, create_state, open_state, read_state, State};
use super::params::check_announced;
use super::perturb::perturb;
use super::play::{play_tasks, EnginePair, Task};
use super::records::{Record, RunSettings, ShardHeader, StepEntry};
use super::report::{final_table, pairs, round_line};
use super::rounds::apply_round;
use super::shard_file::open_shard;
use crate::engine::EngineProcess;
use crate::ledger::say;
use crate::results::Settings;
use crate::runner::{opening_sequence, openings_hash};
use crate::shard::Shard;

/// Runs the tuning `config` describes (or its shard).
pub fn run_spsa(config: &SpsaConfig) -> Result<(), String> {
    visit_game_named(&config.matches.game, Driver { config })?
}

struct Driver<'a> {
    config: &'a SpsaConfig,
}

impl GameVisitor for Driver<'_> {
    type Output = Result<(), String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let mut config = self.config.clone();
        let existing = read_state(&config.state)?;
        if let (Some(state), false) = (&existing, config.seed_given) {
            // A run continued without --seed keeps the seed it began with.
            config.matches.schedule.seed = state.settings.seed();
        }
        let settings = RunSettings {
            params: config.params.clone(),
            gains: config.gains,
            round_size: config.round_size,
            matches: Settings::of(&config.matches, openings_hash(&config.matches)?),
        };
        if let Some(state) = &existing {
            check_same_run(state, &settings, &config.state)?;
        }
        check_engine(&config)?;
        let openings = opening_sequence::<G>(&config.matches)?;
        match &config.shard {
            None => run_local(&config, &settings, &openings),
            Some((shard, results)) => run_shard(&config, &settings, &openings, *shard, results),
        }
    }
}

/// Checks that the engine announces every parameter, over its handshake.
fn check_engine(config: &SpsaConfig) -> Result<(), String> {
    let spec = &config.matches.engines[0];
    let mut process = EngineProcess::start(spec)?;
    let declarations = process
        .handshake(config.matches.timeouts.ready)
        .map_err(|failure| format!("{} to the handshake", failure.describe(&spec.name)));
    process.quit();
    check_announced(&config.params, &declarations?, &spec.name)
}

/// The tasks of `iterations` from `theta`.
fn tasks<'a, G>(
    settings: &RunSettings,
    openings: &'a [G],
    theta: &[f64],
    iterations: impl Iterator<Item = u32>,
) -> Vec<Task<'a, G>> {
    iterations
        .map(|k| Task {
            iteration: k,
            opening: &openings[(k as usize - 1) % openings.len()],
            values: perturb(settings.seed(), k, theta, &settings.params, &settings.gains),
        })
        .collect()
}

/// Engine pairs for `concurrency` workers, none started yet.
fn engine_slots(concurrency: usize) -> Vec<EnginePair> {
    (0..concurrency).map(|_| [None, None]).collect()
}

/// Quits every engine the workers started.
fn quit_all(slots: Vec<EnginePair>) {
    for process in slots.into_iter().flatten().flatten() {
        process.quit();
    }
}

/// Plays the run to its end on this machine, round by round.
fn run_local<G: Game>(
    config: &SpsaConfig,
    settings: &RunSettings,
    openings: &[G],
) -> Result<(), String> {
    create_state(&config.state, settings)?;
    let (mut state_file, state) = open_state(&config.state, Some(settings), false)?;
    let rounds = settings.rounds();
    let mut theta = state.theta();
    let begun = state.done();
    if begun > 0 && !state.is_complete() {
        say(&format!(
            "Resuming {}: {} of {} iterations done, {} of round {} played",
            config.state.display(),
            begun,
            rounds.iterations,
            pairs(state.results_of(rounds.after(begun)).len()),
            rounds.after(begun) + 1
        ));
    }
    let started = Instant::now();
    let mut slots = engine_slots(config.matches.concurrency);
    let mut outcome = Ok(());
    for round in rounds.after(begun)..rounds.count() {
        let mut results = state.results_of(round);
        let todo = rounds
            .iterations_of(round)
            .filter(|k| !results.contains_key(k));
        let plan = tasks(settings, openings, &theta, todo);
        outcome = play_tasks(
            &config.matches,
            &settings.params,
            &plan,
            &mut slots,
            |pair| {
                results.insert(pair.iteration, pair.result);
                state_file.append(&[Record::Pair(pair)])
            },
        );
        if outcome.is_err() {
            break;
        }
        let steps = steps(settings, &mut theta, &results);
        state_file.append(&steps)?;
        say(&round_line(settings, round, &results, &theta));
    }
    quit_all(slots);
    outcome?;
    let done = rounds.iterations;
    say(&format!(
        "Finished {}: {} iterations ({} played now) in {:.1} s",
        config.state.display(),
        done,
        done - begun,
        started.elapsed().as_secs_f64()
    ));
    say(final_table(settings, &theta, done).trim_end());
    Ok(())
}

/// A round's `results` applied to `theta`, as step records.
pub fn steps(
    settings: &RunSettings,
    theta: &mut [f64],
    results: &BTreeMap<u32, i32>,
) -> Vec<Record> {
    apply_round(
        theta,
        &settings.params,
        &settings.gains,
        settings.seed(),
        results,
    )
    .into_iter()
    .map(|(iteration, theta)| {
        Record::Step(StepEntry {
            iteration,
            result: results[&iteration],
            theta,
        })
    })
    .collect()
}

/// Plays `shard`'s slice of the state's current round into `results`
/// (the state is created if no shard has yet).
fn run_shard<G: Game>(
    config: &SpsaConfig,
    settings: &RunSettings,
    openings: &[G],
    shard: Shard,
    results: &Path,
) -> Result<(), String> {
    create_state(&config.state, settings)?;
    let state: State = read_state(&config.state)?
        .ok_or_else(|| format!("state {} vanished", config.state.display()))?;
    check_same_run(&state, settings, &config.state)?;
    let rounds = settings.rounds();
    if state.is_complete() {
        say(&format!(
            "{} is complete: all {} iterations are done",
            config.state.display(),
            rounds.iterations
        ));
        return Ok(());
    }
    let round = rounds.after(state.done());
    let theta = state.theta();
    let header = ShardHeader {
        round: round + 1,
        shard,
        theta: theta.clone(),
        settings: Box::new(settings.clone()),
    };
    let (mut file, played) = open_shard(results, &header)?;
    let todo = rounds
        .dealt(round, shard)
        .into_iter()
        .filter(|k| !played.contains_key(k) && !state.pairs.contains_key(k));
    let plan = tasks(settings, openings, &theta, todo);
    if !played.is_empty() {
        say(&format!(
            "Resuming shard {shard} of round {} from {}: {} played, {} to go",
            round + 1,
            results.display(),
            pairs(played.len()),
            plan.len()
        ));
    }
    let started = Instant::now();
    let mut slots = engine_slots(config.matches.concurrency);
    let outcome = play_tasks(
        &config.matches,
        &settings.params,
        &plan,
        &mut slots,
        |pair| file.append(&[Record::Pair(pair)]),
    );
    quit_all(slots);
    outcome?;
    say(&format!(
        "Finished shard {shard} of round {}/{}: {} in {:.1} s; merge with ludus spsa-merge",
        round + 1,
        rounds.count(),
        pairs(plan.len()),
        started.elapsed().as_secs_f64()
    ));
    Ok(())
}
