//! The inputs of a game's learned evaluation: each position is a set of
//! active inputs (binary features) seen from one player's side, so a
//! network's first layer is a sum of the rows of its active inputs, and a
//! move that changes few inputs changes that sum by few rows.
//!
//! A game declares its inputs once ([`NetInputs`]); the engine evaluates a
//! network over them and keeps each side's sum up to date as moves are
//! made, and the trainer (`ludus-train`) reads the same inputs from the
//! positions of `ludus datagen` data, so the two cannot disagree.
//!
//! The network sees the position twice, once from each player's side (the
//! side to move's half first), so inputs are written relative to the
//! `perspective` player ("mine" and "theirs"), not by colour. A game whose
//! roles differ (Wyke's Builder and Wrecker) says which role the
//! perspective player has among its inputs.

use crate::game::Player;

/// A game's inputs to a learned evaluation.
pub struct NetInputs<G> {
    /// How many inputs there are: every active input is below it.
    pub count: usize,
    /// Appends the inputs of `position` that are on from each player's
    /// view, `views[p.index()]` from `p`'s, each in ascending order and
    /// each once. Both views come from one call, so work they share (each
    /// side's terms, which both views read) is done once. The caller
    /// clears `views`.
    pub active: fn(position: &G, views: &mut [Vec<u32>; 2]),
}

/// Fills both views, each from its own call of `view`: for games whose
/// views share no work worth sharing.
#[inline]
pub fn each_view<G>(
    position: &G,
    views: &mut [Vec<u32>; 2],
    view: impl Fn(&G, Player, &mut Vec<u32>),
) {
    for perspective in [Player::First, Player::Second] {
        view(position, perspective, &mut views[perspective.index()]);
    }
}

/// A run of consecutive inputs of one kind (the tokens on each square, the
/// counts in hand): games number their inputs as blocks, each starting
/// where the one before ends, so adding a block renumbers nothing by hand.
#[derive(Clone, Copy, Debug)]
pub struct InputBlock {
    /// The first input of the block.
    pub offset: u32,
    /// How many inputs the block has.
    pub size: u32,
}

impl InputBlock {
    /// The block of `size` inputs right after `self`.
    pub const fn next(self, size: u32) -> InputBlock {
        InputBlock {
            offset: self.offset + self.size,
            size,
        }
    }

    /// The first block, of `size` inputs.
    pub const fn first(size: u32) -> InputBlock {
        InputBlock { offset: 0, size }
    }

    /// The input past the last of the block: the count when it is the last.
    pub const fn end(self) -> u32 {
        self.offset + self.size
    }

    /// The block's input `index` (below its size).
    #[inline]
    pub fn at(self, index: u32) -> u32 {
        debug_assert!(
            index < self.size,
            "input {index} of a block of {}",
            self.size
        );
        self.offset + index
    }
}

/// The inputs of `position` from `perspective`, checked as the contract
/// asks (ascending, each once, all below the count): for tests.
pub fn checked_active<G>(inputs: &NetInputs<G>, position: &G, perspective: Player) -> Vec<u32> {
    let mut views = [Vec::new(), Vec::new()];
    (inputs.active)(position, &mut views);
    for view in &views {
        check_view(inputs, view);
    }
    std::mem::take(&mut views[perspective.index()])
}

/// Asserts that one view's inputs keep the contract.
fn check_view<G>(inputs: &NetInputs<G>, active: &[u32]) {
    assert!(
        active.windows(2).all(|pair| pair[0] < pair[1]),
        "inputs not ascending or repeated: {active:?}"
    );
    assert!(
        active.iter().all(|&input| (input as usize) < inputs.count),
        "an input at or past the count {}: {active:?}",
        inputs.count
    );
}

/// The checked inputs of the position `fen` of `G` from `perspective`: for
/// the games' tests of named inputs.
#[cfg(test)]
pub(crate) fn active_in<G: crate::Searchable>(fen: &str, perspective: Player) -> Vec<u32> {
    let position = G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let inputs = G::NET_INPUTS.expect("the game has network inputs");
    checked_active(&inputs, &position, perspective)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{visit_every_game, GameVisitor};
    use crate::random::Rng;
    use crate::{Game, Tooling};

    /// Random games per game, and the most plies each is played for.
    const GAMES: u64 = 4;
    const MAX_PLIES: usize = 200;

    /// Checks the inputs of every position of random games of a game that
    /// has them; whether it has.
    #[derive(Clone)]
    struct Contract;

    impl GameVisitor for Contract {
        type Output = bool;

        fn visit<G: Tooling>(self) -> bool {
            let Some(inputs) = G::NET_INPUTS else {
                return false;
            };
            let mut rng = Rng::new(0x4E37_1A95 ^ G::NAME.len() as u64);
            let mut moves = Vec::new();
            for game in 0..GAMES {
                let mut position = G::random_start(game).unwrap_or_else(G::startpos);
                for _ in 0..MAX_PLIES {
                    check_position(&inputs, &position);
                    moves.clear();
                    position.generate_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    position.make_move(moves[rng.below(moves.len())]);
                }
            }
            true
        }
    }

    /// Both sides' inputs keep the contract, and the position read back
    /// from its notation has the same inputs.
    fn check_position<G: Game>(inputs: &NetInputs<G>, position: &G) {
        let fen = position.to_fen();
        let copy = G::from_fen(&fen).unwrap_or_else(|e| panic!("{}: {fen}: {e}", G::NAME));
        for perspective in [Player::First, Player::Second] {
            assert_eq!(
                checked_active(inputs, position, perspective),
                checked_active(inputs, &copy, perspective),
                "{}: {fen} from {perspective:?}, read back from its notation",
                G::NAME
            );
        }
    }

    #[test]
    fn every_games_inputs_keep_the_contract() {
        assert!(visit_every_game(Contract).contains(&true));
    }
}
