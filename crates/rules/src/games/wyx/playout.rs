//! A short greedy playout for the evaluation: both sides take, in turn, the
//! domino that gets rid of the most tokens at once, for a few plies; what
//! the coming dominoes are worth to each side, in the order the rack gives
//! them, beyond the two plies the exchange terms see.

use super::{Wyx, WyxMove};
use crate::game::{Game, GameResult};

/// Plies the evaluation plays out: 10 measured best of 4 to 24 (at 20 ms a
/// move; the whole game, 64, costs too much depth).
pub(super) const PLIES: usize = 10;

/// By how many tokens in hand the side to move leads its opponent once
/// both have played [`PLIES`] greedy plies (or to the end of the game).
pub(super) fn greedy_margin(position: &Wyx) -> i32 {
    let me = position.side;
    let mut p = position.clone();
    for _ in 0..PLIES {
        if p.result() != GameResult::Ongoing {
            break;
        }
        p.make_move(greedy_move(&p));
    }
    i32::from(p.hand(me.opponent())) - i32::from(p.hand(me))
}

/// The domino that gets rid of the most tokens now (the first column's on
/// a tie), or the pass.
fn greedy_move(position: &Wyx) -> WyxMove {
    let side = position.side;
    let mut best: Option<(i32, u8)> = None;
    position.for_each_playable(side, |domino, to| {
        let gain = position.gain(side, to);
        if best.is_none_or(|(most, _)| gain > most) {
            best = Some((gain, domino));
        }
    });
    best.map_or(WyxMove::PASS, |(_, domino)| WyxMove(domino))
}
