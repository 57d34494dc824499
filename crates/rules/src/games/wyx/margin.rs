//! Wyx played for the margin (`WyxScoring margin`), as "Double Wyx" counts
//! it: a finished game is worth the difference of tokens in hand, at the
//! evaluation's 100 a token.

use super::Wyx;

/// A token's worth in a finished game's score.
const PER_TOKEN: i32 = 100;

/// The finished game's score for the side to move: 100 per token the
/// opponent has in hand beyond its own.
pub fn final_score(position: &Wyx) -> i32 {
    let me = position.side.index();
    PER_TOKEN * (i32::from(position.hands[1 - me]) - i32::from(position.hands[me]))
}
