//! `ludus datagen`: self-play games from random balanced openings, with
//! the engine's own search, recording quiet positions with the search's
//! score and the game's result (the format is in [`super::data`]).
//!
//! Game `i` of a run is fixed by the seed and `i` alone (its opening comes
//! from `seed + i`, and each search is single-threaded under a node or depth
//! limit with a table cleared per game), so a resumed run continues with
//! the games it had not written yet, and the games are written in their
//! order whatever the concurrency. A shard `K/N` of a run plays the games
//! `i` with `i mod N = K − 1` into a file of its own, so N machines can
//! share a run and the files be put together after
//! ([`super::data::merge`]).

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
use std::time::Instant;

use ludus_rules::games::{visit_game_named, GameVisitor};
use ludus_rules::protocol::Outcome;
use ludus_rules::{GameLog, Searchable};

use super::data::{GameRecord, Sample, Writer};
use crate::nnue::Network;
use crate::openings::{generate_openings, OpeningsConfig, Walk};
use crate::protocol::networks::EvalChoice;
use crate::protocol::options::game_settings;
use crate::search::{self, Limits, SearchRequest, Signals, TranspositionTable, MATE_BOUND};
use ludus_rules::Tooling;

/// A game still going after this many plies is scored a draw.
pub const MAX_PLIES: usize = 1000;
/// Hash per game being played, in MiB.
const HASH_MIB: usize = 16;

/// What `ludus datagen` does.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// The game.
    pub game: String,
    /// How many games the file should hold when done.
    pub games: usize,
    /// The search limit per move (a node or depth budget: datagen plays
    /// without a clock).
    pub limit: Limits,
    /// Games played at once, one thread each.
    pub concurrency: usize,
    /// The data file (appended to).
    pub out: PathBuf,
    /// Game options as `NAME=VALUE`, over the protocol's defaults.
    pub options: Vec<String>,
    /// Random plies of the openings (the openings tool's default if `None`).
    pub plies: Option<u32>,
    /// Seed of the openings: game `i` starts from seed `seed + i`.
    pub seed: u64,
    /// This run's slice of the games, `(K, N)` with 1 ≤ K ≤ N: the games
    /// `i` with `i mod N = K − 1`, of the `games` of the whole run.
    /// `(1, 1)`: every game.
    pub shard: (u32, u32),
    /// The evaluation the games are played with.
    pub eval: EvalChoice,
    /// Whether to show a progress line on stderr.
    pub progress: bool,
}

impl DatagenConfig {
    /// `games` games of `game` into `out`, `limit` a move, with the
    /// command line's defaults for the rest: one game at a time, the
    /// game's default options and evaluation, the openings tool's plies,
    /// seed 1, every game of the run, no progress line.
    pub fn new(game: &str, games: usize, limit: Limits, out: PathBuf) -> DatagenConfig {
        DatagenConfig {
            game: game.to_string(),
            games,
            limit,
            concurrency: 1,
            out,
            options: Vec::new(),
            plies: None,
            seed: 1,
            shard: (1, 1),
            eval: EvalChoice::default(),
            progress: false,
        }
    }
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DatagenReport {
    /// Games the file held before the run (of this shard's).
    pub resumed_from: usize,
    /// Games written by this run.
    pub games: usize,
    /// Positions written by this run.
    pub positions: usize,
}

/// Plays and records games until `config.out` holds `config.games`.
pub fn run_datagen(config: &DatagenConfig) -> Result<DatagenReport, String> {
    visit_game_named(&config.game, config)?
}

/// The data of the config's game, played by its type.
impl GameVisitor for &DatagenConfig {
    type Output = Result<DatagenReport, String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let settings = game_settings::<G>(&self.options)?;
        G::prepare(&settings);
        let network = self.eval.network::<G>()?;
        let (mut writer, done) = Writer::open(&self.out, G::NAME)?;
        let mut report = DatagenReport {
            resumed_from: done,
            ..DatagenReport::default()
        };
        let shards = self.shard.1.max(1) as usize;
        let shard = (self.shard.0 as usize).clamp(1, shards);
        // Game `j` of this shard is game `shard − 1 + j · shards` of the run.
        let games = self.games.saturating_sub(shard - 1).div_ceil(shards);
        if done >= games {
            return Ok(report);
        }
        let next_game = AtomicUsize::new(done);
        let failed = AtomicBool::new(false);
        let (sender, receiver) = crossbeam_channel::unbounded();
        let progress = Progress::new(self.progress, done, games);
        std::thread::scope(|scope| {
            for _ in 0..self.concurrency.max(1) {
                let (sender, next_game, failed, settings, network) =
                    (sender.clone(), &next_game, &failed, &settings, &network);
                scope.spawn(move || {
                    let mut player = match SelfPlay::<G>::new(self, settings, network.as_ref()) {
                        Ok(player) => player,
                        Err(error) => {
                            let _ = sender.send((usize::MAX, Err(error)));
                            return;
                        }
                    };
                    while !failed.load(Relaxed) {
                        let index = next_game.fetch_add(1, Relaxed);
                        if index >= games {
                            break;
                        }
                        let record = player.play(shard - 1 + index * shards);
                        if sender.send((index, record)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            // Games finish out of order; they are written in order.
            let mut finished = BTreeMap::new();
            let mut to_write = done;
            for (index, record) in receiver {
                let record = match record {
                    Ok(record) => record,
                    Err(error) => {
                        failed.store(true, Relaxed);
                        return Err(error);
                    }
                };
                finished.insert(index, record);
                while let Some(record) = finished.remove(&to_write) {
                    if let Err(error) = writer.append(&record, &self.out) {
                        failed.store(true, Relaxed);
                        return Err(error);
                    }
                    to_write += 1;
                    report.games += 1;
                    report.positions += record.samples.len();
                    progress.show(to_write, report.positions);
                }
            }
            progress.finish();
            Ok(report)
        })
    }
}

/// One thread's self-play: its own table, reused game after game.
struct SelfPlay<'a, G: Searchable> {
    config: &'a DatagenConfig,
    settings: &'a G::Settings,
    network: Option<&'a Network>,
    limits: Limits,
    tt: TranspositionTable,
    moves: Vec<G::Move>,
}

impl<'a, G: Searchable> SelfPlay<'a, G> {
    fn new(
        config: &'a DatagenConfig,
        settings: &'a G::Settings,
        network: Option<&'a Network>,
    ) -> Result<Self, String> {
        let limits = config.limit.clone();
        Ok(SelfPlay {
            config,
            settings,
            network,
            limits,
            tt: TranspositionTable::new(HASH_MIB)?,
            moves: Vec::new(),
        })
    }

    /// Game number `index`, from its own opening to the end.
    fn play(&mut self, index: usize) -> Result<GameRecord, String> {
        let start = self.opening(index)?;
        self.tt.clear();
        let mut log = GameLog::new(start);
        let mut samples = Vec::new();
        let result = loop {
            if let Some(outcome) = Outcome::of(log.status().result) {
                break outcome;
            }
            if log.plies() >= MAX_PLIES {
                break Outcome::Draw;
            }
            let request = SearchRequest::new(log.position(), self.settings, &self.limits)
                .with_history(log.history())
                .with_net(self.network);
            let signals = Signals::new(false);
            let outcome = search::search(&request, &self.tt, &signals, &mut |_| {});
            let Some(best) = outcome.best_move else {
                return Err(format!(
                    "the search found no move in the ongoing position {}",
                    log.position().to_fen()
                ));
            };
            if self.is_quiet(log.position()) && outcome.score.abs() < MATE_BOUND {
                samples.push(Sample {
                    fen: log.position().to_fen(),
                    score: outcome.score,
                });
            }
            log.play(best);
        };
        Ok(GameRecord { samples, result })
    }

    /// The start of game `index`: a balanced opening (a random start in a
    /// game that has them) from seed `seed + index`.
    fn opening(&self, index: usize) -> Result<G, String> {
        let openings = generate_openings(&OpeningsConfig {
            game: G::NAME.to_string(),
            count: 1,
            seed: self.config.seed.wrapping_add(index as u64),
            walk: Walk {
                plies: self.config.plies,
                ..Walk::default()
            },
        })?;
        let fen = openings
            .positions
            .first()
            .ok_or_else(|| openings.shortfall.unwrap_or_default())?;
        G::from_fen(fen)
    }

    /// Whether the evaluation should judge this position: no noisy move is
    /// pending, and no solved table knows its value.
    fn is_quiet(&mut self, position: &G) -> bool {
        if position.known_value(self.settings).is_some() {
            return false;
        }
        self.moves.clear();
        position.generate_noisy(&mut self.moves);
        self.moves.is_empty()
    }
}

/// The progress line on stderr, shown only on a terminal.
struct Progress {
    shown: bool,
    started: Instant,
    first: usize,
    total: usize,
}

impl Progress {
    fn new(wanted: bool, first: usize, total: usize) -> Self {
        Progress {
            shown: wanted && std::io::stderr().is_terminal(),
            started: Instant::now(),
            first,
            total,
        }
    }

    fn show(&self, games: usize, positions: usize) {
        if !self.shown {
            return;
        }
        let seconds = self.started.elapsed().as_secs_f64().max(1e-3);
        let rate = (games - self.first) as f64 / seconds;
        let left = (self.total - games) as f64 / rate.max(1e-9);
        eprint!(
            "\rdatagen: {games}/{} games, {positions} positions, {rate:.2} games/s, about {left:.0} s left   ",
            self.total
        );
    }

    fn finish(&self) {
        if self.shown {
            eprintln!();
        }
    }
}
