//! The search stack: what one thread keeps for each ply of the line it is
//! searching (killers, principal variation, move buffers, quiet moves
//! tried, repetition floor), and the hashes of the game and the line that
//! repetitions are found in.

use std::ops::{Index, IndexMut};

use super::ordering::PickerBuffers;

/// The deepest ply the search reaches (iterations and quiescence included).
pub const MAX_PLY: usize = 128;

/// What the search keeps at one ply of the current line.
pub(super) struct Ply<M> {
    /// The two quiet moves that last cut off at this ply.
    pub killers: [Option<M>; 2],
    /// The principal variation from this ply.
    pub pv: Vec<M>,
    /// The move lists of this ply's picker, lent to one node at a time.
    pub buffers: PickerBuffers<M>,
    /// The quiet moves searched at this ply's node without a cutoff.
    pub quiets_tried: Vec<M>,
    /// The first index of the stack's hashes a repetition can match
    /// (nothing before an irreversible move can recur).
    pub repetition_floor: usize,
}

/// The plies of the current line, and the hashes of the game so far and
/// of the line, for repetitions.
pub(super) struct Stack<M> {
    plies: Vec<Ply<M>>,
    hashes: Vec<u64>,
    /// Index in `hashes` of the root position.
    root_index: usize,
}

impl<M: Copy> Stack<M> {
    /// A stack for a search of the position hashed `root` after the game's
    /// `history` (the positions since the last irreversible move).
    pub fn new(history: &[u64], root: u64) -> Self {
        let mut hashes = Vec::with_capacity(history.len() + MAX_PLY + 2);
        hashes.extend_from_slice(history);
        hashes.push(root);
        Stack {
            plies: (0..MAX_PLY + 2)
                .map(|_| Ply {
                    killers: [None; 2],
                    pv: Vec::new(),
                    buffers: PickerBuffers::default(),
                    quiets_tried: Vec::new(),
                    repetition_floor: 0,
                })
                .collect(),
            root_index: hashes.len() - 1,
            hashes,
        }
    }

    /// Whether the current position (the last hash) is a draw by repetition:
    /// it occurred before on the searched line, or twice in the game before.
    pub fn is_repetition(&self, ply: usize) -> bool {
        let current = self.hashes.len() - 1;
        let hash = self.hashes[current];
        let floor = self.plies[ply].repetition_floor;
        let mut index = current;
        let mut earlier = 0;
        while index >= floor + 2 {
            index -= 2;
            if self.hashes[index] == hash {
                if index >= self.root_index {
                    return true;
                }
                earlier += 1;
                if earlier >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// Enters the position hashed `hash`, reached from the node at `ply` by
    /// a move that is or is not irreversible.
    pub fn push(&mut self, hash: u64, ply: usize, irreversible: bool) {
        self.hashes.push(hash);
        self.plies[ply + 1].repetition_floor = if irreversible {
            self.hashes.len() - 1
        } else {
            self.plies[ply].repetition_floor
        };
    }

    /// The hash of the position before the current one (the parent of a
    /// node below the root).
    pub fn parent_hash(&self) -> u64 {
        self.hashes[self.hashes.len().saturating_sub(2)]
    }

    /// Leaves the last position entered.
    pub fn pop(&mut self) {
        self.hashes.pop();
    }

    /// Makes `mv` followed by the next ply's line the line of `ply`.
    pub fn update_pv(&mut self, ply: usize, mv: M) {
        let (head, tail) = self.plies.split_at_mut(ply + 1);
        let line = &mut head[ply].pv;
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0].pv);
    }
}

impl<M> Index<usize> for Stack<M> {
    type Output = Ply<M>;

    fn index(&self, ply: usize) -> &Ply<M> {
        &self.plies[ply]
    }
}

impl<M> IndexMut<usize> for Stack<M> {
    fn index_mut(&mut self, ply: usize) -> &mut Ply<M> {
        &mut self.plies[ply]
    }
}
