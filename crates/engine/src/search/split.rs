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
use ludus_rules::Searchable;

use super::root::RootMove;
use super::worker::{NodeKind, Worker};
use super::{TranspositionTable, INFINITY};

/// One helper's share of a split.
pub(super) struct Share<M> {
    depth: i32,
    /// The root's window after its first move.
    window: (i32, i32),
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

impl<G: Searchable> Worker<'_, G> {
    /// Gives the main thread the helpers it splits the root with.
    pub(super) fn link_helpers(&mut self, links: Vec<HelperLink<G::Move>>) {
        self.helpers = links;
    }

    /// A helper's life: searches each share it is given from `root`, until
    /// the main thread hangs up.
    pub(super) fn serve(&mut self, root: &G, post: Post<G::Move>) {
        while let Ok(share) = post.shares.recv() {
            self.root_moves = share.moves;
            self.stopped = false;
            self.node_quota = self.nodes.saturating_add(share.quota);
            let slots: Vec<(usize, usize)> = share.numbers.into_iter().enumerate().collect();
            let best = self.search_slots(root, share.depth, &slots, share.window);
            let found = Found {
                moves: std::mem::take(&mut self.root_moves),
                best,
                stopped: self.stopped,
                touched: std::mem::take(&mut self.touched),
            };
            if post.found.send(found).is_err() {
                return;
            }
        }
    }

    /// Searches `root_moves[slot]` for each `(slot, move number)` of
    /// `slots` in turn at `depth`, from `window` on, writing to this
    /// thread's own table; returns the best score (`-INFINITY` if no move
    /// raised alpha). Stops at a move that reaches beta.
    fn search_slots(
        &mut self,
        root: &G,
        depth: i32,
        slots: &[(usize, usize)],
        (mut alpha, beta): (i32, i32),
    ) -> i32 {
        self.enter_root();
        self.private_table = true;
        let node = NodeKind::root(root, depth);
        let mut best = -INFINITY;
        for &(slot, number) in slots {
            let mv = self.root_moves[slot].mv;
            let played = (mv, root.is_noisy(mv));
            let window = (alpha, beta);
            let Some(score) =
                self.play_and_search::<true>(root, node, played, slot, window, number)
            else {
                break;
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if score >= beta {
                break;
            }
        }
        self.private_table = false;
        best
    }

    /// The main thread, once the root's first move is searched and left
    /// `window`: deals out the other moves, searches its own share, and
    /// waits for the helpers' results, which it keeps in `root_moves`;
    /// then merges every thread's table into the shared one. Returns the
    /// best score of those moves. A thread that stopped early makes the
    /// whole split stop.
    pub(super) fn split_root(&mut self, root: &G, node: NodeKind, window: (i32, i32)) -> i32 {
        let threads = self.helpers.len() + 1;
        let first = self.pv_index;
        let mut dealt = vec![Vec::new(); threads];
        for (k, slot) in (first + 1..self.root_moves.len()).enumerate() {
            // The first move is number 1.
            dealt[k % threads].push((slot, slot - first + 1));
        }
        let quota = (self.ctx_ref().nodes_left() / threads as u64).max(1);
        let helpers = std::mem::take(&mut self.helpers);
        for (link, slots) in helpers.iter().zip(&dealt[1..]) {
            let share = Share {
                depth: node.depth,
                window,
                moves: slots
                    .iter()
                    .map(|&(s, _)| self.root_moves[s].clone())
                    .collect(),
                numbers: slots.iter().map(|&(_, number)| number).collect(),
                quota,
            };
            // A helper that is gone fails to answer below.
            let _ = link.shares.send(share);
        }
        let counts_before: Vec<u64> = self
            .ctx_ref()
            .counters
            .iter()
            .map(|c| c.0.load(Relaxed))
            .collect();
        self.node_quota = self.nodes.saturating_add(quota);
        let mut best = self.search_slots(root, node.depth, &dealt[0], window);
        let mut touched = vec![std::mem::take(&mut self.touched)];
        for (link, slots) in helpers.iter().zip(&dealt[1..]) {
            let Ok(found) = link.found.recv() else {
                self.stopped = true;
                touched.push(Vec::new());
                continue;
            };
            for (&(slot, _), root_move) in slots.iter().zip(found.moves) {
                self.root_moves[slot] = root_move;
            }
            best = best.max(found.best);
            self.stopped |= found.stopped;
            touched.push(found.touched);
        }
        self.helpers = helpers;
        let ctx = self.ctx_ref();
        for (local, indices) in ctx.locals.iter().zip(&touched) {
            local.merge_into(indices, ctx.tt);
        }
        // Each thread's nodes in its share: how evenly the split used them.
        log::debug!(
            "split at depth {}: shares of {:?} nodes",
            node.depth,
            ctx.counters
                .iter()
                .zip(counts_before)
                .map(|(c, before)| c.0.load(Relaxed) - before)
                .collect::<Vec<_>>()
        );
        best
    }
}
