//! How Wyke is won: the lines and 2×2 farmsteads of each board, the
//! numbers of plots that decide, and the reason a side has won.

use super::notation::side_name;
use super::Wyke;
use crate::Player;

/// Every straight line of 4 plots (ranks, files, diagonals) and every 2×2
/// square of an `n`×`n` board as masks; the first `.1` entries are used.
const fn win_masks(n: usize) -> ([u64; 80], usize) {
    let mut masks = [0u64; 80];
    let mut count = 0;
    let directions: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut file = 0;
    while file < n {
        let mut rank = 0;
        while rank < n {
            let mut d = 0;
            while d < 4 {
                let (df, dr) = directions[d];
                let end_file = file as i32 + 3 * df;
                let end_rank = rank as i32 + 3 * dr;
                if end_file >= 0 && end_file < n as i32 && end_rank >= 0 && end_rank < n as i32 {
                    let mut mask = 0u64;
                    let mut step = 0;
                    while step < 4 {
                        let f = file as i32 + step * df;
                        let r = rank as i32 + step * dr;
                        mask |= 1 << (f as usize * n + r as usize);
                        step += 1;
                    }
                    masks[count] = mask;
                    count += 1;
                }
                d += 1;
            }
            if file + 1 < n && rank + 1 < n {
                let p = file * n + rank;
                masks[count] = 1 << p | 1 << (p + 1) | 1 << (p + n) | 1 << (p + n + 1);
                count += 1;
            }
            rank += 1;
        }
        file += 1;
    }
    (masks, count)
}

const WIN4: ([u64; 80], usize) = win_masks(4);
const WIN6: ([u64; 80], usize) = win_masks(6);

impl<const N: usize> Wyke<N> {
    /// Every winning line and square of this board.
    pub fn win_masks() -> &'static [u64] {
        if N == 4 {
            &WIN4.0[..WIN4.1]
        } else {
            &WIN6.0[..WIN6.1]
        }
    }

    /// Plots that decide the game by number alone.
    pub(super) const fn plots_to_win() -> u32 {
        if N == 4 {
            7
        } else {
            12
        }
    }

    /// The claims a side holding `own` plots against `enemy` still needs
    /// to win by number: 7 plots (12 on 6×6), or a lead of 4 (4×4 only).
    pub(super) fn claims_to_win(own: u32, enemy: u32) -> u32 {
        let by_total = Self::plots_to_win().saturating_sub(own);
        if N == 4 {
            by_total.min((enemy + 4).saturating_sub(own))
        } else {
            by_total
        }
    }

    /// How `player` has won by its claims, if it has (no allocation: the
    /// search asks at every node).
    fn win(&self, player: Player) -> Option<Win> {
        let mine = self.claimed(player);
        let theirs = self.claimed(player.opponent());
        if let Some(&mask) = Self::win_masks().iter().find(|&&m| mine & m == m) {
            return Some(Win::Shape(mask));
        }
        let (own, other) = (mine.count_ones(), theirs.count_ones());
        if own >= Self::plots_to_win() {
            return Some(Win::Count(own));
        }
        if N == 4 && own >= other + 4 {
            return Some(Win::Lead(own, other));
        }
        None
    }

    /// Why `player` has won by its claims, if it has.
    pub(super) fn win_reason(&self, player: Player) -> Option<String> {
        let who = side_name(player);
        Some(match self.win(player)? {
            Win::Shape(mask) if is_square(mask, N) => format!("{who} has a 2x2 farmstead"),
            Win::Shape(_) => format!("{who} has four plots in a row"),
            Win::Count(own) => format!("{who} has {own} plots"),
            Win::Lead(own, other) => {
                format!("{who} leads by {} plots ({own} to {other})", own - other)
            }
        })
    }

    /// Whether `player` has won by its claims.
    pub(super) fn has_won(&self, player: Player) -> bool {
        self.win(player).is_some()
    }
}

/// How a side has won.
enum Win {
    /// A line or a square (its mask).
    Shape(u64),
    /// This many plots.
    Count(u32),
    /// A lead: own plots, the opponent's.
    Lead(u32, u32),
}

fn is_square(mask: u64, n: usize) -> bool {
    let low = mask.trailing_zeros() as usize;
    mask == 1 << low | 1 << (low + 1) | 1 << (low + n) | 1 << (low + n + 1)
}
