//! Step 7 of the node function: one move's child searched with the full
//! window or a zero one, reduced if late and quiet, re-searched while it
//! beats alpha; and at the root, what the search of a root move found,
//! kept.

use ludus_rules::Searchable;

use super::Worker;
use crate::search::node::{Node, Window};
use crate::search::params::{LMR_FULL_MOVES, LMR_FULL_MOVES_PV, LMR_MIN_DEPTH, LMR_PV_LESS};
use crate::search::pruning::reduction;
use crate::search::root::RootPick;
use crate::search::score::{extend_with_known_line, settled_score, with_bonus};

impl<G: Searchable> Worker<'_, G> {
    /// The score for its parent of `child` (pushed on the stack), reached
    /// by the `move_number`th move of `node`, `noisy` or not, searched in
    /// the parent's `window`: the first move with the full window; later
    /// ones with a zero window, late quiet ones reduced, re-searched at full
    /// depth and then with the full window while they beat alpha.
    pub(super) fn search_child(
        &mut self,
        child: &G,
        node: Node,
        window: Window,
        move_number: usize,
        noisy: bool,
    ) -> i32 {
        let (ply, depth) = (node.ply + 1, node.depth - 1);
        self.stack[ply].pv.clear();
        // In a practical search, the opponent's chances to go wrong in the
        // child (see `chances`): the child is searched in the window
        // shifted by as much.
        let bonus = self.chances(child, ply);
        let search = |this: &mut Self, depth: i32, w: Window, pv: bool| {
            let score = -this.node::<false>(child, depth, bonus - w.beta, bonus - w.alpha, ply, pv);
            with_bonus(score, bonus)
        };
        if move_number == 1 {
            return search(self, depth, window, node.pv);
        }
        let r = self.late_move_reduction(node, move_number, noisy);
        let mut score = search(self, depth - r, window.zero(), false);
        if score > window.alpha && r > 0 && !self.stopped {
            score = search(self, depth, window.zero(), false);
        }
        if node.pv && window.holds(score) && !self.stopped {
            self.stack[ply].pv.clear();
            score = search(self, depth, window, true);
        }
        score
    }

    /// The plies the `move_number`th move of `node` is searched less deep
    /// at first: late quiet moves, at the root too (with thousands of root
    /// moves this is what lets an iteration finish), never where the game
    /// ends within the depth left.
    fn late_move_reduction(&self, node: Node, move_number: usize, noisy: bool) -> i32 {
        let (full_moves, pv_less) = match node.pv {
            true => (LMR_FULL_MOVES_PV, LMR_PV_LESS.get()),
            false => (LMR_FULL_MOVES, 0),
        };
        let reduces = self.ctx.features.reductions
            && node.depth >= LMR_MIN_DEPTH.get()
            && move_number > full_moves.count()
            && !noisy
            && !node.exhaustive;
        match reduces {
            true => (reduction(node.depth, move_number) - pv_less).clamp(0, node.depth - 2),
            false => 0,
        }
    }

    /// Keeps what the search of root move `pick` (into `child`) found,
    /// `score` in a window whose alpha was `alpha` (see
    /// [`RootCursor::record`](crate::search::root::RootCursor::record)),
    /// with the line a table knows from a child decided at once.
    pub(super) fn record_root_move(&mut self, child: &G, pick: RootPick, score: i32, alpha: i32) {
        let line = &self.stack[1].pv;
        let Some(root_move) = self.root.record(pick, score, alpha, self.seldepth, line) else {
            return;
        };
        if root_move.pv.len() == 1 && settled_score(child, self.settings, 1) == Some(-score) {
            // Decided at once by the rules or a table: show its line.
            extend_with_known_line(child, self.settings, &mut root_move.pv);
        }
    }
}
