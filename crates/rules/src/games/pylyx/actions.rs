//! Pylyx's action ids and observations (protocol.md, "Action ids").
//!
//! With A = (N−2)² placement cells: a placement on file f, rank r (both
//! from 1) is `(r−2)·(N−2) + (f−2)`; a movement is `A + ((c·8 + d)·(N−1) +
//! s − 1)·3 + l`, with c = `(r−1)·N + (f−1)` its start over the whole N×N
//! grid, d its direction clockwise from up (0 up, 1 up-right, … 7
//! up-left), s its distance, and l its lift: 0 the whole piece (no `/k`),
//! 1 the top one (diagonal) or two (orthogonal) of a taller stack, 2 the top
//! three of a taller stack; the pass is the last id. Lifts follow the
//! notation, so a move's id depends on its text alone.

use super::{PylyxGame, PylyxMove};
use crate::observation::{share, Planes};
use crate::Player;

/// (file, rank) steps of the eight directions, clockwise from up.
const DIRECTIONS: [(isize, isize); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
/// Lifts per (start, direction, distance).
const LIFTS: usize = 3;
/// Planes: mover's stacks, opponent's stacks, the two hands, the colour,
/// passes.
const PLANES: usize = 6;

impl<const N: usize> PylyxGame<N> {
    /// Placement ids: the central (N−2)×(N−2) area.
    const PLACEMENTS: usize = (N - 2) * (N - 2);
    /// Movement ids: start cell × direction × distance × lift.
    const MOVEMENTS: usize = N * N * DIRECTIONS.len() * (N - 1) * LIFTS;
    /// Every id: placements, movements, the pass.
    pub(super) const ACTIONS: usize = Self::PLACEMENTS + Self::MOVEMENTS + 1;
    /// [planes, ranks, files].
    pub(super) const SHAPE: [usize; 3] = [PLANES, N, N];

    /// The id of a legal move (anything else gets some id, without
    /// panicking).
    pub(super) fn action_id(&self, mv: PylyxMove) -> usize {
        match mv {
            PylyxMove::Pass => Self::ACTIONS - 1,
            PylyxMove::Place(to) => {
                let (file, rank) = Self::coords(usize::from(to));
                let inside = |line: usize| line.saturating_sub(2).min(N - 3);
                inside(rank) * (N - 2) + inside(file)
            }
            PylyxMove::Move { from, to, count } => {
                let (from_file, from_rank) = Self::coords(usize::from(from));
                let (to_file, to_rank) = Self::coords(usize::from(to));
                let files = to_file as isize - from_file as isize;
                let ranks = to_rank as isize - from_rank as isize;
                let step = (files.signum(), ranks.signum());
                let direction = DIRECTIONS.iter().position(|&d| d == step).unwrap_or(0);
                let distance = files
                    .unsigned_abs()
                    .max(ranks.unsigned_abs())
                    .clamp(1, N - 1);
                let lift = if count == self.height_of(usize::from(from), self.side) {
                    0
                } else if count == 3 {
                    2
                } else {
                    1
                };
                let start = (from_rank.clamp(1, N) - 1) * N + from_file.clamp(1, N) - 1;
                let line = (start * DIRECTIONS.len() + direction) * (N - 1) + distance - 1;
                Self::PLACEMENTS + line * LIFTS + lift
            }
        }
    }

    /// Writes the observation (planes listed in protocol.md).
    pub(super) fn write_observation(&self, out: &mut [f32]) {
        let mut planes = Planes::new(out, Self::SHAPE);
        let me = self.side;
        for sq in Self::board_cells() {
            let (file, rank) = Self::coords(sq);
            for (plane, player) in [(0, me), (1, me.opponent())] {
                let height = self.height_of(sq, player);
                planes.set(plane, rank - 1, file - 1, share(height, Self::CHECKERS));
            }
        }
        planes.fill(2, share(self.hands[me.index()], Self::CHECKERS));
        planes.fill(3, share(self.hands[me.opponent().index()], Self::CHECKERS));
        planes.fill(4, f32::from(u8::from(me == Player::First)));
        planes.fill(5, share(self.passes.min(2), 2));
    }
}

#[cfg(test)]
mod tests {
    use crate::games::action_of_text as id;
    use crate::games::pylyx::{Pylyx, Pylyx10};
    use crate::Game;

    #[test]
    fn placements_count_over_the_central_area() {
        let start = "12/12/12/12/12/12/12/12/12/12/12/12 w 10 10";
        assert_eq!(id::<Pylyx>(start, "b2"), 0);
        assert_eq!(id::<Pylyx>(start, "e5"), 33);
        assert_eq!(id::<Pylyx>(start, "k11"), 99);
    }

    #[test]
    fn lifts_follow_the_notation() {
        // A white 4-stack on f6 (c = 5·12 + 5 = 65) lifts 1 diagonally and 2
        // or 3 orthogonally; a white 3-stack on d4 (c = 39) moves whole or
        // lifts its top 1 or 2.
        let fen = "12/1i10/9C2/12/12/12/5D6/12/3C1a6/12/12/12 w 0 0";
        let f6_up = 100 + (65 * 8) * 11 * 3;
        assert_eq!(id::<Pylyx>(fen, "f6-f8/2"), f6_up + 3 + 1);
        assert_eq!(id::<Pylyx>(fen, "f6-f8/3"), f6_up + 3 + 2);
        assert_eq!(id::<Pylyx>(fen, "f6-g7/1"), f6_up + 33 + 1);
        let d4_up_right = 100 + (39 * 8 + 1) * 11 * 3;
        assert_eq!(id::<Pylyx>(fen, "d4-e5"), d4_up_right);
        assert_eq!(id::<Pylyx>(fen, "d4-d5/2"), d4_up_right - 33 + 1);
    }

    #[test]
    fn the_pass_is_the_last_id() {
        let fen = "10/10/10/10/10/10/10/10/10/10 w 8 8";
        let position = Pylyx10::from_fen(fen).unwrap();
        assert_eq!(
            position.action_of(crate::games::pylyx::PylyxMove::Pass),
            21_664
        );
        assert_eq!(position.move_of_action(21_664), None);
    }
}
