//! The game being played: its position and move history, the rules
//! authority's answers about it, and the jobs (search, perft) that run on it.
//!
//! [`Session`] is object-safe so the protocol loop can switch games at run
//! time; [`TypedSession`] implements it once, generically, for every game.

use std::cell::RefCell;
use std::fmt::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;
use std::time::Duration;

use crossbeam_channel::{bounded, Receiver};
use ludus_rules::games::{visit_game, GameVisitor};
use ludus_rules::perft::split_perft;
use ludus_rules::protocol::{Go, InfoLine, ProvenLine, ProvenSource};
use ludus_rules::{AnyGame, GameResult, Searchable, TypedGame};
use web_time::Instant;

use super::networks::NetGame;
use super::options::GameOptionInfo;
use super::output::Output;
use super::proofs;
use crate::nnue::Network;
use crate::platform;
use crate::search::features::FeatureSwitches;
use crate::search::{
    self, protocol_score, Limits, SearchInfo, SearchOutcome, SearchRequest, Signals,
    TranspositionTable,
};
use crate::skill::{Candidates, Skill};
use ludus_rules::proof::proven::Proven;
use ludus_rules::proof::Value;
use ludus_rules::random::Rng;
use ludus_rules::Tooling;

/// The largest `go mate` the search tells apart: a forced win takes at
/// most `MATE - MATE_BOUND` plies to be scored as one.
pub const MAX_MATE_MOVES: u32 = ((search::MATE - search::MATE_BOUND) / 2) as u32;

/// Engine settings a job needs.
#[derive(Clone, Debug)]
pub struct JobSettings {
    /// Search threads.
    pub threads: usize,
    /// Whether several threads search deterministically.
    pub deterministic: bool,
    /// Principal variations.
    pub multipv: usize,
    /// Time kept back from the clock.
    pub move_overhead: Duration,
    /// Whether `bestmove` names the expected reply (`ponder <move>`).
    pub ponder_move: bool,
    /// Contempt for avoidable draws, in centipawns.
    pub contempt: i32,
    /// The playing strength: full, or a level that looks less deep and
    /// draws its move among the best lines.
    pub skill: Skill,
    /// The search feature switches over the game's own, for
    /// measurements (see [`crate::search::features`]).
    pub feature_switches: FeatureSwitches,
    /// The network to evaluate with; `None`: the linear evaluation.
    pub net: Option<Arc<Network>>,
    /// The proof loaded by `ProofFile`: where it decides the root, a
    /// full-strength `go` plays its move.
    pub proven: Option<Arc<Proven>>,
}

/// What a job is started with.
pub struct JobStart<'a> {
    /// The `go` command.
    pub go: &'a Go,
    /// When the command was read: a search's clock runs from then.
    pub read_at: Instant,
    /// The engine's settings.
    pub settings: JobSettings,
    /// The transposition table, shared with later searches.
    pub tt: Arc<TranspositionTable>,
    /// The engine's writer.
    pub out: Output,
}

/// A search or perft running on its own thread (or, without threads,
/// already run to its end).
pub struct RunningJob {
    /// Stop and ponderhit go through here.
    pub signals: Arc<Signals>,
    done: Receiver<()>,
    /// The job's own writer, closed if the engine stops waiting for it.
    out: Output,
    /// A perft count, which ends without a `bestmove`.
    pub is_perft: bool,
    /// The job ends by itself: a perft, or a search with a depth, node,
    /// time, clock or mate limit that is neither infinite nor pondering.
    pub finishes_alone: bool,
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

/// A game in progress and what the engine keeps with it, whatever the
/// game.
pub trait Session: Send {
    /// The game: its position, moves and rules, text in and text out.
    fn game(&self) -> &dyn AnyGame;
    /// The game, to set its position.
    fn game_mut(&mut self) -> &mut dyn AnyGame;
    /// Sets the game's own options: every option it declares at its
    /// default, then those of `values` (declared name, canonical value)
    /// that are its own.
    fn configure(&mut self, values: &[(&'static str, String)]);
    /// What the game offers a network (its inputs, its built-in one).
    fn net_game(&self) -> NetGame;
    /// The game's [`Searchable::prepare`] under the current settings, to
    /// run on any thread.
    fn table_preparer(&self) -> Box<dyn FnOnce() + Send>;
    /// Checks what `go` names in the position (its `searchmoves`), so a
    /// bad `go` can be refused before it stops a running search.
    fn check_go(&self, go: &Go) -> Result<(), String>;
    /// Starts `start.go` (a search, or perft) on a thread that prints its
    /// output (to a detachable writer of `start.out`).
    fn start_job(&self, start: JobStart) -> Result<RunningJob, String>;
}

/// A new session for the game called `name`, at its start position, with
/// the game's options set from `values` (see [`Session::configure`]).
pub fn new_session(name: &str, values: &[(&'static str, String)]) -> Option<Box<dyn Session>> {
    struct MakeSession<'a>(&'a [(&'static str, String)]);
    impl GameVisitor for MakeSession<'_> {
        type Output = Box<dyn Session>;
        fn visit<G: Tooling>(self) -> Box<dyn Session> {
            let mut session = TypedSession::<G>::new(G::startpos());
            session.configure(self.0);
            Box::new(session)
        }
    }
    visit_game(name, MakeSession(values))
}

/// The session of game `G`.
#[derive(Clone)]
pub struct TypedSession<G: Searchable> {
    game: TypedGame<G>,
    settings: G::Settings,
}

impl<G: Searchable> TypedSession<G> {
    /// A session at `position` with no history and the library's settings.
    pub fn new(position: G) -> Self {
        TypedSession {
            game: TypedGame::new(position),
            settings: G::Settings::default(),
        }
    }

    fn current(&self) -> &G {
        self.game.position()
    }

    /// The moves of `go searchmoves`, each legal here, or the first error.
    fn search_moves(&self, go: &Go) -> Result<Vec<G::Move>, String> {
        go.search_moves
            .iter()
            .map(|text| {
                self.current()
                    .parse_move(text)
                    .map_err(|e| format!("go searchmoves: {e}"))
            })
            .collect()
    }

    fn limits(&self, go: &Go) -> Limits {
        let limits = Limits::for_mover(go, self.current().side_to_move().index());
        Limits {
            // Beyond this a mate cannot be told from any other forced win,
            // and the search's threshold would leave the score range.
            mate: limits.mate.map(|moves| moves.min(MAX_MATE_MOVES)),
            ..limits
        }
    }
}

/// Writes a line of moves from `position`, stopping at the first move that
/// is not legal (a line from the search always is).
pub fn format_line<G: Searchable>(position: &G, line: &[G::Move]) -> Vec<String> {
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
pub fn format_info<G: Searchable>(root: &G, info: &SearchInfo<G::Move>) -> String {
    let line = InfoLine {
        depth: Some(info.depth),
        seldepth: Some(info.seldepth),
        multipv: info.multipv as u32,
        score: Some(protocol_score(info.score)),
        bound: info.bound,
        nodes: Some(info.nodes),
        nps: Some(info.nps),
        time_ms: Some(info.time_ms),
        hashfull: Some(info.hashfull),
        pv: format_line(root, &info.pv),
    };
    line.to_string()
}

impl<G: Searchable> Session for TypedSession<G> {
    fn game(&self) -> &dyn AnyGame {
        &self.game
    }

    fn game_mut(&mut self) -> &mut dyn AnyGame {
        &mut self.game
    }

    fn configure(&mut self, values: &[(&'static str, String)]) {
        let mut settings = G::Settings::default();
        for option in G::OPTIONS {
            (option.apply)(&mut settings, option.kind.default_value());
        }
        for (name, text) in values {
            let Some(option) = G::OPTIONS.iter().find(|o| o.name == *name) else {
                continue;
            };
            // Stored values were checked when set.
            if let Ok(value) = GameOptionInfo::of::<G>(option).parse(Some(text)) {
                (option.apply)(&mut settings, value);
            }
        }
        self.settings = settings;
    }

    fn net_game(&self) -> NetGame {
        NetGame::of::<G>()
    }

    fn table_preparer(&self) -> Box<dyn FnOnce() + Send> {
        let settings = self.settings.clone();
        Box::new(move || G::prepare(&settings))
    }

    fn check_go(&self, go: &Go) -> Result<(), String> {
        self.search_moves(go).map(drop)
    }

    fn start_job(&self, start: JobStart) -> Result<RunningJob, String> {
        let JobStart {
            go,
            read_at,
            settings,
            tt,
            out,
        } = start;
        let search_moves = self.search_moves(go)?;
        let ponder = go.ponder && go.perft.is_none();
        let signals = Arc::new(Signals::starting_at(read_at, ponder));
        let (done_sender, done) = bounded(1);
        let out = out.detachable();
        let mut draws = Rng::new(draw_seed(self.current().hash()));
        let job_limits = settings.skill.limit(self.limits(go), draws.unit());
        let lines = settings.multipv.max(settings.skill.lines(draws.unit()));
        let job = Job {
            session: self.clone(),
            go: go.clone(),
            limits: job_limits.clone(),
            lines,
            settings,
            search_moves,
            tt,
            signals: Arc::clone(&signals),
            out: out.clone(),
        };
        platform::run_detached("search", 32 << 20, move || {
            job.run();
            let _ = done_sender.send(());
        })?;
        Ok(RunningJob {
            signals,
            done,
            out,
            is_perft: go.perft.is_some(),
            finishes_alone: finishes_alone(go, &job_limits),
        })
    }
}

/// Whether a job of `go` with `limits` (the mover's clock picked) ends
/// without `stop`.
fn finishes_alone(go: &Go, limits: &Limits) -> bool {
    if go.perft.is_some() {
        return true;
    }
    let limited = limits.depth.is_some()
        || limits.nodes.is_some()
        || limits.movetime.is_some()
        || limits.mate.is_some()
        || limits.clock.is_some();
    limited && !limits.infinite && !limits.ponder
}

/// A seed for a level's draw: the clock mixed with the position, so the
/// same position does not always get the same weaker move.
fn draw_seed(position_hash: u64) -> u64 {
    let nanos = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64);
    nanos ^ position_hash
}

/// Everything a job thread owns.
struct Job<G: Searchable> {
    session: TypedSession<G>,
    go: Go,
    limits: Limits,
    /// The lines to search (MultiPV): the asked number, or more for a
    /// level to draw among.
    lines: usize,
    settings: JobSettings,
    search_moves: Vec<G::Move>,
    tt: Arc<TranspositionTable>,
    signals: Arc<Signals>,
    out: Output,
}

impl<G: Searchable> Job<G> {
    fn run(self) {
        if let Some(depth) = self.go.perft {
            self.run_perft(depth);
            return;
        }
        let status = self.session.game.log().status();
        if status.result != GameResult::Ongoing {
            self.signals.wait_for_release(self.limits.infinite);
            self.out
                .info_string(&format!("game over: {}", status.reason));
            self.out.line("bestmove (none)");
            return;
        }
        let root = self.session.current();
        let skill = self.settings.skill;
        if let Some((mv, value)) = self.proven_move() {
            self.play_proven(mv, value);
            return;
        }
        let settings = match skill.is_full() {
            true => self.session.settings.clone(),
            false => G::without_solutions(&self.session.settings),
        };
        let request = SearchRequest {
            multipv: self.lines,
            move_overhead: self.settings.move_overhead,
            search_moves: &self.search_moves,
            ..SearchRequest::new(root, &settings, &self.limits)
                .with_history(self.session.game.log().history())
                .with_threads(self.settings.threads, self.settings.deterministic)
                .with_contempt(self.settings.contempt)
                .with_feature_switches(self.settings.feature_switches)
                .with_net(self.settings.net.as_deref())
        };
        let out = &self.out;
        let lines = RefCell::new(Candidates::default());
        let mut answered = false;
        let searched = catch_unwind(AssertUnwindSafe(|| {
            let mut report = |info: &SearchInfo<G::Move>| {
                // Full strength plays the search's own move: nothing to keep.
                if !skill.is_full() {
                    lines.borrow_mut().observe(info);
                }
                out.line(&format_info(root, info))
            };
            // The answer goes out the moment the search has it, before its
            // threads are joined.
            let mut decided = |outcome: &SearchOutcome<G::Move>| {
                let known = root.known_value(&settings).filter(|_| skill.is_full());
                if let Some(value) = known.filter(|&v| proofs::shows(outcome.score, v)) {
                    let source = ProvenSource::Table;
                    out.line(&ProvenLine { value, source }.to_string());
                }
                let (best, ponder) = self.choose(outcome, &lines.borrow());
                self.answer(best, ponder);
                answered = true;
            };
            search::search_then(&request, &self.tt, &self.signals, &mut report, &mut decided)
        }));
        if searched.is_err() && !answered {
            out.error("internal error in the search; playing the best move it found");
            self.signals.wait_for_release(self.limits.infinite);
            self.answer(self.fallback_move(), None);
        }
    }

    /// The proof's move and the value it keeps, where the loaded proof
    /// decides the root, the move is among `searchmoves` and the engine
    /// plays at full strength.
    fn proven_move(&self) -> Option<(G::Move, Value)> {
        let proven = self.settings.proven.as_ref()?;
        if !self.settings.skill.is_full() {
            return None;
        }
        let allowed = |mv: &G::Move| self.search_moves.is_empty() || self.search_moves.contains(mv);
        proven
            .best_move(self.session.current())
            .filter(|(mv, _)| allowed(mv))
    }

    /// Answers from the proof: one line with the proven score and move, the
    /// `proven` line, then (once an infinite or pondering search is
    /// released) `bestmove`.
    fn play_proven(&self, mv: G::Move, value: Value) {
        let root = self.session.current();
        let line = InfoLine {
            depth: Some(1),
            seldepth: Some(1),
            multipv: 1,
            score: Some(proofs::proof_score(value)),
            bound: None,
            nodes: Some(0),
            nps: Some(0),
            time_ms: Some(self.signals.elapsed().as_millis() as u64),
            hashfull: None,
            pv: vec![root.format_move(mv)],
        };
        self.out.line(&line.to_string());
        let (value, source) = (proofs::known(value), ProvenSource::Proof);
        self.out.line(&ProvenLine { value, source }.to_string());
        self.signals.wait_for_release(self.limits.infinite);
        self.answer(Some(mv), None);
    }

    /// The move to play and the reply to ponder on after the search's
    /// `outcome`: the search's own at full strength, else a level's draw
    /// among the `lines` it saw (or, on its random share, any legal move).
    fn choose(
        &self,
        outcome: &SearchOutcome<G::Move>,
        lines: &Candidates<G::Move>,
    ) -> (Option<G::Move>, Option<G::Move>) {
        let skill = self.settings.skill;
        if skill.is_full() {
            return (outcome.best_move, outcome.ponder_move);
        }
        let mut rng = Rng::new(draw_seed(self.session.current().hash()));
        match rng.unit() < skill.random_share() {
            true => (self.random_move(&mut rng), None),
            false => lines
                .draw(&skill, &mut rng)
                .map_or((outcome.best_move, outcome.ponder_move), |(mv, reply)| {
                    (Some(mv), reply)
                }),
        }
    }

    /// Prints `bestmove` for `best` (with `ponder` where the dialect wants
    /// it), or `bestmove (none)`.
    fn answer(&self, best: Option<G::Move>, ponder: Option<G::Move>) {
        let (root, out) = (self.session.current(), &self.out);
        let Some(best) = best else {
            out.line("bestmove (none)");
            return;
        };
        let ponder = ponder.filter(|_| self.settings.ponder_move);
        let line: Vec<G::Move> = std::iter::once(best).chain(ponder).collect();
        match format_line(root, &line).as_slice() {
            [best, reply] => out.line(&format!("bestmove {best} ponder {reply}")),
            _ => out.line(&format!("bestmove {}", root.format_move(best))),
        }
        // For measuring the delay between the search's clock and the GUI's.
        log::debug!("bestmove sent at {} ms", self.signals.elapsed().as_millis());
    }

    /// A legal move (among `searchmoves`, if given) drawn uniformly: what a
    /// level below 0 plays on its random share of moves.
    fn random_move(&self, rng: &mut Rng) -> Option<G::Move> {
        let mut moves = Vec::new();
        self.session.current().generate_moves(&mut moves);
        moves.retain(|mv| self.search_moves.is_empty() || self.search_moves.contains(mv));
        (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
    }

    /// The move to play when the search failed: the best move of its last
    /// completed iteration (the table's root entry), else the first legal
    /// move.
    fn fallback_move(&self) -> Option<G::Move> {
        let root = self.session.current();
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
        let root = self.session.current();
        let started = web_time::Instant::now();
        // Depth 0 counts the position itself, with no move to split by.
        let split = match depth {
            0 => Some(Vec::new()),
            _ => split_perft(root, depth, &|| self.signals.is_stopped()),
        };
        let Some(split) = split else {
            self.out.info_string("perft stopped");
            return;
        };
        // One write for the whole report: a root can have 400 000 moves, and
        // a line-by-line write would keep the job busy for seconds.
        let mut report = String::new();
        let mut total = u64::from(depth == 0);
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
