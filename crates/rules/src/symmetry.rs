//! The symmetries games declare ([`Game::SYMMETRIES`]): one key for a
//! position and all its images, for a solver's table and for proof files,
//! and the maps of a square board that Wyke and Pylyx share.

use crate::game::Game;

/// The symmetries of a square board: the 8 maps of the dihedral group,
/// the identity first.
pub const SQUARE_SYMMETRIES: usize = 8;

/// Where symmetry `symmetry` (0..8, 0 the identity) of an `n`×`n` board
/// takes the cell on `file` and `rank` (both 0-based): the reflections in
/// the middle file, the middle rank and the diagonal, and their
/// compositions (bit 0 mirrors the files, bit 1 the ranks, bit 2 swaps
/// files and ranks, after the mirrors).
pub fn square_map(n: usize, symmetry: usize, file: usize, rank: usize) -> (usize, usize) {
    let file = if symmetry & 1 != 0 {
        n - 1 - file
    } else {
        file
    };
    let rank = if symmetry & 2 != 0 {
        n - 1 - rank
    } else {
        rank
    };
    if symmetry & 4 != 0 {
        (rank, file)
    } else {
        (file, rank)
    }
}

/// The key a solver's table stores `position` under: the smallest hash of
/// its images, the same for a position and every image of it. Distinct
/// positions share a key only by a hash collision, which a table accepts
/// (a proof file names positions in notation: [`canonical_image`]).
pub fn canonical_hash<G: Game>(position: &G) -> u64 {
    (1..G::SYMMETRIES).fold(position.hash(), |key, symmetry| {
        key.min(position.symmetric_hash(symmetry))
    })
}

/// The image of `position` whose hash is [`canonical_hash`]'s key (of
/// images sharing that hash, the one whose notation sorts first): proof
/// files write each position as this image.
pub fn canonical_image<G: Game>(position: &G) -> G {
    let mut best = position.clone();
    for symmetry in 1..G::SYMMETRIES {
        let image = position.symmetric(symmetry);
        let better = match image.hash().cmp(&best.hash()) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => image.to_fen() < best.to_fen(),
            std::cmp::Ordering::Greater => false,
        };
        if better {
            best = image;
        }
    }
    best
}

/// The symmetries that map `position` onto itself (the identity always):
/// moves that are images of each other under them lead to positions of
/// the same value.
pub fn stabilizer<G: Game>(position: &G) -> Vec<usize> {
    let fen = position.to_fen();
    (0..G::SYMMETRIES)
        .filter(|&symmetry| position.symmetric(symmetry).to_fen() == fen)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_square_maps_are_the_eight_distinct_symmetries_of_the_square() {
        let images: Vec<Vec<(usize, usize)>> = (0..SQUARE_SYMMETRIES)
            .map(|s| {
                (0..16)
                    .map(|cell| square_map(4, s, cell / 4, cell % 4))
                    .collect()
            })
            .collect();
        for (s, image) in images.iter().enumerate() {
            let mut cells = image.clone();
            cells.sort_unstable();
            cells.dedup();
            assert_eq!(cells.len(), 16, "symmetry {s} is a permutation");
            assert!(!images[..s].contains(image), "symmetry {s} is new");
        }
        assert_eq!(
            images[0],
            (0..16).map(|c| (c / 4, c % 4)).collect::<Vec<_>>()
        );
    }
}
