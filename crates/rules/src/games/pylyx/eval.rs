//! Evaluation. A side wins by gathering all its checkers on one cell, so
//! each side is judged by its best target: an own piece, as tall as
//! possible, that many own checkers can reach in one move (they are the
//! first own piece on a free line from it, of a kind that may travel that
//! line) or in two (they can reach a cell on such a line). Around that:
//! mobility, pieces that cannot move at all, singles on the edge (easily
//! blocked), singles on the wrong diagonal colour for the target (a
//! single never changes colour, so it can only join by first merging) and
//! how gathered the side's checkers are, whatever the target.

use super::{PylyxGame, MAILBOX};
use crate::game::Player;
use crate::linear::{features, FeatureCounts, LinearTerms, Terms};

features! {
    NAMES:
    TARGET_HEIGHT = "target height",
    ONE_MOVE_JOIN = "one-move joiners",
    TWO_MOVE_JOIN = "two-move joiners",
    /// The target plus one joiner would make the winning stack.
    WIN_THREAT = "win threat",
    MOBILITY = "mobility",
    BLOCKED_PIECE = "blocked piece",
    EDGE_SINGLE = "single on the edge",
    WRONG_COLOUR_SINGLE = "single of the wrong colour",
    IN_HAND = "checker in hand",
    /// Pairs of own checkers sharing a stack, over all own pieces: every
    /// merge raises it and every split lowers it, whichever piece the
    /// target is, so gathering counts as progress even where the target's
    /// supporters stay as many.
    GATHERED_PAIRS = "gathered pairs",
}
/// How many terms the linear evaluation has.
pub(super) const FEATURES: usize = NAMES.len();
/// The evaluation's terms the 12×12 network reads, each with the most its
/// one-hot inputs count (a larger value turns on the last): the target's
/// height, its one-move and two-move joiners, and whether one more joiner
/// wins. They say which pieces can reach which along free lines, which a
/// sum over pieces by cell cannot (bench/notes/networks.md, "Why 12×12
/// Pylyx's network lost").
pub(super) const NET_TERMS: [(usize, u32); 4] = [
    (TARGET_HEIGHT, 10),
    (ONE_MOVE_JOIN, 10),
    (TWO_MOVE_JOIN, 10),
    (WIN_THREAT, 1),
];
/// A piece's moves count toward mobility up to this many. Past it, more
/// moves do not make a piece harder to block, and an uncapped count made
/// two free stacks of 3 (each moving along both kinds of line) worth more
/// than the stack of 6 they merge into: 12×12 Pylyx shuffled in won
/// positions instead of gathering its checkers.
const MOBILITY_CAP: i32 = 8;

/// The weight table of 12×12 Pylyx, in the order of [`NAMES`]: the hand
/// weights. Weights tuned on 500 self-play games (31, 21, 8, 239, 1, 11,
/// 15, -17, 30) lost heavily to them; gathered pairs came later, at 10
/// (25 did worse; bench/notes/tuning.md and
/// bench/notes/ladders.md).
const WEIGHTS_12: [i32; FEATURES] = [40, 20, 8, 80, 2, -12, -10, -6, 8, 10];
/// The weight table of 10×10 Pylyx, tuned by `ludus tune` on 2000
/// self-play games (`ludus datagen --nodes 5000`; bench/notes/tuning.md). The
/// hand weights were those of 12×12 Pylyx. Gathered pairs came later and
/// stay at 0 here: 10×10 Pylyx plays its network.
const WEIGHTS_10: [i32; FEATURES] = [38, 24, 11, 151, 0, 50, 14, -16, 1, 0];

/// How many checkers of a piece of `height` can travel a diagonal line, and
/// an orthogonal one, in one move.
#[inline]
fn movable(height: u8) -> (u8, u8) {
    match height {
        0 => (0, 0),
        1 => (1, 0),
        2 => (1, 2),
        _ => (3, 3),
    }
}

impl<const N: usize> LinearTerms for PylyxGame<N> {
    const WEIGHTS: &'static [i32] = Self::WEIGHT_TABLE;
    const NAMES: &'static [&'static str] = &NAMES;

    /// Reports the terms of both sides, from the side to move's view.
    #[inline]
    fn terms(&self, terms: &mut impl Terms) {
        self.side_terms(self.side, 1, terms);
        self.side_terms(self.side.opponent(), -1, terms);
    }
}

impl<const N: usize> PylyxGame<N> {
    /// This board size's weight table.
    const WEIGHT_TABLE: &'static [i32; FEATURES] = if N == 12 { &WEIGHTS_12 } else { &WEIGHTS_10 };

    fn is_edge(sq: usize) -> bool {
        let (file, rank) = Self::coords(sq);
        file == 1 || file == N || rank == 1 || rank == N
    }

    fn colour(sq: usize) -> usize {
        let (file, rank) = Self::coords(sq);
        (file + rank) % 2
    }

    /// The evaluation's terms of `player` alone, unweighted, in the order
    /// of [`NAMES`]: the network's inputs read some of them.
    pub(super) fn side_features(&self, player: Player) -> [i32; FEATURES] {
        let mut counts = [0; FEATURES];
        self.side_terms(player, 1, &mut FeatureCounts(&mut counts));
        counts
    }

    /// Reports the evaluation terms of one side, times `sign`.
    ///
    /// One walk along every line of every own piece gives its mobility, the
    /// own pieces it can stack on (the first own piece on a free line), and
    /// the cells it reaches; the target's own lines then tell which pieces
    /// reach a cell from which the target is one more move away.
    fn side_terms(&self, player: Player, sign: i32, terms: &mut impl Terms) {
        let weights = Self::WEIGHT_TABLE;
        let checkers = Self::CHECKERS;
        let hand = i32::from(self.hands[player.index()]);
        let mut pieces = [(0usize, 0u8); 10];
        let mut index_of = [u8::MAX; MAILBOX];
        let mut count = 0;
        let mut gathered = 0;
        for sq in self.pieces(player) {
            let height = self.height_of(sq, player);
            gathered += i32::from(height) * (i32::from(height) - 1) / 2;
            if count < pieces.len() {
                pieces[count] = (sq, height);
                index_of[sq] = count as u8;
                count += 1;
            }
        }
        let pieces = &pieces[..count];
        terms.add(IN_HAND, sign * hand);
        terms.add(GATHERED_PAIRS, sign * gathered);
        if pieces.is_empty() {
            return;
        }

        let mut diagonal_reach = [0u16; MAILBOX];
        let mut orthogonal_reach = [0u16; MAILBOX];
        let mut joins = [0u8; 10];
        let mut most = [0u8; 10];
        let mut joiners = [0u16; 10];
        let mut mobility = 0i32;
        let mut blocked = 0;
        for (i, &(sq, height)) in pieces.iter().enumerate() {
            let bit = 1u16 << i;
            let (on_diagonal, on_orthogonal) = movable(height);
            let kinds = 1 + i32::from(height >= 3);
            let mut moves = 0;
            for (steps, reach, amount) in [
                (&Self::DIAGONALS, &mut diagonal_reach, on_diagonal),
                (&Self::ORTHOGONALS, &mut orthogonal_reach, on_orthogonal),
            ] {
                if amount == 0 {
                    continue;
                }
                for &step in steps {
                    let mut to = sq.wrapping_add_signed(step);
                    while self.cells[to] == 0 {
                        moves += kinds;
                        reach[to] |= bit;
                        to = to.wrapping_add_signed(step);
                    }
                    let j = usize::from(index_of[to]);
                    if j < pieces.len() {
                        moves += kinds;
                        joins[j] += amount;
                        most[j] = most[j].max(amount);
                        joiners[j] |= bit;
                    }
                }
            }
            mobility += moves.min(MOBILITY_CAP);
            if moves == 0 {
                blocked += 1;
            }
        }

        // The target: the best height plus one-move support.
        let mut best = (i32::MIN, 0usize);
        for (i, &(_, height)) in pieces.iter().enumerate() {
            let useful = joins[i].min(checkers - height);
            let score = weights[TARGET_HEIGHT] * i32::from(height)
                + weights[ONE_MOVE_JOIN] * i32::from(useful);
            if score > best.0 {
                best = (score, i);
            }
        }
        let t = best.1;
        let (target, target_height) = pieces[t];
        let one_move = joins[t].min(checkers - target_height);

        // Pieces reaching the target's lines: (diagonal line reached
        // diagonally, orthogonal orthogonally, either by the other kind).
        let (mut diagonal, mut orthogonal, mut turning) = (0u16, 0u16, 0u16);
        for (steps, is_diagonal) in [(&Self::DIAGONALS, true), (&Self::ORTHOGONALS, false)] {
            for &step in steps {
                let mut sq = target.wrapping_add_signed(step);
                while self.cells[sq] == 0 {
                    if is_diagonal {
                        diagonal |= diagonal_reach[sq];
                        turning |= orthogonal_reach[sq];
                    } else {
                        orthogonal |= orthogonal_reach[sq];
                        turning |= diagonal_reach[sq];
                    }
                    sq = sq.wrapping_add_signed(step);
                }
            }
        }

        let mut edge_singles = 0;
        let mut wrong_colour = 0;
        let mut two_move = 0u8;
        for (i, &(sq, height)) in pieces.iter().enumerate() {
            let bit = 1u16 << i;
            if height == 1 {
                edge_singles += i32::from(Self::is_edge(sq));
                wrong_colour += i32::from(Self::colour(sq) != Self::colour(target));
            }
            if i == t || joiners[t] & bit != 0 {
                continue;
            }
            let (on_diagonal, on_orthogonal) = movable(height);
            let mut reach = 0;
            if diagonal & bit != 0 {
                reach = on_diagonal;
            }
            if orthogonal & bit != 0 {
                reach = reach.max(on_orthogonal);
            }
            // Only a triple can turn from one kind of line to the other.
            if turning & bit != 0 && height >= 3 {
                reach = 3;
            }
            two_move += reach;
        }
        let two_move = two_move.min(checkers - target_height - one_move);
        let threat = target_height + most[t] >= checkers;

        terms.add(TARGET_HEIGHT, sign * i32::from(target_height));
        terms.add(ONE_MOVE_JOIN, sign * i32::from(one_move));
        terms.add(TWO_MOVE_JOIN, sign * i32::from(two_move));
        terms.add(WIN_THREAT, sign * i32::from(threat));
        terms.add(MOBILITY, sign * mobility);
        terms.add(BLOCKED_PIECE, sign * blocked);
        terms.add(EDGE_SINGLE, sign * edge_singles);
        terms.add(WRONG_COLOUR_SINGLE, sign * wrong_colour);
    }
}

#[cfg(test)]
mod tests {
    use super::super::Pylyx;
    use crate::game::{Game, Player};
    use crate::linear::LinearTerms;

    /// The evaluation, from the mover's view, after `mv` from `fen`.
    fn after(fen: &str, mv: &str) -> i32 {
        let mut position = Pylyx::from_fen(fen).expect("a valid position");
        let mv = position.parse_move(mv).expect("a legal move");
        position.make_move(mv);
        -position.weighted_eval()
    }

    /// From a won game that shuffled for 100 plies (ludus against
    /// OpenSpiel's MCTS): Black merges its two free stacks of 3 into a 6
    /// rather than moving a single about.
    #[test]
    fn gathering_two_free_stacks_beats_a_shuffle() {
        let fen = "5A6/4a3A3/7a4/5A1A4/12/A3c7/8a3/6c5/5A3aA1/12/9A1A/5A6 b 0 0";
        let gather = after(fen, "e7-g5");
        for shuffle in ["e7-d8", "j4-k5", "i6-j5", "e11-d10"] {
            assert!(
                gather > after(fen, shuffle),
                "e7-g5 {gather} against {shuffle}"
            );
        }
    }

    /// From a won game against the random mover that took 3 495 plies
    /// (this is its ply 400), ten white singles on one diagonal colour:
    /// merging two of them beats every move that keeps them apart (the
    /// target's supporters alone rated a merge no better than a shuffle).
    #[test]
    fn a_merge_beats_every_move_that_keeps_the_pieces_apart() {
        let fen = "9a2/a1a5A3/12/2A1A2a4/5A6/6aa2A1/11a/10A1/1A1A8/a1a9/1A1A8/2a9 w 0 0";
        let position = Pylyx::from_fen(fen).expect("a valid position");
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let pieces = position.pieces(Player::First).count();
        let (mut merge, mut apart) = (i32::MIN, i32::MIN);
        for mv in moves {
            let mut next = position.clone();
            next.make_move(mv);
            let score = -next.weighted_eval();
            if next.pieces(Player::First).count() < pieces {
                merge = merge.max(score);
            } else {
                apart = apart.max(score);
            }
        }
        assert!(merge > apart, "best merge {merge}, best other move {apart}");
    }
}
