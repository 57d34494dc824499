//! Alak solved: the exact value of every valid position, by retrograde
//! analysis.
//!
//! Every board of 11 slots is a base-3 number (slot `i` is digit `i`: 0 empty,
//! 1 x, 2 o); with the side to move that gives `2 · 3^11` indices, of which
//! the valid positions (at most 4 pieces a side, at least 2 for the side that
//! just moved) are a small part. The solver numbers the valid positions
//! densely, builds the move graph forward and its reverse in memory, then
//! works back from the finished positions (the side to move has fewer than 2
//! pieces: lost in 0): a position with a move into a position lost for the
//! opponent in `n` is won in `n + 1`, one whose moves all lead to positions
//! won for the opponent is lost in one more than the longest of them.
//! Processing positions in order of distance makes every win the fastest and
//! every loss the slowest. Positions never reached this way are draws: neither
//! side can force a win, so best play goes on until a position repeats.
//!
//! The table ignores the game's history: a forced win keeps to positions of
//! strictly falling distance, so it never repeats a position of its own line,
//! but it may pass through one that already occurred twice before the root.
//! The search checks repetitions before consulting the table.

use std::sync::OnceLock;

use super::{Alak, AlakMove, SLOTS, START_PIECES};
#[cfg(doc)]
use crate::Searchable;
use crate::{Game, GameResult, KnownValue, Player};

/// Boards of 11 slots: 3^11.
const BOARDS: usize = 177_147;
/// Indices over boards and side to move.
pub const INDICES: usize = 2 * BOARDS;

/// The base-3 value of each 11-bit mask with digit 1 at its set bits.
const TERNARY: [u32; 1 << SLOTS] = {
    let mut table = [0u32; 1 << SLOTS];
    let mut mask = 0;
    while mask < table.len() {
        let mut value = 0;
        let mut power = 1;
        let mut slot = 0;
        while slot < SLOTS {
            if mask & (1 << slot) != 0 {
                value += power;
            }
            power *= 3;
            slot += 1;
        }
        table[mask] = value;
        mask += 1;
    }
    table
};

/// The index of `position` in `0..INDICES`.
pub fn index(position: &Alak) -> usize {
    let board =
        TERNARY[usize::from(position.pieces[0])] + 2 * TERNARY[usize::from(position.pieces[1])];
    position.side.index() * BOARDS + board as usize
}

/// The position with index `index`, if that is a valid position (one that
/// [`Alak::from_fen`] accepts).
pub fn position_at(index: usize) -> Option<Alak> {
    if index >= INDICES {
        return None;
    }
    let side = if index < BOARDS {
        Player::First
    } else {
        Player::Second
    };
    let mut board = index % BOARDS;
    let mut pieces = [0u16; 2];
    for slot in 0..SLOTS {
        match board % 3 {
            1 => pieces[0] |= 1 << slot,
            2 => pieces[1] |= 1 << slot,
            _ => {}
        }
        board /= 3;
    }
    let mut position = Alak {
        pieces,
        side,
        hash: 0,
    };
    let valid = position.count(Player::First) <= START_PIECES
        && position.count(Player::Second) <= START_PIECES
        && position.count(side.opponent()) >= 2;
    valid.then(|| {
        position.hash = position.compute_hash();
        position
    })
}

/// Stored per index: not a valid position.
const INVALID: u16 = 0;
/// Stored per index: a draw.
const DRAWN: u16 = 1;
/// Stored per index: decided in `code - DECIDED` plies (odd: the side to
/// move wins, even: it loses).
const DECIDED: u16 = 2;

/// The solved game: a value for every index.
pub struct Solution {
    codes: Vec<u16>,
}

impl Solution {
    /// Solves Alak. Takes a few tens of milliseconds.
    pub fn build() -> Solution {
        let graph = Graph::build();
        let distances = graph.retrograde();
        let mut codes = vec![INVALID; INDICES];
        for (node, &index) in graph.indices.iter().enumerate() {
            codes[index as usize] = match distances[node] {
                UNRESOLVED => DRAWN,
                plies => DECIDED + plies,
            };
        }
        Solution { codes }
    }

    /// The value of the position with index `index` for its side to move;
    /// `None` if the index is not a valid position. A finished position is
    /// `Loss(0)`.
    pub fn value_at(&self, index: usize) -> Option<KnownValue> {
        match self.codes.get(index).copied()? {
            INVALID => None,
            DRAWN => Some(KnownValue::Draw),
            code => {
                let plies = u32::from(code - DECIDED);
                Some(if plies % 2 == 1 {
                    KnownValue::Win(plies)
                } else {
                    KnownValue::Loss(plies)
                })
            }
        }
    }

    /// The value of `position` for its side to move (`Loss(0)` if the game
    /// is over).
    pub fn value(&self, position: &Alak) -> KnownValue {
        self.value_at(index(position))
            .expect("every Alak value is a valid position")
    }

    /// A move that keeps the value of `position`: the fastest win, the
    /// slowest loss, or a drawing move; `None` if the game is over.
    pub fn best_move(&self, position: &Alak) -> Option<AlakMove> {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        moves.into_iter().max_by_key(|&mv| {
            let mut child = position.clone();
            child.make_move(mv);
            rank_for_mover(self.value(&child))
        })
    }

    /// The moves of best play from a decided `position` to the end of the
    /// game (empty for a draw or a finished game).
    pub fn winning_line(&self, position: &Alak) -> Vec<AlakMove> {
        let mut position = position.clone();
        let mut line = Vec::new();
        while matches!(
            self.value(&position),
            KnownValue::Win(_) | KnownValue::Loss(1..)
        ) {
            let Some(mv) = self.best_move(&position) else {
                break;
            };
            position.make_move(mv);
            line.push(mv);
        }
        line
    }
}

/// How good a child's value (for the opponent) is for the player moving into
/// it: larger is better; quicker wins and slower losses rank higher.
fn rank_for_mover(child: KnownValue) -> i64 {
    match child {
        KnownValue::Loss(plies) => 1_000_000 - i64::from(plies),
        KnownValue::Draw => 0,
        KnownValue::Win(plies) => -1_000_000 + i64::from(plies),
    }
}

/// A retrograde distance not (yet) known.
const UNRESOLVED: u16 = u16::MAX;

/// The move graph over the valid positions, numbered densely.
struct Graph {
    /// The index of each node.
    indices: Vec<u32>,
    /// Per node: whether the game is over there.
    finished: Vec<bool>,
    /// Per node: how many moves it has.
    moves: Vec<u32>,
    /// Per node: its parents are `parents[first_parent[n]..first_parent[n + 1]]`.
    first_parent: Vec<u32>,
    parents: Vec<u32>,
}

impl Graph {
    fn build() -> Graph {
        let mut node_of = vec![u32::MAX; INDICES];
        let mut positions = Vec::new();
        let mut indices = Vec::new();
        for (index, node) in node_of.iter_mut().enumerate() {
            if let Some(position) = position_at(index) {
                *node = positions.len() as u32;
                positions.push(position);
                indices.push(index as u32);
            }
        }
        let mut first_child = Vec::with_capacity(positions.len() + 1);
        let mut children = Vec::new();
        let mut finished = Vec::with_capacity(positions.len());
        let mut moves = Vec::new();
        for position in &positions {
            first_child.push(children.len() as u32);
            finished.push(position.result() != GameResult::Ongoing);
            moves.clear();
            position.generate_moves(&mut moves);
            for &mv in &moves {
                let mut child = position.clone();
                child.make_move(mv);
                // A move keeps both sides at most 4 pieces and leaves the
                // mover with at least 2, so the child is valid.
                children.push(node_of[index(&child)]);
            }
        }
        first_child.push(children.len() as u32);

        let mut first_parent = vec![0u32; positions.len() + 1];
        for &child in &children {
            first_parent[child as usize + 1] += 1;
        }
        for node in 0..positions.len() {
            first_parent[node + 1] += first_parent[node];
        }
        let mut fill = first_parent.clone();
        let mut parents = vec![0u32; children.len()];
        for node in 0..positions.len() {
            for &child in &children[first_child[node] as usize..first_child[node + 1] as usize] {
                parents[fill[child as usize] as usize] = node as u32;
                fill[child as usize] += 1;
            }
        }
        Graph {
            indices,
            finished,
            moves: first_child.windows(2).map(|w| w[1] - w[0]).collect(),
            first_parent,
            parents,
        }
    }

    fn parents_of(&self, node: usize) -> &[u32] {
        &self.parents[self.first_parent[node] as usize..self.first_parent[node + 1] as usize]
    }

    /// The distance in plies to the end under best play for every node,
    /// `UNRESOLVED` for draws.
    fn retrograde(&self) -> Vec<u16> {
        let nodes = self.indices.len();
        let mut distance = vec![UNRESOLVED; nodes];
        // Moves not yet known to lose: a node is lost when this reaches 0.
        let mut open = self.moves.clone();
        let queue_start = (0..nodes as u32).filter(|&node| self.finished[node as usize]);
        let mut queue: Vec<u32> = Vec::with_capacity(nodes);
        queue.extend(queue_start);
        for &node in &queue {
            distance[node as usize] = 0;
        }
        // A FIFO queue yields nodes in order of distance, so the first win
        // found for a parent is its fastest and the last child to resolve
        // gives its slowest loss.
        let mut head = 0;
        while let Some(&node) = queue.get(head) {
            head += 1;
            let plies = distance[node as usize];
            let lost_here = plies.is_multiple_of(2);
            for &parent in self.parents_of(node as usize) {
                let parent = parent as usize;
                if distance[parent] != UNRESOLVED {
                    continue;
                }
                if lost_here {
                    distance[parent] = plies + 1;
                    queue.push(parent as u32);
                } else {
                    open[parent] -= 1;
                    if open[parent] == 0 {
                        distance[parent] = plies + 1;
                        queue.push(parent as u32);
                    }
                }
            }
        }
        distance
    }
}

/// Every index reachable from the start position by legal play (finished
/// positions included, not expanded), found by a forward search.
pub fn reachable() -> Vec<bool> {
    let mut seen = vec![false; INDICES];
    let start = Alak::startpos();
    seen[index(&start)] = true;
    let mut stack = vec![start];
    let mut moves = Vec::new();
    while let Some(position) = stack.pop() {
        moves.clear();
        position.generate_moves(&mut moves);
        for &mv in &moves {
            let mut child = position.clone();
            child.make_move(mv);
            let child_index = index(&child);
            if !seen[child_index] {
                seen[child_index] = true;
                stack.push(child);
            }
        }
    }
    seen
}

static TABLE: OnceLock<Solution> = OnceLock::new();

/// The solution, built on first use and kept for the life of the process.
pub fn table() -> &'static Solution {
    TABLE.get_or_init(Solution::build)
}

/// The value [`Searchable::known_value`] reports when the solution is
/// switched on: the table's, once built, while the game goes on.
pub(super) fn known_value(position: &Alak) -> Option<KnownValue> {
    if position.result() != GameResult::Ongoing {
        return None;
    }
    Some(TABLE.get()?.value(position))
}
