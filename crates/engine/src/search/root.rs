//! The root's moves: one list shared by every thread, generated once and
//! best first. At a huge root (more than [`HUGE_ROOT`] moves: a game whose
//! branching runs to thousands) each iteration searches only the best
//! `width` by ordering (move-count pruning at the root; the width grows
//! with depth and when an iteration fails low), and the threads spread over
//! its moves instead of all searching the same one. Threads keep results
//! only for the moves they search.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use ludus_rules::{GameMove, MoveCursor, MoveKind, Searchable};

use super::params::{
    HUGE_ROOT, ROOT_BATCH, ROOT_LIST_MAX, ROOT_MIN_WIDTH, ROOT_WIDTH_FACTOR, WIDTH_DEPTH_CAP,
};
use super::score::INFINITY;
use super::signals::Signals;
use super::tt::TranspositionTable;

/// The root moves searched at `depth`, before any widening on a fail low:
/// all of them unless the root is huge; else, as interior move-count
/// pruning, more the deeper the search.
pub(super) fn root_width(depth: i32, huge: bool) -> usize {
    let depth = (depth.max(1) as usize).min(WIDTH_DEPTH_CAP);
    match huge {
        true => ROOT_MIN_WIDTH
            .count()
            .max(ROOT_WIDTH_FACTOR.count() * depth * depth),
        false => usize::MAX,
    }
}

/// The root's moves, shared by the threads of one search.
pub(super) struct RootList<M> {
    /// The table's move first, then the noisy moves, then the quiet moves
    /// best first, at most [`ROOT_LIST_MAX`] in all.
    pub moves: Vec<M>,
    /// Whether the root has more than [`HUGE_ROOT`] legal moves (counted
    /// before a `searchmoves` restriction).
    pub huge: bool,
    /// Whether the root has a single legal move (counted before a
    /// `searchmoves` restriction): the only position answered at once.
    pub forced: bool,
    /// Per move, the depth some thread is searching it at (0: none).
    busy: Vec<AtomicU32>,
}

impl<M: GameMove> RootList<M> {
    /// The root moves of `root` (only those of `only` if it is not empty),
    /// with room for `threads` to share them. A `stop` cuts the generation
    /// short, but never before it has a move: a root with a legal move
    /// always has one to play.
    pub fn new<G: Searchable<Move = M>>(
        root: &G,
        tt: &TranspositionTable,
        only: &[M],
        signals: &Signals,
        threads: usize,
    ) -> Self {
        let mut moves = Vec::new();
        root.generate_noisy(&mut moves);
        let (huge, forced);
        if only.is_empty() {
            // Best first by the game's ordering, without history yet.
            let history = vec![0; G::MOVE_INDEX_COUNT];
            let mut cursor = MoveCursor::default();
            let mut batch = Vec::new();
            let mut complete = false;
            while moves.len() < ROOT_LIST_MAX && (moves.is_empty() || !signals.is_stopped()) {
                if cursor.is_finished() {
                    complete = true;
                    break;
                }
                batch.clear();
                let wanted = ROOT_BATCH.min(ROOT_LIST_MAX - moves.len());
                root.next_batch(MoveKind::Quiet, &history, &mut cursor, wanted, &mut batch);
                if batch.is_empty() {
                    complete = true;
                    break;
                }
                let room = ROOT_LIST_MAX - moves.len();
                moves.extend(batch.iter().take(room));
            }
            huge = moves.len() > HUGE_ROOT.count();
            forced = complete && moves.len() == 1;
        } else {
            let mut quiet = Vec::new();
            root.generate_quiet(&mut quiet);
            moves.append(&mut quiet);
            huge = moves.len() > HUGE_ROOT.count();
            forced = moves.len() == 1;
            moves.retain(|mv| only.contains(mv));
        }
        // The table's move goes first; the rest keep their order.
        let tt_move = tt.probe::<M>(root.hash()).and_then(|e| e.mv);
        if let Some(at) = moves.iter().position(|&mv| Some(mv) == tt_move) {
            moves[..=at].rotate_right(1);
        }
        if signals.is_stopped() {
            // Stopped while generating: the answer is the first move, and
            // nothing more is worth setting up.
            moves.truncate(1);
        }
        let busy = match huge && threads > 1 {
            true => moves.iter().map(|_| AtomicU32::new(0)).collect(),
            false => Vec::new(),
        };
        RootList {
            moves,
            huge,
            forced,
            busy,
        }
    }

    /// Whether some thread is searching move `index` at `depth` or deeper.
    pub fn is_busy(&self, index: usize, depth: i32) -> bool {
        self.busy
            .get(index)
            .is_some_and(|busy| busy.load(Relaxed) >= depth as u32)
    }

    /// Marks move `index` as searched at `depth` (0: no longer).
    pub fn mark(&self, index: usize, depth: i32) {
        if let Some(busy) = self.busy.get(index) {
            busy.store(depth.max(0) as u32, Relaxed);
        }
    }
}

/// A root move with what this thread's last search of it found.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    /// The move.
    pub mv: M,
    /// Its place in the shared [`RootList`].
    pub index: usize,
    /// Its score in the current iteration (`-INFINITY` if not yet known).
    pub score: i32,
    /// Its score in the previous iteration, for aspiration windows.
    pub previous_score: i32,
    /// The principal variation starting with this move.
    pub pv: Vec<M>,
    /// The deepest ply reached while searching it.
    pub seldepth: usize,
    /// Nodes this thread spent under it, over all iterations.
    pub effort: u64,
}

impl<M> RootMove<M> {
    /// Move `index` of the list, not searched yet.
    pub fn new(mv: M, index: usize) -> Self {
        RootMove {
            mv,
            index,
            score: -INFINITY,
            previous_score: -INFINITY,
            // Filled in when the move is searched; no allocation per move.
            pv: Vec::new(),
            seldepth: 0,
            effort: 0,
        }
    }
}

/// A root move handed out for searching: its place in the thread's
/// [`RootCursor::moves`] and its number among the moves of the root
/// search (the first is 1, and searched with the full window).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RootPick {
    /// Its place in [`RootCursor::moves`].
    pub slot: usize,
    /// Its number among the root search's moves.
    pub number: usize,
}

/// Which root moves a root search covers.
#[derive(Clone, Copy, Debug)]
pub(super) enum RootScope<'s> {
    /// Every move from principal variation `pv_index` on.
    From(usize),
    /// Only the first move from principal variation `pv_index` on (a
    /// deterministic split searches the others).
    FirstOf(usize),
    /// A thread's share of a deterministic split: these moves, in order.
    Share(&'s [RootPick]),
}

/// One thread's walk over the root moves: its results for the moves it
/// searches, the order of the current root search (moves put off while
/// another thread searches them), which principal variation it is at, and
/// what the time manager and an interrupted iteration want to know.
pub(super) struct RootCursor<'a, M> {
    /// The root's moves, shared by all threads.
    pub list: &'a RootList<M>,
    /// This thread's results for the first `moves.len()` moves of `list`
    /// (the width it searches), best first after each search.
    pub moves: Vec<RootMove<M>>,
    /// The first root move the current search covers (MultiPV line).
    pub pv_index: usize,
    /// The next of `moves` the current root search takes.
    next: usize,
    /// The moves handed out so far by the current root search.
    handed_out: usize,
    /// Root moves put off because another thread was searching them, and
    /// how many of them were taken.
    deferred: Vec<usize>,
    deferred_next: usize,
    /// Whether the current root search takes its first move only (a
    /// deterministic split searches the rest).
    first_only: bool,
    /// Whether the current root search is a split's share, and its moves
    /// not yet handed out, the next last.
    in_share: bool,
    share: Vec<RootPick>,
    /// How often, at the first principal variation, a root move other than
    /// the first searched took the lead (for the time manager; the
    /// iteration loop takes and resets it).
    pub best_move_changes: u32,
    /// The root move (its place in `moves`) that leads the current root
    /// search, once one has been searched to the end: what an interrupted
    /// iteration knows.
    pub leader: Option<usize>,
}

impl<'a, M: GameMove> RootCursor<'a, M> {
    /// A cursor over `list` that searches none of its moves yet.
    pub fn new(list: &'a RootList<M>) -> Self {
        RootCursor {
            list,
            moves: Vec::new(),
            pv_index: 0,
            next: 0,
            handed_out: 0,
            deferred: Vec::new(),
            deferred_next: 0,
            first_only: false,
            in_share: false,
            share: Vec::new(),
            best_move_changes: 0,
            leader: None,
        }
    }

    /// Searches the best `width` root moves by ordering from now on (at
    /// least as many as before, at most all). The moves added come after
    /// those searched, in the list's order.
    pub fn widen(&mut self, width: usize) {
        let width = width.min(self.list.moves.len());
        for index in self.moves.len()..width {
            self.moves
                .push(RootMove::new(self.list.moves[index], index));
        }
    }

    /// Starts a root search of the moves `scope` names.
    pub fn start(&mut self, scope: RootScope) {
        let (pv_index, first_only) = match scope {
            RootScope::From(pv_index) => (pv_index, false),
            RootScope::FirstOf(pv_index) => (pv_index, true),
            RootScope::Share(_) => (self.pv_index, false),
        };
        self.share.clear();
        self.in_share = matches!(scope, RootScope::Share(_));
        if let RootScope::Share(picks) = scope {
            self.share.extend(picks.iter().rev());
        }
        self.pv_index = pv_index;
        self.next = pv_index;
        self.handed_out = 0;
        self.first_only = first_only;
        if !self.in_share {
            self.leader = None;
        }
        self.deferred.clear();
        self.deferred_next = 0;
    }

    /// The next root move to search at `depth`: a share's next move; else
    /// in order from `pv_index`, except that at a root the threads share, a
    /// move another thread is searching at this depth or deeper is put off
    /// to the end (by then the table mostly knows it).
    pub fn next(&mut self, depth: i32) -> Option<RootPick> {
        if self.in_share {
            return self.share.pop();
        }
        let slot = self.next_slot(depth)?;
        self.handed_out += 1;
        Some(RootPick {
            slot,
            number: self.handed_out,
        })
    }

    /// The place in `moves` of the next root move of an ordinary root
    /// search (see [`Self::next`]).
    fn next_slot(&mut self, depth: i32) -> Option<usize> {
        if self.first_only && self.next > self.pv_index {
            return None;
        }
        while self.next < self.moves.len() {
            let i = self.next;
            self.next += 1;
            let first = i == self.pv_index;
            if !first && self.list.is_busy(self.moves[i].index, depth) {
                self.deferred.push(i);
                continue;
            }
            return Some(i);
        }
        let i = *self.deferred.get(self.deferred_next)?;
        self.deferred_next += 1;
        Some(i)
    }

    /// Marks `moves[slot]` as searched at `depth` by this thread (0: no
    /// longer), for the threads that share the root.
    pub fn mark(&self, slot: usize, depth: i32) {
        self.list.mark(self.moves[slot].index, depth);
    }

    /// Keeps what the search of root move `pick` found, `score` in a
    /// search whose alpha was `alpha`: its score, deepest ply and `line`
    /// if it was the first searched or beat `alpha` (returned, to be
    /// shown), else -INFINITY (only a bound is known).
    pub fn record(
        &mut self,
        pick: RootPick,
        score: i32,
        alpha: i32,
        seldepth: usize,
        line: &[M],
    ) -> Option<&mut RootMove<M>> {
        let first = pick.number == 1;
        if !first && score <= alpha {
            self.moves[pick.slot].score = -INFINITY;
            return None;
        }
        if !first && self.pv_index == 0 {
            self.best_move_changes += 1;
        }
        self.leader = Some(pick.slot);
        let root_move = &mut self.moves[pick.slot];
        root_move.score = score;
        root_move.seldepth = seldepth;
        root_move.pv.clear();
        root_move.pv.push(root_move.mv);
        root_move.pv.extend_from_slice(line);
        Some(root_move)
    }

    /// Sorts the moves the current root search covered best first.
    pub fn sort_searched(&mut self) {
        self.moves[self.pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
    }
}
