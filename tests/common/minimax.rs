//! Plain depth-limited minimax over the rules with the repetition rule of a
//! search (a position already on the line is a draw): the referee the
//! proof-number solver is checked against. It shares nothing with the
//! solver — no table, no symmetry, no proof numbers — and says `Unknown`
//! where its depth does not reach a decision.

use ludus_rules::{Game, GameResult};

/// The value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// It wins.
    Win,
    /// It loses.
    Loss,
    /// Neither side can force a win; `repetition` and `passes` say whether
    /// a draw by repetition or by two passes in a row ends some line of
    /// best play.
    Draw {
        /// Some line ends in a repetition.
        repetition: bool,
        /// Some line ends in two passes in a row.
        passes: bool,
    },
    /// The depth ran out before a decision.
    Unknown,
}

/// A minimax of limited depth and nodes.
pub struct Minimax {
    depth: usize,
    nodes: u64,
    node_limit: u64,
    line: Vec<u64>,
}

impl Minimax {
    /// Searches at most `depth` plies and `node_limit` nodes.
    pub fn new(depth: usize, node_limit: u64) -> Self {
        Minimax {
            depth,
            nodes: 0,
            node_limit,
            line: Vec::new(),
        }
    }

    /// The value of `position` as a game starting there.
    pub fn value<G: Game>(&mut self, position: &G) -> Value {
        self.nodes = 0;
        self.line.clear();
        self.search(position, 0)
    }

    fn search<G: Game>(&mut self, position: &G, ply: usize) -> Value {
        match position.result() {
            GameResult::Win(winner) if winner == position.side_to_move() => return Value::Win,
            GameResult::Win(_) => return Value::Loss,
            GameResult::Draw => {
                return Value::Draw {
                    repetition: false,
                    passes: true,
                }
            }
            GameResult::Ongoing => {}
        }
        if self.line.contains(&position.hash()) {
            return Value::Draw {
                repetition: true,
                passes: false,
            };
        }
        self.nodes += 1;
        if ply >= self.depth || self.nodes > self.node_limit {
            return Value::Unknown;
        }
        self.line.push(position.hash());
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let (mut draw, mut unknown, mut all_lost) = (None, false, true);
        let mut won = false;
        for mv in moves {
            let mut child = position.clone();
            child.make_move(mv);
            match self.search(&child, ply + 1) {
                Value::Loss => {
                    won = true;
                    break;
                }
                Value::Win => {}
                Value::Draw { repetition, passes } => {
                    all_lost = false;
                    let (r, p) = draw.unwrap_or((false, false));
                    draw = Some((r || repetition, p || passes));
                }
                Value::Unknown => {
                    all_lost = false;
                    unknown = true;
                }
            }
        }
        self.line.pop();
        if won {
            Value::Win
        } else if all_lost {
            Value::Loss
        } else if unknown {
            Value::Unknown
        } else {
            let (repetition, passes) = draw.unwrap_or((false, false));
            Value::Draw { repetition, passes }
        }
    }
}
