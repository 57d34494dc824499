//! A node being searched, as the steps of the node function see it.

use ludus_rules::Searchable;

/// Whether the game ends, whatever is played, within `depth` plies of
/// `position` (see [`Searchable::plies_left_bound`]).
pub(super) fn covers_the_end<G: Searchable>(position: &G, depth: i32) -> bool {
    position
        .plies_left_bound()
        .is_some_and(|plies| plies as i32 <= depth)
}

/// A node being searched: its depth and ply, and what they make of it.
#[derive(Clone, Copy)]
pub(super) struct Node {
    /// The depth left, in plies.
    pub(super) depth: i32,
    /// The distance from the root, in plies.
    pub(super) ply: usize,
    /// A principal-variation node (searched with an open window).
    pub(super) pv: bool,
    /// The game ends within the depth left: nothing is pruned or reduced.
    pub(super) exhaustive: bool,
}

/// A search window: a score at or below `alpha` fails low (the node is
/// worth at most that), one at or above `beta` fails high (at least that).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Window {
    /// The score the side to move already has elsewhere.
    pub(super) alpha: i32,
    /// The score beyond which the opponent avoids this node.
    pub(super) beta: i32,
}

impl Window {
    /// The window from `alpha` to `beta`.
    pub(super) fn new(alpha: i32, beta: i32) -> Self {
        Window { alpha, beta }
    }

    /// The zero window just above alpha: whether a move beats it.
    pub(super) fn zero(self) -> Self {
        Window::new(self.alpha, self.alpha + 1)
    }

    /// Whether `score` lies strictly inside the window.
    pub(super) fn holds(self, score: i32) -> bool {
        self.alpha < score && score < self.beta
    }
}
