//! What every thread of one search shares: the tables, the signals, the
//! node counts and limits, and the settings the whole search keeps.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use ludus_rules::{Player, SearchFeatures};

use super::limits::TimeBudget;
use super::signals::Signals;
use super::tt::TranspositionTable;

/// A node counter on its own cache line, written by one thread only.
#[repr(align(64))]
#[derive(Default)]
pub(super) struct NodeCounter(pub(super) AtomicU64);

/// What every thread of one search shares.
pub(super) struct Context<'a> {
    pub(super) tt: &'a TranspositionTable,
    pub(super) signals: &'a Signals,
    pub(super) counters: Vec<NodeCounter>,
    pub(super) history: &'a [u64],
    pub(super) budget: Option<TimeBudget>,
    pub(super) node_limit: Option<u64>,
    /// The search techniques on: the game's, less those switched off for a
    /// measurement (see [`super::features`]).
    pub(super) features: SearchFeatures,
    /// Per thread, the table it writes to while it searches its share of a
    /// deterministic root split (see [`super::split`]); empty otherwise.
    pub(super) locals: Vec<TranspositionTable>,
    /// The score reported for every line instead of the search's own: the
    /// root's known value in a practical search (see [`Context::practical`]).
    pub(super) reported_score: Option<i32>,
    /// Contempt for draws, in centipawns (see [`super::request::DEFAULT_CONTEMPT`]).
    pub(super) contempt: i32,
    /// The side to move at the root, whom contempt is for.
    pub(super) root_side: Player,
}

impl Context<'_> {
    /// Whether this is the practical search of a known draw (see
    /// [`super::practical`]): the table's draws do not settle nodes, so the
    /// evaluation and the opponent's chances tell drawing lines apart.
    pub(super) fn practical(&self) -> bool {
        self.reported_score.is_some()
    }

    pub(super) fn total_nodes(&self) -> u64 {
        self.counters.iter().map(|c| c.0.load(Relaxed)).sum()
    }

    /// Whether the threads split the root deterministically (see [`super::split`]).
    pub(super) fn splits(&self) -> bool {
        !self.locals.is_empty()
    }

    /// Nodes left under the node limit (all of them without one).
    pub(super) fn nodes_left(&self) -> u64 {
        self.node_limit
            .map_or(u64::MAX, |n| n.saturating_sub(self.total_nodes()))
    }

    /// Called by the main thread every few hundred nodes. A deterministic
    /// split enforces the node limit through each thread's own quota
    /// instead: the total at a given moment depends on the schedule.
    pub(super) fn check_limits(&self) {
        if self.signals.is_pondering() {
            return;
        }
        let out_of_time = self
            .budget
            .is_some_and(|b| self.signals.time_used() >= b.hard);
        let out_of_nodes =
            !self.splits() && self.node_limit.is_some_and(|n| self.total_nodes() >= n);
        if out_of_time || out_of_nodes {
            self.signals.expire();
        }
    }
}
