//! The structure of a late 4×4 position: what of its claimed plots still
//! matters. With few plots open, a position's future depends on its claims
//! only through each side's number of plots and, for each side, the sets
//! of open plots whose claim would complete one of its lines or squares
//! (those not blocked by the other side, and smaller than the claims that
//! win by number anyway). Positions whose claims differ but whose
//! structures agree, open plots matched up, have the same value for the
//! same tiles, markers and side to move.
//!
//! The open plots are labelled 0..k in a canonical order: structures that
//! differ only by a relabelling are one (a relabelling is tried only among
//! plots that look alike, so this is cheap).

use super::super::Wyke4;

/// The most open plots a structure has.
pub const MAX_OPEN: usize = 6;

/// Plots that win by number alone on 4×4.
const PLOTS_TO_WIN: u8 = 7;

/// A set of families of label sets: bit `s` stands for the label set `s`
/// (labels as bits), so `2^MAX_OPEN` bits.
pub type Family = u64;

/// The structure of a late position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Structure {
    /// Open plots (`k`).
    pub open: u8,
    /// Plots held by the Builder and the Destroyer.
    pub counts: [u8; 2],
    /// Per side, the minimal sets of open plots (by label) whose claim
    /// completes one of its lines or squares.
    pub shapes: [Family; 2],
}

/// Where a claiming move leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The mover wins at once.
    Win,
    /// Into this structure, the open plots left relabelled as given (old
    /// label to new; claimed labels unused).
    Into(Structure, [u8; MAX_OPEN]),
}

/// The label set of the bits of `mask` among `labels` (plot per label).
fn label_set(mask: u64, plots: &[u8]) -> usize {
    plots
        .iter()
        .enumerate()
        .filter(|(_, &plot)| mask & (1 << plot) != 0)
        .fold(0, |set, (label, _)| set | 1 << label)
}

/// `family` without sets that contain another of its sets (claiming the
/// smaller already wins), nor sets of `limit` labels or more.
fn minimal(family: Family, limit: u32) -> Family {
    let mut kept = 0;
    for set in (0..64).filter(|&s| family & (1 << s) != 0) {
        let s = set as u64;
        if s.count_ones() >= limit {
            continue;
        }
        let has_subset = (0..64).any(|t: u64| t != s && t & !s == 0 && family & (1 << t) != 0);
        if !has_subset {
            kept |= 1 << set;
        }
    }
    kept
}

/// The image of `family` when label `i` becomes `map[i]`.
fn relabel(family: Family, map: &[u8; MAX_OPEN]) -> Family {
    let mut image = 0;
    let mut rest = family;
    while rest != 0 {
        let set = rest.trailing_zeros();
        rest &= rest - 1;
        let mut mapped = 0usize;
        for (label, &to) in map.iter().enumerate() {
            if set & (1 << label) != 0 {
                mapped |= 1 << to;
            }
        }
        image |= 1 << mapped;
    }
    image
}

impl Structure {
    /// The structure of a position whose plots are held as `owned`
    /// (Builder's, Destroyer's), and the board plot of each label; `None`
    /// with more than [`MAX_OPEN`] open plots or a side already winning.
    pub fn of(owned: [u64; 2]) -> Option<(Structure, [u8; MAX_OPEN])> {
        let open_mask = !(owned[0] | owned[1]) & 0xFFFF;
        let k = open_mask.count_ones() as usize;
        if k > MAX_OPEN || k == 0 {
            return None;
        }
        let plots: Vec<u8> = (0..16u8).filter(|&p| open_mask & (1 << p) != 0).collect();
        let counts = owned.map(|o| o.count_ones() as u8);
        let mut shapes = [0; 2];
        for side in 0..2 {
            if counts[side] >= PLOTS_TO_WIN {
                return None;
            }
            for &mask in Wyke4::win_masks() {
                if mask & owned[1 - side] != 0 {
                    continue;
                }
                let set = label_set(mask, &plots);
                if set == 0 {
                    return None;
                }
                shapes[side] |= 1 << set;
            }
            shapes[side] = minimal(shapes[side], u32::from(PLOTS_TO_WIN - counts[side]));
        }
        let labelled = Structure {
            open: k as u8,
            counts,
            shapes,
        };
        let (structure, map) = labelled.canonical();
        let mut plot_of = [u8::MAX; MAX_OPEN];
        for (label, &plot) in plots.iter().enumerate() {
            plot_of[usize::from(map[label])] = plot;
        }
        Some((structure, plot_of))
    }

    /// The canonical relabelling of this structure and the map from its
    /// labels to the canonical ones: the least families over the
    /// relabellings that sort labels by what sets they are in.
    pub fn canonical(&self) -> (Structure, [u8; MAX_OPEN]) {
        let k = usize::from(self.open);
        // A label's signature: how many sets of each size it is in, per side.
        let signature = |label: usize| -> u64 {
            let mut sig = 0u64;
            for (side, &family) in self.shapes.iter().enumerate() {
                for set in (0..64).filter(|&s| family & (1 << s) != 0 && s & (1 << label) != 0) {
                    let size = (set as u64).count_ones() as u64;
                    sig += 1 << (32 * side as u64 + 4 * size);
                }
            }
            sig
        };
        let mut order: Vec<usize> = (0..k).collect();
        order.sort_by_key(|&label| (signature(label), label));
        let signatures: Vec<u64> = order.iter().map(|&l| signature(l)).collect();
        let mut best: Option<(Structure, [u8; MAX_OPEN])> = None;
        // Every order that keeps the signatures sorted: permutations
        // within each run of equal signatures.
        let mut current = order.clone();
        permute_runs(&mut current, &signatures, 0, &mut |arrangement| {
            let mut map = [0u8; MAX_OPEN];
            for (new, &old) in arrangement.iter().enumerate() {
                map[old] = new as u8;
            }
            let candidate = Structure {
                shapes: self.shapes.map(|f| relabel(f, &map)),
                ..*self
            };
            if best.is_none_or(|(b, _)| candidate.shapes < b.shapes) {
                best = Some((candidate, map));
            }
        });
        best.expect("at least one arrangement")
    }

    /// Where claiming the labels `claimed` (a set) takes the side `mover`
    /// (0 Builder, 1 Destroyer).
    pub fn claim(&self, mover: usize, claimed: usize) -> Step {
        let count = self.counts[mover] + claimed.count_ones() as u8;
        let other = self.counts[1 - mover];
        let shape_done =
            (0..64usize).any(|s| self.shapes[mover] & (1 << s) != 0 && s & !claimed == 0);
        if count >= PLOTS_TO_WIN || count >= other + 4 || shape_done {
            return Step::Win;
        }
        let k = usize::from(self.open);
        let mut map = [u8::MAX; MAX_OPEN];
        let mut next = 0;
        for (label, slot) in map.iter_mut().enumerate().take(k) {
            if claimed & (1 << label) == 0 {
                *slot = next;
                next += 1;
            }
        }
        let squeeze = |set: usize| -> usize {
            (0..k)
                .filter(|&l| set & (1 << l) != 0 && claimed & (1 << l) == 0)
                .fold(0, |s, l| s | 1 << map[l])
        };
        let mut shapes = [0; 2];
        for set in (0..64usize).filter(|&s| self.shapes[mover] & (1 << s) != 0) {
            shapes[mover] |= 1 << squeeze(set);
        }
        for set in (0..64usize).filter(|&s| self.shapes[1 - mover] & (1 << s) != 0) {
            if set & claimed == 0 {
                shapes[1 - mover] |= 1 << squeeze(set);
            }
        }
        let mut counts = self.counts;
        counts[mover] = count;
        shapes[mover] = minimal(shapes[mover], u32::from(PLOTS_TO_WIN - count));
        let labelled = Structure {
            open: next,
            counts,
            shapes,
        };
        let (structure, canonical) = labelled.canonical();
        let mut full = [u8::MAX; MAX_OPEN];
        for (label, slot) in full.iter_mut().enumerate().take(k) {
            if map[label] != u8::MAX {
                *slot = canonical[usize::from(map[label])];
            }
        }
        Step::Into(structure, full)
    }

    /// Whether `1-1-1-1-1` takes its four-plot form (both sides at 6).
    pub fn six_six(&self) -> bool {
        self.open == 4 && self.counts == [6, 6]
    }
}

/// Calls `f` with every arrangement of `order` that permutes only within
/// runs of equal `signatures`, from position `from` on.
fn permute_runs(
    order: &mut [usize],
    signatures: &[u64],
    from: usize,
    f: &mut impl FnMut(&[usize]),
) {
    if from >= order.len() {
        f(order);
        return;
    }
    let end = (from..order.len())
        .find(|&i| signatures[i] != signatures[from])
        .unwrap_or(order.len());
    permute_within(order, signatures, from, end, f);
}

/// Every order of `order[at..end]` (one run), each followed by the runs
/// after it.
fn permute_within(
    order: &mut [usize],
    signatures: &[u64],
    at: usize,
    end: usize,
    f: &mut impl FnMut(&[usize]),
) {
    if at == end {
        permute_runs(order, signatures, end, f);
        return;
    }
    for i in at..end {
        order.swap(at, i);
        permute_within(order, signatures, at + 1, end, f);
        order.swap(at, i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::splitmix64;
    use crate::symmetry::square_map;

    /// The plots each side holds on a board written as the notation's ranks.
    fn owned(board: &str) -> [u64; 2] {
        let mut owned = [0; 2];
        for (row, rank) in board.split('/').enumerate() {
            for (file, c) in rank.chars().enumerate() {
                let plot = file * 4 + 3 - row;
                match c {
                    '8' => owned[0] |= 1 << plot,
                    '0' => owned[1] |= 1 << plot,
                    _ => {}
                }
            }
        }
        owned
    }

    fn image(owned: [u64; 2], symmetry: usize) -> [u64; 2] {
        owned.map(|mask| {
            (0..16).filter(|p| mask & (1 << p) != 0).fold(0, |m, p| {
                let (file, rank) = square_map(4, symmetry, p / 4, p % 4);
                m | 1 << (file * 4 + rank)
            })
        })
    }

    #[test]
    fn six_six_endgames_share_one_structure_without_shapes() {
        let (a, _) = Structure::of(owned("8800/0088/8800/4555")).unwrap();
        let (b, _) = Structure::of(owned("0088/8800/0088/5554")).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.shapes, [0, 0], "the next claim wins by number");
        assert!(a.six_six());
    }

    #[test]
    fn images_under_the_squares_symmetries_share_a_structure() {
        let mut state = 7;
        let mut checked = 0;
        while checked < 300 {
            let (next, bits) = splitmix64(state);
            state = next;
            let (b, d) = (bits & 0xFFFF, (bits >> 16) & 0xFFFF & !(bits & 0xFFFF));
            let Some((structure, plots)) = Structure::of([b, d]) else {
                continue;
            };
            assert!(structure.open >= 1 && usize::from(structure.open) <= MAX_OPEN);
            for &plot in &plots[..usize::from(structure.open)] {
                assert!((b | d) & (1 << plot) == 0, "labels name open plots");
            }
            for symmetry in 1..8 {
                let (other, _) = Structure::of(image([b, d], symmetry)).unwrap();
                assert_eq!(other, structure, "{b:04x} {d:04x} under {symmetry}");
            }
            checked += 1;
        }
    }

    #[test]
    fn claims_that_make_seven_or_complete_a_shape_win() {
        // Builder 6 (a4 b4 c3 d3 a2 b2 ... ), Destroyer 5, five open plots.
        let (s, _) = Structure::of(owned("8800/0088/8804/4555")).unwrap();
        assert_eq!((s.open, s.counts), (5, [6, 5]));
        assert_eq!(s.claim(0, 0b1), Step::Win, "the Builder's 7th plot");
        assert_eq!(s.claim(1, 0b11), Step::Win, "two claims make 7");
        for set in (0..32usize).filter(|&x| s.shapes[1] & (1 << x) != 0) {
            assert_eq!(s.claim(1, set), Step::Win, "a shape completed");
        }
        let plain = (0..5)
            .map(|l| 1usize << l)
            .find(|&x| s.shapes[1] & (1 << x) == 0);
        if let Some(label) = plain {
            match s.claim(1, label) {
                Step::Into(next, _) => assert!(next.six_six()),
                Step::Win => panic!("one plain claim makes 6-6"),
            }
        }
    }
}
