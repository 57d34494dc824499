//! Static evaluation of a Wyke position, from the side to move's view.
//!
//! What decides Wyke: plots already claimed; lines and farmsteads still open
//! to a side (no enemy plot in them) and how many tiles they still need;
//! plots one move from a claim, and whether the side's next types can reach
//! them (the markers decide: the side to move has the three types under no
//! marker, the opponent will have the type the mover's marker leaves plus
//! two of the others); the tile balance; and the 1-1-1-1-1 tempo.

use super::moves::{AMOUNTS, FIVE, KINDS};
use super::{Wyke, FULL};
use crate::game::Player;
use crate::linear::{features, LinearTerms, Terms};

features! {
    NAMES:
    /// A plot held.
    PLOT = "plot",
    /// A plot the side can claim with its next move.
    HOT = "hot plot",
    /// A plot whose claim would win at once.
    WINNING_HOT = "winning hot plot",
    /// One tile of balance (Builder's view).
    TILE = "tile",
    /// Having 1-1-1-1-1 available now.
    TEMPO = "tempo",
}
/// An open line or square, by the own plots in it (0..=3) and the tiles
/// its missing plots still need (0..=28, at most 7 for each of 4 plots):
/// feature `LINES + held * NEEDED + needed`.
const LINES: usize = NAMES.len();
const NEEDED: usize = 29;
const FEATURES: usize = LINES + 4 * NEEDED;

/// The hand weights: an open line is worth `LINE[held] * 16 / (8 + needed)`.
const fn hand_weights() -> [i32; FEATURES] {
    const LINE: [i32; 4] = [2, 10, 34, 110];
    let mut weights = [0; FEATURES];
    weights[PLOT] = 90;
    weights[HOT] = 14;
    weights[WINNING_HOT] = 120;
    weights[TILE] = 3;
    weights[TEMPO] = 12;
    let mut held = 0;
    while held < 4 {
        let mut needed = 0;
        while needed < NEEDED {
            weights[LINES + held * NEEDED + needed] = LINE[held] * 16 / (8 + needed as i32);
            needed += 1;
        }
        held += 1;
    }
    weights
}

/// The weight table of 4×4 Wyke, tuned by `ludus tune` on 800 self-play
/// games (`ludus datagen --nodes 30000`; bench/notes/tuning.md).
#[rustfmt::skip]
const WEIGHTS_4: [i32; FEATURES] = [
    // plot, hot plot, winning hot plot, tile, tempo
    386, 23, -81, 66, 162,
    // lines with 0 plots held, by the tiles needed: 0, 1, … 28
    4, 3, 3, 2, 2, 2, 2, -19, 59, 97, 27, 13, 12, 3, 2,
    1, 1, 1, 0, -1, -10, -11, -25, -95, -56, 21, 0, 0, 0,
    // lines with 1 plot held, by the tiles needed: 0, 1, … 28
    20, 17, 16, 14, -165, -91, 4, 3, 47, 41, 25, 10, 0, -7, -6,
    -13, -3, 0, 78, 251, 285, 184, 5, 5, 5, 4, 4, 4, 4,
    // lines with 2 plots held, by the tiles needed: 0, 1, … 28
    68, 60, 213, 168, 134, 104, 72, 43, 47, 7, 7, 11, 37, 110, 32,
    23, 22, 21, 20, 20, 19, 18, 18, 17, 17, 16, 16, 15, 15,
    // lines with 3 plots held, by the tiles needed: 0, 1, … 28
    220, 386, 361, 263, 251, 209, 240, 176, 110, 103, 97, 92, 88, 83, 80,
    76, 73, 70, 67, 65, 62, 60, 58, 56, 55, 53, 51, 50, 48,
];
/// The weight table of 6×6 Wyke: the hand weights (self-play there costs
/// too much: a root has up to 400 000 moves).
const WEIGHTS_6: [i32; FEATURES] = hand_weights();

impl<const N: usize> LinearTerms for Wyke<N> {
    const WEIGHTS: &'static [i32] = if N == 4 { &WEIGHTS_4 } else { &WEIGHTS_6 };
    const NAMES: &'static [&'static str] = &NAMES;

    fn feature_name(index: usize) -> String {
        match index.checked_sub(LINES) {
            None => NAMES[index].to_string(),
            Some(line) => format!(
                "line, {} held, {} tiles needed",
                line / NEEDED,
                line % NEEDED
            ),
        }
    }

    #[inline]
    fn terms(&self, terms: &mut impl Terms) {
        let me = self.side;
        let players = [me, me.opponent()];
        let claimed = players.map(|p| self.claimed(p));
        let plots = Wyke::<N>::PLOTS;
        let tiles = &self.tiles[..plots];

        // Amounts each side can use next: the mover's available types now; the
        // opponent's next types are those under no marker once the mover's
        // marker has moved, so an amount is sure for it when two of its
        // candidate types carry it.
        let mine = amount_support(self.available_kinds());
        let their_marker = self.markers[me.opponent().index()];
        let theirs = amount_support((0..KINDS as u8).filter(|&k| k != their_marker));
        let reachable = [
            [false, mine[1] > 0, mine[2] > 0, mine[3] > 0, mine[4] > 0],
            [
                false,
                theirs[1] > 1,
                theirs[2] > 1,
                theirs[3] > 1,
                theirs[4] > 1,
            ],
        ];

        for side in 0..2 {
            let sign = 1 - 2 * side as i32;
            let player = players[side];
            let own = claimed[side];
            let blocked = claimed[1 - side];
            terms.add(PLOT, sign * own.count_ones() as i32);
            // The plots that would complete a line or square for this side.
            let mut winning_plots = 0u64;
            for &mask in Wyke::<N>::win_masks() {
                if mask & blocked != 0 {
                    continue;
                }
                let held = (mask & own).count_ones() as usize;
                let mut needed = 0i32;
                let mut missing = mask & !own;
                while missing != 0 {
                    let p = missing.trailing_zeros() as usize;
                    missing &= missing - 1;
                    needed += i32::from(distance(player, tiles[p]));
                }
                let needed = (needed as usize).min(NEEDED - 1);
                terms.add(LINES + held.min(3) * NEEDED + needed, sign);
                if held == 3 {
                    winning_plots |= mask & !own;
                }
            }
            let count = own.count_ones();
            let to_win = Wyke::<N>::plots_to_win();
            for (p, &t) in tiles.iter().enumerate() {
                if t == 0 || t == FULL {
                    continue;
                }
                let d = usize::from(distance(player, t));
                if d <= 4 && reachable[side][d] {
                    let decisive = winning_plots & 1 << p != 0 || count + 1 >= to_win;
                    terms.add(if decisive { WINNING_HOT } else { HOT }, sign);
                }
            }
        }
        let balance: i32 = tiles
            .iter()
            .filter(|&&t| t != 0 && t != FULL)
            .map(|&t| i32::from(t) - 4)
            .sum();
        let builder_view = if me == Player::First { 1 } else { -1 };
        terms.add(TILE, balance * builder_view);
        terms.add(TEMPO, i32::from(!self.markers.contains(&FIVE)));
    }
}

/// The tiles `player` still needs to claim a plot holding `t`.
fn distance(player: Player, t: u8) -> u8 {
    match player {
        Player::First => FULL - t,
        Player::Second => t,
    }
}

/// For each amount 1..=4, in how many of `kinds` it occurs.
fn amount_support(kinds: impl Iterator<Item = u8>) -> [u8; 5] {
    let mut support = [0u8; 5];
    for kind in kinds {
        let mut seen = [false; 5];
        for &a in AMOUNTS[usize::from(kind)] {
            seen[usize::from(a)] = true;
        }
        for a in 1..5 {
            support[a] += u8::from(seen[a]);
        }
    }
    support
}
