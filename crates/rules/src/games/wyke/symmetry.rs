//! The square's symmetries applied to Wyke positions, hashes and moves.

use super::moves::{self, WykeMove};
use super::zobrist::tile_key;
use super::Wyke;
use crate::symmetry::square_map;

impl<const N: usize> Wyke<N> {
    /// Where symmetry `symmetry` of the square takes plot `plot`.
    fn map_plot(symmetry: usize, plot: usize) -> usize {
        let (file, rank) = square_map(N, symmetry, plot / N, plot % N);
        file * N + rank
    }

    /// The position under symmetry `symmetry` (`Game::symmetric`).
    pub(super) fn image(&self, symmetry: usize) -> Self {
        let mut image = self.clone();
        for plot in 0..Self::PLOTS {
            image.set_tiles(Self::map_plot(symmetry, plot), self.tiles[plot]);
        }
        image.hash = image.compute_hash();
        image
    }

    /// The hash of [`Self::image`] without building it (`Game::symmetric_hash`).
    pub(super) fn image_hash(&self, symmetry: usize) -> u64 {
        let mut hash = self.hash;
        for plot in 0..Self::PLOTS {
            let tiles = self.tiles[plot];
            hash ^= tile_key(plot, tiles) ^ tile_key(Self::map_plot(symmetry, plot), tiles);
        }
        hash
    }

    /// Move `mv` under symmetry `symmetry` (`Game::symmetric_move`).
    pub(super) fn image_move(symmetry: usize, mv: WykeMove) -> WykeMove {
        if mv.kind == moves::PASS {
            return mv;
        }
        let mut plots: Vec<u8> = mv
            .used()
            .iter()
            .map(|&plot| Self::map_plot(symmetry, usize::from(plot) % Self::PLOTS) as u8)
            .collect();
        // Back to the canonical order: plots of equal amounts ascending.
        match mv.kind {
            moves::TWO_ONE_ONE => plots[1..].sort_unstable(),
            moves::THREE_ONE | moves::FOUR => {}
            _ => plots.sort_unstable(),
        }
        WykeMove::new(mv.kind, &plots)
    }
}
