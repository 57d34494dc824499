//! Retrograde analysis of one structure (see [`super::structure`]): the
//! exact value of every state — tiles on the open plots (1 to 7 each),
//! both markers, the side to move, and whether the last move was a pass —
//! from the values of the structures its claims lead into, solved first.
//!
//! States are worked back in order of distance, so a win is the fastest
//! and a loss the slowest: a state wins in `n` when a move leads to a loss
//! in `n - 1`, loses in `n` when every move leads to a win, the slowest in
//! `n - 1`. Moves inside the structure are walked backwards from each
//! state solved ("un-moves": the mover's marker names the type it played,
//! its marker before is any other type but the opponent's). What never
//! resolves is drawn: neither side can force a win, so best play repeats.

use std::sync::Arc;

use super::structure::{Step, Structure, MAX_OPEN};
use crate::games::wyke::moves::{FIVE, FOUR, KINDS, THREE_ONE, TWO_ONE_ONE, TWO_TWO};
use crate::games::wyke::FULL;

/// Marker pairs (Builder's, Destroyer's), always different once both
/// sides have moved.
const MARKER_PAIRS: usize = KINDS * (KINDS - 1);

/// A solved structure: per state, the side to move's value in plies
/// (`n > 0` wins in `n`, `n < 0` loses in `-n`, 0 draws).
pub struct Table {
    /// The structure solved.
    pub structure: Structure,
    values: Vec<i16>,
}

/// The states of a structure of `open` plots.
pub fn state_count(open: usize) -> usize {
    7usize.pow(open as u32) * MARKER_PAIRS * 2 * 2
}

/// The index of a marker pair.
fn marker_index(markers: [u8; 2]) -> usize {
    let [b, d] = markers.map(usize::from);
    b * (KINDS - 1) + d - usize::from(d > b)
}

fn marker_pair(index: usize) -> [u8; 2] {
    let b = index / (KINDS - 1);
    let d = index % (KINDS - 1);
    [b as u8, (d + usize::from(d >= b)) as u8]
}

/// A state of a structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// Tiles per label, 1 to 7 (labels past the structure's unused).
    pub tiles: [u8; MAX_OPEN],
    /// Builder's and Destroyer's markers (different move types).
    pub markers: [u8; 2],
    /// 0 the Builder to move, 1 the Destroyer.
    pub side: usize,
    /// Whether the last move was a pass.
    pub after_pass: bool,
}

impl State {
    /// The state's index in a structure of `open` plots.
    pub fn index(&self, open: usize) -> usize {
        let tiles = (0..open)
            .rev()
            .fold(0, |code, l| code * 7 + usize::from(self.tiles[l] - 1));
        tiles
            + 7usize.pow(open as u32)
                * (marker_index(self.markers)
                    + MARKER_PAIRS * (self.side + 2 * usize::from(self.after_pass)))
    }

    /// The state with index `index` in a structure of `open` plots.
    pub fn at(index: usize, open: usize) -> State {
        let span = 7usize.pow(open as u32);
        let mut code = index % span;
        let mut tiles = [0; MAX_OPEN];
        for tile in tiles.iter_mut().take(open) {
            *tile = (code % 7) as u8 + 1;
            code /= 7;
        }
        let rest = index / span;
        State {
            tiles,
            markers: marker_pair(rest % MARKER_PAIRS),
            side: (rest / MARKER_PAIRS) % 2,
            after_pass: rest / (2 * MARKER_PAIRS) == 1,
        }
    }
}

/// The placements of a move type on `open` labels: the amount per label.
pub fn placements(open: usize, kind: u8, six_six: bool) -> Vec<[u8; MAX_OPEN]> {
    let mut all = Vec::new();
    let mut put = |labels: &[(usize, u8)]| {
        let mut amounts = [0; MAX_OPEN];
        for &(label, amount) in labels {
            amounts[label] = amount;
        }
        all.push(amounts);
    };
    let n = open;
    match kind {
        FIVE if six_six => put(&[(0, 1), (1, 1), (2, 1), (3, 1)]),
        FIVE if n == 5 => put(&[(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)]),
        FIVE if n == 6 => {
            for skip in 0..n {
                let five: Vec<(usize, u8)> =
                    (0..n).filter(|&l| l != skip).map(|l| (l, 1)).collect();
                put(&five);
            }
        }
        TWO_ONE_ONE => {
            for a in 0..n {
                for b in (0..n).filter(|&b| b != a) {
                    for c in (b + 1..n).filter(|&c| c != a) {
                        put(&[(a, 2), (b, 1), (c, 1)]);
                    }
                }
            }
        }
        TWO_TWO => {
            for a in 0..n {
                for b in a + 1..n {
                    put(&[(a, 2), (b, 2)]);
                }
            }
        }
        THREE_ONE => {
            for a in 0..n {
                for b in (0..n).filter(|&b| b != a) {
                    put(&[(a, 3), (b, 1)]);
                }
            }
        }
        FOUR => (0..n).for_each(|a| put(&[(a, 4)])),
        _ => {}
    }
    all
}

/// What one state's moves lead to, before any state of the structure is
/// solved.
#[derive(Clone, Copy, Default)]
struct Moves {
    /// Moves into states of this structure (a pass too) not yet known as
    /// the opponent's wins.
    open: u8,
    /// The fastest win known (plies), 0 for none.
    win_at: u16,
    /// The slowest loss among the moves known to lose.
    loss_at: u16,
    /// Some move draws (into a drawn state of another structure).
    draws: bool,
    /// No move but a pass.
    stuck: bool,
}

impl Table {
    /// Solves `structure`, `child` giving the solved table of a structure
    /// a claim leads into.
    pub fn solve(structure: Structure, child: &dyn Fn(&Structure) -> Arc<Table>) -> Table {
        Solve::new(structure, child).run()
    }

    /// The value of `state`.
    pub fn value(&self, state: &State) -> i16 {
        self.values[state.index(usize::from(self.structure.open))]
    }

    /// Every state's value, by index.
    pub fn values(&self) -> &[i16] {
        &self.values
    }
}

/// Where a claim leads, its table ready.
enum Claim {
    Win,
    Into(Arc<Table>, [u8; MAX_OPEN]),
}

/// One structure's retrograde analysis.
struct Solve {
    structure: Structure,
    open: usize,
    /// Per move type, its placements.
    placements: Vec<Vec<[u8; MAX_OPEN]>>,
    /// Per mover and claimed label set, where the claim leads: a win, or
    /// the solved table of the structure it leads into and the relabelling.
    steps: [Vec<Claim>; 2],
    moves: Vec<Moves>,
    values: Vec<i16>,
    /// States to settle at each distance (bit 31: as a loss).
    buckets: Vec<Vec<u32>>,
}

const LOSS: u32 = 1 << 31;

impl Solve {
    fn new(structure: Structure, child: &dyn Fn(&Structure) -> Arc<Table>) -> Self {
        let open = usize::from(structure.open);
        let placements = (0..KINDS as u8)
            .map(|kind| placements(open, kind, structure.six_six()))
            .collect();
        let steps = [0, 1].map(|mover| {
            (0..1usize << open)
                .map(|claimed| match structure.claim(mover, claimed) {
                    // The empty set is no claim; its entry is never read.
                    _ if claimed == 0 => Claim::Win,
                    Step::Win => Claim::Win,
                    Step::Into(next, map) => Claim::Into(child(&next), map),
                })
                .collect()
        });
        Solve {
            structure,
            open,
            placements,
            steps,
            moves: Vec::new(),
            values: vec![0; state_count(open)],
            buckets: Vec::new(),
        }
    }

    fn push(&mut self, distance: u16, entry: u32) {
        let at = usize::from(distance);
        if self.buckets.len() <= at {
            self.buckets.resize_with(at + 1, Vec::new);
        }
        self.buckets[at].push(entry);
    }

    fn run(mut self) -> Table {
        let states = state_count(self.open);
        self.moves = (0..states).map(|index| self.forward(index)).collect();
        for index in 0..states {
            let m = self.moves[index];
            if m.win_at > 0 {
                self.push(m.win_at, index as u32);
            } else if m.open == 0 && !m.draws {
                self.push(m.loss_at, index as u32 | LOSS);
            }
        }
        let mut distance = 1;
        while distance < self.buckets.len() {
            let bucket = std::mem::take(&mut self.buckets[distance]);
            for entry in bucket {
                let index = (entry & !LOSS) as usize;
                if self.values[index] != 0 {
                    continue;
                }
                let lost = entry & LOSS != 0;
                let d = distance as i16;
                self.values[index] = if lost { -d } else { d };
                self.settle_predecessors(index, lost, distance as u16);
            }
            distance += 1;
        }
        Table {
            structure: self.structure,
            values: self.values,
        }
    }

    /// What the moves of state `index` lead to (claims into other
    /// structures, valued; the rest counted).
    fn forward(&self, index: usize) -> Moves {
        let state = State::at(index, self.open);
        let mut moves = Moves::default();
        let builder = state.side == 0;
        let mut any = false;
        for kind in (0..KINDS as u8).filter(|k| !state.markers.contains(k)) {
            for amounts in &self.placements[usize::from(kind)] {
                let mut tiles = state.tiles;
                let mut claimed = 0usize;
                let mut legal = true;
                for (label, &amount) in amounts.iter().enumerate().take(self.open) {
                    if amount == 0 {
                        continue;
                    }
                    let t = tiles[label];
                    let after = match builder {
                        true => t + amount,
                        false => t.wrapping_sub(amount),
                    };
                    if after > FULL {
                        legal = false;
                        break;
                    }
                    if after == 0 || after == FULL {
                        claimed |= 1 << label;
                    }
                    tiles[label] = after;
                }
                if !legal {
                    continue;
                }
                any = true;
                let mut markers = state.markers;
                markers[state.side] = kind;
                if claimed == 0 {
                    moves.open += 1;
                    continue;
                }
                match &self.steps[state.side][claimed] {
                    Claim::Win => {
                        moves.win_at = 1;
                        return moves;
                    }
                    Claim::Into(table, map) => {
                        let mut child_tiles = [0; MAX_OPEN];
                        for label in 0..self.open {
                            if map[label] != u8::MAX {
                                child_tiles[usize::from(map[label])] = tiles[label];
                            }
                        }
                        let child = State {
                            tiles: child_tiles,
                            markers,
                            side: 1 - state.side,
                            after_pass: false,
                        };
                        let value = table.value(&child);
                        match value {
                            v if v < 0 => {
                                let at = (-v) as u16 + 1;
                                if moves.win_at == 0 || at < moves.win_at {
                                    moves.win_at = at;
                                }
                            }
                            0 => moves.draws = true,
                            v => moves.loss_at = moves.loss_at.max(v as u16 + 1),
                        }
                    }
                }
            }
        }
        if !any {
            moves.stuck = true;
            match state.after_pass {
                // A second pass in a row: drawn.
                true => moves.draws = true,
                false => moves.open = 1,
            }
        }
        moves
    }

    /// State `index` is settled at `distance` (`lost` for the side to
    /// move): the states with a move into it learn of it.
    fn settle_predecessors(&mut self, index: usize, lost: bool, distance: u16) {
        let mut predecessors = Vec::new();
        self.predecessors(index, &mut predecessors);
        for p in predecessors {
            if self.values[p] != 0 {
                continue;
            }
            let at = distance + 1;
            if lost {
                let m = &mut self.moves[p];
                if m.win_at == 0 || at < m.win_at {
                    m.win_at = at;
                    self.push(at, p as u32);
                }
            } else {
                let m = &mut self.moves[p];
                m.open -= 1;
                m.loss_at = m.loss_at.max(at);
                if m.open == 0 && !m.draws && m.win_at == 0 {
                    let loss_at = m.loss_at;
                    self.push(loss_at, p as u32 | LOSS);
                }
            }
        }
    }

    /// The states with a move (or a pass) into state `index` that stays
    /// in the structure, once per move.
    fn predecessors(&self, index: usize, out: &mut Vec<usize>) {
        let state = State::at(index, self.open);
        let mover = 1 - state.side;
        if state.after_pass {
            let before = State {
                side: mover,
                after_pass: false,
                ..state
            };
            let before_index = before.index(self.open);
            if self.moves[before_index].stuck {
                out.push(before_index);
            }
            return;
        }
        let kind = state.markers[mover];
        for amounts in &self.placements[usize::from(kind)] {
            let mut tiles = state.tiles;
            let mut legal = true;
            for (label, &amount) in amounts.iter().enumerate().take(self.open) {
                if amount == 0 {
                    continue;
                }
                let before = match mover {
                    0 => tiles[label].wrapping_sub(amount),
                    _ => tiles[label] + amount,
                };
                if !(1..FULL).contains(&before) {
                    legal = false;
                    break;
                }
                tiles[label] = before;
            }
            if !legal {
                continue;
            }
            for previous in
                (0..KINDS as u8).filter(|&k| k != kind && k != state.markers[state.side])
            {
                let mut markers = state.markers;
                markers[mover] = previous;
                for after_pass in [false, true] {
                    let before = State {
                        tiles,
                        markers,
                        side: mover,
                        after_pass,
                    };
                    out.push(before.index(self.open));
                }
            }
        }
    }
}
