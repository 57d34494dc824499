//! A short greedy playout for the evaluation: both sides take, in turn, the
//! domino that gets rid of the most tokens at once, for a few plies; what
//! the coming dominoes are worth to each side, in the order the rack gives
//! them, beyond the two plies the exchange terms see.
//!
//! It runs at every leaf, so it plays on a copy of only what a ply changes
//! (tokens, barred strongholds, horsemen, hands, column heights): no hash
//! to keep, no rack to copy.

use super::rack::COLUMNS;
use super::{Wyx, DESTINATIONS, OFF_BOARD};

/// Plies the evaluation plays out: 10 measured best of 4 to 24 (at 20 ms a
/// move; the whole game, 64, costs too much depth).
pub(super) const PLIES: usize = 10;

/// By how many tokens in hand the side to move leads its opponent once
/// both have played [`PLIES`] greedy plies (or to the end of the game).
pub(super) fn greedy_margin(position: &Wyx) -> i32 {
    let me = position.side.index();
    let mut playout = Playout::new(position);
    for _ in 0..PLIES {
        if !playout.step() {
            break;
        }
    }
    i32::from(playout.hands[1 - me]) - i32::from(playout.hands[me])
}

/// What a playout changes of the position it starts from; the layout and
/// the dominoes in each column are read from that position.
struct Playout<'a> {
    start: &'a Wyx,
    tokens: [u64; 2],
    barred: u64,
    horsemen: [u8; 2],
    hands: [u8; 2],
    heights: [u8; COLUMNS],
    /// Per column, where its available domino takes a horseman from each
    /// square (all [`OFF_BOARD`] once the column is empty).
    jumps: [&'static [u8; 64]; COLUMNS],
    /// The side to move, as a player index.
    side: usize,
}

impl<'a> Playout<'a> {
    fn new(start: &'a Wyx) -> Playout<'a> {
        Playout {
            start,
            tokens: start.tokens,
            barred: start.barred(),
            horsemen: start.horsemen,
            hands: start.hands,
            heights: start.rack.heights(),
            jumps: std::array::from_fn(|c| jumps(start, c, start.rack.heights()[c])),
            side: start.side.index(),
        }
    }

    /// Plays the side to move's greedy domino (or its pass); `false`, and
    /// nothing played, once the game is over by the rules' three ends.
    fn step(&mut self) -> bool {
        let (mover, last) = (self.side, 1 - self.side);
        if self.hands[last] == 0 || self.heights == [0; COLUMNS] {
            return false;
        }
        match self.greedy(mover) {
            Some((column, to)) => {
                self.heights[column] -= 1;
                self.jumps[column] = jumps(self.start, column, self.heights[column]);
                self.jump(mover, to);
            }
            None if self.can_play(last) => {}
            None => return false,
        }
        self.side = last;
        true
    }

    /// The column and landing of the available domino that gets rid of the
    /// most tokens for `player` (the first column's on a tie).
    fn greedy(&self, player: usize) -> Option<(usize, u8)> {
        let from = usize::from(self.horsemen[player]);
        let blocked = self.blocked(player);
        let mut best: Option<(i32, usize, u8)> = None;
        for column in 0..COLUMNS {
            let to = self.jumps[column][from];
            if to == OFF_BOARD || blocked & (1 << to) != 0 {
                continue;
            }
            let gain = self.gain(player, to);
            if best.is_none_or(|(most, _, _)| gain > most) {
                best = Some((gain, column, to));
            }
        }
        best.map(|(_, column, to)| (column, to))
    }

    fn can_play(&self, player: usize) -> bool {
        let from = usize::from(self.horsemen[player]);
        let blocked = self.blocked(player);
        (0..COLUMNS).any(|column| {
            let to = self.jumps[column][from];
            to != OFF_BOARD && blocked & (1 << to) == 0
        })
    }

    /// The squares `player`'s horseman may not land on: set strongholds and
    /// the other horseman's square.
    #[inline]
    fn blocked(&self, player: usize) -> u64 {
        self.barred | 1 << self.horsemen[1 - player]
    }

    /// Tokens `player` gets rid of by landing on `to`, as [`Wyx::gain`].
    #[inline]
    fn gain(&self, player: usize, to: u8) -> i32 {
        self.start.gain_with(&self.tokens, &self.hands, player, to)
    }

    /// `player`'s horseman lands on `to`, as [`Wyx::make_move`] sets it.
    fn jump(&mut self, player: usize, to: u8) {
        self.horsemen[player] = to;
        let bit = 1u64 << to;
        if self.start.strongholds & bit != 0 {
            self.barred |= bit;
            self.hands[player] -= self.start.worth(to).min(self.hands[player]);
            return;
        }
        for owner in [1 - player, player] {
            if self.tokens[owner] & bit != 0 {
                self.tokens[owner] &= !bit;
                self.hands[owner] += 1;
            }
        }
        self.tokens[player] |= bit;
        self.hands[player] = self.hands[player].saturating_sub(1);
    }
}

/// The jumps of the domino available in `column` of `start`'s rack once the
/// column is down to `height` dominoes.
fn jumps(start: &Wyx, column: usize, height: u8) -> &'static [u8; 64] {
    /// No domino: every jump is off the board.
    static NONE: [u8; 64] = [OFF_BOARD; 64];
    if height == 0 {
        &NONE
    } else {
        &DESTINATIONS[usize::from(start.rack.available_at(column, height)) % 64]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameResult};
    use crate::games::wyx::WyxMove;
    use crate::random::Rng;

    /// The playout as the rules play it: each greedy domino through
    /// `make_move`, the end through `result`.
    fn by_the_rules(position: &Wyx) -> i32 {
        let me = position.side;
        let mut p = position.clone();
        for _ in 0..PLIES {
            if p.result() != GameResult::Ongoing {
                break;
            }
            let side = p.side;
            let mut best: Option<(i32, u8)> = None;
            p.for_each_playable(side, |domino, to| {
                let gain = p.gain(side, to);
                if best.is_none_or(|(most, _)| gain > most) {
                    best = Some((gain, domino));
                }
            });
            p.make_move(best.map_or(WyxMove::PASS, |(_, d)| WyxMove::domino(d)));
        }
        i32::from(p.hand(me.opponent())) - i32::from(p.hand(me))
    }

    #[test]
    fn the_playout_agrees_with_the_rules_along_random_games() {
        let mut rng = Rng::new(31);
        let mut checked = 0;
        for seed in 0..60 {
            let mut position = Wyx::random_start(seed).unwrap();
            let mut moves = Vec::new();
            while position.result() == GameResult::Ongoing {
                assert_eq!(greedy_margin(&position), by_the_rules(&position));
                checked += 1;
                moves.clear();
                position.generate_moves(&mut moves);
                position.make_move(moves[rng.below(moves.len())]);
            }
            assert_eq!(greedy_margin(&position), by_the_rules(&position));
        }
        assert!(checked > 2000, "{checked}");
    }
}
