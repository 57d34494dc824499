//! Alak's inputs to a learned evaluation (see [`crate::net_inputs`]): which
//! slots hold my pieces and which theirs, counted from my own end of the
//! row (the Second player's view is mirrored), so a position and its mirror
//! image with the colours swapped look the same to the network.

use super::{Alak, SLOTS};
use crate::game::Player;
use crate::net_inputs::{each_view, InputBlock, NetInputs};

/// My pieces, by slot counted from my end (X's left, O's right).
const MINE: InputBlock = InputBlock::first(SLOTS);
/// Their pieces, by slot counted from my end.
const THEIRS: InputBlock = MINE.next(SLOTS);

/// Alak's inputs.
pub(super) const INPUTS: NetInputs<Alak> = NetInputs {
    count: THEIRS.end() as usize,
    active: |position, views| each_view(position, views, view),
};

/// Appends the inputs of `position` as `perspective` sees it, ascending.
fn view(position: &Alak, perspective: Player, active: &mut Vec<u32>) {
    for (block, side) in [(MINE, perspective), (THEIRS, perspective.opponent())] {
        let mut pieces = from_my_end(position.pieces[side.index()], perspective);
        while pieces != 0 {
            active.push(block.at(pieces.trailing_zeros()));
            pieces &= pieces - 1;
        }
    }
}

/// A slot mask as `perspective` counts the slots: bit 0 is its own end.
fn from_my_end(mask: u16, perspective: Player) -> u16 {
    match perspective {
        Player::First => mask,
        Player::Second => mask.reverse_bits() >> (16 - SLOTS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net_inputs::active_in;

    #[test]
    fn a_piece_is_mine_to_its_owner_and_theirs_mirrored_to_the_other() {
        // X on slots 1 and 3, O on slots 10 and 11.
        let fen = "x_x______oo o";
        assert_eq!(
            active_in::<Alak>(fen, Player::First),
            [MINE.at(0), MINE.at(2), THEIRS.at(9), THEIRS.at(10)]
        );
        assert_eq!(
            active_in::<Alak>(fen, Player::Second),
            [MINE.at(0), MINE.at(1), THEIRS.at(8), THEIRS.at(10)]
        );
    }

    #[test]
    fn mirrored_positions_with_colours_swapped_give_the_same_inputs() {
        for perspective in [Player::First, Player::Second] {
            assert_eq!(
                active_in::<Alak>("xx_o_x____o x", perspective),
                active_in::<Alak>("x____o_x_oo o", perspective.opponent())
            );
        }
    }
}
