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

impl Node {
    /// The root `position` searched to `depth`.
    pub(super) fn root<G: Searchable>(position: &G, depth: i32) -> Self {
        Node {
            depth,
            ply: 0,
            pv: true,
            exhaustive: covers_the_end(position, depth),
        }
    }
}
