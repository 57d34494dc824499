//! Iterative deepening for one thread: aspiration windows around each
//! principal variation, what an interrupted iteration still plays, when
//! the root's value is proven, when the main thread stops, and the info
//! lines it reports.

use ludus_rules::Searchable;

use super::context::Context;
use super::limits::Limits;
use super::node::{covers_the_end, Window};
use super::params::{
    ASPIRATION_DELTA, ASPIRATION_GROWTH, ASPIRATION_MAX_DELTA, ASPIRATION_MIN_DEPTH,
    FORCED_WIN_MARGIN, SKIP_PHASE, SKIP_SIZE,
};
use super::request::{SearchInfo, SearchOutcome, SearchRequest};
use super::root::{root_width, RootList, RootMove, RootScope};
use super::score::{known_score, settles_every_move, INFINITY, MATE, MATE_BOUND};
use super::split::Split;
use super::stack::MAX_PLY;
use super::time_manager::{Iteration, TimeManager};
use super::tt;
use super::worker::Worker;
use ludus_rules::protocol::Bound;

/// Whether helper thread `helper` (1 on) skips `depth` (see [`SKIP_SIZE`]).
fn helper_skips(helper: usize, depth: u32) -> bool {
    let i = (helper - 1) % SKIP_SIZE.len();
    ((depth + SKIP_PHASE[i]) / SKIP_SIZE[i]) % 2 == 1
}

/// Iterative deepening for one thread, which searches the root through
/// `split` if it splits it deterministically. Only the main thread (id 0)
/// reports and decides when to stop.
pub(super) fn iterate<G: Searchable>(
    worker: &mut Worker<G>,
    mut split: Option<&mut Split<G::Move>>,
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
    let root_list = worker.root.list;
    let multipv = request.multipv.clamp(1, root_list.moves.len());
    let huge = root_list.huge;
    worker.root.widen(root_width(1, huge).max(multipv));
    let mut best = worker.root.moves[0].clone();
    let mut completed = 0;
    let mut time_manager = ctx
        .budget
        .filter(|budget| is_main && budget.adaptive)
        .map(TimeManager::new);
    for depth in 1..=max_depth {
        if !is_main && helper_skips(worker.id, depth) {
            continue;
        }
        worker.root.widen(root_width(depth as i32, huge));
        for root_move in &mut worker.root.moves {
            root_move.previous_score = root_move.score;
        }
        for pv_index in 0..multipv {
            let line = Line { depth, pv_index };
            let failed = aspiration_search(worker, split.as_deref_mut(), request, line, report);
            if worker.stopped {
                let last = Completed {
                    best: &best,
                    depth: completed,
                };
                if let Some(played) = interrupted_best(worker, line, failed, last) {
                    if is_main {
                        let info =
                            root_move_info(ctx, &played.root_move, played.depth, 1, played.bound);
                        report(&info);
                    }
                    best = played.root_move;
                }
                break;
            }
            worker.root.moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
        }
        if worker.stopped {
            break;
        }
        completed = depth;
        best = worker.root.moves[0].clone();
        ctx.tt.store(
            request.root.hash(),
            Some(best.mv),
            best.score,
            depth as i32,
            tt::Bound::Exact,
        );
        let proven = is_proven(request, ctx, root_list, best.score, depth);
        if !is_main {
            if proven {
                break;
            }
            continue;
        }
        for (index, root_move) in worker.root.moves[..multipv].iter().enumerate() {
            report(&root_move_info(ctx, root_move, depth, index + 1, None));
        }
        if let Some(manager) = &mut time_manager {
            manager.record(&Iteration {
                best: best.index,
                score: best.score,
                best_move_changes: std::mem::take(&mut worker.root.best_move_changes),
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

/// The principal variation an iteration is searching: its depth, and
/// which of the MultiPV lines it is (0: the best).
#[derive(Clone, Copy)]
struct Line {
    depth: u32,
    pv_index: usize,
}

/// The last completed iteration: its best root move, and its depth.
struct Completed<'a, M> {
    best: &'a RootMove<M>,
    depth: u32,
}

/// The move an interrupted search plays, the depth of the line shown for
/// it, and the bound its score is (`None`: exact).
struct Played<M> {
    root_move: RootMove<M>,
    depth: u32,
    bound: Option<Bound>,
}

/// What an iteration interrupted while it searched `line` (its last
/// aspiration window having `failed` so, if it did) makes the search play
/// and show last, if not the `last` completed iteration's best as last
/// shown. That is the complete first line, exact, when a later one was
/// interrupted; at the first line, a root move that, searched to the end,
/// beat the move searched first (the last iteration's best; a lower bound
/// of the root's score), or else a move whose aspiration window failed
/// high: played rather than dropped, as Stockfish does. When a window
/// failed low on another move, the last best is shown again, so that the
/// last line shown is always the move played.
fn interrupted_best<G: Searchable>(
    worker: &Worker<G>,
    line: Line,
    failed: Option<Bound>,
    last: Completed<G::Move>,
) -> Option<Played<G::Move>> {
    let (slot, bound) = match worker.root.leader {
        _ if line.pv_index > 0 => (0, None),
        Some(leader) if leader != 0 => (leader, Some(Bound::Lower)),
        _ if failed == Some(Bound::Lower) => (0, failed),
        _ if failed.is_some() && worker.root.moves[0].mv != last.best.mv => {
            return Some(Played {
                root_move: last.best.clone(),
                depth: last.depth,
                bound: None,
            });
        }
        _ => return None,
    };
    // A known value is reported exact: no bound to report.
    let bound = bound.filter(|_| worker.ctx_ref().reported_score.is_none());
    Some(Played {
        root_move: worker.root.moves[slot].clone(),
        depth: line.depth,
        bound,
    })
}

/// Searches one principal variation at `depth`, starting with a narrow
/// window around the previous score and widening it on failure. Returns
/// the bound of the last completed search that failed, if any (what an
/// interrupted iteration still knows).
fn aspiration_search<G: Searchable>(
    worker: &mut Worker<G>,
    mut split: Option<&mut Split<G::Move>>,
    request: &SearchRequest<G>,
    line: Line,
    report: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> Option<Bound> {
    let Line { depth, pv_index } = line;
    let is_main = worker.id == 0;
    let previous = worker.root.moves[pv_index].previous_score;
    let mut delta = ASPIRATION_DELTA.get();
    let aspiration = worker.ctx_ref().features.aspiration;
    let (mut alpha, mut beta) = if aspiration
        && depth as i32 >= ASPIRATION_MIN_DEPTH.get()
        && previous.abs() < MATE_BOUND
    {
        (previous - delta, previous + delta)
    } else {
        (-INFINITY, INFINITY)
    };
    let mut failed = None;
    loop {
        let (root, window) = (request.root, Window::new(alpha, beta));
        let score = match split.as_deref_mut() {
            Some(split) => split.search_root(worker, root, depth as i32, window, pv_index),
            None => worker.search_root(root, depth as i32, window, RootScope::From(pv_index)),
        };
        if worker.stopped {
            return failed;
        }
        let bound = if score <= alpha {
            // Worse than expected: look at more of a pruned root's moves.
            let width = worker.root.moves.len();
            worker.root.widen(2 * width);
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
            let root_move = &worker.root.moves[pv_index];
            let bound = Some(bound);
            report(&root_move_info(
                worker.ctx_ref(),
                root_move,
                depth,
                pv_index + 1,
                bound,
            ));
        }
        delta += delta * ASPIRATION_GROWTH.get() / 100;
        if delta > ASPIRATION_MAX_DELTA.get() {
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
        || covers_the_end(root, depth as i32)
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
    if limits.infinite || ctx.signals.is_pondering() {
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
            let forced_win_seen =
                score >= MATE_BOUND && depth as i32 > 2 * (MATE - score) + FORCED_WIN_MARGIN.get();
            let time_up = match time_manager {
                Some(manager) => manager.should_stop(used),
                None => used >= budget.soft,
            };
            time_up || forced || forced_win_seen
        }
        None => false,
    }
}

/// The info line of `root_move` as principal variation `multipv`.
fn root_move_info<M: Copy>(
    ctx: &Context,
    root_move: &RootMove<M>,
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
