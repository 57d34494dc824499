//! Running a match (or a shard of one): the openings of the whole match,
//! the games of the slice still to play, worker threads that play them,
//! and the main thread that keeps the ledger ([`ledger`](super::ledger)).

use std::collections::HashSet;
use std::fs::File;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use super::config::{EngineSpec, MatchConfig, Order};
use super::engine::EngineProcess;
use super::ledger::{say, Ledger};
use super::openings::load_openings;
use super::pair_count::PairLabels;
use super::referee::{play_game, warn, GameRecord, Seat};
use super::results::{fnv1a64, GameEntry, ResultsFile, ResultsWriter, Settings};
use super::shard::Shard;
use ludus_rules::games::{visit_game_named, GameVisitor};
use ludus_rules::random::Rng;
use ludus_rules::Game;
use ludus_rules::Tooling;

/// Runs the match; `Err` when it cannot start or cannot go on (an engine
/// that cannot be run, an unwritable PGN or results file).
pub fn run_match(config: &MatchConfig) -> Result<(), String> {
    visit_game_named(&config.game, Runner { config })?
}

struct Runner<'a> {
    config: &'a MatchConfig,
}

/// A finished game, sent from a worker to the main thread.
struct Finished {
    index: u32,
    engine1_first: bool,
    record: Result<GameRecord, String>,
}

impl GameVisitor for Runner<'_> {
    type Output = Result<(), String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let config = self.config;
        let openings = opening_sequence::<G>(config)?;
        let settings = Settings::of(config, openings_hash(config)?);
        let (results, earlier, ended) = open_results(config, &settings)?;
        let mut pgn = match &config.pgnout {
            Some(path) => Some(
                File::options()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot open PGN file {}: {e}", path.display()))?,
            ),
            None => None,
        };
        let mut ledger = Ledger::new(config, PairLabels::of::<G>(), results);
        for entry in &earlier {
            ledger.recount(entry);
        }
        let played: HashSet<u32> = earlier.iter().map(|e| e.game - 1).collect();
        let plan: Vec<u32> = match ledger.decided {
            true => Vec::new(),
            false => (config
                .shard
                .games(config.games, config.schedule.repeat)
                .into_iter())
            .filter(|index| !played.contains(index))
            .collect(),
        };
        if config.resume && !earlier.is_empty() {
            say(&format!(
                "Resuming {} from {}: {} games played, {} to go",
                what(config.shard),
                config
                    .results
                    .as_ref()
                    .map_or_else(String::new, |p| p.display().to_string()),
                earlier.len(),
                plan.len()
            ));
        }
        let started = Instant::now();
        let outcome = play(config, &openings, &plan, &mut ledger, pgn.as_mut());
        let outcome = outcome.and(ledger.flush_pgn(pgn.as_mut()));
        ledger.clear_progress();
        if let Err(error) = outcome {
            // What was played still counts: the score first, then why the
            // match could not go on.
            let played = ledger.tally.total.games();
            if played > 0 {
                ledger.print_summary(true);
            }
            let plural = if played == 1 { "" } else { "s" };
            // A message with details (an engine's last lines on stderr)
            // keeps its first line as the headline, the details after.
            let (headline, details) = match error.split_once('\n') {
                Some((headline, details)) => (headline, format!("\n{details}")),
                None => (error.as_str(), String::new()),
            };
            return Err(format!(
                "{headline}; the {} stopped after {played} finished game{plural}{details}",
                if config.shard == Shard::WHOLE {
                    "match"
                } else {
                    "shard"
                }
            ));
        }
        ledger.print_summary(true);
        if !ended {
            ledger.end()?;
        }
        if ledger.uncounted > 0 {
            say(&format!(
                "{} games that finished after the SPRT decision are in the PGN but not counted",
                ledger.uncounted
            ));
        }
        say(&format!(
            "Finished {}: {} games in {:.1} s",
            what(config.shard),
            ledger.tally.total.games(),
            started.elapsed().as_secs_f64()
        ));
        Ok(())
    }
}

/// "match", or "shard 2/8".
fn what(shard: Shard) -> String {
    if shard == Shard::WHOLE {
        "match".to_string()
    } else {
        format!("shard {shard}")
    }
}

/// Plays the games of `plan` on `config.concurrency` threads, keeping the
/// ledger as they finish; `Err` with the first reason the match could not go
/// on.
fn play<G: Game>(
    config: &MatchConfig,
    openings: &[G],
    plan: &[u32],
    ledger: &mut Ledger,
    mut pgn: Option<&mut File>,
) -> Result<(), String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(ledger.decided);
    let started = [AtomicBool::new(false), AtomicBool::new(false)];
    let (sender, receiver) = crossbeam_channel::unbounded::<Finished>();
    let workers = config.concurrency.min(plan.len());
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    if let Some(warning) = oversubscription(config, workers, cores) {
        warn(&warning);
    }
    std::thread::scope(|scope| {
        for worker in 0..workers {
            let shared = Shared {
                next: &next,
                stop: &stop,
                started: &started,
            };
            let sender = sender.clone();
            std::thread::Builder::new()
                .name(format!("match-{worker}"))
                .spawn_scoped(scope, move || {
                    work::<G>(config, openings, plan, shared, &sender);
                })
                .map_err(|e| format!("cannot start a match thread: {e}"))?;
        }
        drop(sender);
        let mut failure = None;
        for finished in receiver {
            let kept = finished.record.and_then(|record| {
                ledger.finished(
                    finished.index,
                    finished.engine1_first,
                    &record,
                    pgn.as_deref_mut(),
                )
            });
            if let Err(error) = kept {
                stop.store(true, Ordering::Relaxed);
                failure.get_or_insert(error);
            }
            if ledger.decided {
                stop.store(true, Ordering::Relaxed);
            }
        }
        failure.map_or(Ok(()), Err)
    })
}

/// The threads an engine searches with: its `Threads` option, else 1.
fn search_threads(spec: &EngineSpec) -> usize {
    spec.options
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("Threads"))
        .and_then(|(_, value)| value.trim().parse().ok())
        .unwrap_or(1)
}

/// The warning for a match under a clock or move time that searches with
/// more threads at once (`games` at a time, one engine of each thinking)
/// than the machine has `cores`: engines then wait for a core, and their
/// moves come late by the runner's clock.
fn oversubscription(config: &MatchConfig, games: usize, cores: usize) -> Option<String> {
    let timed = config
        .engines
        .iter()
        .any(|spec| spec.limit.tc.is_some() || spec.limit.movetime.is_some());
    let threads = config.engines.iter().map(search_threads).max().unwrap_or(1);
    let searching = games * threads;
    if !timed || searching <= cores {
        return None;
    }
    let fits = (cores / threads).max(1);
    let per_engine = match threads {
        1 => "1 search thread".to_string(),
        n => format!("{n} search threads"),
    };
    Some(format!(
        "{games} games at once, with {per_engine} per engine, keep {searching} threads \
         searching, but this machine has {cores} cores: engines will wait for a core and \
         answer late by the clock (time losses); --concurrency {fits} fits"
    ))
}

/// The FNV-1a hash of the openings file, if there is one.
pub(crate) fn openings_hash(config: &MatchConfig) -> Result<Option<String>, String> {
    config
        .openings
        .as_ref()
        .map(|path| {
            std::fs::read(path)
                .map(|bytes| fnv1a64(&bytes))
                .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))
        })
        .transpose()
}

/// The results file's writer, the games it already holds, and whether it
/// has its end: a new file, or with `--resume` the one there, if it holds
/// this match and shard.
fn open_results(
    config: &MatchConfig,
    settings: &Settings,
) -> Result<(Option<ResultsWriter>, Vec<GameEntry>, bool), String> {
    let Some(path) = &config.results else {
        return Ok((None, Vec::new(), false));
    };
    let existing = match path.exists() {
        true => ResultsFile::read(path)?,
        false => None,
    };
    let Some(file) = existing else {
        return Ok((
            Some(ResultsWriter::create(path, settings)?),
            Vec::new(),
            false,
        ));
    };
    let shown = path.display();
    if !config.resume {
        return Err(format!(
            "results file {shown} already holds games: --resume continues them (or remove the file)"
        ));
    }
    if let Some(difference) = file.settings.difference(settings) {
        return Err(format!(
            "results file {shown} holds another match ({difference}); it cannot be resumed with these settings"
        ));
    }
    if file.settings.shard != settings.shard {
        return Err(format!(
            "results file {shown} holds shard {}, not {}",
            file.settings.shard, settings.shard
        ));
    }
    let ended = file.end.is_some();
    Ok((Some(ResultsWriter::resume(&file)?), file.games, ended))
}

/// The opening of every game slot of the whole match: from the file in the
/// chosen order, or the game's random starts, or its start position.
pub(crate) fn opening_sequence<G: Game>(config: &MatchConfig) -> Result<Vec<G>, String> {
    let slots = if config.schedule.repeat {
        config.games.div_ceil(2)
    } else {
        config.games
    } as usize;
    let mut rng = Rng::new(config.schedule.seed);
    match &config.openings {
        Some(path) => {
            let mut book = load_openings::<G>(path)?;
            if config.schedule.order == Order::Random {
                rng.shuffle(&mut book);
            }
            Ok((0..slots).map(|i| book[i % book.len()].clone()).collect())
        }
        None if G::random_start(0).is_some() => Ok((0..slots)
            .map(|_| G::random_start(rng.next_u64()).unwrap_or_else(G::startpos))
            .collect()),
        None => Ok(vec![G::startpos(); slots.min(1)]),
    }
}

/// What the workers share: the next game of the plan to take, whether the
/// match stops, and whether each engine has ever started.
#[derive(Clone, Copy)]
struct Shared<'a> {
    next: &'a AtomicUsize,
    stop: &'a AtomicBool,
    started: &'a [AtomicBool; 2],
}

/// A worker: plays the games of `plan` it takes, until none is left or the
/// match stops.
fn work<G: Game>(
    config: &MatchConfig,
    openings: &[G],
    plan: &[u32],
    shared: Shared,
    sender: &crossbeam_channel::Sender<Finished>,
) {
    let mut processes: [Option<EngineProcess>; 2] = [None, None];
    while !shared.stop.load(Ordering::Relaxed) {
        let next = shared.next.fetch_add(1, Ordering::Relaxed);
        let Some(&index) = plan.get(next) else {
            break;
        };
        let slot = if config.schedule.repeat {
            index / 2
        } else {
            index
        } as usize;
        let opening = &openings[slot % openings.len()];
        let engine1_first = index.is_multiple_of(2);
        let [p1, p2] = &mut processes;
        let [s1, s2] = &config.engines;
        let [started1, started2] = shared.started;
        let seat = |spec, process, started| Seat {
            spec,
            process,
            started,
        };
        let mut seats = [seat(s1, p1, started1), seat(s2, p2, started2)];
        if !engine1_first {
            seats.reverse();
        }
        let record = play_game(config, opening, seats);
        let fatal = record.is_err();
        let message = Finished {
            index,
            engine1_first,
            record,
        };
        if sender.send(message).is_err() || fatal {
            break;
        }
    }
    for process in processes.into_iter().flatten() {
        process.quit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{parse, Parsed};

    fn config(line: &str) -> MatchConfig {
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        match parse(&words).unwrap() {
            Parsed::Run(config) => *config,
            Parsed::Help(_) => panic!("help"),
        }
    }

    #[test]
    fn more_search_threads_than_cores_under_a_clock_is_warned_about() {
        let base = "--game alak --engine cmd=a --engine cmd=b";
        let st = config(&format!("{base} --st 0.05 --concurrency 4"));
        assert_eq!(oversubscription(&st, 2, 2), None);
        let warning = oversubscription(&st, 4, 2).unwrap();
        assert!(warning.contains("4 games at once"), "{warning}");
        assert!(warning.contains("--concurrency 2 fits"), "{warning}");
        // Threads count, the larger engine's.
        let threads = config(&format!(
            "{base} --tc 1+0.01 --concurrency 2 --each option.threads=2"
        ));
        let warning = oversubscription(&threads, 2, 2).unwrap();
        assert!(warning.contains("2 search threads per engine"), "{warning}");
        assert!(warning.contains("--concurrency 1 fits"), "{warning}");
        // Without a clock, waiting for a core costs time, not games.
        let nodes = config(&format!("{base} --nodes 1000 --concurrency 8"));
        assert_eq!(oversubscription(&nodes, 8, 2), None);
    }
}
