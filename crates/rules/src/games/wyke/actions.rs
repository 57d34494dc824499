//! Wyke's action ids and observations (protocol.md, "Action ids").
//!
//! The ids run through seven blocks, one per move shape, in this order:
//! `1-1-1-1-1` on five plots, `2-1-1`, `2-2`, `3-1`, `4`, the four-plot
//! `1-1-1-1-1` of the 6-6 endgame (4×4 only) and the pass. Inside a block a
//! set of plots of equal amounts is numbered by its combinatorial rank
//! (`Σ C(pᵢ, i+1)` over its plots in ascending order, plot `p = 4·file +
//! rank` on 4×4, `6·file + rank` on 6×6, from 0), and a plot with its own
//! amount comes first, as a factor: `2-1-1(p,q,r)` is `p·C(P−1, 2)` plus
//! the rank of `{q, r}` counted without `p`. So every move of every
//! position has one id, and every id one move shape.

use super::moves::{WykeMove, FIVE, FOUR, PASS, THREE_ONE, TWO_ONE_ONE, TWO_TWO};
use super::{Wyke, FULL};
use crate::observation::{share, Planes};
use crate::Player;

/// The blocks: the five move types in order, then the 6-6 form, the pass.
const BLOCKS: usize = 7;
const SIX_SIX_FORM: usize = 5;
const PASS_BLOCK: usize = 6;
/// Planes: mover's plots, opponent's plots, tiles, the role, 5 + 5 marker
/// planes, passes.
const PLANES: usize = 15;

/// The number of `k`-subsets of `n` things.
const fn choose(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let mut result = 1;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// The first id of each block on a board of `plots` plots, and the end.
const fn block_starts(plots: usize, four_plot_form: bool) -> [usize; BLOCKS + 1] {
    let sizes = [
        choose(plots, 5),
        plots * choose(plots - 1, 2),
        choose(plots, 2),
        plots * (plots - 1),
        plots,
        if four_plot_form { choose(plots, 4) } else { 0 },
        1,
    ];
    let mut starts = [0; BLOCKS + 1];
    let mut i = 0;
    while i < BLOCKS {
        starts[i + 1] = starts[i] + sizes[i];
        i += 1;
    }
    starts
}

/// The combinatorial rank of ascending plots.
fn rank(plots: &[u8]) -> usize {
    plots
        .iter()
        .enumerate()
        .map(|(i, &p)| choose(usize::from(p), i + 1))
        .sum()
}

/// The ascending plots of combinatorial rank `rank` (`out.len()` of them).
fn unrank(mut rank: usize, out: &mut [usize]) {
    for i in (0..out.len()).rev() {
        let mut plot = i;
        while choose(plot + 1, i + 1) <= rank {
            plot += 1;
        }
        rank -= choose(plot, i + 1);
        out[i] = plot;
    }
}

/// `plot` numbered among the plots other than `first`.
fn without(plot: usize, first: usize) -> usize {
    plot - usize::from(plot > first)
}

/// The plot numbered `index` among the plots other than `first`.
fn restore(index: usize, first: usize) -> usize {
    index + usize::from(index >= first)
}

impl<const N: usize> Wyke<N> {
    /// Plots on the board.
    const BOARD: usize = N * N;
    /// The first id of each block, and the number of ids.
    const STARTS: [usize; BLOCKS + 1] = block_starts(N * N, N == 4);
    /// Every id: the end of the last block.
    pub(super) const ACTIONS: usize = Self::STARTS[BLOCKS];
    /// [planes, ranks, files].
    pub(super) const SHAPE: [usize; 3] = [PLANES, N, N];

    /// The id of a move (of any shape; plots past the board give ids that
    /// name no move of the board, without panicking).
    pub(super) fn action_id(mv: WykeMove) -> usize {
        let plots = mv.used();
        let plot = |i: usize| usize::from(plots[i]);
        // A move type's block is its number; the pass and unknown types end.
        let block = usize::from(mv.kind).min(PASS_BLOCK);
        let (block, offset) = match (mv.kind, plots.len()) {
            (PASS, _) => (PASS_BLOCK, 0),
            (FIVE, 4) => (SIX_SIX_FORM, rank(plots)),
            (TWO_ONE_ONE, 3) => {
                let rest = [without(plot(1), plot(0)), without(plot(2), plot(0))];
                let rest = rank(&rest.map(|p| p as u8));
                (block, plot(0) * choose(Self::BOARD - 1, 2) + rest)
            }
            (THREE_ONE, 2) => (
                block,
                plot(0) * (Self::BOARD - 1) + without(plot(1), plot(0)),
            ),
            _ => (block, rank(plots)),
        };
        Self::STARTS[block] + offset
    }

    /// The move shape with id `action` (legal or not), if the id exists.
    pub(super) fn move_with_id(action: usize) -> Option<WykeMove> {
        let block = (0..BLOCKS).find(|&b| action < Self::STARTS[b + 1])?;
        let offset = action - Self::STARTS[block];
        let mut plots = [0usize; 5];
        let (kind, count) = match block {
            PASS_BLOCK => return Some(WykeMove::PASS),
            SIX_SIX_FORM => {
                unrank(offset, &mut plots[..4]);
                (FIVE, 4)
            }
            b if b == usize::from(TWO_ONE_ONE) => {
                let pair = choose(Self::BOARD - 1, 2);
                plots[0] = offset / pair;
                unrank(offset % pair, &mut plots[1..3]);
                plots[1] = restore(plots[1], plots[0]);
                plots[2] = restore(plots[2], plots[0]);
                (TWO_ONE_ONE, 3)
            }
            b if b == usize::from(THREE_ONE) => {
                plots[0] = offset / (Self::BOARD - 1);
                plots[1] = restore(offset % (Self::BOARD - 1), plots[0]);
                (THREE_ONE, 2)
            }
            b if b == usize::from(FOUR) => {
                plots[0] = offset;
                (FOUR, 1)
            }
            b if b == usize::from(TWO_TWO) => {
                unrank(offset, &mut plots[..2]);
                (TWO_TWO, 2)
            }
            _ => {
                unrank(offset, &mut plots);
                (FIVE, 5)
            }
        };
        // Plots are below the board's 36, so they fit a byte.
        let plots = plots.map(|p| p as u8);
        Some(WykeMove::new(kind, &plots[..count]))
    }

    /// Writes the observation (planes listed in protocol.md).
    pub(super) fn write_observation(&self, out: &mut [f32]) {
        let mut planes = Planes::new(out, Self::SHAPE);
        let me = self.side;
        let builder = me == Player::First;
        for plot in 0..Self::BOARD {
            let (file, rank) = (plot / N, plot % N);
            let bit = 1u64 << plot;
            let tiles = self.tiles[plot];
            planes.set(
                0,
                rank,
                file,
                f32::from(u8::from(self.claimed(me) & bit != 0)),
            );
            let theirs = self.claimed(me.opponent()) & bit != 0;
            planes.set(1, rank, file, f32::from(u8::from(theirs)));
            let towards_mine = if builder { tiles } else { FULL - tiles };
            planes.set(2, rank, file, share(towards_mine, FULL));
        }
        planes.fill(3, f32::from(u8::from(builder)));
        for (first_plane, player) in [(4, me), (9, me.opponent())] {
            if let Some(marker) = self.marker(player) {
                planes.fill(first_plane + usize::from(marker), 1.0);
            }
        }
        planes.fill(14, share(self.passes.min(2), 2));
    }
}

#[cfg(test)]
mod tests {
    use crate::games::action_of_text as id;
    use crate::games::wyke::{Wyke4, Wyke6};
    use crate::Game;

    #[test]
    fn named_moves_have_the_documented_ids() {
        let start = "3444/4444/4444/4443 b - -";
        assert_eq!(id::<Wyke4>(start, "1-1-1-1-1(a1,a2,a3,a4,b1)"), 0);
        assert_eq!(id::<Wyke4>(start, "2-1-1(b3,b1,d2)"), 4368 + 700);
        assert_eq!(id::<Wyke4>(start, "2-2(a1,d4)"), 6153);
        assert_eq!(id::<Wyke4>(start, "4(a1)"), 6408);
        // The 6-6 endgame's four-plot move, and the pass.
        let six_six = "8800/0088/8800/4447 b 2-2 3-1";
        assert_eq!(id::<Wyke4>(six_six, "1-1-1-1-1(a1,b1,c1,d1)"), 6424 + 557);
        assert_eq!(
            id::<Wyke4>("8800/0088/8800/7777 b 4 1-1-1-1-1", "pass"),
            8244
        );
        let start6 = "444444/434444/444444/444444/444434/444444 b - -";
        assert_eq!(id::<Wyke6>(start6, "3-1(f6,a1)"), 399_042 + 35 * 35);
        assert_eq!(id::<Wyke6>(start6, "4(f6)"), 400_337);
    }

    #[test]
    fn ids_past_the_space_name_nothing() {
        let position = Wyke4::startpos();
        assert_eq!(position.move_of_action(Wyke4::NUM_ACTIONS), None);
        assert_eq!(position.move_of_action(usize::MAX), None);
    }
}
