//! Wyke's quiet moves best first, without listing them: 6×6 Wyke has some
//! 400 000 moves a node, of which the search tries a handful.
//!
//! A move's ordering score is a sum over its plots of a gain per (plot,
//! amount): the plot's weight in the open lines and squares of both sides
//! times the tiles, more for a claim, plus the search's history of that
//! plot and amount. So the plots that can take each amount are sorted once
//! by gain, and the best moves of a type are the best combinations of
//! positions in those lists, found by a best-first walk over a tree in
//! which every combination has one parent scoring at least as much (a
//! combination of `k` positions `i_0 < … < i_k-1` steps from the first `k`
//! by moving single positions one place on, the rightmost first). A heap
//! holds the frontier: each move taken adds at most two.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::claims::{bit, Types};
use super::moves::{WykeMove, FIVE, KINDS, NO_PLOT, PASS, THREE_ONE, TWO_ONE_ONE, TWO_TWO};
use super::{Wyke, MAX_PLOTS};
use crate::{Game, GameResult, MoveCursor, MoveIndices};

/// History indices: one per plot and amount (1 to 4), then the pass.
pub(super) const HISTORY_INDICES: usize = MAX_PLOTS * 4 + 1;
const PASS_INDEX: usize = MAX_PLOTS * 4;

/// How much the game's own gain of a plot and amount counts against the
/// search's history of it (which runs to ±16 384).
const GAIN_WEIGHT: i32 = 16;

/// The history index of `amount` (1 to 4) on `plot`.
pub(super) fn history_index(plot: u8, amount: u8) -> usize {
    usize::from(plot) % MAX_PLOTS * 4 + usize::from(amount.clamp(1, 4) - 1)
}

/// The history indices of `mv`: one per plot.
pub(super) fn move_indices(mv: WykeMove) -> MoveIndices {
    if mv.kind == PASS {
        return MoveIndices::one(PASS_INDEX);
    }
    let mut indices = MoveIndices::EMPTY;
    for (slot, &plot) in mv.used().iter().enumerate() {
        indices.push(history_index(plot, mv.amount(slot)));
    }
    indices
}

/// Not in a list.
const UNLISTED: u8 = u8::MAX;
/// The `outer` of the 6-6 form of 1-1-1-1-1 (one move: every open plot).
const SIX_SIX: u8 = 62;

/// A combination of plots for one move type: the plot taking the type's
/// big amount (2-1-1, 3-1), and positions in the list of the small amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Combo {
    kind: u8,
    /// The plot of the big amount, [`NO_PLOT`] if the type has none.
    outer: u8,
    /// Ascending positions in the small amount's list (outer skipped).
    at: [u8; 5],
    /// The position moved last, or the combination's size if none was.
    frontier: u8,
}

impl Combo {
    fn encode(&self) -> u64 {
        let head =
            u64::from(self.kind) | u64::from(self.outer) << 3 | u64::from(self.frontier) << 9;
        self.at
            .iter()
            .enumerate()
            .fold(head, |code, (i, &at)| code | u64::from(at) << (12 + 6 * i))
    }

    fn decode(code: u64) -> Combo {
        let field = |shift: usize| (code >> shift & 63) as u8;
        Combo {
            kind: (code & 7) as u8,
            outer: field(3),
            frontier: (code >> 9 & 7) as u8,
            at: [field(12), field(18), field(24), field(30), field(36)],
        }
    }
}

/// The number of plots taking the small amount, and that amount.
fn shape(kind: u8) -> (usize, usize) {
    match kind {
        FIVE => (5, 1),
        TWO_ONE_ONE => (2, 1),
        TWO_TWO => (2, 2),
        THREE_ONE => (1, 1),
        _ => (1, 4),
    }
}

/// One node's best-first generation, kept in the search's cursor between
/// batches.
pub(super) struct QuietPlan {
    /// `lists[a]`: the open plots that can take amount `a`, best gain first.
    lists: [[u8; MAX_PLOTS]; 5],
    lens: [usize; 5],
    /// Where each plot stands in `lists[1]`.
    rank1: [u8; MAX_PLOTS],
    /// `gain[p][a]`: the ordering score of amount `a` on plot `p`.
    gain: [[i32; 5]; MAX_PLOTS],
    /// Combinations not yet taken, by score (ties: lower code first).
    heap: BinaryHeap<(i32, Reverse<u64>)>,
    /// Types of which some move might win at once (those are noisy).
    winning: Types,
    /// The pass, when the side has no move, still to come.
    pass: bool,
}

impl Default for QuietPlan {
    fn default() -> Self {
        QuietPlan {
            lists: [[0; MAX_PLOTS]; 5],
            lens: [0; 5],
            rank1: [UNLISTED; MAX_PLOTS],
            gain: [[0; 5]; MAX_PLOTS],
            heap: BinaryHeap::new(),
            winning: 0,
            pass: false,
        }
    }
}

impl QuietPlan {
    /// The plot at position `v` of the small amount's list of `combo`.
    fn plot_at(&self, combo: &Combo, v: usize) -> u8 {
        let (_, amount) = shape(combo.kind);
        let skip = combo.outer != NO_PLOT && self.rank1[usize::from(combo.outer)] as usize <= v;
        self.lists[amount][v + usize::from(skip)]
    }

    /// The length of the small amount's list of `combo` (outer skipped).
    fn list_len(&self, combo: &Combo) -> usize {
        let (_, amount) = shape(combo.kind);
        let listed = combo.outer != NO_PLOT && self.rank1[usize::from(combo.outer)] != UNLISTED;
        self.lens[amount] - usize::from(listed)
    }

    fn score(&self, combo: &Combo) -> i32 {
        let (size, amount) = shape(combo.kind);
        let outer = match combo.kind {
            TWO_ONE_ONE => self.gain[usize::from(combo.outer)][2],
            THREE_ONE => self.gain[usize::from(combo.outer)][3],
            _ => 0,
        };
        outer
            + (0..size)
                .map(|i| {
                    self.gain[usize::from(self.plot_at(combo, usize::from(combo.at[i])))][amount]
                })
                .sum::<i32>()
    }

    /// Adds the first combination of `kind` (with `outer`) if it has one.
    fn seed(&mut self, kind: u8, outer: u8) {
        let (size, _) = shape(kind);
        let combo = Combo {
            kind,
            outer,
            at: [0, 1, 2, 3, 4],
            frontier: size as u8,
        };
        if self.list_len(&combo) >= size {
            self.heap
                .push((self.score(&combo), Reverse(combo.encode())));
        }
    }

    /// Adds the children of `combo` (scoring `score`): its last moved
    /// position one place on, and the position before it one place on.
    fn push_children(&mut self, combo: &Combo, score: i32) {
        let (size, amount) = shape(combo.kind);
        let n = self.list_len(combo);
        let m = usize::from(combo.frontier);
        let limit = |j: usize| {
            if j + 1 < size {
                usize::from(combo.at[j + 1])
            } else {
                n
            }
        };
        for (j, frontier) in [(m, m), (m.wrapping_sub(1), m.wrapping_sub(1))] {
            if j >= size || usize::from(combo.at[j]) + 1 >= limit(j) {
                continue;
            }
            let mut child = *combo;
            child.at[j] += 1;
            child.frontier = frontier as u8;
            let gain =
                |c: &Combo| self.gain[usize::from(self.plot_at(c, usize::from(c.at[j])))][amount];
            let child_score = score - gain(combo) + gain(&child);
            self.heap.push((child_score, Reverse(child.encode())));
        }
    }

    /// The move of `combo`, plots in canonical order.
    fn to_move(&self, combo: &Combo, open: u64) -> WykeMove {
        let mut plots = [NO_PLOT; 5];
        if combo.outer == SIX_SIX {
            let mut rest = open;
            for slot in plots.iter_mut().take(4) {
                *slot = rest.trailing_zeros() as u8;
                rest &= rest.wrapping_sub(1);
            }
            return WykeMove { kind: FIVE, plots };
        }
        let (size, _) = shape(combo.kind);
        let first = usize::from(combo.outer != NO_PLOT);
        plots[0] = combo.outer;
        for i in 0..size {
            plots[first + i] = self.plot_at(combo, usize::from(combo.at[i]));
        }
        plots[first..first + size].sort_unstable();
        WykeMove {
            kind: combo.kind,
            plots,
        }
    }
}

/// How many winning moves one node's generation has given.
#[derive(Default)]
pub(super) struct WinningScan {
    given: usize,
}

impl<const N: usize> Wyke<N> {
    /// The next batch of at most `wanted` winning (noisy) moves: any of
    /// them wins, so they come in generation order, and a node that takes
    /// the first never has the rest listed (in a middle game thousands of
    /// 1-1-1-1-1 moves may complete the same line).
    pub(super) fn next_winning_batch(
        &self,
        cursor: &mut MoveCursor<WykeMove>,
        wanted: usize,
        batch: &mut Vec<WykeMove>,
    ) {
        let scan = cursor.node_state(|scan: &mut WinningScan| scan.given = 0);
        let before = batch.len();
        self.generate_winning(scan.given, wanted, batch);
        let found = batch.len() - before;
        scan.given += found;
        if found < wanted {
            cursor.finish();
        }
    }

    /// The next batch of about `wanted` quiet moves, best first (see
    /// [`crate::Searchable::next_batch`]).
    pub(super) fn next_quiet_batch(
        &self,
        history: &[i32],
        cursor: &mut MoveCursor<WykeMove>,
        wanted: usize,
        batch: &mut Vec<WykeMove>,
    ) {
        let plan = cursor.node_state(|plan: &mut QuietPlan| self.plan_quiets(plan, history));
        let open = self.open();
        while batch.len() < wanted {
            match self.next_planned(plan, open) {
                Some(mv) => batch.push(mv),
                None => {
                    cursor.finish();
                    return;
                }
            }
        }
    }

    /// Sets `plan` up for this position: gains, sorted lists, first
    /// combinations.
    fn plan_quiets(&self, plan: &mut QuietPlan, history: &[i32]) {
        plan.heap.clear();
        plan.lens = [0; 5];
        plan.rank1 = [UNLISTED; MAX_PLOTS];
        plan.pass = false;
        if self.result() != GameResult::Ongoing {
            return;
        }
        let r = self.reach();
        let weights = self.plot_weights();
        plan.winning = self.winning_types(&r);
        for amount in 1..=4 {
            let mut plots = r.can[amount];
            while plots != 0 {
                let p = plots.trailing_zeros() as usize;
                plots &= plots - 1;
                let claims = r.claim[amount] & 1 << p != 0;
                let own = weights[p] * amount as i32 + if claims { 4 * weights[p] + 40 } else { 0 };
                let learnt = history
                    .get(history_index(p as u8, amount as u8))
                    .copied()
                    .unwrap_or(0);
                plan.gain[p][amount] = GAIN_WEIGHT * own + learnt;
                plan.lists[amount][plan.lens[amount]] = p as u8;
                plan.lens[amount] += 1;
            }
            let gain = &plan.gain;
            plan.lists[amount][..plan.lens[amount]]
                .sort_unstable_by_key(|&p| (Reverse(gain[usize::from(p)][amount]), p));
        }
        for (rank, &p) in plan.lists[1][..plan.lens[1]].iter().enumerate() {
            plan.rank1[usize::from(p)] = rank as u8;
        }
        for kind in self.available_kinds() {
            match kind {
                FIVE if self.four_plot_form(&r) => {
                    let score = (0..N * N)
                        .filter(|&p| r.open & 1 << p != 0)
                        .map(|p| plan.gain[p][1])
                        .sum();
                    let combo = Combo {
                        kind: FIVE,
                        outer: SIX_SIX,
                        at: [0; 5],
                        frontier: 0,
                    };
                    plan.heap.push((score, Reverse(combo.encode())));
                }
                TWO_ONE_ONE | THREE_ONE => {
                    let big = if kind == TWO_ONE_ONE { 2 } else { 3 };
                    for i in 0..plan.lens[big] {
                        plan.seed(kind, plan.lists[big][i]);
                    }
                }
                _ if usize::from(kind) < KINDS => plan.seed(kind, NO_PLOT),
                _ => {}
            }
        }
        plan.pass = !self.has_any_move(&r);
    }

    /// The next quiet move of `plan`, if any.
    fn next_planned(&self, plan: &mut QuietPlan, open: u64) -> Option<WykeMove> {
        while let Some((score, Reverse(code))) = plan.heap.pop() {
            let combo = Combo::decode(code);
            if combo.outer != SIX_SIX {
                plan.push_children(&combo, score);
            }
            let mv = plan.to_move(&combo, open);
            if plan.winning & bit(mv.kind) != 0 && self.wins(mv) {
                continue;
            }
            return Some(mv);
        }
        std::mem::take(&mut plan.pass).then_some(WykeMove::PASS)
    }

    /// How much each open plot matters to the side to move: the open lines
    /// and squares through it, for itself and for the opponent.
    pub(super) fn plot_weights(&self) -> [i32; MAX_PLOTS] {
        const BY_HELD: [i32; 5] = [1, 3, 9, 27, 27];
        let mine = self.claimed(self.side);
        let theirs = self.claimed(self.side.opponent());
        let open = self.open();
        let mut weights = [0i32; MAX_PLOTS];
        for &mask in Self::win_masks() {
            let mut value = 0;
            if mask & theirs == 0 {
                value += BY_HELD[(mask & mine).count_ones() as usize];
            }
            if mask & mine == 0 {
                value += BY_HELD[(mask & theirs).count_ones() as usize];
            }
            let mut plots = mask & open;
            while plots != 0 {
                weights[plots.trailing_zeros() as usize] += value;
                plots &= plots - 1;
            }
        }
        weights
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::Rng;

    /// A move's ordering score: the sum of its plots' gains.
    fn score_of(plan: &QuietPlan, mv: WykeMove) -> i32 {
        (0..mv.used().len())
            .map(|slot| plan.gain[usize::from(mv.plots[slot])][usize::from(mv.amount(slot))])
            .sum()
    }

    /// The quiet moves come out by non-increasing score; returns how many.
    fn check_order<const N: usize>(fen: &str, history: &[i32]) -> usize {
        let position = Wyke::<N>::from_fen(fen).unwrap();
        let mut plan = QuietPlan::default();
        position.plan_quiets(&mut plan, history);
        let mut last = i32::MAX;
        let mut count = 0;
        while let Some(mv) = position.next_planned(&mut plan, position.open()) {
            if mv.kind == PASS {
                continue;
            }
            let score = score_of(&plan, mv);
            assert!(score <= last, "{fen}: {mv:?} scores {score} after {last}");
            last = score;
            count += 1;
        }
        count
    }

    #[test]
    fn quiet_moves_come_best_first() {
        let mut rng = Rng::new(3);
        let random: Vec<i32> = (0..HISTORY_INDICES)
            .map(|_| rng.below(30_000) as i32 - 15_000)
            .collect();
        let zero = vec![0; HISTORY_INDICES];
        for history in [&zero, &random] {
            assert_eq!(
                check_order::<4>("3444/4444/4444/4443 b - -", history),
                6_424
            );
            check_order::<4>("5262/4708/4374/1443 b 3-1 2-1-1", history);
            check_order::<4>("8800/0088/8800/1234 b 2-2 4", history);
            check_order::<6>(
                "564804/434454/474240/462447/144634/444644 d 2-1-1 4",
                history,
            );
        }
        let start6 = "444444/434444/444444/444444/444434/444444 b - -";
        assert_eq!(check_order::<6>(start6, &random), 400_338);
    }
}
