//! Deterministic root splitting: how several threads search under the
//! `Deterministic` option. The main thread searches the root's first move
//! alone; the other root moves are then dealt out round robin (the k-th
//! after the first to thread k mod T) and searched in parallel, each thread
//! raising its own alpha with its own moves only. Meanwhile a thread reads
//! its own table first and then the shared table as it stood when the split
//! began, and writes only to its own; once every thread is done, the main
//! thread merges their tables into the shared one in thread order. A node
//! limit is dealt out as fixed quotas. So what a thread sees depends on the
//! position and the limits only, never on timing: a depth or node limit
//! gives the same move, score, line and node count on every run.

use std::sync::atomic::Ordering::Relaxed;

use crossbeam_channel::{bounded, Receiver, Sender};
use ludus_rules::{GameMove, Searchable};

use super::node::Window;
use super::root::{RootMove, RootPick, RootScope};
use super::tt::TranspositionTable;
use super::worker::Worker;

/// One helper's share of a split.
pub(super) struct Share<M> {
    depth: i32,
    /// The root's window after its first move.
    window: Window,
    /// The moves to search, in order.
    moves: Vec<RootMove<M>>,
    /// Each move's number among the root's moves (the first is 1).
    numbers: Vec<usize>,
    /// The nodes the helper may search for it.
    quota: u64,
}

/// What a helper found in its share.
pub(super) struct Found<M> {
    /// The share's moves with their scores and lines.
    moves: Vec<RootMove<M>>,
    /// The best score among them (`-INFINITY` if none raised alpha).
    best: i32,
    /// Whether the helper stopped before the end (the split is void).
    stopped: bool,
    /// The buckets of its own table it wrote to.
    touched: Vec<usize>,
}

/// The main thread's end of a helper's channels.
pub(super) struct HelperLink<M> {
    shares: Sender<Share<M>>,
    found: Receiver<Found<M>>,
}

/// A helper's end of its channels.
pub(super) struct Post<M> {
    shares: Receiver<Share<M>>,
    found: Sender<Found<M>>,
}

/// Channels between the main thread and each of `helpers` helpers.
pub(super) fn channels<M>(helpers: usize) -> (Vec<HelperLink<M>>, Vec<Post<M>>) {
    (0..helpers)
        .map(|_| {
            let (share_sender, share_receiver) = bounded(1);
            let (found_sender, found_receiver) = bounded(1);
            let link = HelperLink {
                shares: share_sender,
                found: found_receiver,
            };
            let post = Post {
                shares: share_receiver,
                found: found_sender,
            };
            (link, post)
        })
        .unzip()
}

/// A table of its own for each of `threads` threads, each a share of the
/// shared table's size (at least 1 MiB); none if the memory cannot be had.
pub(super) fn local_tables(tt: &TranspositionTable, threads: usize) -> Vec<TranspositionTable> {
    let mib = (tt.size_mib() / threads).max(1);
    (0..threads)
        .map(|_| TranspositionTable::new(mib))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|error| {
            log::warn!("deterministic search on one thread: {error}");
            Vec::new()
        })
}

/// The main thread's side of a deterministic split: its links to the
/// helpers.
pub(super) struct Split<M> {
    helpers: Vec<HelperLink<M>>,
}

impl<M: GameMove> Split<M> {
    /// A split with the helpers at the other end of `links`.
    pub fn new(links: Vec<HelperLink<M>>) -> Self {
        Split { helpers: links }
    }

    /// Searches the root moves from `pv_index` on with `worker` (the main
    /// thread) to `depth` in `window`: the first move alone, then, unless
    /// it reached beta, the others split among the threads (see
    /// [`Self::split_rest`]). Returns the best score (0 if stopped) with
    /// the searched moves sorted best first, as [`Worker::search_root`].
    pub fn search_root<G: Searchable<Move = M>>(
        &mut self,
        worker: &mut Worker<'_, G>,
        root: &G,
        depth: i32,
        window: Window,
        pv_index: usize,
    ) -> i32 {
        // The root's first move is the main thread's alone.
        worker.share.node_quota = worker.nodes.saturating_add(worker.ctx_ref().nodes_left());
        let first = worker.search_root(root, depth, window, RootScope::FirstOf(pv_index));
        if worker.stopped {
            return 0;
        }
        let mut best = first;
        if first < window.beta {
            let rest = Window::new(window.alpha.max(first), window.beta);
            best = best.max(self.split_rest(worker, root, depth, rest));
            if worker.stopped {
                return 0;
            }
        }
        worker.root.sort_searched();
        best
    }

    /// Once the root's first move is searched and left `window`: deals out
    /// the other moves, searches the main thread's own share, and waits
    /// for the helpers' results, which it keeps in the main thread's root
    /// moves; then merges every thread's table into the shared one.
    /// Returns the best score of those moves. A thread that stopped early
    /// makes the whole split stop.
    fn split_rest<G: Searchable<Move = M>>(
        &mut self,
        worker: &mut Worker<'_, G>,
        root: &G,
        depth: i32,
        window: Window,
    ) -> i32 {
        let threads = self.helpers.len() + 1;
        let first = worker.root.pv_index;
        let mut dealt = vec![Vec::new(); threads];
        for (k, slot) in (first + 1..worker.root.moves.len()).enumerate() {
            // The first move is number 1.
            let number = slot - first + 1;
            dealt[k % threads].push(RootPick { slot, number });
        }
        let ctx = worker.ctx_ref();
        let quota = (ctx.nodes_left() / threads as u64).max(1);
        for (link, slots) in self.helpers.iter().zip(&dealt[1..]) {
            let share = Share {
                depth,
                window,
                moves: slots
                    .iter()
                    .map(|pick| worker.root.moves[pick.slot].clone())
                    .collect(),
                numbers: slots.iter().map(|pick| pick.number).collect(),
                quota,
            };
            // A helper that is gone fails to answer below.
            let _ = link.shares.send(share);
        }
        let counts_before: Vec<u64> = ctx.counters.iter().map(|c| c.0.load(Relaxed)).collect();
        worker.share.node_quota = worker.nodes.saturating_add(quota);
        let mut best = search_share(worker, root, depth, &dealt[0], window);
        let mut touched = vec![std::mem::take(&mut worker.share.touched)];
        for (link, slots) in self.helpers.iter().zip(&dealt[1..]) {
            let Ok(found) = link.found.recv() else {
                worker.stopped = true;
                touched.push(Vec::new());
                continue;
            };
            for (pick, root_move) in slots.iter().zip(found.moves) {
                worker.root.moves[pick.slot] = root_move;
            }
            best = best.max(found.best);
            worker.stopped |= found.stopped;
            touched.push(found.touched);
        }
        for (local, indices) in ctx.locals.iter().zip(&touched) {
            local.merge_into(indices, ctx.tt);
        }
        // Each thread's nodes in its share: how evenly the split used them.
        log::debug!(
            "split at depth {depth}: shares of {:?} nodes",
            ctx.counters
                .iter()
                .zip(counts_before)
                .map(|(c, before)| c.0.load(Relaxed) - before)
                .collect::<Vec<_>>()
        );
        best
    }
}

/// A helper's life: `worker` searches each share it is given from `root`,
/// until the main thread hangs up.
pub(super) fn serve<G: Searchable>(worker: &mut Worker<'_, G>, root: &G, post: Post<G::Move>) {
    while let Ok(share) = post.shares.recv() {
        worker.root.moves = share.moves;
        worker.stopped = false;
        worker.share.node_quota = worker.nodes.saturating_add(share.quota);
        let picks: Vec<RootPick> = (share.numbers.into_iter().enumerate())
            .map(|(slot, number)| RootPick { slot, number })
            .collect();
        let best = search_share(worker, root, share.depth, &picks, share.window);
        let found = Found {
            moves: std::mem::take(&mut worker.root.moves),
            best,
            stopped: worker.stopped,
            touched: std::mem::take(&mut worker.share.touched),
        };
        if post.found.send(found).is_err() {
            return;
        }
    }
}

/// Searches the root moves `picks` (in `worker.root.moves`) in turn at
/// `depth` from `window` on, each in the window the ones before it left,
/// writing to the thread's own table; returns the best score
/// (`-INFINITY` if no move raised alpha). Stops at a move that reaches
/// beta.
fn search_share<G: Searchable>(
    worker: &mut Worker<'_, G>,
    root: &G,
    depth: i32,
    picks: &[RootPick],
    window: Window,
) -> i32 {
    worker.share.private_table = true;
    let best = worker.search_root(root, depth, window, RootScope::Share(picks));
    worker.share.private_table = false;
    best
}
