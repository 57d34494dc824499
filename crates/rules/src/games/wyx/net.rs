//! Wyx's inputs to a learned evaluation (see [`crate::net_inputs`]): from
//! one player's side, the tokens and strongholds each side holds, the
//! strongholds still open, both horsemen, both hands, and the rack's two
//! lowest rows and column heights.

use super::rack::{COLUMNS, COLUMN_SIZE, DOMINOES};
use super::{Wyx, OFF_BOARD, TOKENS};
use crate::game::Player;
use crate::net_inputs::{InputBlock, NetInputs};

/// Single tokens on squares: mine, then theirs.
const TOKEN: InputBlock = InputBlock::first(2 * 64);
/// Set strongholds: mine, then theirs.
const FORT: InputBlock = TOKEN.next(2 * 64);
/// Open strongholds: worth 2, then worth 3.
const OPEN: InputBlock = FORT.next(2 * 64);
/// My horseman's square (65: off the board), then theirs.
const HORSEMAN: InputBlock = OPEN.next(2 * 65);
/// Tokens in hand, 0 to 32: mine, then theirs.
const HAND: InputBlock = HORSEMAN.next(2 * (TOKENS as u32 + 1));
/// The dominoes available now (at the bottom of a column).
const BOTTOM: InputBlock = HAND.next(DOMINOES as u32);
/// The dominoes just above them.
const SECOND: InputBlock = BOTTOM.next(DOMINOES as u32);
/// Each column's height, 0 to 8.
const HEIGHT: InputBlock = SECOND.next((COLUMNS * (COLUMN_SIZE + 1)) as u32);

/// Wyx's inputs.
pub(super) const INPUTS: NetInputs<Wyx> = NetInputs {
    count: HEIGHT.end() as usize,
    active,
};

fn active(position: &Wyx, perspective: Player, active: &mut Vec<u32>) {
    let sides = [perspective.index(), perspective.opponent().index()];
    let mut squares = |block: InputBlock, half: u32, bits: u64| {
        let mut bits = bits;
        while bits != 0 {
            active.push(block.at(half * 64 + bits.trailing_zeros()));
            bits &= bits - 1;
        }
    };
    for (half, side) in sides.into_iter().enumerate() {
        squares(TOKEN, half as u32, position.tokens[side]);
    }
    for (half, side) in sides.into_iter().enumerate() {
        squares(FORT, half as u32, position.forts[side]);
    }
    let open = position.strongholds & !(position.forts[0] | position.forts[1]);
    squares(OPEN, 0, open & !position.worth3);
    squares(OPEN, 1, open & position.worth3);
    for (half, side) in sides.into_iter().enumerate() {
        let square = position.horsemen[side].min(OFF_BOARD);
        active.push(HORSEMAN.at(half as u32 * 65 + u32::from(square)));
    }
    for (half, side) in sides.into_iter().enumerate() {
        let hand = position.hands[side].min(TOKENS);
        active.push(HAND.at(half as u32 * (u32::from(TOKENS) + 1) + u32::from(hand)));
    }
    rack_row(BOTTOM, |c| position.rack.bottom(c), active);
    rack_row(SECOND, |c| position.rack.second(c), active);
    for c in 0..COLUMNS {
        let height = position.rack.column_top_first(c).len();
        active.push(HEIGHT.at((c * (COLUMN_SIZE + 1) + height) as u32));
    }
}

/// The dominoes of one row of the rack, in ascending order: a colour's
/// two columns hold the dominoes of that colour only.
fn rack_row(block: InputBlock, row: impl Fn(usize) -> Option<u8>, active: &mut Vec<u32>) {
    for colour in 0..COLUMNS / 2 {
        let mut pair = [row(2 * colour), row(2 * colour + 1)];
        pair.sort_unstable();
        for domino in pair.into_iter().flatten() {
            active.push(block.at(u32::from(domino)));
        }
    }
}
