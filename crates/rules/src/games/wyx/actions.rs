//! Wyx's action ids and observations (protocol.md, "Action ids"). A move
//! is written as the horseman's destination, so its id is that square,
//! `8·(rank−1) + (file−1)` (a1 = 0, h8 = 63), and the pass is 64: the
//! domino a square stands for changes from position to position, the
//! square does not.

use super::rack::{jump, COLUMNS};
use super::{Wyx, WyxMove, DESTINATIONS, TOKENS};
use crate::observation::{share, Planes};
use crate::Player;

/// The 64 destination squares and the pass.
pub(super) const NUM_ACTIONS: usize = 65;
/// Planes: horsemen (2), single tokens (2), stronghold worths, set
/// strongholds (2), the rack (3), hands (2), the colour.
pub(super) const OBSERVATION_SHAPE: [usize; 3] = [13, 8, 8];
/// A jump component is −4..=4: it is written as `(d + 4) / 8`.
const JUMP_RANGE: i8 = 4;

/// The id of a move of `position` (the pass, or the square its domino
/// takes the mover's horseman to).
pub(super) fn action_of(position: &Wyx, mv: WyxMove) -> usize {
    if mv.is_pass() {
        return NUM_ACTIONS - 1;
    }
    let from = usize::from(position.horsemen[position.side.index()]);
    usize::from(DESTINATIONS[usize::from(mv.0) % 64][from]).min(NUM_ACTIONS - 1)
}

/// Writes the observation (planes listed in protocol.md).
pub(super) fn observe(position: &Wyx, out: &mut [f32]) {
    let mut planes = Planes::new(out, OBSERVATION_SHAPE);
    let (me, them) = (position.side, position.side.opponent());
    for (plane, player) in [(0, me), (1, them)] {
        planes.mask(plane, 1 << position.horsemen[player.index()]);
        planes.mask(plane + 2, position.tokens[player.index()]);
        planes.mask(plane + 5, position.forts[player.index()]);
    }
    let mut strongholds = position.strongholds;
    while strongholds != 0 {
        let square = strongholds.trailing_zeros() as u8;
        strongholds &= strongholds - 1;
        let (rank, file) = (usize::from(square / 8), usize::from(square % 8));
        planes.set(4, rank, file, share(position.worth(square), 3));
    }
    for column in 0..COLUMNS {
        // Stored top first: row 0 is the bottom, available domino.
        for (row, &domino) in position
            .rack
            .column_top_first(column)
            .iter()
            .rev()
            .enumerate()
        {
            let (dx, dy) = jump(domino);
            planes.set(7, row, column, 1.0);
            planes.set(8, row, column, share(dx + JUMP_RANGE, 2 * JUMP_RANGE));
            planes.set(9, row, column, share(dy + JUMP_RANGE, 2 * JUMP_RANGE));
        }
    }
    planes.fill(10, share(position.hands[me.index()], TOKENS));
    planes.fill(11, share(position.hands[them.index()], TOKENS));
    planes.fill(12, f32::from(u8::from(me == Player::First)));
}

#[cfg(test)]
mod tests {
    use crate::games::action_of_text;
    use crate::games::wyx::Wyx;
    use crate::Game;

    #[test]
    fn ids_are_the_destination_squares() {
        // The start's moves (protocol.md): a4 b5 c3 c7 f4 g1 h5, and no pass.
        let start = Wyx::startpos();
        let ids: Vec<usize> = ["a4", "b5", "c3", "c7", "f4", "g1", "h5"]
            .iter()
            .map(|name| action_of_text::<Wyx>(&start.to_fen(), name))
            .collect();
        assert_eq!(ids, [24, 33, 18, 50, 29, 6, 39]);
        assert_eq!(start.move_of_action(64), None);
        assert_eq!(start.move_of_action(0), None);
    }

    #[test]
    fn the_rack_is_seen_bottom_first() {
        let start = Wyx::startpos();
        let mut out = vec![0.0; 13 * 64];
        start.observe(&mut out);
        // Column 1's bottom domino is -2+1: dx plane (−2 + 4)/8, dy (1 + 4)/8.
        assert_eq!(out[7 * 64], 1.0);
        assert_eq!(out[8 * 64], 0.25);
        assert_eq!(out[9 * 64], 0.625);
        // White's horseman on d4 (square 27), Black's on e5 (36).
        assert_eq!(out[27], 1.0);
        assert_eq!(out[64 + 36], 1.0);
    }
}
