//! The arena: engines played from outside, as processes speaking the
//! protocol, with ludus's rules as the referee. It needs the rules only,
//! never the engine.
//!
//! - [`cli`]: `ludus match`'s command line, in cutechess-cli/fastchess habits;
//! - [`config`]: what a match is (engines, limits, schedule);
//! - [`engine`]: the engine client (subprocess, handshake, timed reads);
//! - [`referee`]: one game, checked move by move with ludus's rules;
//! - [`stats`], [`report`]: Elo, LOS, SPRT, and the cutechess-style report;
//! - [`pgn`]: PGN output;
//! - [`openings`]: opening files.
//!
//! Scheduling: game `i` (from 0) is played by engine 1 moving first when `i`
//! is even; with `--repeat` games `2k` and `2k+1` share opening `k` and form
//! a pair for the pentanomial statistics. `--concurrency K` threads each own
//! a pair of engine processes and take the next game number when free.

pub mod cli;
pub mod config;
pub mod engine;
pub mod openings;
pub mod pgn;
pub mod referee;
pub mod report;
pub mod stats;

use std::collections::HashMap;
use std::fs::File;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::Instant;

use config::{MatchConfig, Order};
use engine::EngineProcess;
use ludus_rules::games::{visit_game, GameVisitor, GAME_NAMES};
use ludus_rules::random::Rng;
use ludus_rules::{Game, Searchable};
use openings::load_openings;
use referee::{play_game, GameRecord, Seat};
use report::{summary, Tally};
use stats::SprtDecision;

/// Prints a line of match output. A closed standard output (say, piped into
/// `head`) does not stop the match: the PGN is its record.
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// Runs the match; `Err` when it cannot start or cannot go on (an engine
/// that cannot be run, an unwritable PGN file).
pub fn run_match(config: &MatchConfig) -> Result<(), String> {
    visit_game(&config.game, Runner { config }).ok_or_else(|| {
        format!(
            "unknown game '{}'; games: {}",
            config.game,
            GAME_NAMES.join(", ")
        )
    })?
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

    fn visit<G: Searchable>(self) -> Self::Output {
        let config = self.config;
        let openings = opening_sequence::<G>(config)?;
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
        let next = AtomicU32::new(0);
        let stop = AtomicBool::new(false);
        let (sender, receiver) = crossbeam_channel::unbounded::<Finished>();
        let started = Instant::now();
        let workers = config.concurrency.min(config.games as usize).max(1);
        std::thread::scope(|scope| -> Result<(), String> {
            for worker in 0..workers {
                let (sender, next, stop, openings) = (sender.clone(), &next, &stop, &openings);
                std::thread::Builder::new()
                    .name(format!("match-{worker}"))
                    .spawn_scoped(scope, move || {
                        work::<G>(config, openings, next, stop, &sender);
                    })
                    .map_err(|e| format!("cannot start a match thread: {e}"))?;
            }
            drop(sender);
            let mut main = MainLoop::new(config);
            let mut failure = None;
            for finished in receiver {
                let (index, engine1_first) = (finished.index, finished.engine1_first);
                let record = match finished.record {
                    Ok(record) => record,
                    Err(error) => {
                        stop.store(true, Ordering::Relaxed);
                        failure.get_or_insert(error);
                        continue;
                    }
                };
                if let Err(error) = main.finished(index, engine1_first, &record, pgn.as_mut()) {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(error);
                }
                if main.decided {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            main.clear_progress();
            if let Some(error) = failure {
                // What was played still counts: the score first, then why
                // the match could not go on.
                let played = main.tally.total.games();
                if played > 0 {
                    main.print_summary(true);
                }
                let plural = if played == 1 { "" } else { "s" };
                return Err(format!(
                    "{error}; the match stopped after {played} finished game{plural}"
                ));
            }
            main.print_summary(true);
            if main.uncounted > 0 {
                say(&format!(
                    "{} games that finished after the SPRT decision are in the PGN but not counted",
                    main.uncounted
                ));
            }
            say(&format!(
                "Finished match: {} games in {:.1} s",
                main.tally.total.games(),
                started.elapsed().as_secs_f64()
            ));
            Ok(())
        })
    }
}

/// The opening of every game slot: from the file in the chosen order, or
/// the game's random starts, or its start position.
fn opening_sequence<G: Game>(config: &MatchConfig) -> Result<Vec<G>, String> {
    let slots = if config.repeat {
        config.games.div_ceil(2)
    } else {
        config.games
    } as usize;
    let mut rng = Rng::new(config.seed);
    match &config.openings {
        Some(path) => {
            let mut book = load_openings::<G>(path)?;
            if config.order == Order::Random {
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

/// A worker: plays games until none is left or the match stops.
fn work<G: Game>(
    config: &MatchConfig,
    openings: &[G],
    next: &AtomicU32,
    stop: &AtomicBool,
    sender: &crossbeam_channel::Sender<Finished>,
) {
    let mut processes: [Option<EngineProcess>; 2] = [None, None];
    while !stop.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index >= config.games {
            break;
        }
        let slot = if config.repeat { index / 2 } else { index } as usize;
        let opening = &openings[slot % openings.len()];
        let engine1_first = index.is_multiple_of(2);
        let [p1, p2] = &mut processes;
        let [s1, s2] = &config.engines;
        let seat1 = Seat {
            spec: s1,
            process: p1,
        };
        let seat2 = Seat {
            spec: s2,
            process: p2,
        };
        let seats = if engine1_first {
            [seat1, seat2]
        } else {
            [seat2, seat1]
        };
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

/// The main thread's bookkeeping: output, PGN, statistics, SPRT.
struct MainLoop<'a> {
    config: &'a MatchConfig,
    tally: Tally,
    /// First games of pairs whose second game has not finished.
    half_pairs: HashMap<u32, u32>,
    date: String,
    progress: bool,
    /// Set once an SPRT bound is crossed; games finishing after that are
    /// written to the PGN but not counted, so the verdict stands.
    decided: bool,
    uncounted: u32,
}

impl<'a> MainLoop<'a> {
    fn new(config: &'a MatchConfig) -> Self {
        MainLoop {
            config,
            tally: Tally::default(),
            half_pairs: HashMap::new(),
            date: pgn::today(),
            progress: std::io::stderr().is_terminal(),
            decided: false,
            uncounted: 0,
        }
    }

    fn names(&self) -> [&'a str; 2] {
        let [a, b] = &self.config.engines;
        [a.name.as_str(), b.name.as_str()]
    }

    fn finished(
        &mut self,
        index: u32,
        engine1_first: bool,
        record: &GameRecord,
        pgn_file: Option<&mut File>,
    ) -> Result<(), String> {
        let [a, b] = &self.config.engines;
        let (white, black) = if engine1_first { (a, b) } else { (b, a) };
        if let Some(file) = pgn_file {
            let header = pgn::PgnHeader {
                event: &self.config.event,
                round: index + 1,
                white: &white.name,
                black: &black.name,
                game: &self.config.game,
                time_controls: [white.limit.pgn(), black.limit.pgn()],
                date: &self.date,
            };
            file.write_all(pgn::format_game(&header, record).as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write the PGN file: {e}"))?;
        }
        self.clear_progress();
        say(&format!(
            "Finished game {} ({} vs {}): {} {{{}}}",
            index + 1,
            white.name,
            black.name,
            record.result_text(),
            record.reason
        ));
        if self.decided {
            self.uncounted += 1;
            return Ok(());
        }
        let halves = self.tally.add(record.result, engine1_first);
        if self.config.repeat {
            let pair = index / 2;
            match self.half_pairs.remove(&pair) {
                Some(other) => self.tally.pairs.add(other, halves),
                None => {
                    self.half_pairs.insert(pair, halves);
                }
            }
        }
        if let Some(sprt) = &self.config.sprt {
            let llr = self.tally.llr(sprt, self.config.repeat);
            self.decided = sprt.decide(llr) != SprtDecision::Continue;
        }
        let done = self.tally.total.games();
        let interval = self.config.rating_interval;
        if !self.decided
            && interval > 0
            && done.is_multiple_of(interval)
            && done < self.config.games
        {
            self.print_summary(false);
        }
        self.show_progress();
        Ok(())
    }

    fn print_summary(&self, decided: bool) {
        for line in summary(
            &self.tally,
            self.names(),
            self.config.sprt.as_ref(),
            self.config.repeat,
            decided && self.decided,
        ) {
            say(&line);
        }
        let _ = std::io::stdout().flush();
    }

    fn show_progress(&self) {
        if !self.progress {
            return;
        }
        let t = &self.tally.total;
        let [a, b] = self.names();
        eprint!(
            "\r\x1b[K[{}/{}] {a} vs {b}: {} - {} - {} [{:.3}]",
            t.games(),
            self.config.games,
            t.wins,
            t.losses,
            t.draws,
            t.score()
        );
        let _ = std::io::stderr().flush();
    }

    fn clear_progress(&self) {
        if self.progress {
            eprint!("\r\x1b[K");
        }
    }
}
