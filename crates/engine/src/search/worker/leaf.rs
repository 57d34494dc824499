//! The leaves of one thread's search: positions decided without search
//! (by the rules, a repetition or a table), the scores of draws, the
//! practical search's chances, and quiescence over noisy moves.

use ludus_rules::{GameResult, KnownValue, Searchable};

use super::Worker;
use crate::search::ordering::MovePicker;
use crate::search::practical;
use crate::search::score::{finished_score, known_score, with_bonus};
use crate::search::stack::MAX_PLY;

impl<G: Searchable> Worker<'_, G> {
    /// The score of a position decided without search: finished by the
    /// rules, drawn by repetition, or known exactly from a solved table
    /// (repetition first: a table does not know the game's history). Draws
    /// by repetition or by the rules score [`Self::draw_score`]; a table's
    /// draw scores 0, or is searched on in a practical search (see
    /// [`super::practical`]), where only its wins and losses settle a node.
    pub(super) fn decided_score(&self, position: &G, ply: usize) -> Option<i32> {
        if position.result() != GameResult::Ongoing {
            let draw = self.draw_score(position);
            return Some(finished_score(position, self.settings, ply, draw));
        }
        if self.stack.is_repetition(ply) {
            return Some(self.draw_score(position));
        }
        match position.known_value(self.settings)? {
            KnownValue::Draw if self.ctx.practical() => None,
            value => Some(known_score(value, ply)),
        }
    }

    /// What entering `child` (pushed at `ply`) is worth to its parent
    /// beyond its own score: in a practical search, where the root's
    /// opponent moves in a drawn position, the opponent's chances to go
    /// wrong there (see [`practical::chances_to_go_wrong`]); else 0.
    pub(super) fn chances(&mut self, child: &G, ply: usize) -> i32 {
        let counts = self.ctx.practical()
            && child.side_to_move() != self.ctx.root_side
            && child.result() == GameResult::Ongoing
            && child.known_value(self.settings) == Some(KnownValue::Draw)
            && !self.stack.is_repetition(ply);
        match counts {
            true => practical::chances_to_go_wrong(child, self.settings, &mut self.scratch),
            false => 0,
        }
    }

    /// The score of a draw the search could avoid (by repetition or by the
    /// rules) for the side to move in `position`: `-contempt` for the side
    /// that moves at the root, `+contempt` for its opponent.
    fn draw_score(&self, position: &G) -> i32 {
        if position.side_to_move() == self.ctx.root_side {
            -self.ctx.contempt
        } else {
            self.ctx.contempt
        }
    }

    /// Quiescence search: the static evaluation, unless a noisy move
    /// (searched the same way) beats it.
    pub(super) fn quiescence(
        &mut self,
        position: &G,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.visit_node(ply);
        if self.stopped {
            return 0;
        }
        let stand_pat = self.evaluate(position, ply);
        if ply >= MAX_PLY || stand_pat >= beta || !self.ctx.features.quiescence {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        let buffers = std::mem::take(&mut self.stack[ply].buffers);
        let mut picker = MovePicker::<G>::noisy(buffers);
        while let Some((mv, _)) = picker.next(position, &self.history) {
            let mut child = position.clone();
            child.make_move(mv);
            self.stack
                .push(child.hash(), ply, position.is_irreversible(mv));
            let score = match self.decided_score(&child, ply + 1) {
                Some(score) => -score,
                None => {
                    let bonus = self.chances(&child, ply + 1);
                    let score = -self.quiescence(&child, bonus - beta, bonus - alpha, ply + 1);
                    with_bonus(score, bonus)
                }
            };
            self.stack.pop();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.stack[ply].buffers = picker.into_buffers();
        best
    }
}
