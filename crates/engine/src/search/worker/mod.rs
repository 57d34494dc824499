//! One search thread: the principal-variation alpha-beta node function for
//! the root and every interior node and the pruning around it; the search
//! of one move's child (step 7) is in [`child`], the leaves in [`leaf`],
//! the thread's view of the tables in [`table`].

mod child;
mod leaf;
mod table;

use std::sync::atomic::Ordering::Relaxed;

use ludus_rules::Searchable;

use super::context::Context;
use super::node::{covers_the_end, Node, Window};
use super::ordering::{history_bonus, History, MovePicker};
use super::params::{
    FUTILITY_MARGIN, FUTILITY_MAX_DEPTH, LIMIT_CHECK_NODES, RFP_MARGIN, RFP_MAX_DEPTH,
};
use super::pruning::late_move_limit;
use super::request::SearchRequest;
use super::root::{RootCursor, RootList, RootScope};
use super::score::{mate_in, mated_in, score_to_tt, INFINITY, MATE_BOUND};
use super::stack::{Stack, MAX_PLY};
use super::tt::Bound;
use crate::nnue::{NetStack, Network};

/// The state of one search thread.
pub struct Worker<'a, G: Searchable> {
    /// Thread number; 0 is the main thread, which checks limits.
    pub id: usize,
    ctx: &'a Context<'a>,
    settings: &'a G::Settings,
    history: History,
    /// Per ply of the current line, what the search keeps there.
    stack: Stack<G::Move>,
    /// The network evaluating, with this thread's first-layer sums per
    /// ply; `None`: the game's linear evaluation.
    net: Option<(&'a Network, NetStack)>,
    /// Room for the moves of a position the practical search looks at.
    scratch: Vec<G::Move>,
    /// This thread's walk over the root moves.
    pub root: RootCursor<'a, G::Move>,
    /// Nodes this thread searched.
    pub nodes: u64,
    pub(super) seldepth: usize,
    /// Set once the search must unwind; results found after are discarded.
    pub stopped: bool,
    /// Its node quota and, in a deterministic split, its own table.
    pub(super) share: ThreadShare,
}

/// What a thread may spend and where it writes: its node quota, and while
/// it searches a share of a deterministic split (see [`super::split`]) its
/// own table and which of its buckets it wrote.
pub(super) struct ThreadShare {
    /// The thread stops once its nodes reach this: the node limit, or its
    /// quota of a deterministic split's (`u64::MAX` without a limit). The
    /// limit over all threads is checked only every few hundred nodes, so
    /// without this a small limit would be overshot by as much.
    pub(super) node_quota: u64,
    /// Whether the thread writes to its own table (`ctx.locals[id]`), read
    /// before the shared one: while it searches a share of a split.
    pub(super) private_table: bool,
    /// The buckets of its own table written since it was last merged.
    pub(super) touched: Vec<usize>,
}

impl<'a, G: Searchable> Worker<'a, G> {
    /// A worker for `ctx`, whose history holds the positions before the root
    /// (since the last irreversible move) and then the root.
    pub fn new(
        id: usize,
        ctx: &'a Context<'a>,
        request: &SearchRequest<'a, G>,
        root: &'a RootList<G::Move>,
    ) -> Self {
        Worker {
            id,
            ctx,
            settings: request.settings,
            history: History::new(G::MOVE_INDEX_COUNT),
            stack: Stack::new(ctx.history, request.root.hash()),
            net: request
                .net
                .filter(|_| G::NET_INPUTS.is_some())
                .map(|net| (net, NetStack::new(net, MAX_PLY + 2))),
            scratch: Vec::new(),
            root: RootCursor::new(root),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            share: ThreadShare {
                node_quota: ctx.node_limit.unwrap_or(u64::MAX),
                private_table: false,
                touched: Vec::new(),
            },
        }
    }

    /// The shared context (borrowed for the search's lifetime, not the
    /// worker's).
    pub fn ctx_ref(&self) -> &'a Context<'a> {
        self.ctx
    }

    /// The static evaluation of `position`, at `ply` of the line, for the
    /// side to move: the network's, or the game's linear one.
    #[inline]
    fn evaluate(&mut self, position: &G, ply: usize) -> i32 {
        match (&mut self.net, &G::NET_INPUTS) {
            (Some((network, sums)), Some(inputs)) => {
                let parent = (ply > 0).then(|| self.stack.parent_hash());
                sums.evaluate(network, inputs, position, ply, parent)
            }
            _ => position.evaluate(self.settings),
        }
    }

    /// Counts a node, publishes the count, and notices a stop.
    #[inline]
    fn visit_node(&mut self, ply: usize) {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.ctx.counters[self.id].0.store(self.nodes, Relaxed);
        if self.id == 0 && self.nodes.is_multiple_of(LIMIT_CHECK_NODES) {
            self.ctx.check_limits();
        }
        if self.ctx.signals.is_stopped() || self.nodes >= self.share.node_quota {
            self.stopped = true;
        }
    }

    /// Searches the root moves `scope` names to `depth` in `window`;
    /// returns the best score (0 if stopped; `-INFINITY` if no move raised
    /// alpha). A search of every move from a principal variation on then
    /// sorts them best first (a move that did not raise alpha keeps
    /// -INFINITY).
    pub(super) fn search_root(
        &mut self,
        root: &G,
        depth: i32,
        window: Window,
        scope: RootScope,
    ) -> i32 {
        self.root.start(scope);
        self.seldepth = 0;
        self.stack[0].repetition_floor = 0;
        let best = self.node::<true>(root, depth, window.alpha, window.beta, 0, true);
        if !self.stopped && matches!(scope, RootScope::From(_)) {
            self.root.sort_searched();
        }
        best
    }

    /// The node function of the root (`ROOT`) and of every interior node:
    /// a principal-variation alpha-beta search of `position` at `ply` to
    /// `depth` in the window (`alpha`, `beta`). The root is never decided,
    /// counted, cut by the table or pruned before its moves (its caller
    /// checked it, and stores and sorts its results); its moves come from
    /// this thread's [`RootCursor`] (the moves of a root search, or a
    /// split's share of them), which keeps what their searches found.
    fn node<const ROOT: bool>(
        &mut self,
        position: &G,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        let pv_node = ROOT || pv_node;
        if !ROOT {
            // Step 1. Decided by the rules, a repetition or a table; a leaf.
            if let Some(score) = self.decided_score(position, ply) {
                return score;
            }
            if depth <= 0 || ply >= MAX_PLY {
                return self.quiescence(position, alpha, beta, ply);
            }
            self.visit_node(ply);
            if self.stopped {
                return 0;
            }
            // Step 2. Mate distance: no result here can beat a shorter mate.
            alpha = alpha.max(mated_in(ply));
            beta = beta.min(mate_in(ply + 1));
            if alpha >= beta {
                return alpha;
            }
        }
        self.stack[ply].pv.clear();
        let node = Node {
            depth,
            ply,
            pv: pv_node,
            // The game ends within the depth left: search everything, so
            // the score is the game's exact value.
            exhaustive: covers_the_end(position, depth),
        };

        // Step 3. Transposition table: a cutoff, or a move to try first.
        let key = position.hash();
        let tt_move = match ROOT {
            true => None,
            false => match self.probe_table(position, key, node, alpha, beta) {
                Ok(score) => return score,
                Err(tt_move) => tt_move,
            },
        };

        // Step 4. Pruning before any move (non-PV nodes): reverse futility;
        // and whether quiet moves are futile here.
        let mut futile = None;
        if !pv_node {
            let eval = self.evaluate(position, ply);
            if self.reverse_futility(node, eval, beta) {
                return eval;
            }
            // Far below alpha near the leaves, no quiet move is expected to
            // lift the score; do not even generate them.
            futile = (self.ctx.features.futility
                && !node.exhaustive
                && depth <= FUTILITY_MAX_DEPTH.get()
                && alpha.abs() < MATE_BOUND
                && eval + FUTILITY_MARGIN.get() * depth <= alpha)
                .then_some(eval);
        }

        // Step 5. The moves: the root's list, or the staged picker.
        let killers = match ROOT || !self.ctx.features.killers {
            true => [None; 2],
            false => self.stack[ply]
                .killers
                .map(|k| k.filter(|&mv| position.is_legal(mv))),
        };
        let buffers = std::mem::take(&mut self.stack[ply].buffers);
        let mut picker = MovePicker::<G>::new(tt_move, killers, buffers);
        if futile.is_some() {
            picker.skip_quiets();
        }
        let mut quiets_tried = std::mem::take(&mut self.stack[ply].quiets_tried);
        quiets_tried.clear();
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut move_number = 0;
        loop {
            let (mv, noisy, pick) = match ROOT {
                true => match self.root.next(depth) {
                    Some(pick) => {
                        let mv = self.root.moves[pick.slot].mv;
                        (mv, position.is_noisy(mv), Some(pick))
                    }
                    None => break,
                },
                false => match picker.next(position, &self.history) {
                    Some((mv, noisy)) => (mv, noisy, None),
                    None => break,
                },
            };
            // Step 6. Move-count pruning: once enough quiet moves have been
            // searched and no loss is being fought off, the remaining ones
            // (the picker gives them last, best first) are skipped, and
            // the game is asked for no more. Decisive in games with
            // thousands of moves a node, rare in games with a handful.
            if !ROOT && !noisy && self.enough_quiets(node, best, quiets_tried.len()) {
                break;
            }
            // A root move's number is its number in the whole root search
            // (a split's share starts past the first).
            move_number = pick.map_or(move_number + 1, |pick| pick.number);
            // Step 7. Search the move: reduced, zero window, re-searched
            // (see `search_child`); at the root, marked busy for the other
            // threads while searched, and what its search found kept.
            let mut child = position.clone();
            child.make_move(mv);
            self.stack
                .push(child.hash(), ply, position.is_irreversible(mv));
            let nodes_before = self.nodes;
            if let Some(pick) = pick {
                self.root.mark(pick.slot, depth);
            }
            let window = Window::new(alpha, beta);
            let score = self.search_child(&child, node, window, move_number, noisy);
            self.stack.pop();
            if let Some(pick) = pick {
                self.root.mark(pick.slot, 0);
                // The time manager's measure of how much one move dominates.
                self.root.moves[pick.slot].effort += self.nodes - nodes_before;
                if !self.stopped {
                    self.record_root_move(&child, pick, score, alpha);
                }
            }
            if self.stopped {
                break;
            }
            // Step 8. A new best move: raise alpha, cut off above beta.
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if pv_node {
                        self.stack.update_pv(ply, mv);
                    }
                    if score >= beta {
                        if !ROOT && !noisy {
                            self.reward_quiet(position, mv, &quiets_tried, depth, ply);
                        }
                        break;
                    }
                }
            }
            if !ROOT && !noisy {
                quiets_tried.push(mv);
            }
        }
        self.stack[ply].buffers = picker.into_buffers();
        self.stack[ply].quiets_tried = quiets_tried;

        // Step 9. The result: sorted root moves, or a table entry.
        if self.stopped {
            return 0;
        }
        if ROOT {
            return best;
        }
        if move_number == 0 {
            // No quiet move generated where they were futile: the eval
            // stands. Otherwise the contract promises a move in every
            // ongoing position; a game that breaks it is scored as a draw
            // rather than crashing.
            return futile.unwrap_or(0);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(key, best_move, score_to_tt(best, ply), depth, bound);
        best
    }

    /// Whether `node`, whose best score so far is `best`, has searched
    /// enough of its quiet moves (`tried`) to skip the rest (step 6).
    fn enough_quiets(&self, node: Node, best: i32, tried: usize) -> bool {
        self.ctx.features.move_count_pruning
            && !node.exhaustive
            && best > -MATE_BOUND
            && late_move_limit(node.depth, node.pv, self.root.list.huge)
                .is_some_and(|limit| tried >= limit)
    }

    /// Reverse futility for a non-PV node whose static evaluation is
    /// `eval`: far above beta at low depth, the eval is trusted to cut.
    fn reverse_futility(&self, node: Node, eval: i32, beta: i32) -> bool {
        self.ctx.features.futility
            && !node.exhaustive
            && beta.abs() < MATE_BOUND
            && node.depth <= RFP_MAX_DEPTH.get()
            && eval - RFP_MARGIN.get() * node.depth >= beta
    }

    fn reward_quiet(
        &mut self,
        position: &G,
        mv: G::Move,
        tried: &[G::Move],
        depth: i32,
        ply: usize,
    ) {
        if self.ctx.features.history {
            let bonus = history_bonus(depth);
            self.history.update(position, mv, bonus);
            for &other in tried {
                self.history.update(position, other, -bonus);
            }
        }
        let killers = &mut self.stack[ply].killers;
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
    }
}
