//! The ledger of a running match, kept on the main thread: each finished
//! game goes to the PGN, the output, the results file and the tally, and
//! the SPRT is asked whether to stop.

use std::fs::File;
use std::io::{IsTerminal, Write};

use super::config::MatchConfig;
use super::pair_count::PairLabels;
use super::pair_pgn::{PairPgn, ReadyGame};
use super::pgn;
use super::referee::GameRecord;
use super::report::{summary, CompletePair, Counted, ReportSetup, Tally};
use super::results::{EndEntry, EndStatus, Failures, GameEntry, PairEntry, Record, ResultsWriter};
use super::shard::Shard;
use super::stats::SprtDecision;

/// Prints a line of match output. A closed standard output (say, piped into
/// `head`) does not stop the match: the PGN is its record.
pub fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// The main thread's bookkeeping: output, PGN, results file, statistics,
/// SPRT.
pub struct Ledger<'a> {
    config: &'a MatchConfig,
    /// The game's pair scoring, if it has one.
    pair_labels: Option<PairLabels>,
    /// Pairs half written to the PGN, when pairs carry their totals.
    pair_pgn: Option<PairPgn>,
    /// The counted games.
    pub tally: Tally,
    /// Finished games of this run and the runs it resumes: how many, and
    /// each engine's failures among them (for the end record; the games
    /// themselves are not kept, so a long match's memory stays flat).
    games: u32,
    failures: [Failures; 2],
    /// Games in this shard (or match).
    planned: usize,
    results: Option<ResultsWriter>,
    date: String,
    progress: bool,
    /// Whether the SPRT may stop this run: not in a shard of several, where
    /// only the merged shards can decide.
    sprt_stops: bool,
    /// Set once an SPRT bound is crossed; games finishing after that are
    /// written to the PGN but not counted, so the verdict stands.
    pub decided: bool,
    /// Games finished after the decision.
    pub uncounted: u32,
}

impl<'a> Ledger<'a> {
    /// Empty ledger for `config`, whose game scores pairs as `pair_labels`
    /// say (if it does), writing to `results` if given.
    pub fn new(
        config: &'a MatchConfig,
        pair_labels: Option<PairLabels>,
        results: Option<ResultsWriter>,
    ) -> Self {
        Ledger {
            config,
            pair_labels,
            pair_pgn: (pair_labels.is_some() && config.schedule.repeat).then(PairPgn::default),
            tally: Tally::default(),
            games: 0,
            failures: [Failures::default(); 2],
            planned: config
                .shard
                .games(config.games, config.schedule.repeat)
                .len(),
            results,
            date: pgn::today(),
            progress: std::io::stderr().is_terminal(),
            sprt_stops: config.shard == Shard::WHOLE,
            decided: false,
            uncounted: 0,
        }
    }

    fn names(&self) -> [&'a str; 2] {
        let [a, b] = &self.config.engines;
        [a.name.as_str(), b.name.as_str()]
    }

    /// Keeps what the end record needs of a finished game.
    fn keep(&mut self, entry: &GameEntry) {
        self.games += 1;
        let [a, b] = &self.config.engines;
        Failures::add(&mut self.failures, [&a.name, &b.name], entry);
    }

    /// Counts a game an earlier run finished (`--resume`), silently.
    pub fn recount(&mut self, entry: &GameEntry) {
        if entry.counted {
            self.count(entry.counted(&self.config.engines[0].name));
        } else {
            self.uncounted += 1;
        }
        self.keep(entry);
    }

    /// Enters game `index` (from 0) in the ledger. The results file's line
    /// comes first: it is what `--resume` and `ludus match-merge` go by, so
    /// a kill right after it leaves the game counted (and at worst missing
    /// from the PGN), never played twice.
    pub fn finished(
        &mut self,
        index: u32,
        engine1_first: bool,
        record: &GameRecord,
        pgn_file: Option<&mut File>,
    ) -> Result<(), String> {
        let [a, b] = &self.config.engines;
        let (white, black) = if engine1_first { (a, b) } else { (b, a) };
        let result = record
            .result
            .ok_or_else(|| format!("game {} ended without a result", index + 1))?;
        let entry = GameEntry {
            game: index + 1,
            white: white.name.clone(),
            black: black.name.clone(),
            opening: record.start_fen.clone(),
            result,
            reason: record.reason.clone(),
            termination: record.termination,
            plies: record.moves.len(),
            counted: !self.decided,
            counts: record.counts,
        };
        self.write(&Record::Game(entry.clone()))?;
        self.keep(&entry);
        let counted = !self.decided;
        let pair = match counted {
            true => self.count(entry.counted(&a.name)),
            false => None,
        };
        if let Some(file) = pgn_file {
            let game = ReadyGame {
                index,
                engine1_first,
                record: record.clone(),
                pair_totals: None,
            };
            let ready = match &mut self.pair_pgn {
                Some(pairs) => pairs.finished(game),
                None => vec![game],
            };
            for game in &ready {
                self.write_pgn(file, game)?;
            }
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
        if !counted {
            self.uncounted += 1;
            return Ok(());
        }
        if let Some(pair) = pair {
            self.write(&Record::Pair(PairEntry {
                pair: pair.pair + 1,
                games: [2 * pair.pair + 1, 2 * pair.pair + 2],
                points: pair.halves.map(|h| f64::from(h) / 2.0),
                counts: pair.counts,
            }))?;
        }
        let done = self.tally.total.games();
        let interval = self.config.rating_interval;
        if !self.decided
            && interval > 0
            && done.is_multiple_of(interval)
            && (done as usize) < self.planned
        {
            self.print_summary(false);
        }
        self.show_progress();
        Ok(())
    }

    /// Appends a game to the PGN file, with the tags of its counts and
    /// its pair's totals, if any.
    fn write_pgn(&self, file: &mut File, game: &ReadyGame) -> Result<(), String> {
        let [a, b] = &self.config.engines;
        let (white, black) = if game.engine1_first { (a, b) } else { (b, a) };
        let header = pgn::PgnHeader {
            event: &self.config.event,
            round: game.index + 1,
            white: &white.name,
            black: &black.name,
            game: &self.config.game,
            time_controls: [white.limit.pgn(), black.limit.pgn()],
            date: &self.date,
            extra: self.count_tags(&game.record, game.pair_totals),
        };
        file.write_all(pgn::format_game(&header, &game.record).as_bytes())
            .and_then(|()| file.flush())
            .map_err(|e| format!("cannot write the PGN file: {e}"))
    }

    /// Writes the second games of pairs whose first game was never played
    /// (the match stopped), which waited for it.
    pub fn flush_pgn(&mut self, file: Option<&mut File>) -> Result<(), String> {
        let (Some(file), Some(pairs)) = (file, &mut self.pair_pgn) else {
            return Ok(());
        };
        for game in pairs.take_waiting() {
            self.write_pgn(file, &game)?;
        }
        Ok(())
    }

    /// The PGN tags of a game's counts (White's first) and of its pair's
    /// totals (White's engine first), if any.
    fn count_tags(
        &self,
        record: &GameRecord,
        pair_totals: Option<[u32; 2]>,
    ) -> Vec<(String, String)> {
        self.pair_labels
            .map(|labels| labels.tags(record.counts, pair_totals))
            .unwrap_or_default()
    }

    /// Counts a game, and asks the SPRT; returns the pair it completes.
    fn count(&mut self, game: Counted) -> Option<CompletePair> {
        let paired = self.config.schedule.repeat;
        let pair = self.tally.add_game(game, paired);
        if let Some(sprt) = self.config.sprt.as_ref().filter(|_| self.sprt_stops) {
            let llr = self.tally.llr(sprt, paired);
            self.decided = sprt.decide(llr) != SprtDecision::Continue;
        }
        pair
    }

    fn write(&mut self, record: &Record) -> Result<(), String> {
        match &mut self.results {
            Some(results) => results.write(record),
            None => Ok(()),
        }
    }

    /// Writes the results file's `end` line: the shard has played all its
    /// games, or the SPRT has decided.
    pub fn end(&mut self) -> Result<(), String> {
        let status = match self.config.sprt.as_ref().filter(|_| self.decided) {
            Some(sprt) => match sprt.decide(self.tally.llr(sprt, self.config.schedule.repeat)) {
                SprtDecision::AcceptH0 => EndStatus::H0Accepted,
                _ => EndStatus::H1Accepted,
            },
            None => EndStatus::Complete,
        };
        let t = &self.tally.total;
        let end = EndEntry {
            status,
            games: self.games,
            score: [t.wins, t.losses, t.draws],
            ptnml: self.tally.pairs.buckets(),
            failures: self.failures,
        };
        self.write(&Record::End(end))
    }

    /// The score report; `decided` adds the SPRT's verdict if there is one.
    pub fn print_summary(&self, decided: bool) {
        let setup = ReportSetup {
            names: self.names(),
            sprt: self.config.sprt.as_ref(),
            paired: self.config.schedule.repeat,
            pair_labels: self.pair_labels,
        };
        for line in summary(&self.tally, &setup, decided && self.decided) {
            say(&line);
        }
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
            self.planned,
            t.wins,
            t.losses,
            t.draws,
            t.score()
        );
        let _ = std::io::stderr().flush();
    }

    /// Clears the progress line.
    pub fn clear_progress(&self) {
        if self.progress {
            eprint!("\r\x1b[K");
        }
    }
}
