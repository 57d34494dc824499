//! Wyke's inputs to a learned evaluation (see [`crate::net_inputs`]): from
//! one player's side, the tiles each plot still needs to become mine (0: it
//! is mine, 8: it is theirs; the Builder counts up to 8, the Destroyer down
//! to 0, so both roles read a plot alike), how many plots each side holds,
//! both markers, and which role is mine.

use super::moves::KINDS;
use super::{Wyke, FULL};
use crate::game::Player;
use crate::net_inputs::{each_view, InputBlock, NetInputs};

/// A plot's distance from my claim: 0 to 8 tiles.
const DISTANCES: u32 = FULL as u32 + 1;
/// A marker's places: a move type, or none yet.
const MARKERS: u32 = KINDS as u32 + 1;

/// The inputs' blocks on N×N plots.
struct Layout<const N: usize>;

impl<const N: usize> Layout<N> {
    /// Claims at which the count of a side's plots stops: the number that
    /// wins outright.
    const MOST_CLAIMS: u32 = Wyke::<N>::plots_to_win();
    /// The tiles each plot still needs to become mine, by plot.
    const NEED: InputBlock = InputBlock::first((N * N) as u32 * DISTANCES);
    /// How many plots I hold, then they hold: 0 to `MOST_CLAIMS`.
    const CLAIMS: InputBlock = Self::NEED.next(2 * (Self::MOST_CLAIMS + 1));
    /// The type under my marker (or none), then under theirs.
    const MARKER: InputBlock = Self::CLAIMS.next(2 * MARKERS);
    /// My role: the Builder, or the Destroyer.
    const ROLE: InputBlock = Self::MARKER.next(2);
}

impl<const N: usize> Wyke<N> {
    /// Wyke's inputs on this board.
    pub(super) const INPUTS: NetInputs<Self> = NetInputs {
        count: Layout::<N>::ROLE.end() as usize,
        active: |position, views| each_view(position, views, view::<N>),
    };
}

/// Appends the inputs of `position` as `perspective` sees it, ascending.
fn view<const N: usize>(position: &Wyke<N>, perspective: Player, active: &mut Vec<u32>) {
    let builder = perspective == Player::First;
    for plot in 0..N * N {
        let tiles = position.tiles[plot].min(FULL);
        let need = if builder { FULL - tiles } else { tiles };
        active.push(Layout::<N>::NEED.at(plot as u32 * DISTANCES + u32::from(need)));
    }
    let sides = [perspective, perspective.opponent()];
    for (half, side) in sides.into_iter().enumerate() {
        let claims = position.claimed(side).count_ones();
        let most = Layout::<N>::MOST_CLAIMS;
        active.push(Layout::<N>::CLAIMS.at(half as u32 * (most + 1) + claims.min(most)));
    }
    for (half, side) in sides.into_iter().enumerate() {
        let marker = u32::from(position.markers[side.index()]).min(MARKERS - 1);
        active.push(Layout::<N>::MARKER.at(half as u32 * MARKERS + marker));
    }
    active.push(Layout::<N>::ROLE.at(u32::from(!builder)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wyke::{Wyke4, Wyke6};
    use crate::net_inputs::active_in;
    use crate::Game;

    type Small = Layout<4>;

    /// Plot `file * n + rank` of a square named like `b3`.
    fn plot(name: &str, n: u32) -> u32 {
        let [file, rank] = name.as_bytes() else {
            panic!("a plot name: {name}")
        };
        u32::from(file - b'a') * n + u32::from(rank - b'1')
    }

    #[test]
    fn each_role_counts_the_tiles_it_needs() {
        let start = Wyke4::startpos().to_fen();
        let builder = active_in::<Wyke4>(&start, Player::First);
        let destroyer = active_in::<Wyke4>(&start, Player::Second);
        for (name, builds, destroys) in [("a4", 5, 3), ("d1", 5, 3), ("b2", 4, 4)] {
            let need = |tiles| Small::NEED.at(plot(name, 4) * DISTANCES + tiles);
            assert!(builder.contains(&need(builds)), "{name}: {builder:?}");
            assert!(destroyer.contains(&need(destroys)), "{name}: {destroyer:?}");
        }
        let none = MARKERS - 1;
        assert_eq!(
            builder[16..],
            [
                Small::CLAIMS.at(0),
                Small::CLAIMS.at(8),
                Small::MARKER.at(none),
                Small::MARKER.at(MARKERS + none),
                Small::ROLE.at(0),
            ]
        );
        assert_eq!(destroyer[20], Small::ROLE.at(1));
    }

    #[test]
    fn claims_and_markers_are_mine_or_theirs() {
        // The Builder holds a4 and d1 and stands on 2-2; the Destroyer
        // holds c3 and stands on 3-1.
        let fen = "8444/4404/4444/4448 d 2-2 3-1";
        let builder = active_in::<Wyke4>(fen, Player::First);
        let destroyer = active_in::<Wyke4>(fen, Player::Second);
        let need = |name, tiles| Small::NEED.at(plot(name, 4) * DISTANCES + tiles);
        for (name, builds) in [("a4", 0), ("d1", 0), ("c3", 8)] {
            assert!(builder.contains(&need(name, builds)), "{name}");
            assert!(destroyer.contains(&need(name, 8 - builds)), "{name}");
        }
        let (two_two, three_one) = (2, 3);
        // The claims held and the markers, the perspective's before the
        // other side's, then the perspective's role.
        let tail = |[mine, theirs]: [u32; 2], [my_marker, their_marker]: [u32; 2], role| {
            [
                Small::CLAIMS.at(mine),
                Small::CLAIMS.at(8 + theirs),
                Small::MARKER.at(my_marker),
                Small::MARKER.at(MARKERS + their_marker),
                Small::ROLE.at(role),
            ]
        };
        assert_eq!(builder[16..], tail([2, 1], [two_two, three_one], 0));
        assert_eq!(destroyer[16..], tail([1, 2], [three_one, two_two], 1));
    }

    #[test]
    fn the_roles_swapped_on_complemented_tiles_differ_only_in_role() {
        let builder = active_in::<Wyke4>("8444/4404/4444/4448 d 2-2 3-1", Player::First);
        let destroyer = active_in::<Wyke4>("0444/4484/4444/4440 b 3-1 2-2", Player::Second);
        assert_eq!(builder[..20], destroyer[..20]);
        assert_ne!(builder[20], destroyer[20]);
    }

    #[test]
    fn the_six_by_six_board_has_its_own_plots_and_claim_count() {
        let start = Wyke6::startpos().to_fen();
        let builder = active_in::<Wyke6>(&start, Player::First);
        let big = Layout::<6>::NEED;
        for (name, builds) in [("b5", 5), ("e2", 5), ("f6", 4)] {
            let need = big.at(plot(name, 6) * DISTANCES + builds);
            assert!(builder.contains(&need), "{name}");
        }
        assert_eq!(Layout::<6>::MOST_CLAIMS, 12);
        assert_eq!(builder[37], Layout::<6>::CLAIMS.at(13));
    }
}
