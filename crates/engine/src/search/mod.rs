//! The generic search: iterative deepening, principal-variation alpha-beta
//! with aspiration windows, quiescence, one shared lock-free transposition
//! table, Lazy SMP threads and time management. It knows games only through
//! [`Searchable`].

pub mod features;
pub mod ordering;
mod params;
mod practical;
mod pruning;
mod root;
mod settled;
mod split;
pub mod time;
pub mod timeman;
pub mod tt;
mod worker;

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use parking_lot::{Condvar, Mutex, RwLock};

use ludus_rules::{GameResult, Player, SearchFeatures, Searchable};
use params::{ASPIRATION_DELTA, ASPIRATION_MAX_DELTA, ASPIRATION_MIN_DEPTH};
use root::{root_width, RootList};
use settled::{known_score, settles_every_move};
pub use time::{Clock, Limits, TimeBudget};
use timeman::{Iteration, TimeManager};
pub use tt::{Bound, TranspositionTable};
use worker::Worker;

/// The deepest ply the search reaches (iterations and quiescence included).
pub const MAX_PLY: usize = 128;
/// The score of a win at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores at least this large (in magnitude) are forced results: wins up to
/// 1000 plies away, enough for solved tables as well as the search's own.
pub const MATE_BOUND: i32 = MATE - 1000;
/// Larger than any score.
pub const INFINITY: i32 = MATE + 1;

/// A score as the protocol reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreReport {
    /// An evaluation in centipawn-like units.
    Centipawns(i32),
    /// A forced result: the moves the side to move makes until the game
    /// ends, its last one included, positive when it wins, as UCI counts
    /// them (a win on our next move is mate 1, being beaten on the
    /// opponent's next move is mate -1, and so is a forced move of ours
    /// that loses at once). Never 0: a root with a move has a move to go.
    Mate(i32),
}

impl ScoreReport {
    /// Converts a search score: a result `p` plies away is `(p + 1) / 2`
    /// of the mover's moves away, whoever wins.
    pub fn from_score(score: i32) -> Self {
        if score >= MATE_BOUND {
            ScoreReport::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            ScoreReport::Mate(-((MATE + score + 1) / 2))
        } else {
            ScoreReport::Centipawns(score)
        }
    }
}

/// How the protocol thread talks to a running search: stop, ponderhit, and
/// the moment the search started.
pub struct Signals {
    start: Instant,
    stop: AtomicBool,
    pondering: AtomicBool,
    /// Microseconds from `start` to `ponderhit`; the clock runs from then.
    ponderhit_micros: AtomicU64,
    lock: Mutex<()>,
    wake: Condvar,
}

impl Signals {
    /// Signals for a search starting now; `ponder` for `go ponder`.
    pub fn new(ponder: bool) -> Self {
        Signals {
            start: Instant::now(),
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            ponderhit_micros: AtomicU64::new(0),
            lock: Mutex::new(()),
            wake: Condvar::new(),
        }
    }

    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
        self.pondering.store(false, Relaxed);
        let _guard = self.lock.lock();
        self.wake.notify_all();
    }

    /// Whether a stop was asked for.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// Whether the search is pondering (`go ponder` before `ponderhit`).
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Relaxed)
    }

    /// The opponent played the expected move: the search goes on under its
    /// normal limits, with the clock starting now. Does nothing unless the
    /// search is pondering.
    pub fn ponderhit(&self) {
        let _guard = self.lock.lock();
        if !self.pondering.load(Relaxed) {
            return;
        }
        let micros = self.start.elapsed().as_micros() as u64;
        self.ponderhit_micros.store(micros, Relaxed);
        self.pondering.store(false, Relaxed);
        self.wake.notify_all();
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Time counted against the clock: since `ponderhit` for a ponder search.
    fn time_used(&self) -> Duration {
        self.elapsed()
            .saturating_sub(Duration::from_micros(self.ponderhit_micros.load(Relaxed)))
    }

    /// Stops the search once the time counted against the clock reaches
    /// `hard`, or returns when it stops otherwise. Runs on a timer thread of
    /// its own, so the limit holds however long a node takes and whatever
    /// state the search threads are in.
    fn watch_clock(&self, hard: Duration) {
        let mut guard = self.lock.lock();
        while !self.is_stopped() {
            if self.pondering.load(Relaxed) {
                // The clock starts at `ponderhit`, which wakes us.
                self.wake.wait_for(&mut guard, Duration::from_millis(50));
                continue;
            }
            let used = self.time_used();
            if used >= hard {
                self.stop.store(true, Relaxed);
                self.wake.notify_all();
                return;
            }
            self.wake.wait_for(&mut guard, hard - used);
        }
    }

    /// Blocks while the protocol still holds the result back: until `stop`
    /// for an infinite search, until `ponderhit` or `stop` while pondering.
    pub fn wait_for_release(&self, infinite: bool) {
        let mut guard = self.lock.lock();
        while !self.is_stopped() && (infinite || self.pondering.load(Relaxed)) {
            self.wake.wait_for(&mut guard, Duration::from_millis(50));
        }
    }
}

/// A node counter on its own cache line, written by one thread only.
#[repr(align(64))]
#[derive(Default)]
struct NodeCounter(AtomicU64);

/// What every thread of one search shares.
struct Context<'a> {
    tt: &'a TranspositionTable,
    signals: &'a Signals,
    counters: Vec<NodeCounter>,
    history: &'a [u64],
    budget: Option<TimeBudget>,
    node_limit: Option<u64>,
    /// The search techniques on: the game's, less those switched off for a
    /// measurement (see [`features`]).
    features: SearchFeatures,
    /// Per thread, the table it writes to while it searches its share of a
    /// deterministic root split (see [`split`]); empty otherwise.
    locals: Vec<TranspositionTable>,
    /// The score reported for every line instead of the search's own: the
    /// root's known value in a practical search (see [`Context::practical`]).
    reported_score: Option<i32>,
    /// Contempt for draws, in centipawns (see [`DEFAULT_CONTEMPT`]).
    contempt: i32,
    /// The side to move at the root, whom contempt is for.
    root_side: Player,
}

impl Context<'_> {
    /// Whether this is the practical search of a known draw (see
    /// [`practical`]): the table's draws do not settle nodes, so the
    /// evaluation and the opponent's chances tell drawing lines apart.
    fn practical(&self) -> bool {
        self.reported_score.is_some()
    }

    fn total_nodes(&self) -> u64 {
        self.counters.iter().map(|c| c.0.load(Relaxed)).sum()
    }

    /// Whether the threads split the root deterministically (see [`split`]).
    fn splits(&self) -> bool {
        !self.locals.is_empty()
    }

    /// Nodes left under the node limit (all of them without one).
    fn nodes_left(&self) -> u64 {
        self.node_limit
            .map_or(u64::MAX, |n| n.saturating_sub(self.total_nodes()))
    }

    /// Called by the main thread every few hundred nodes. A deterministic
    /// split enforces the node limit through each thread's own quota
    /// instead: the total at a given moment depends on the schedule.
    fn check_limits(&self) {
        if self.signals.pondering.load(Relaxed) {
            return;
        }
        let out_of_time = self
            .budget
            .is_some_and(|b| self.signals.time_used() >= b.hard);
        let out_of_nodes =
            !self.splits() && self.node_limit.is_some_and(|n| self.total_nodes() >= n);
        if out_of_time || out_of_nodes {
            self.signals.stop.store(true, Relaxed);
        }
    }
}

/// One search request.
pub struct SearchRequest<'a, G: Searchable> {
    /// The position to search.
    pub root: &'a G,
    /// The game's own settings (its protocol options).
    pub settings: &'a G::Settings,
    /// Hashes of the positions before the root since the last irreversible
    /// move, oldest first (for repetitions).
    pub history: &'a [u64],
    /// What limits the search.
    pub limits: &'a Limits,
    /// Number of principal variations to report.
    pub multipv: usize,
    /// Number of threads.
    pub threads: usize,
    /// With several threads, search so that a depth or node limit gives
    /// the same result on every run (see [`split`]).
    pub deterministic: bool,
    /// Time kept back for communication.
    pub move_overhead: Duration,
    /// Restricts the root to these moves (UCI `searchmoves`); empty = all.
    pub search_moves: &'a [G::Move],
    /// What a draw the search could avoid (by repetition or by the rules,
    /// not a table's draw) is worth to the side to move at the root, in
    /// centipawns below 0 (the opponent scores it as much above).
    pub contempt: i32,
    /// The search techniques on: the game's own
    /// ([`Searchable::SEARCH_FEATURES`]), less any a measurement switches
    /// off (see [`features`]).
    pub features: SearchFeatures,
}

impl<'a, G: Searchable> SearchRequest<'a, G> {
    /// A search of `root` under `limits` as a library caller wants it: no
    /// game before the root, one line, one thread, no overhead, every root
    /// move, no contempt, the game's own search features. A field that
    /// differs is set with a `with_` method or struct update syntax.
    pub fn new(root: &'a G, settings: &'a G::Settings, limits: &'a Limits) -> Self {
        SearchRequest {
            root,
            settings,
            history: &[],
            limits,
            multipv: 1,
            threads: 1,
            deterministic: false,
            move_overhead: Duration::ZERO,
            search_moves: &[],
            contempt: 0,
            features: G::SEARCH_FEATURES,
        }
    }

    /// The same request with the game's `history` before the root.
    pub fn with_history(self, history: &'a [u64]) -> Self {
        SearchRequest { history, ..self }
    }

    /// The same request on `threads` threads, `deterministic` or not.
    pub fn with_threads(self, threads: usize, deterministic: bool) -> Self {
        SearchRequest {
            threads,
            deterministic,
            ..self
        }
    }

    /// The same request with `contempt` for avoidable draws.
    pub fn with_contempt(self, contempt: i32) -> Self {
        SearchRequest { contempt, ..self }
    }

    /// The same request with only those of the game's features on that
    /// `switched_on` leaves on.
    pub fn with_features_on(self, switched_on: SearchFeatures) -> Self {
        SearchRequest {
            features: G::SEARCH_FEATURES.and(switched_on),
            ..self
        }
    }
}


/// The `Contempt` the engine plays with unless told otherwise: a draw the
/// search could avoid counts this much against the side to move at the
/// root, so that a side standing better plays on.
pub const DEFAULT_CONTEMPT: i32 = 20;

/// One line of search output, for an `info` line.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which principal variation (1 = best).
    pub multipv: usize,
    /// The score, from the side to move at the root.
    pub score: i32,
    /// `Some` when the score is only a bound (an aspiration window failed).
    pub bound: Option<Bound>,
    /// Nodes over all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Permille of the hash table in use.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchOutcome<M> {
    /// The move to play; `None` only when the root has no legal move.
    pub best_move: Option<M>,
    /// The expected reply, for pondering.
    pub ponder_move: Option<M>,
    /// The best move's score.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes over all threads.
    pub nodes: u64,
}

/// Lazy SMP depth skipping: helper `i` skips depths so helpers spread over
/// neighbouring depths instead of all searching the same one.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

fn helper_skips(helper: usize, depth: u32) -> bool {
    let i = (helper - 1) % SKIP_SIZE.len();
    ((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1
}

/// Searches `request.root` under its limits with `request.threads` threads
/// sharing `tt`, calling `report` after every iteration of the main thread.
/// Returns when the limits are reached, or for an infinite or ponder search
/// when `signals` says so.
pub fn search<G: Searchable>(
    request: &SearchRequest<G>,
    tt: &TranspositionTable,
    signals: &Signals,
    report: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchOutcome<G::Move> {
    tt.new_search();
    let mut threads = request.threads.max(1);
    let locals = match request.deterministic && threads > 1 {
        true => split::local_tables(tt, threads),
        false => Vec::new(),
    };
    if request.deterministic && locals.is_empty() {
        // No memory for the threads' own tables: one thread is
        // deterministic too.
        threads = 1;
    }
    // Threads that split the root deterministically do not share its moves
    // as they go.
    let sharing = if locals.is_empty() { threads } else { 1 };
    let draw_plan = practical::plan_draw(request);
    let only = draw_plan
        .as_ref()
        .map_or(request.search_moves, |plan| &plan.moves[..]);
    let root = RootList::new(request.root, tt, only, signals, sharing);
    let ctx = Context {
        tt,
        signals,
        counters: (0..threads).map(|_| NodeCounter::default()).collect(),
        history: request.history,
        budget: TimeBudget::for_limits(
            request.limits,
            request.move_overhead,
            request.root.plies_left_bound(),
        ),
        node_limit: request.limits.nodes,
        features: request.features,
        locals,
        reported_score: draw_plan.as_ref().map(|plan| plan.score),
        contempt: request.contempt,
        root_side: request.root.side_to_move(),
    };
    if root.moves.is_empty() || request.root.result() != GameResult::Ongoing {
        signals.wait_for_release(request.limits.infinite);
        return SearchOutcome {
            best_move: None,
            ponder_move: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
    }
    if let Some(budget) = ctx.budget {
        log::debug!(
            "time budget: soft {} ms, hard {} ms",
            budget.soft.as_millis(),
            budget.hard.as_millis()
        );
    }
    let (links, posts) = split::channels(match ctx.splits() {
        true => threads - 1,
        false => 0,
    });
    // Helpers wait at this gate until all are started: with more threads
    // than cores, helpers already searching would slow the spawning.
    let gate = RwLock::new(());
    std::thread::scope(|scope| {
        if let Some(budget) = ctx.budget {
            let timer = std::thread::Builder::new()
                .name("search-timer".to_string())
                .spawn_scoped(scope, move || signals.watch_clock(budget.hard));
            if let Err(error) = timer {
                // The main thread still checks the clock every few nodes.
                log::warn!("could not start the search timer: {error}");
            }
        }
        let spawning = gate.write();
        let mut posts = posts.into_iter();
        for id in 1..threads {
            if signals.is_stopped() {
                break;
            }
            let (ctx, gate, root) = (&ctx, &gate, &root);
            // A helper of a deterministic split searches the share of the
            // root it is given; any other runs its own iterations.
            let post = posts.next();
            let helper = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(16 << 20)
                .spawn_scoped(scope, move || {
                    drop(gate.read());
                    if ctx.signals.is_stopped() {
                        return;
                    }
                    let mut worker = Worker::new(id, ctx, request, root);
                    match post {
                        Some(post) => worker.serve(request.root, post),
                        None => drop(iterate(&mut worker, request, &mut |_| {})),
                    }
                });
            if let Err(error) = helper {
                // A split without this helper stops at its first share.
                log::warn!("could not start search thread {id}: {error}");
            }
        }
        drop(posts);
        drop(spawning);
        let mut main = Worker::new(0, &ctx, request, &root);
        main.link_helpers(links);
        let outcome = catch_unwind(AssertUnwindSafe(|| iterate(&mut main, request, report)));
        let outcome = match outcome {
            Ok(outcome) => outcome,
            Err(panic) => {
                // The helpers and the timer end only when told to; the scope
                // waits for them before the panic goes on to the caller.
                signals.stop();
                resume_unwind(panic);
            }
        };
        signals.wait_for_release(request.limits.infinite);
        signals.stop();
        SearchOutcome {
            nodes: ctx.total_nodes(),
            ..outcome
        }
    })
}

/// Iterative deepening for one thread. Only the main thread (id 0) reports
/// and decides when to stop.
fn iterate<G: Searchable>(
    worker: &mut Worker<G>,
    request: &SearchRequest<G>,
    report: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchOutcome<G::Move> {
    let ctx = worker.ctx_ref();
    let limits = request.limits;
    let is_main = worker.id == 0;
    let max_depth = limits
        .depth
        .unwrap_or(MAX_PLY as u32)
        .clamp(1, MAX_PLY as u32 - 1);
    let root_list = worker.root_list();
    let multipv = request.multipv.clamp(1, root_list.moves.len());
    let huge = root_list.huge;
    worker.widen_root(root_width(1, huge).max(multipv));
    let mut best = worker.root_moves[0].clone();
    let mut completed = 0;
    let mut time_manager = ctx
        .budget
        .filter(|budget| is_main && budget.adaptive)
        .map(TimeManager::new);
    for depth in 1..=max_depth {
        if !is_main && helper_skips(worker.id, depth) {
            continue;
        }
        worker.widen_root(root_width(depth as i32, huge));
        for root_move in &mut worker.root_moves {
            root_move.previous_score = root_move.score;
        }
        for pv_index in 0..multipv {
            let failed = aspiration_search(worker, request, depth, pv_index, is_main, report);
            if worker.stopped {
                let found = (depth, pv_index, failed);
                if let Some((played, shown, bound)) =
                    interrupted_best(worker, found, &best, completed)
                {
                    if is_main {
                        report(&root_move_info(ctx, &played, shown, 1, bound));
                    }
                    best = played;
                }
                break;
            }
            worker.root_moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        }
        if worker.stopped {
            break;
        }
        completed = depth;
        best = worker.root_moves[0].clone();
        ctx.tt.store(
            request.root.hash(),
            Some(best.mv),
            best.score,
            depth as i32,
            Bound::Exact,
        );
        let proven = is_proven(request, ctx, root_list, best.score, depth);
        if !is_main {
            if proven {
                break;
            }
            continue;
        }
        for pv_index in 0..multipv {
            report(&make_info(ctx, worker, depth, pv_index, None));
        }
        if let Some(manager) = &mut time_manager {
            manager.record(&Iteration {
                best: best.index,
                score: best.score,
                best_move_changes: std::mem::take(&mut worker.best_move_changes),
                best_effort: best.effort as f64 / worker.nodes.max(1) as f64,
            });
        }
        let time_manager = time_manager.as_ref();
        let forced = root_list.forced;
        if proven
            || should_stop_after_iteration(ctx, limits, best.score, depth, forced, time_manager)
        {
            break;
        }
    }
    SearchOutcome {
        best_move: Some(best.mv),
        ponder_move: best.pv.get(1).copied(),
        score: ctx.reported_score.unwrap_or(best.score),
        depth: completed,
        nodes: worker.nodes,
    }
}

/// What an iteration at `depth` interrupted while it searched principal
/// variation `pv_index` makes the search play and show last, if not the
/// last completed iteration's `best` (at depth `completed`) as last shown:
/// the move, the depth of its line and the bound its score is. That is the
/// complete first line, exact, when a later one was interrupted; at the
/// first line, a root move that, searched to the end, beat the move
/// searched first (the last iteration's best; a lower bound of the root's
/// score), or else a move whose aspiration window failed high (`failed`):
/// played rather than dropped, as Stockfish does. When a window failed
/// low on another move, `best` is shown again, so that the last line
/// shown is always the move played.
fn interrupted_best<G: Searchable>(
    worker: &Worker<G>,
    (depth, pv_index, failed): (u32, usize, Option<Bound>),
    best: &root::RootMove<G::Move>,
    completed: u32,
) -> Option<(root::RootMove<G::Move>, u32, Option<Bound>)> {
    let (slot, bound) = match worker.root_leader {
        _ if pv_index > 0 => (0, None),
        Some(leader) if leader != 0 => (leader, Some(Bound::Lower)),
        _ if failed == Some(Bound::Lower) => (0, failed),
        _ if failed.is_some() && worker.root_moves[0].mv != best.mv => {
            return Some((best.clone(), completed, None));
        }
        _ => return None,
    };
    // A known value is reported exact: no bound to report.
    let bound = bound.filter(|_| worker.ctx_ref().reported_score.is_none());
    Some((worker.root_moves[slot].clone(), depth, bound))
}

/// Searches one principal variation at `depth`, starting with a narrow
/// window around the previous score and widening it on failure. Returns
/// the bound of the last completed search that failed, if any (what an
/// interrupted iteration still knows).
fn aspiration_search<G: Searchable>(
    worker: &mut Worker<G>,
    request: &SearchRequest<G>,
    depth: u32,
    pv_index: usize,
    is_main: bool,
    report: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> Option<Bound> {
    let previous = worker.root_moves[pv_index].previous_score;
    let mut delta = ASPIRATION_DELTA;
    let aspiration = worker.ctx_ref().features.aspiration;
    let (mut alpha, mut beta) = if aspiration && depth >= ASPIRATION_MIN_DEPTH && previous.abs() < MATE_BOUND {
        (previous - delta, previous + delta)
    } else {
        (-INFINITY, INFINITY)
    };
    let mut failed = None;
    loop {
        let score = worker.search_root(request.root, depth as i32, alpha, beta, pv_index);
        if worker.stopped {
            return failed;
        }
        let bound = if score <= alpha {
            // Worse than expected: look at more of a pruned root's moves.
            let width = worker.root_moves.len();
            worker.widen_root(2 * width);
            beta = (alpha + beta) / 2;
            alpha = (score - delta).max(-INFINITY);
            Bound::Upper
        } else if score >= beta {
            beta = (score + delta).min(INFINITY);
            Bound::Lower
        } else {
            return None;
        };
        failed = Some(bound);
        // A known value is reported exact: no bound to report.
        if is_main && worker.ctx_ref().reported_score.is_none() {
            report(&make_info(
                worker.ctx_ref(),
                worker,
                depth,
                pv_index,
                Some(bound),
            ));
        }
        delta += delta / 2;
        if delta > ASPIRATION_MAX_DELTA {
            (alpha, beta) = (-INFINITY, INFINITY);
        }
    }
}

/// Whether an iteration at `depth` whose best move scored `score` found
/// the root's exact value, which no deeper iteration changes: a solved
/// table's value for the root, shown by the search (unless the search
/// chooses among drawing moves by the evaluation); every root move leading
/// where the rules or a table decide (a small root only, looked at anew
/// each time: a table may become ready during the search); or every line
/// searched to the end of the game.
fn is_proven<G: Searchable>(
    request: &SearchRequest<G>,
    ctx: &Context,
    root_list: &RootList<G::Move>,
    score: i32,
    depth: u32,
) -> bool {
    let (root, settings) = (request.root, request.settings);
    let known_root_score = root
        .known_value(settings)
        .filter(|_| !ctx.practical())
        .map(|value| known_score(value, 0));
    known_root_score == Some(score)
        || (!root_list.huge
            && settles_every_move(root, settings, &root_list.moves, ctx.practical()))
        || worker::covers_the_end(root, depth as i32)
}

/// Whether the main thread starts no further iteration of an unproven
/// root. `forced`: the root has a single legal move, which a search under
/// a time limit plays at once. Under a clock the `time_manager` decides
/// when the time is up, in place of the soft limit.
fn should_stop_after_iteration(
    ctx: &Context,
    limits: &Limits,
    score: i32,
    depth: u32,
    forced: bool,
    time_manager: Option<&TimeManager>,
) -> bool {
    if limits.infinite || ctx.signals.pondering.load(Relaxed) {
        return false;
    }
    // A win reported as `mate n` or sooner: within 2n plies.
    if let Some(moves) = limits.mate {
        if score >= MATE - 2 * moves as i32 {
            return true;
        }
    }
    match ctx.budget {
        Some(budget) => {
            let used = ctx.signals.time_used();
            let forced_win_seen = score >= MATE_BOUND && depth as i32 > 2 * (MATE - score) + 4;
            let time_up = match time_manager {
                Some(manager) => manager.should_stop(used),
                None => used >= budget.soft,
            };
            time_up || forced || forced_win_seen
        }
        None => false,
    }
}

fn make_info<G: Searchable>(
    ctx: &Context,
    worker: &Worker<G>,
    depth: u32,
    pv_index: usize,
    bound: Option<Bound>,
) -> SearchInfo<G::Move> {
    let root_move = &worker.root_moves[pv_index];
    root_move_info(ctx, root_move, depth, pv_index + 1, bound)
}

/// The info line of `root_move` as principal variation `multipv`.
fn root_move_info<M: Copy>(
    ctx: &Context,
    root_move: &root::RootMove<M>,
    depth: u32,
    multipv: usize,
    bound: Option<Bound>,
) -> SearchInfo<M> {
    let elapsed = ctx.signals.elapsed();
    let nodes = ctx.total_nodes();
    let micros = elapsed.as_micros().max(1) as u64;
    SearchInfo {
        depth,
        seldepth: root_move.seldepth.max(1) as u32,
        multipv,
        // A known value is exact, whatever window found the line.
        score: ctx.reported_score.unwrap_or(root_move.score),
        bound,
        nodes,
        nps: nodes.saturating_mul(1_000_000) / micros,
        time_ms: elapsed.as_millis() as u64,
        hashfull: ctx.tt.hashfull(),
        pv: match root_move.pv.is_empty() {
            true => vec![root_move.mv],
            false => root_move.pv.clone(),
        },
    }
}
