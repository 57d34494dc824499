//! Zobrist keys for Wyke positions and the hash computed from scratch.

use super::{Wyke, MAX_PLOTS};
use crate::random::zobrist_keys;
use crate::Player;

/// Zobrist keys: 9 tile counts per plot, 6 marker values per player, the
/// side to move, and passes in a row (1 or 2).
const KEYS: [u64; MAX_PLOTS * 9 + 12 + 3] = zobrist_keys(0x3779_4B3E_0000_0004);
pub(super) const SIDE_KEY: u64 = KEYS[MAX_PLOTS * 9 + 12];

pub(super) fn tile_key(plot: usize, tiles: u8) -> u64 {
    KEYS[plot * 9 + usize::from(tiles)]
}
pub(super) fn marker_key(player: usize, marker: u8) -> u64 {
    KEYS[MAX_PLOTS * 9 + player * 6 + usize::from(marker)]
}
pub(super) fn pass_key(passes: u8) -> u64 {
    match passes {
        0 => 0,
        n => KEYS[MAX_PLOTS * 9 + 12 + usize::from(n.min(2))],
    }
}

impl<const N: usize> Wyke<N> {
    /// The position's hash from scratch (moves update it incrementally).
    pub(super) fn compute_hash(&self) -> u64 {
        let mut hash = if self.side == Player::Second {
            SIDE_KEY
        } else {
            0
        };
        for plot in 0..Self::PLOTS {
            hash ^= tile_key(plot, self.tiles[plot]);
        }
        hash ^= marker_key(0, self.markers[0]) ^ marker_key(1, self.markers[1]);
        hash ^ pass_key(self.passes)
    }
}
