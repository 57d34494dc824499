//! One move of a node searched: played, its child searched with the
//! full window or a zero one, reduced if late and quiet, re-searched while
//! it beats alpha; at the root, what its search found is kept.

use ludus_rules::Searchable;

use super::Worker;
use crate::search::node::Node;
use crate::search::params::{LMR_FULL_MOVES, LMR_FULL_MOVES_PV, LMR_MIN_DEPTH, LMR_PV_LESS};
use crate::search::pruning::reduction;
use crate::search::score::{extend_with_known_line, settled_score, with_bonus};

impl<G: Searchable> Worker<'_, G> {
    /// The score for its parent of `child` (at `ply`), searched to `depth`
    /// in the parent's window (`alpha`, `beta`), `bonus` (see
    /// [`Self::chances`]) added: the child is searched in the window
    /// shifted by as much.
    fn child_score(
        &mut self,
        child: &G,
        depth: i32,
        (alpha, beta): (i32, i32),
        (ply, pv): (usize, bool),
        bonus: i32,
    ) -> i32 {
        let score = -self.node::<false>(child, depth, bonus - beta, bonus - alpha, ply, pv);
        with_bonus(score, bonus)
    }

    /// Searches `child`, reached by the `move_number`th move of `node`:
    /// the first move with the full window; later ones with a zero window,
    /// late quiet ones reduced, re-searched at full depth and then with the
    /// full window while they beat alpha.
    fn search_move(
        &mut self,
        child: &G,
        node: Node,
        (alpha, beta): (i32, i32),
        move_number: usize,
        noisy: bool,
    ) -> i32 {
        let (ply, new_depth) = (node.ply, node.depth - 1);
        self.stack[ply + 1].pv.clear();
        let bonus = self.chances(child, ply + 1);
        if move_number == 1 {
            let at = (ply + 1, node.pv);
            return self.child_score(child, new_depth, (alpha, beta), at, bonus);
        }
        // Late quiet moves are reduced, at the root too: with thousands of
        // root moves this is what lets an iteration finish.
        let full_moves = if node.pv {
            LMR_FULL_MOVES_PV
        } else {
            LMR_FULL_MOVES
        };
        let late = move_number > full_moves.count();
        let reduce = self.ctx.features.reductions && node.depth >= LMR_MIN_DEPTH.get();
        let pv_less = if node.pv { LMR_PV_LESS.get() } else { 0 };
        let r = if reduce && !noisy && late && !node.exhaustive {
            (reduction(node.depth, move_number) - pv_less).clamp(0, new_depth - 1)
        } else {
            0
        };
        let zero_window = (alpha, alpha + 1);
        let at = (ply + 1, false);
        let mut score = self.child_score(child, new_depth - r, zero_window, at, bonus);
        if score > alpha && r > 0 && !self.stopped {
            score = self.child_score(child, new_depth, zero_window, at, bonus);
        }
        if node.pv && score > alpha && score < beta && !self.stopped {
            self.stack[ply + 1].pv.clear();
            let at = (ply + 1, true);
            score = self.child_score(child, new_depth, (alpha, beta), at, bonus);
        }
        score
    }

    /// Plays `mv` (`noisy` or not), the `move_number`th move of `node`,
    /// and searches it in
    /// `window` (see [`Self::search_move`]); `None` if the search
    /// stopped. At the `ROOT` the move is `self.root.moves[slot]`, marked busy
    /// while searched, and what its search found is kept there.
    pub(in crate::search) fn play_and_search<const ROOT: bool>(
        &mut self,
        position: &G,
        node: Node,
        (mv, noisy): (G::Move, bool),
        slot: usize,
        window: (i32, i32),
        move_number: usize,
    ) -> Option<i32> {
        let mut child = position.clone();
        child.make_move(mv);
        self.stack
            .push(child.hash(), node.ply, position.is_irreversible(mv));
        if ROOT {
            self.root.mark(slot, node.depth);
        }
        let nodes_before = self.nodes;
        let score = self.search_move(&child, node, window, move_number, noisy);
        self.stack.pop();
        if ROOT {
            self.root.mark(slot, 0);
            // The time manager's measure of how much one move dominates.
            self.root.moves[slot].effort += self.nodes - nodes_before;
        }
        if self.stopped {
            return None;
        }
        if ROOT {
            self.record_root_move(&child, slot, score, window.0, move_number == 1);
        }
        Some(score)
    }

    /// Keeps what the search of root move `slot` (into `child`) found (see
    /// [`RootCursor::record`]), with the line a table knows from a child
    /// decided at once.
    fn record_root_move(&mut self, child: &G, slot: usize, score: i32, alpha: i32, first: bool) {
        let found = (score, alpha, first);
        let line = &self.stack[1].pv;
        let Some(root_move) = self.root.record(slot, found, self.seldepth, line) else {
            return;
        };
        if root_move.pv.len() == 1 && settled_score(child, self.settings, 1) == Some(-score) {
            // Decided at once by the rules or a table: show its line.
            extend_with_known_line(child, self.settings, &mut root_move.pv);
        }
    }
}
