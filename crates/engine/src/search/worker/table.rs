//! One thread's view of the transposition tables: the shared table, and
//! its own table first while it searches a share of a deterministic split.

use ludus_rules::Searchable;

use crate::search::node::Node;
use crate::search::score::score_from_tt;
use crate::search::tt::{Bound, TtEntry};

use super::Worker;

impl<G: Searchable> Worker<'_, G> {
    /// The table's entry for `key`: this thread's own table first while it
    /// has one, then the shared table.
    fn probe(&self, key: u64) -> Option<TtEntry<G::Move>> {
        let own = match self.share.private_table {
            true => self.ctx.locals[self.id].probe(key),
            false => None,
        };
        own.or_else(|| self.ctx.tt.probe(key))
    }

    /// Stores a result in this thread's own table while it has one, else
    /// in the shared table.
    pub(super) fn store(
        &mut self,
        key: u64,
        mv: Option<G::Move>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        if self.share.private_table {
            let own = &self.ctx.locals[self.id];
            own.store(key, mv, score, depth, bound);
            self.share.touched.push(own.bucket_index(key));
        } else {
            self.ctx.tt.store(key, mv, score, depth, bound);
        }
    }

    /// Reads the table for the node: `Ok(score)` when the entry settles it
    /// (non-PV nodes only), else `Err` with the entry's move if legal here.
    pub(super) fn probe_table(
        &self,
        position: &G,
        key: u64,
        node: Node,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Option<G::Move>> {
        let Some(entry) = self.probe(key) else {
            return Err(None);
        };
        let score = score_from_tt(entry.score, node.ply);
        let usable = match entry.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        if !node.pv && entry.depth >= node.depth && usable {
            return Ok(score);
        }
        Err(entry.mv.filter(|&mv| position.is_legal(mv)))
    }
}
