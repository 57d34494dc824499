//! The game being played: its position and move history, the rules
//! authority's answers about it, and the jobs (search, perft) that run on it.
//!
//! [`Session`] is object-safe so the protocol loop can switch games at run
//! time; [`TypedSession`] implements it once, generically, for every game.

use std::fmt::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::Duration;

use ahash::AHashMap;
use crossbeam_channel::{bounded, Receiver};

use super::command::{GoParams, PositionBase};
use super::output::Output;
use crate::game::{Game, GameResult, Player};
use crate::games::{visit_game, GameVisitor};
use crate::search::{
    self, Clock, Limits, ScoreReport, SearchInfo, SearchRequest, Signals, TranspositionTable,
};
use crate::tools::perft::split_perft;

/// How a game stands, with the session's repetition rule applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The result.
    pub result: GameResult,
    /// Why the game is over (empty while it goes on).
    pub reason: String,
}

/// Engine settings a job needs.
#[derive(Clone, Debug)]
pub struct JobSettings {
    /// Search threads.
    pub threads: usize,
    /// Principal variations.
    pub multipv: usize,
    /// Time kept back from the clock.
    pub move_overhead: Duration,
}

/// A search or perft running on its own thread.
pub struct RunningJob {
    /// Stop and ponderhit go through here.
    pub signals: Arc<Signals>,
    done: Receiver<()>,
    /// The job's own writer, closed if the engine stops waiting for it.
    out: Output,
    /// A perft count, which ends without a `bestmove`.
    pub is_perft: bool,
}

impl RunningJob {
    /// Whether the job has printed its last line.
    pub fn is_finished(&self) -> bool {
        !matches!(
            self.done.try_recv(),
            Err(crossbeam_channel::TryRecvError::Empty)
        )
    }

    /// Waits up to `timeout` for the job to finish; true if it did.
    pub fn wait(&self, timeout: Duration) -> bool {
        !matches!(
            self.done.recv_timeout(timeout),
            Err(crossbeam_channel::RecvTimeoutError::Timeout)
        )
    }

    /// Gives up on a job that did not stop: whatever it prints from now on
    /// is dropped, so it cannot mix into later output.
    pub fn abandon(self) {
        self.out.close();
    }
}

/// A game in progress, whatever the game.
pub trait Session: Send {
    /// The game's name.
    fn game_name(&self) -> &'static str;
    /// The game's start position in its notation.
    fn start_fen(&self) -> String;
    /// Sets the position; on error the previous one stays.
    fn set_position(&mut self, base: &PositionBase, moves: &[String]) -> Result<(), String>;
    /// The current position in the game's notation.
    fn fen(&self) -> String;
    /// Every legal move, in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Whether the game is over, and how.
    fn status(&self) -> Status;
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// The `d` output.
    fn display(&self) -> String;
    /// The game's [`Game::prepare`], to run on any thread.
    fn table_preparer(&self) -> fn();
    /// Starts `go` (a search, or perft) on a thread that prints its output
    /// (to a detachable writer of `out`).
    fn start_job(
        &self,
        go: &GoParams,
        settings: &JobSettings,
        tt: Arc<TranspositionTable>,
        out: Output,
    ) -> Result<RunningJob, String>;
}

/// A new session for the game called `name`, at its start position.
pub fn new_session(name: &str) -> Option<Box<dyn Session>> {
    struct MakeSession;
    impl GameVisitor for MakeSession {
        type Output = Box<dyn Session>;
        fn visit<G: Game>(self) -> Box<dyn Session> {
            Box::new(TypedSession::<G>::new(G::startpos()))
        }
    }
    visit_game(name, MakeSession)
}

/// The session of game `G`.
#[derive(Clone)]
pub struct TypedSession<G: Game> {
    current: G,
    /// Hashes of the positions since the last irreversible move, oldest
    /// first, the current one last.
    reversible_hashes: Vec<u64>,
    /// How often each of those positions occurred.
    occurrences: AHashMap<u64, u32>,
}

impl<G: Game> TypedSession<G> {
    /// A session at `position` with no history.
    pub fn new(position: G) -> Self {
        let mut session = TypedSession {
            current: position,
            reversible_hashes: Vec::new(),
            occurrences: AHashMap::new(),
        };
        session.record_current();
        session
    }

    fn record_current(&mut self) {
        let hash = self.current.hash();
        self.reversible_hashes.push(hash);
        *self.occurrences.entry(hash).or_insert(0) += 1;
    }

    fn play(&mut self, mv: G::Move) {
        if self.current.is_irreversible(mv) {
            self.reversible_hashes.clear();
            self.occurrences.clear();
        }
        self.current.make_move(mv);
        self.record_current();
    }

    /// The legal moves, none once the game is over (by repetition too).
    fn legal_move_list(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if self.game_status().result == GameResult::Ongoing {
            self.current.generate_moves(&mut moves);
        }
        moves
    }

    fn game_status(&self) -> Status {
        match self.current.result() {
            GameResult::Ongoing
                if self
                    .occurrences
                    .get(&self.current.hash())
                    .copied()
                    .unwrap_or(0)
                    >= 3 =>
            {
                Status {
                    result: GameResult::Draw,
                    reason: "draw by threefold repetition".to_string(),
                }
            }
            GameResult::Ongoing => Status {
                result: GameResult::Ongoing,
                reason: String::new(),
            },
            result => Status {
                result,
                reason: self.current.result_reason(),
            },
        }
    }

    fn limits(&self, go: &GoParams) -> Limits {
        let (time, inc) = match self.current.side_to_move() {
            Player::First => (go.p1_time, go.p1_inc),
            Player::Second => (go.p2_time, go.p2_inc),
        };
        Limits {
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime.map(Duration::from_millis),
            mate: go.mate,
            clock: time.map(|time| Clock {
                time_left: Duration::from_millis(time),
                increment: Duration::from_millis(inc.unwrap_or(0)),
                moves_to_go: go.moves_to_go,
            }),
            infinite: go.infinite,
            ponder: go.ponder,
        }
    }
}

/// Writes a line of moves from `position`, stopping at the first move that
/// is not legal (a line from the search always is).
pub fn format_line<G: Game>(position: &G, line: &[G::Move]) -> Vec<String> {
    let mut position = position.clone();
    let mut words = Vec::with_capacity(line.len());
    for &mv in line {
        if !position.is_legal(mv) {
            break;
        }
        words.push(position.format_move(mv));
        position.make_move(mv);
    }
    words
}

/// The `info` line for one search report.
pub fn format_info<G: Game>(root: &G, info: &SearchInfo<G::Move>) -> String {
    let score = match ScoreReport::from_score(info.score) {
        ScoreReport::Centipawns(cp) => format!("cp {cp}"),
        ScoreReport::Mate(moves) => format!("mate {moves}"),
    };
    let bound = match info.bound {
        Some(search::Bound::Lower) => " lowerbound",
        Some(search::Bound::Upper) => " upperbound",
        _ => "",
    };
    format!(
        "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} time {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.nodes,
        info.nps,
        info.time_ms,
        info.hashfull,
        format_line(root, &info.pv).join(" ")
    )
}

/// The UGI word for a result: p1win, p2win, draw or none.
pub fn result_word(result: GameResult) -> &'static str {
    match result {
        GameResult::Ongoing => "none",
        GameResult::Win(Player::First) => "p1win",
        GameResult::Win(Player::Second) => "p2win",
        GameResult::Draw => "draw",
    }
}

impl<G: Game> Session for TypedSession<G> {
    fn game_name(&self) -> &'static str {
        G::NAME
    }

    fn start_fen(&self) -> String {
        G::startpos().to_fen()
    }

    fn set_position(&mut self, base: &PositionBase, moves: &[String]) -> Result<(), String> {
        let start = match base {
            PositionBase::StartPos => G::startpos(),
            PositionBase::Fen(fen) => {
                G::from_fen(fen).map_err(|e| format!("bad position '{fen}': {e}"))?
            }
        };
        let mut next = TypedSession::new(start);
        for (number, text) in moves.iter().enumerate() {
            let status = next.game_status();
            if status.result != GameResult::Ongoing {
                return Err(format!(
                    "move {} '{}': the game is already over ({})",
                    number + 1,
                    super::command::truncate(text),
                    status.reason
                ));
            }
            let mv = next.current.parse_move(text).map_err(|e| {
                format!(
                    "move {} '{}': {e}",
                    number + 1,
                    super::command::truncate(text)
                )
            })?;
            next.play(mv);
        }
        *self = next;
        Ok(())
    }

    fn fen(&self) -> String {
        self.current.to_fen()
    }

    fn legal_moves(&self) -> Vec<String> {
        self.legal_move_list()
            .iter()
            .map(|&mv| self.current.format_move(mv))
            .collect()
    }

    fn status(&self) -> Status {
        self.game_status()
    }

    fn side_to_move(&self) -> Player {
        self.current.side_to_move()
    }

    fn display(&self) -> String {
        let status = self.game_status();
        let result = match status.result {
            GameResult::Ongoing => "none".to_string(),
            result => format!("{} ({})", result_word(result), status.reason),
        };
        format!(
            "{}\nFen: {}\nHash: {:016x}\nSide to move: {}\nLegal moves: {}\nResult: {result}",
            self.current.render(),
            self.current.to_fen(),
            self.current.hash(),
            match self.current.side_to_move() {
                Player::First => "p1 (first player)",
                Player::Second => "p2 (second player)",
            },
            self.legal_move_list().len(),
        )
    }

    fn table_preparer(&self) -> fn() {
        G::prepare
    }

    fn start_job(
        &self,
        go: &GoParams,
        settings: &JobSettings,
        tt: Arc<TranspositionTable>,
        out: Output,
    ) -> Result<RunningJob, String> {
        let search_moves = go
            .search_moves
            .iter()
            .map(|text| {
                self.current
                    .parse_move(text)
                    .map_err(|e| format!("go searchmoves: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let signals = Arc::new(Signals::new(go.ponder && go.perft.is_none()));
        let (done_sender, done) = bounded(1);
        let out = out.detachable();
        let job = Job {
            session: self.clone(),
            go: go.clone(),
            limits: self.limits(go),
            settings: settings.clone(),
            search_moves,
            tt,
            signals: Arc::clone(&signals),
            out: out.clone(),
        };
        std::thread::Builder::new()
            .name("search".to_string())
            .stack_size(32 << 20)
            .spawn(move || {
                job.run();
                let _ = done_sender.send(());
            })
            .map_err(|e| format!("cannot start the search thread: {e}"))?;
        Ok(RunningJob {
            signals,
            done,
            out,
            is_perft: go.perft.is_some(),
        })
    }
}

/// Everything a job thread owns.
struct Job<G: Game> {
    session: TypedSession<G>,
    go: GoParams,
    limits: Limits,
    settings: JobSettings,
    search_moves: Vec<G::Move>,
    tt: Arc<TranspositionTable>,
    signals: Arc<Signals>,
    out: Output,
}

impl<G: Game> Job<G> {
    fn run(self) {
        if let Some(depth) = self.go.perft {
            self.run_perft(depth);
            return;
        }
        let status = self.session.game_status();
        if status.result != GameResult::Ongoing {
            self.signals.wait_for_release(self.limits.infinite);
            self.out
                .info_string(&format!("game over: {}", status.reason));
            self.out.line("bestmove (none)");
            return;
        }
        let root = &self.session.current;
        let history = &self.session.reversible_hashes[..self.session.reversible_hashes.len() - 1];
        let request = SearchRequest {
            root,
            history,
            limits: &self.limits,
            multipv: self.settings.multipv,
            threads: self.settings.threads,
            move_overhead: self.settings.move_overhead,
            search_moves: &self.search_moves,
        };
        let out = &self.out;
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            search::search(&request, &self.tt, &self.signals, &mut |info| {
                out.line(&format_info(root, info))
            })
        }));
        let (best, ponder) = match outcome {
            Ok(outcome) => (outcome.best_move, outcome.ponder_move),
            Err(_) => {
                out.error("internal error in the search; playing the best move it found");
                self.signals.wait_for_release(self.limits.infinite);
                (self.fallback_move(), None)
            }
        };
        let Some(best) = best else {
            out.line("bestmove (none)");
            return;
        };
        let line: Vec<G::Move> = std::iter::once(best).chain(ponder).collect();
        match format_line(root, &line).as_slice() {
            [best, reply] => out.line(&format!("bestmove {best} ponder {reply}")),
            _ => out.line(&format!("bestmove {}", root.format_move(best))),
        }
    }

    /// The move to play when the search failed: the best move of its last
    /// completed iteration (the table's root entry), else the first legal
    /// move.
    fn fallback_move(&self) -> Option<G::Move> {
        let root = &self.session.current;
        let allowed = |mv: &G::Move| self.search_moves.is_empty() || self.search_moves.contains(mv);
        let searched = self
            .tt
            .probe::<G::Move>(root.hash())
            .and_then(|entry| entry.mv)
            .filter(|&mv| root.is_legal(mv) && allowed(&mv));
        searched.or_else(|| {
            let mut moves = Vec::new();
            root.generate_moves(&mut moves);
            moves.into_iter().find(allowed)
        })
    }

    fn run_perft(&self, depth: u32) {
        let root = &self.session.current;
        let started = std::time::Instant::now();
        let Some(split) = split_perft(root, depth, &|| self.signals.is_stopped()) else {
            self.out.info_string("perft stopped");
            return;
        };
        // One write for the whole report: a root can have 400 000 moves, and
        // a line-by-line write would keep the job busy for seconds.
        let mut report = String::new();
        let mut total = 0;
        for (mv, count) in split {
            let _ = writeln!(report, "{}: {count}", root.format_move(mv));
            total += count;
        }
        let micros = started.elapsed().as_micros().max(1) as u64;
        let _ = write!(
            report,
            "Nodes searched: {total}\ninfo string perft depth {depth} nodes {total} time {} nps {}",
            micros / 1000,
            total.saturating_mul(1_000_000) / micros
        );
        self.out.line(&report);
    }
}
