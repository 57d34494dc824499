//! Wyx evaluation, from the side to move's point of view, about 100 per
//! token in hand.
//!
//! The game is scored by tokens left in hand, so the balance of hands is the
//! base. On top of it:
//! - rack control: the side to move picks the domino whose gain, minus the
//!   best gain the opponent then gets from the bottom row it leaves (the
//!   domino above the taken one comes down), is largest;
//! - strongholds: free strongholds a side reaches with a domino that is
//!   next to come down (one above the bottom row), as a threat for later;
//! - exposure: single tokens the other horseman can land on with an
//!   available or next domino may be sent back to hand;
//! - the playout: the hands after a few greedy plies (see [`super::playout`]).

use super::rack::COLUMNS;
use super::Wyx;
use crate::game::Player;
use crate::linear::{features, LinearTerms, Terms};

features! {
    NAMES:
    TOKEN = "token in hand",
    GAIN_NOW = "gain now",
    REPLY = "reply gain",
    NEXT_STRONGHOLD = "stronghold next",
    EXPOSED = "exposed token",
    PLAYOUT = "greedy playout",
}

/// The weight table, in the order of [`NAMES`], tuned by `ludus tune` on
/// 3000 self-play games (`ludus datagen --nodes 5000`; bench/notes/tuning.md).
/// The hand weights were 100, 60, -50, 8 and 10. The playout's 60 was set
/// by matches (+44.5 ± 31.1 Elo at 0.1 s a move), not tuned.
const WEIGHTS: [i32; 6] = [112, 123, -52, -2, 21, 60];

impl LinearTerms for Wyx {
    const WEIGHTS: &'static [i32] = &WEIGHTS;
    const NAMES: &'static [&'static str] = &NAMES;

    #[inline]
    fn terms(&self, terms: &mut impl Terms) {
        report_terms(self, terms);
    }
}

/// The static evaluation.
pub fn evaluate(position: &Wyx) -> i32 {
    position.weighted_eval().clamp(-19_000, 19_000)
}

/// Reports the evaluation's terms, from the side to move's view.
#[inline]
fn report_terms(position: &Wyx, terms: &mut impl Terms) {
    let me = position.side;
    let them = me.opponent();
    terms.add(
        TOKEN,
        i32::from(position.hand(them)) - i32::from(position.hand(me)),
    );
    let (gain, reply) = best_exchange(position);
    terms.add(GAIN_NOW, gain);
    terms.add(REPLY, reply);
    terms.add(
        NEXT_STRONGHOLD,
        next_strongholds(position, me) - next_strongholds(position, them),
    );
    terms.add(EXPOSED, exposed(position, them) - exposed(position, me));
    terms.add(PLAYOUT, super::playout::greedy_margin(position));
}

/// The best gain the side to move can make now and the best gain the
/// opponent then makes from the rack it is left, for the domino whose
/// weighted difference is largest (rack control, two plies).
fn best_exchange(position: &Wyx) -> (i32, i32) {
    let me = position.side;
    let replies = Replies::new(position);
    let mut best: Option<(i32, i32, i32)> = None;
    for c in 0..COLUMNS {
        let Some(domino) = position.rack.bottom(c) else {
            continue;
        };
        let Some(to) = position.landing(me, domino) else {
            continue;
        };
        let gain = position.gain(me, to);
        let reply = replies.best_after(c, to);
        let value = WEIGHTS[GAIN_NOW] * gain + WEIGHTS[REPLY] * reply;
        if best.is_none_or(|(b, _, _)| value > b) {
            best = Some((value, gain, reply));
        }
    }
    best.map_or_else(
        || (0, best_gain(position, me.opponent())),
        |(_, gain, reply)| (gain, reply),
    )
}

/// The opponent's landings and gains with each column's bottom domino and
/// with the one above it, read once for all the side to move's choices.
/// Once the side to move has taken the bottom domino of one column and
/// jumped, that column's next domino comes down, its horseman blocks its
/// landing square and a stronghold there is barred; every other square is
/// as it was, so these gains hold for every choice but that square.
struct Replies {
    /// Per column, the landing with the bottom domino and with the one
    /// above it ([`super::OFF_BOARD`] where there is none)...
    landing: [[u8; COLUMNS]; 2],
    /// ...and the gain there (0 where there is none).
    gain: [[i32; COLUMNS]; 2],
}

impl Replies {
    fn new(position: &Wyx) -> Replies {
        let them = position.side.opponent();
        let from = position.horsemen[them.index()] as usize;
        let barred = position.barred();
        let mut replies = Replies {
            landing: [[super::OFF_BOARD; COLUMNS]; 2],
            gain: [[0; COLUMNS]; 2],
        };
        for c in 0..COLUMNS {
            for (row, domino) in [position.rack.bottom(c), position.rack.second(c)]
                .into_iter()
                .enumerate()
            {
                let Some(domino) = domino else { break };
                let landing = super::DESTINATIONS[domino as usize % 64][from];
                if landing != super::OFF_BOARD && barred & (1 << landing) == 0 {
                    replies.landing[row][c] = landing;
                    replies.gain[row][c] = position.gain(them, landing);
                }
            }
        }
        replies
    }

    /// The opponent's best gain once the side to move has taken the bottom
    /// domino of `column` and jumped to `to`.
    fn best_after(&self, column: usize, to: u8) -> i32 {
        let mut best = 0;
        for c in 0..COLUMNS {
            let row = usize::from(c == column);
            if self.landing[row][c] != to {
                best = best.max(self.gain[row][c]);
            }
        }
        best
    }
}

/// The most tokens `player` could get rid of with one available domino.
fn best_gain(position: &Wyx, player: Player) -> i32 {
    let mut best = 0;
    position.for_each_playable(player, |_, to| best = best.max(position.gain(player, to)));
    best
}

/// The worth of free strongholds `player`'s horseman reaches with a domino
/// one above the bottom row.
fn next_strongholds(position: &Wyx, player: Player) -> i32 {
    let from = position.horsemen[player.index()] as usize;
    let free = position.strongholds & !position.barred();
    let mut total = 0;
    for c in 0..COLUMNS {
        if let Some(d) = position.rack.second(c) {
            let to = super::DESTINATIONS[d as usize][from];
            if to != super::OFF_BOARD && free & (1 << to) != 0 {
                total += i32::from(position.worth(to));
            }
        }
    }
    total
}

/// How many of `player`'s single tokens the other horseman can land on with
/// an available domino or the one above it.
fn exposed(position: &Wyx, player: Player) -> i32 {
    let from = position.horsemen[player.opponent().index()] as usize;
    let mut reach = 0u64;
    for c in 0..COLUMNS {
        for d in [position.rack.bottom(c), position.rack.second(c)] {
            let Some(d) = d else { break };
            let to = super::DESTINATIONS[d as usize % 64][from];
            if to != super::OFF_BOARD {
                reach |= 1 << to;
            }
        }
    }
    let mine = position.tokens[player.index()] & !(1u64 << position.horsemen[player.index()]);
    (mine & reach).count_ones() as i32
}
