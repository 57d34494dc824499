//! Playing iterations: each a pair of games from one opening, θ+ moving
//! first and then θ−, refereed as a match's games are. Worker threads each
//! keep a θ+ and a θ− engine from pair to pair and tell them the values of
//! the next by `setoption`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use ludus_rules::protocol::Outcome;
use ludus_rules::{Game, Player};

use super::params::TunedParam;
use super::perturb::Perturbation;
use super::records::{GameLine, PairEntry};
use crate::config::{EngineSpec, MatchConfig};
use crate::engine::EngineProcess;
use crate::referee::{play_game, GameRecord, Seat};

/// An iteration to play: its number, opening and values.
pub struct Task<'a, G> {
    /// The iteration, from 1.
    pub iteration: u32,
    /// The pair's start.
    pub opening: &'a G,
    /// What the two sides play.
    pub values: Perturbation,
}

/// A worker's two engines: θ+'s, then θ−'s (`None`: to be started).
pub type EnginePair = [Option<EngineProcess>; 2];

/// Plays `tasks` on as many threads as `slots` has engine pairs (or tasks),
/// handing each finished pair to `finished` on this thread, in the order
/// they end. Stops at the first error (an engine that cannot be run, or
/// `finished` failing); the pairs finished before it were handed on.
pub fn play_tasks<G: Game>(
    config: &MatchConfig,
    params: &[TunedParam],
    tasks: &[Task<G>],
    slots: &mut [EnginePair],
    mut finished: impl FnMut(PairEntry) -> Result<(), String>,
) -> Result<(), String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // Whether θ+'s and θ−'s engine has ever started: until it has, one
    // that cannot start stops the run rather than lose games.
    let started = [AtomicBool::new(false), AtomicBool::new(false)];
    let (sender, receiver) = crossbeam_channel::unbounded::<Result<PairEntry, String>>();
    let workers = slots.len().min(tasks.len());
    std::thread::scope(|scope| {
        for (worker, engines) in slots.iter_mut().take(workers).enumerate() {
            let (sender, next, stop, started) = (sender.clone(), &next, &stop, &started);
            std::thread::Builder::new()
                .name(format!("spsa-{worker}"))
                .spawn_scoped(scope, move || {
                    while !stop.load(Ordering::Relaxed) {
                        let Some(task) = tasks.get(next.fetch_add(1, Ordering::Relaxed)) else {
                            break;
                        };
                        let pair = play_pair(config, params, task, engines, started);
                        let fatal = pair.is_err();
                        if sender.send(pair).is_err() || fatal {
                            break;
                        }
                    }
                })
                .map_err(|e| format!("cannot start a thread: {e}"))?;
        }
        drop(sender);
        let mut failure = None;
        for pair in receiver {
            if let Err(error) = pair.and_then(&mut finished) {
                stop.store(true, Ordering::Relaxed);
                failure.get_or_insert(error);
            }
        }
        failure.map_or(Ok(()), Err)
    })
}

/// `base` playing `values`: its options with the parameters' set.
fn with_values(base: &EngineSpec, params: &[TunedParam], values: &[i64]) -> EngineSpec {
    let mut spec = base.clone();
    spec.options.extend(
        params
            .iter()
            .zip(values)
            .map(|(param, value)| (param.name.clone(), value.to_string())),
    );
    spec
}

/// Plays the pair's game from `opening` in which θ+ (`specs[0]` on
/// `engines[0]`) is `plus_moves`, θ− (`specs[1]` on `engines[1]`) the
/// other player.
fn play_side<G: Game>(
    config: &MatchConfig,
    opening: &G,
    specs: &[EngineSpec; 2],
    engines: &mut EnginePair,
    started: &[AtomicBool; 2],
    plus_moves: Player,
) -> Result<GameRecord, String> {
    let [plus, minus] = engines;
    let [plus, minus] = [(0, plus), (1, minus)].map(|(k, process)| Seat {
        spec: &specs[k],
        process,
        started: &started[k],
    });
    let seats = match plus_moves {
        Player::First => [plus, minus],
        Player::Second => [minus, plus],
    };
    play_game(config, opening, seats)
}

/// Plays one iteration's pair on `engines`, `started` saying whether θ+'s
/// and θ−'s engine has ever started.
fn play_pair<G: Game>(
    config: &MatchConfig,
    params: &[TunedParam],
    task: &Task<G>,
    engines: &mut EnginePair,
    started: &[AtomicBool; 2],
) -> Result<PairEntry, String> {
    let specs = [
        with_values(&config.engines[0], params, &task.values.plus),
        with_values(&config.engines[1], params, &task.values.minus),
    ];
    // Engines already running are told their new values; one started
    // afresh gets them with its options.
    for (engine, values) in engines
        .iter_mut()
        .zip([&task.values.plus, &task.values.minus])
    {
        if let Some(process) = engine {
            let told = params.iter().zip(values.iter()).try_for_each(|(p, v)| {
                process.send(&format!("setoption name {} value {v}", p.name))
            });
            if told.is_err() {
                *engine = None;
            }
        }
    }
    let first = play_side(
        config,
        task.opening,
        &specs,
        engines,
        started,
        Player::First,
    )?;
    let second = play_side(
        config,
        task.opening,
        &specs,
        engines,
        started,
        Player::Second,
    )?;
    let score = |record: &GameRecord, plus_moves: Player| match record.result {
        Some(Outcome::Win(winner)) if winner == plus_moves => 1,
        Some(Outcome::Win(_)) => -1,
        _ => 0,
    };
    let line = |record: &GameRecord| GameLine {
        result: record.result_text().to_string(),
        termination: record.termination,
        plies: record.moves.len(),
    };
    Ok(PairEntry {
        iteration: task.iteration,
        result: score(&first, Player::First) + score(&second, Player::Second),
        games: [line(&first), line(&second)],
    })
}
