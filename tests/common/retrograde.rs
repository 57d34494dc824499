//! The exact value of a small position by retrograde analysis over every
//! position reachable from it: wins and losses worked back from the ends
//! the rules decide, and what never resolves drawn (best play goes round
//! until a position repeats). A referee for draws by repetition, which a
//! minimax of limited depth rarely sees the end of; it shares nothing
//! with the solver under test.

use std::collections::HashMap;

use ludus_rules::{Game, GameResult};

/// The value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exact {
    /// It wins.
    Win,
    /// It loses.
    Loss,
    /// Neither side can force a win.
    Draw,
}

/// The value of `root`, or `None` if more than `limit` positions are
/// reachable from it.
pub fn exact<G: Game>(root: &G, limit: usize) -> Option<Exact> {
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut positions = vec![root.clone()];
    index.insert(root.to_fen(), 0);
    let mut children: Vec<Vec<usize>> = Vec::new();
    let mut moves = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        let position = positions[next].clone();
        let mut list = Vec::new();
        if position.result() == GameResult::Ongoing {
            moves.clear();
            position.generate_moves(&mut moves);
            for &mv in &moves {
                let mut child = position.clone();
                child.make_move(mv);
                let fen = child.to_fen();
                let at = *index.entry(fen).or_insert_with(|| {
                    positions.push(child);
                    positions.len() - 1
                });
                list.push(at);
            }
        }
        children.push(list);
        if positions.len() > limit {
            return None;
        }
        next += 1;
    }
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); positions.len()];
    for (node, list) in children.iter().enumerate() {
        for &child in list {
            parents[child].push(node);
        }
    }
    // +1 won, -1 lost for the side to move there, 0 unknown (drawn at the end).
    let mut value = vec![0i8; positions.len()];
    let mut open: Vec<usize> = children.iter().map(Vec::len).collect();
    let mut queue = Vec::new();
    for (node, position) in positions.iter().enumerate() {
        value[node] = match position.result() {
            GameResult::Win(w) if w == position.side_to_move() => 1,
            GameResult::Win(_) => -1,
            _ => 0,
        };
        if value[node] != 0 {
            queue.push(node);
        }
    }
    while let Some(node) = queue.pop() {
        for &parent in &parents[node] {
            if value[parent] != 0 || positions[parent].result() != GameResult::Ongoing {
                continue;
            }
            if value[node] < 0 {
                value[parent] = 1;
                queue.push(parent);
            } else {
                open[parent] -= 1;
                if open[parent] == 0 {
                    value[parent] = -1;
                    queue.push(parent);
                }
            }
        }
    }
    Some(match value[0] {
        1 => Exact::Win,
        -1 => Exact::Loss,
        _ => Exact::Draw,
    })
}
