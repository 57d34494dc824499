//! Alak's action ids and observations (protocol.md, "Action ids"): a move
//! `f-t` is `10·(f−1) + (t−1)`, less one when `t > f` (a piece never stays
//! put), so the 110 ids are every (from, to) pair of distinct slots.

use super::{Alak, AlakMove, SLOTS};
use crate::observation::Planes;
use crate::Player;

/// Every ordered pair of distinct slots.
pub(super) const NUM_ACTIONS: usize = (SLOTS * (SLOTS - 1)) as usize;

/// The mover's pieces, the opponent's, and whether the mover is X; one row
/// of 11 slots.
pub(super) const OBSERVATION_SHAPE: [usize; 3] = [3, 1, SLOTS as usize];

/// The id of a move (0-based slots inside the move).
pub(super) fn action_of(mv: AlakMove) -> usize {
    let (from, to) = (usize::from(mv.from), usize::from(mv.to));
    from * (SLOTS as usize - 1) + to - usize::from(to > from)
}

/// Writes the observation of `position`.
pub(super) fn observe(position: &Alak, out: &mut [f32]) {
    let mut planes = Planes::new(out, OBSERVATION_SHAPE);
    let me = position.side;
    planes.mask(0, position.pieces[me.index()].into());
    planes.mask(1, position.pieces[me.opponent().index()].into());
    planes.fill(2, f32::from(u8::from(me == Player::First)));
}

#[cfg(test)]
mod tests {
    use crate::games::action_of_text as id;
    use crate::games::alak::Alak;
    use crate::Game;

    #[test]
    fn ids_follow_the_formula() {
        assert_eq!(id::<Alak>("xxxx___oooo x", "4-5"), 33);
        assert_eq!(id::<Alak>("xxxx___oooo o", "8-7"), 76);
        assert_eq!(id::<Alak>("x___x__oo_o x", "1-2"), 0);
        assert_eq!(id::<Alak>("xo__x__oo_o o", "11-10"), 109);
    }

    #[test]
    fn the_observation_is_the_movers_view() {
        let position = Alak::from_fen("xxxx___oooo o").unwrap();
        let mut out = [0.0; 33];
        position.observe(&mut out);
        let mover: Vec<f32> = out[..11].to_vec();
        assert_eq!(mover, [0., 0., 0., 0., 0., 0., 0., 1., 1., 1., 1.]);
        assert_eq!(out[11..15], [1.0; 4]);
        assert!(out[22..].iter().all(|&v| v == 0.0));
    }
}
