//! The search's entry: it sets up what the threads share, starts the
//! helper threads (Lazy SMP, or the deterministic split's helpers) and the
//! timer, and runs the main thread's iterations.

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};

use parking_lot::RwLock;

use ludus_rules::{GameResult, Searchable};

use super::context::{Context, NodeCounter};
use super::iterate::iterate;
use super::limits::TimeBudget;
use super::practical;
use super::request::{SearchInfo, SearchOutcome, SearchRequest};
use super::root::RootList;
use super::signals::Signals;
use super::split::{self, Split};
use super::tt::TranspositionTable;
use super::worker::Worker;

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
    search_then(request, tt, signals, report, &mut |_| {})
}

/// [`search`], calling `decided` with the outcome as soon as the main
/// thread has it: before the helper threads and the timer are joined, which
/// on a busy machine can take milliseconds each (they must be scheduled to
/// see the stop), so that a `bestmove` printed there is not held back.
pub fn search_then<G: Searchable>(
    request: &SearchRequest<G>,
    tt: &TranspositionTable,
    signals: &Signals,
    report: &mut dyn FnMut(&SearchInfo<G::Move>),
    decided: &mut dyn FnMut(&SearchOutcome<G::Move>),
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
        let outcome = SearchOutcome {
            best_move: None,
            ponder_move: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
        decided(&outcome);
        return outcome;
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
        if let Some(budget) = ctx.budget.filter(|_| crate::platform::THREADS) {
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
                        Some(post) => split::serve(&mut worker, request.root, post),
                        None => drop(iterate(&mut worker, None, request, &mut |_| {})),
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
        let mut split = ctx.splits().then(|| Split::new(links));
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            iterate(&mut main, split.as_mut(), request, report)
        }));
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
        let outcome = SearchOutcome {
            nodes: ctx.total_nodes(),
            ..outcome
        };
        decided(&outcome);
        outcome
    })
}
