//! Pylyx's inputs to a learned evaluation (see [`crate::net_inputs`]): from
//! one player's side, each piece of either side by cell and kind (single,
//! double, triple, taller: what it may move and how), how many pieces of
//! each height each side has (how far it is from gathering its checkers),
//! both hands and, on 12×12, the linear evaluation's relation terms. Stacks
//! are of one colour (no piece lands on an enemy), so a stack's colour is
//! its owner.

use super::eval::{FEATURES, NET_TERMS};
use super::{PylyxGame, MAX_CHECKERS};
use crate::game::Player;
use crate::net_inputs::{InputBlock, NetInputs};

/// Piece kinds: a single, a double, a triple, a taller stack (which moves
/// as a triple does; its height is in [`Layout::PROFILE`]).
const KINDS: u32 = 4;

/// How many "at least k pieces of height h" inputs a side has: a side has
/// at most `checkers / h` pieces of height h.
const fn profile_size(checkers: u32) -> u32 {
    let mut size = 0;
    let mut height = 1;
    while height <= checkers {
        size += checkers / height;
        height += 1;
    }
    size
}

/// The inputs' blocks on the N×N board.
struct Layout<const N: usize>;

impl<const N: usize> Layout<N> {
    /// Checkers per side.
    const CHECKERS: u32 = N as u32 - 2;
    /// Board cells: N×N without the corners.
    const CELLS: u32 = (N * N - 4) as u32;
    /// Pieces by cell and kind: mine, then theirs.
    const PIECE: InputBlock = InputBlock::first(2 * Self::CELLS * KINDS);
    /// "At least k pieces of height h", for every height h and k up to
    /// `CHECKERS / h`, ordered by h then k: mine, then theirs.
    const PROFILE: InputBlock = Self::PIECE.next(2 * profile_size(Self::CHECKERS));
    /// Checkers in hand, 0 to `CHECKERS`: mine, then theirs.
    const HAND: InputBlock = Self::PROFILE.next(2 * (Self::CHECKERS + 1));
    /// The evaluation's relation terms of each side ([`NET_TERMS`]), each
    /// one-hot: mine, then theirs. On 12×12 only: 10×10's network was
    /// trained without them and its inputs sufficed.
    const TERMS: InputBlock = Self::HAND.next(if N == 12 { 2 * terms_size() } else { 0 });
}

/// Inputs one side's terms take: each term's values 0 to its most.
const fn terms_size() -> u32 {
    let mut size = 0;
    let mut i = 0;
    while i < NET_TERMS.len() {
        size += NET_TERMS[i].1 + 1;
        i += 1;
    }
    size
}

impl<const N: usize> PylyxGame<N> {
    /// Pylyx's inputs on this board.
    pub(super) const INPUTS: NetInputs<Self> = NetInputs {
        count: Layout::<N>::TERMS.end() as usize,
        active: active::<N>,
    };

    /// The number of a board cell, 0 to `CELLS − 1` in mailbox order (rank
    /// by rank, the corners skipped).
    fn cell_number(sq: usize) -> u32 {
        let (file, rank) = Self::coords(sq);
        let corners_before = match rank {
            1 => 1,
            r if r == N => 3,
            _ => 2,
        };
        ((rank - 1) * N + file - 1 - corners_before) as u32
    }
}

/// Fills both views. Each side's terms are the costly part (walks over its
/// pieces and their lines), and both views read them: they are worked out
/// once a side here.
fn active<const N: usize>(position: &PylyxGame<N>, views: &mut [Vec<u32>; 2]) {
    let terms = (Layout::<N>::TERMS.size > 0)
        .then(|| [Player::First, Player::Second].map(|side| position.side_features(side)));
    for perspective in [Player::First, Player::Second] {
        let active = &mut views[perspective.index()];
        view(position, perspective, active);
        if let Some(terms) = &terms {
            push_terms::<N>(terms, perspective, active);
        }
    }
}

/// Appends both sides' relation terms as `perspective` sees them (its own
/// half first), each term's value one-hot up to its cap.
fn push_terms<const N: usize>(
    terms: &[[i32; FEATURES]; 2],
    perspective: Player,
    active: &mut Vec<u32>,
) {
    let sides = [perspective, perspective.opponent()];
    for (half, side) in sides.into_iter().enumerate() {
        let mut first = half as u32 * terms_size();
        for (feature, most) in NET_TERMS {
            let value = terms[side.index()][feature].clamp(0, most as i32) as u32;
            active.push(Layout::<N>::TERMS.at(first + value));
            first += most + 1;
        }
    }
}

/// Appends the inputs of `position` before its terms as `perspective` sees
/// it, ascending.
fn view<const N: usize>(position: &PylyxGame<N>, perspective: Player, active: &mut Vec<u32>) {
    let cells = Layout::<N>::CELLS;
    let sides = [perspective, perspective.opponent()];
    let mut heights = [[0u32; MAX_CHECKERS + 1]; 2];
    for (half, side) in sides.into_iter().enumerate() {
        for sq in position.pieces(side) {
            let height = u32::from(position.height_of(sq, side)).min(Layout::<N>::CHECKERS);
            heights[half][height as usize] += 1;
            let cell = half as u32 * cells + PylyxGame::<N>::cell_number(sq);
            active.push(Layout::<N>::PIECE.at(cell * KINDS + height.min(KINDS) - 1));
        }
    }
    let checkers = Layout::<N>::CHECKERS;
    for (half, counts) in heights.iter().enumerate() {
        let mut first = half as u32 * profile_size(checkers);
        for height in 1..=checkers {
            let most = checkers / height;
            for k in 0..counts[height as usize].min(most) {
                active.push(Layout::<N>::PROFILE.at(first + k));
            }
            first += most;
        }
    }
    for (half, side) in sides.into_iter().enumerate() {
        let hand = u32::from(position.hands[side.index()]).min(checkers);
        active.push(Layout::<N>::HAND.at(half as u32 * (checkers + 1) + hand));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pylyx::{Pylyx, Pylyx10};
    use crate::net_inputs::{active_in, checked_active};
    use std::collections::HashMap;

    type Big = Layout<12>;

    /// A piece of every height on every cell, alone on the N×N board (both
    /// hands full), turns on one piece input and one height input from
    /// each side: the piece inputs of (owner, cell, kind) fill their block
    /// one to one, and each height has an input of its own.
    fn every_piece_has_its_own_inputs<const N: usize>() {
        let inputs = PylyxGame::<N>::INPUTS;
        let mut owners: HashMap<u32, (usize, usize, u32)> = HashMap::new();
        let mut firsts_of_height = HashMap::new();
        for sq in PylyxGame::<N>::board_cells() {
            for height in 1..=PylyxGame::<N>::CHECKERS {
                let mut position = PylyxGame::<N>::empty_board();
                position.set_height(sq, Player::First, 0, height);
                let kind = u32::from(height).min(KINDS) - 1;
                for (owner, perspective) in [Player::First, Player::Second].into_iter().enumerate()
                {
                    let mut active = checked_active(&inputs, &position, perspective);
                    // The piece, its height, both hands (the terms aside).
                    active.retain(|&input| input < Layout::<N>::TERMS.offset);
                    assert_eq!(active.len(), 4, "{N}×{N}: {sq} {height}: {active:?}");
                    let piece = active
                        .iter()
                        .find(|&&input| input < Layout::<N>::PIECE.end());
                    let piece = *piece.expect("a piece input");
                    let cell = (owner, sq, kind);
                    assert_eq!(*owners.entry(piece).or_insert(cell), cell, "input {piece}");
                    let of_height = active[1] - Layout::<N>::PROFILE.offset;
                    let first = *firsts_of_height.entry((owner, height)).or_insert(of_height);
                    assert_eq!(first, of_height, "{N}×{N}: height {height} on {sq}");
                }
            }
        }
        assert_eq!(owners.len() as u32, Layout::<N>::PIECE.size, "{N}×{N}");
        let mut heights: Vec<u32> = firsts_of_height.into_values().collect();
        heights.sort_unstable();
        heights.dedup();
        assert_eq!(
            heights.len(),
            2 * usize::from(PylyxGame::<N>::CHECKERS),
            "{N}×{N}"
        );
    }

    #[test]
    fn every_piece_on_every_cell_has_its_own_inputs() {
        every_piece_has_its_own_inputs::<12>();
        every_piece_has_its_own_inputs::<10>();
    }

    /// The term inputs of 12×12 for the values of [`NET_TERMS`] of my side
    /// and of theirs.
    fn term_inputs(mine: [u32; 4], theirs: [u32; 4]) -> Vec<u32> {
        let mut inputs = Vec::new();
        for (half, values) in [mine, theirs].into_iter().enumerate() {
            let mut first = half as u32 * terms_size();
            for ((_, most), value) in NET_TERMS.into_iter().zip(values) {
                inputs.push(Big::TERMS.at(first + value));
                first += most + 1;
            }
        }
        inputs
    }

    #[test]
    fn pieces_are_mine_or_theirs_by_cell_and_kind() {
        // White: a triple on e5. Black: a single on f7, a double on h9.
        let fen = "12/12/12/7b4/12/5a6/12/4C7/12/12/12/12 w 7 7";
        let profile = profile_size(10);
        // Cells count rank by rank from b1: 10 on rank 1, 12 on the others.
        let (e5, f7, h9) = (50, 75, 101);
        let mine_first = [
            Big::PIECE.at(e5 * KINDS + 2),
            Big::PIECE.at((Big::CELLS + f7) * KINDS),
            Big::PIECE.at((Big::CELLS + h9) * KINDS + 1),
            // One piece of height 3: past 10 of height 1 and 5 of height 2.
            Big::PROFILE.at(15),
            Big::PROFILE.at(profile),
            Big::PROFILE.at(profile + 10),
            Big::HAND.at(7),
            Big::HAND.at(11 + 7),
        ];
        // White's target is its triple, alone (3, 0, 0, no threat); Black's
        // the double on h9, which the single on f7 joins along g8 (2, 1, 0,
        // no threat).
        let (white, black) = ([3, 0, 0, 0], [2, 1, 0, 0]);
        let mine_first = [&mine_first[..], &term_inputs(white, black)].concat();
        assert_eq!(active_in::<Pylyx>(fen, Player::First), mine_first);
        let mine_second = [
            Big::PIECE.at(f7 * KINDS),
            Big::PIECE.at(h9 * KINDS + 1),
            Big::PIECE.at((Big::CELLS + e5) * KINDS + 2),
            Big::PROFILE.at(0),
            Big::PROFILE.at(10),
            Big::PROFILE.at(profile + 15),
            Big::HAND.at(7),
            Big::HAND.at(11 + 7),
        ];
        let mine_second = [&mine_second[..], &term_inputs(black, white)].concat();
        assert_eq!(active_in::<Pylyx>(fen, Player::Second), mine_second);
    }

    #[test]
    fn a_stack_of_nine_with_a_joiner_in_line_is_a_threat() {
        // White: 9 on e5, a single on g7 joining it along f6; Black: a
        // single on b12, nine in hand.
        let fen = "1a10/12/12/12/12/6A5/12/4I7/12/12/12/12 w 0 9";
        let active = active_in::<Pylyx>(fen, Player::First);
        let terms = &active[active.len() - 2 * NET_TERMS.len()..];
        assert_eq!(terms, term_inputs([9, 1, 0, 1], [1, 0, 0, 0]));
        let active = active_in::<Pylyx>(fen, Player::Second);
        let terms = &active[active.len() - 2 * NET_TERMS.len()..];
        assert_eq!(terms, term_inputs([1, 0, 0, 0], [9, 1, 0, 1]));
    }

    #[test]
    fn cells_are_numbered_without_the_corners() {
        // White singles on b1 and a2, Black's on i10 (the last cell).
        let fen = "8a1/10/10/10/10/10/10/10/A9/1A8 b 6 7";
        let cells = Layout::<10>::CELLS;
        assert_eq!(cells, 96);
        let active = active_in::<Pylyx10>(fen, Player::First);
        assert_eq!(
            active[..3],
            [
                Layout::<10>::PIECE.at(0),
                Layout::<10>::PIECE.at(8 * KINDS),
                Layout::<10>::PIECE.at((cells + 95) * KINDS),
            ]
        );
    }

    #[test]
    fn tall_stacks_share_a_kind_and_count_in_the_profile() {
        // White: a stack of 7 on e5 and a triple on c3; Black: 9 on f6.
        let fen = "12/12/12/12/12/12/5i6/4G7/12/2C9/12/12 b 0 1";
        let active = active_in::<Pylyx>(fen, Player::First);
        let (c3, e5, f6) = (24, 50, 63);
        let profile = profile_size(10);
        assert_eq!(
            active[..4],
            [
                Big::PIECE.at(c3 * KINDS + 2),
                Big::PIECE.at(e5 * KINDS + 3),
                Big::PIECE.at((Big::CELLS + f6) * KINDS + 3),
                // Heights 3 and 7: past 10 + 5 for height 3; then past
                // 10 + 5 + 3 + 2 + 2 + 1 for height 7.
                Big::PROFILE.at(15),
            ]
        );
        assert_eq!(active[4], Big::PROFILE.at(23));
        // Black's 9: past 10 + 5 + 3 + 2 + 2 + 1 + 1 + 1.
        assert_eq!(active[5], Big::PROFILE.at(profile + 25));
    }
}
