//! Wyx's inputs to a learned evaluation (see [`crate::net_inputs`]): from
//! one player's side, the tokens and strongholds each side holds, the
//! strongholds still open, both horsemen, both hands, the rack's column
//! heights, and what each horseman can do with the rack's two lowest rows:
//! how many of each row's dominoes it can take, and which would place 2 or
//! 3 tokens. That is the rack seen from the horsemen, a relation a first
//! layer cannot make from separate inputs of squares and dominoes, so the
//! dominoes themselves are not inputs (bench/notes/networks.md).

use super::rack::{COLUMNS, COLUMN_SIZE};
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
/// Each column's height, 0 to 8.
const HEIGHT: InputBlock = HAND.next((COLUMNS * (COLUMN_SIZE + 1)) as u32);
/// Per side and row: how many of the row's dominoes its horseman can take
/// (0 to 8), then, per column, whether that domino places 2 or 3 tokens
/// (an opponent's token sent back, or a stronghold): the landings that
/// matter, sparse, so a horseman's jump changes few inputs.
const PER_SIDE: u32 = BIG_GAINS + 2 * COLUMNS as u32;
/// Where a side's per-column inputs start, after its count of 0 to 8.
const BIG_GAINS: u32 = COLUMNS as u32 + 1;
/// What each side's horseman can do with the column's bottom domino...
const GAIN_NOW: InputBlock = HEIGHT.next(2 * PER_SIDE);
/// ...and with the domino above it, were it down now.
const GAIN_NEXT: InputBlock = GAIN_NOW.next(2 * PER_SIDE);

/// Wyx's inputs.
pub(super) const INPUTS: NetInputs<Wyx> = NetInputs {
    count: GAIN_NEXT.end() as usize,
    active,
};

/// Fills both views. What each horseman can do with the rack's two lowest
/// rows is the costly part, and both views read it: it is worked out once
/// a side here.
fn active(position: &Wyx, views: &mut [Vec<u32>; 2]) {
    let both = [Player::First, Player::Second];
    let now = both.map(|player| Reach::of(position, player, |c| position.rack.bottom(c)));
    let next = both.map(|player| Reach::of(position, player, |c| position.rack.second(c)));
    for perspective in both {
        let active = &mut views[perspective.index()];
        view(position, perspective, active);
        for (block, reach) in [(GAIN_NOW, &now), (GAIN_NEXT, &next)] {
            let players = [perspective, perspective.opponent()];
            for (half, player) in players.into_iter().enumerate() {
                reach[player.index()].push(block, half as u32, active);
            }
        }
    }
}

/// Appends the inputs of `position` before the rows' gains as
/// `perspective` sees it, ascending.
fn view(position: &Wyx, perspective: Player, active: &mut Vec<u32>) {
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
    for c in 0..COLUMNS {
        let height = position.rack.column_top_first(c).len();
        active.push(HEIGHT.at((c * (COLUMN_SIZE + 1) + height) as u32));
    }
}

/// What one side's horseman can do with one row of the rack.
struct Reach {
    /// How many of the row's dominoes it can take (landing on the board,
    /// not barred, not on the other horseman).
    playable: u32,
    /// Per column, the tokens its domino would place (0 where it cannot
    /// be taken).
    gains: [i32; COLUMNS],
}

impl Reach {
    /// What `player`'s horseman can do with the row whose domino in
    /// column `c` is `row(c)`.
    fn of(position: &Wyx, player: Player, row: impl Fn(usize) -> Option<u8>) -> Reach {
        let mut reach = Reach {
            playable: 0,
            gains: [0; COLUMNS],
        };
        for (c, gain) in reach.gains.iter_mut().enumerate() {
            if let Some(to) = row(c).and_then(|domino| position.landing(player, domino)) {
                reach.playable += 1;
                *gain = position.gain(player, to);
            }
        }
        reach
    }

    /// Appends its inputs as half `half` (0 mine, 1 theirs) of `block`:
    /// the playable count, then the columns whose domino would place 2 or
    /// 3 tokens.
    fn push(&self, block: InputBlock, half: u32, active: &mut Vec<u32>) {
        let first = half * PER_SIDE;
        active.push(block.at(first + self.playable));
        for (c, &gain) in self.gains.iter().enumerate() {
            if gain >= 2 {
                let tokens = gain.min(3) as u32 - 2;
                active.push(block.at(first + BIG_GAINS + 2 * c as u32 + tokens));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net_inputs::active_in;
    use crate::Game;

    /// Half `half` (0 mine, 1 theirs) of `block` read back from a list
    /// of active inputs: the playable count, then per column 0, 2 or 3.
    fn read(active: &[u32], block: InputBlock, half: u32) -> (u32, Vec<u32>) {
        let first = block.offset + half * PER_SIDE;
        let mine: Vec<u32> = active
            .iter()
            .filter(|&&input| (first..first + PER_SIDE).contains(&input))
            .map(|&input| input - first)
            .collect();
        let mut gains = vec![0; COLUMNS];
        for &input in &mine[1..] {
            let big = input - BIG_GAINS;
            gains[big as usize / 2] = 2 + big % 2;
        }
        (mine[0], gains)
    }

    #[test]
    fn the_start_positions_gains_are_what_each_horseman_lands_on() {
        let fen = Wyx::startpos().to_fen();
        let white = active_in::<Wyx>(&fen, Player::First);
        // From d4: b5, c7, c3 (a stronghold worth 3), a4, g1, off the
        // board (+3-4), h5, f4.
        assert_eq!(read(&white, GAIN_NOW, 0), (7, vec![0, 0, 3, 0, 0, 0, 0, 0]));
        // Black's horseman on e5 sees the same rack from the other half.
        let black = active_in::<Wyx>(&fen, Player::Second);
        assert_eq!(read(&white, GAIN_NOW, 1), read(&black, GAIN_NOW, 0));
        assert_eq!(read(&black, GAIN_NEXT, 1), read(&white, GAIN_NEXT, 0));
    }
}
