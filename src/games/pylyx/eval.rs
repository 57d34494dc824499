//! Evaluation. A side wins by gathering all its checkers on one cell, so
//! each side is judged by its best target: an own piece, as tall as
//! possible, that many own checkers can reach in one move (they are the
//! first own piece on a free line from it, of a kind that may travel that
//! line) or in two (they can reach a cell on such a line). Around that:
//! mobility, pieces that cannot move at all, singles on the edge (easily
//! blocked) and singles on the wrong diagonal colour for the target (a
//! single never changes colour, so it can only join by first merging).

use super::{PylyxGame, MAILBOX};
use crate::game::Player;

const TARGET_HEIGHT: i32 = 40;
const ONE_MOVE_JOIN: i32 = 20;
const TWO_MOVE_JOIN: i32 = 8;
/// The target plus one joiner would make the winning stack.
const WIN_THREAT: i32 = 80;
const MOBILITY: i32 = 2;
const BLOCKED_PIECE: i32 = 12;
const EDGE_SINGLE: i32 = 10;
const WRONG_COLOUR_SINGLE: i32 = 6;
const IN_HAND: i32 = 8;

/// Staging-cell marks: a piece here can reach the target along a diagonal
/// or an orthogonal line.
const DIAGONAL_LINE: u8 = 1;
const ORTHOGONAL_LINE: u8 = 2;
/// The first own piece on a free line from the target, able to travel it.
const JOINER: u8 = 4;

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

impl<const N: usize> PylyxGame<N> {
    fn is_edge(sq: usize) -> bool {
        let (file, rank) = Self::coords(sq);
        file == 1 || file == N || rank == 1 || rank == N
    }

    fn colour(sq: usize) -> usize {
        let (file, rank) = Self::coords(sq);
        (file + rank) % 2
    }

    /// Checkers of `player` that can land on `target` in one move: the sum
    /// over the lines from it, and the most from a single piece.
    fn one_move_joins(&self, target: usize, player: Player) -> (u8, u8) {
        let mut total = 0;
        let mut most = 0;
        for (steps, diagonal) in [(&Self::DIAGONALS, true), (&Self::ORTHOGONALS, false)] {
            for &step in steps {
                let mut sq = target.wrapping_add_signed(step);
                while self.cells[sq] == 0 {
                    sq = sq.wrapping_add_signed(step);
                }
                let (on_diagonal, on_orthogonal) = movable(self.height_of(sq, player));
                let amount = if diagonal { on_diagonal } else { on_orthogonal };
                total += amount;
                most = most.max(amount);
            }
        }
        (total, most)
    }

    /// The evaluation terms of one side, as a score for that side.
    pub(super) fn side_score(&self, player: Player) -> i32 {
        let checkers = Self::CHECKERS;
        let hand = i32::from(self.hands[player.index()]);
        let mut pieces = [(0usize, 0u8); 10];
        let mut count = 0;
        for sq in Self::scan_range() {
            let height = self.height_of(sq, player);
            if height > 0 && count < pieces.len() {
                pieces[count] = (sq, height);
                count += 1;
            }
        }
        let pieces = &pieces[..count];
        if pieces.is_empty() {
            return IN_HAND * hand;
        }

        // The target: the best height plus one-move support.
        let mut best = (i32::MIN, 0usize, 0u8, 0u8, 0u8);
        for &(sq, height) in pieces {
            let (joins, most) = self.one_move_joins(sq, player);
            let useful = joins.min(checkers - height);
            let score = TARGET_HEIGHT * i32::from(height) + ONE_MOVE_JOIN * i32::from(useful);
            if score > best.0 {
                best = (score, sq, height, useful, most);
            }
        }
        let (_, target, target_height, joins, most) = best;

        // Cells on free lines to the target, and the pieces already joining.
        let mut marks = [0u8; MAILBOX];
        for (steps, mark) in [
            (&Self::DIAGONALS, DIAGONAL_LINE),
            (&Self::ORTHOGONALS, ORTHOGONAL_LINE),
        ] {
            for &step in steps {
                let mut sq = target.wrapping_add_signed(step);
                while self.cells[sq] == 0 {
                    marks[sq] |= mark;
                    sq = sq.wrapping_add_signed(step);
                }
                let (on_diagonal, on_orthogonal) = movable(self.height_of(sq, player));
                let amount = if mark == DIAGONAL_LINE {
                    on_diagonal
                } else {
                    on_orthogonal
                };
                if amount > 0 {
                    marks[sq] |= JOINER;
                }
            }
        }

        let mut mobility = 0i32;
        let mut blocked = 0;
        let mut edge_singles = 0;
        let mut wrong_colour = 0;
        let mut two_move = 0u8;
        for &(sq, height) in pieces {
            let (on_diagonal, on_orthogonal) = movable(height);
            // Only a triple can turn from one kind of line to the other.
            let triple = if height >= 3 { 3 } else { 0 };
            let kinds = 1 + i32::from(height >= 3);
            let mut moves = 0;
            let mut reach = 0u8;
            for (steps, travels, same_line, other_line) in [
                (&Self::DIAGONALS, true, DIAGONAL_LINE, ORTHOGONAL_LINE),
                (
                    &Self::ORTHOGONALS,
                    height >= 2,
                    ORTHOGONAL_LINE,
                    DIAGONAL_LINE,
                ),
            ] {
                if !travels {
                    continue;
                }
                let amount = if same_line == DIAGONAL_LINE {
                    on_diagonal
                } else {
                    on_orthogonal
                };
                for &step in steps {
                    let mut to = sq.wrapping_add_signed(step);
                    while self.cells[to] == 0 {
                        moves += kinds;
                        if marks[to] & same_line != 0 {
                            reach = reach.max(amount);
                        }
                        if marks[to] & other_line != 0 {
                            reach = reach.max(triple);
                        }
                        to = to.wrapping_add_signed(step);
                    }
                    if self.height_of(to, player) > 0 {
                        moves += kinds;
                    }
                }
            }
            mobility += moves;
            if moves == 0 {
                blocked += 1;
            }
            if height == 1 {
                edge_singles += i32::from(Self::is_edge(sq));
                wrong_colour += i32::from(Self::colour(sq) != Self::colour(target));
            }
            if sq != target && marks[sq] & JOINER == 0 {
                two_move += reach;
            }
        }
        let two_move = two_move.min(checkers - target_height - joins);
        let threat = target_height + most >= checkers;

        TARGET_HEIGHT * i32::from(target_height)
            + ONE_MOVE_JOIN * i32::from(joins)
            + TWO_MOVE_JOIN * i32::from(two_move)
            + if threat { WIN_THREAT } else { 0 }
            + MOBILITY * mobility
            - BLOCKED_PIECE * blocked
            - EDGE_SINGLE * edge_singles
            - WRONG_COLOUR_SINGLE * wrong_colour
            + IN_HAND * hand
    }
}
