//! What a sound proof tells a player: the value of every position it
//! covers and a move that keeps it. A winning strategy's nodes are won for
//! its player within the plies of their longest line in the proof (lost
//! for the other side within as many); a draw's nodes that both hold
//! strategies share are drawn. The engine plays from these (its
//! `ProofFile` option).

use std::collections::HashMap;

use super::verify::{verify_text, StrategyCheck, Verified, UNREACHED};
use super::{parse, Claim, Parsed, Value};
use crate::game::{Game, GameResult};
use crate::games::{visit_game_named, GameVisitor};
use crate::symmetry::{canonical_hash, canonical_image};
use crate::Tooling;

/// The positions a verified proof decides, by the canonical image of each.
#[derive(Clone, Debug)]
pub struct Proven {
    /// What the proof shows at its root.
    pub verified: Verified,
    /// Per canonical hash, each image's notation and value for the side to
    /// move there.
    values: HashMap<u64, Vec<(String, Value)>>,
}

impl Proven {
    /// Verifies the proof file `text` (see [`super::verify`]) and reads the
    /// value of every position it decides. An unsound proof is an error,
    /// the same as `ludus solve --verify` gives.
    pub fn from_text(text: &str) -> Result<Proven, String> {
        let verified = verify_text(text)?;
        let parsed = parse(text)?;
        let values = visit_game_named(&verified.game, Values(&parsed))??;
        Ok(Proven { verified, values })
    }

    /// How many positions (up to symmetry) the proof decides.
    pub fn len(&self) -> usize {
        self.values.values().map(Vec::len).sum()
    }

    /// Whether it decides none.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of `position` for its side to move, if the proof decides
    /// it (a position of another game never is).
    pub fn value<G: Game>(&self, position: &G) -> Option<Value> {
        if G::NAME != self.verified.game || position.result() != GameResult::Ongoing {
            return None;
        }
        // The key first: most positions a search meets are in no proof.
        let images = self.values.get(&canonical_hash(position))?;
        let fen = canonical_image(position).to_fen();
        images
            .iter()
            .find(|(at, _)| *at == fen)
            .map(|&(_, value)| value)
    }

    /// The move to play in `position` and the value it keeps, if the proof
    /// decides the position: a win's fastest move, a loss's longest
    /// resistance, a move that keeps a draw. Every legal move is looked at,
    /// in the position as it stands (a node may be another image of it).
    pub fn best_move<G: Game>(&self, position: &G) -> Option<(G::Move, Value)> {
        let value = self.value(position)?;
        let mover = position.side_to_move();
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let mut best: Option<(G::Move, Value)> = None;
        for mv in moves {
            let mut child = position.clone();
            child.make_move(mv);
            let reached = match child.result() {
                GameResult::Win(winner) if winner == mover => Some(Value::Win(1)),
                GameResult::Win(_) => Some(Value::Loss(1)),
                GameResult::Draw => Some(Value::Draw),
                GameResult::Ongoing => self.value(&child).map(|v| match v {
                    Value::Win(plies) => Value::Loss(plies + 1),
                    Value::Loss(plies) => Value::Win(plies + 1),
                    Value::Draw => Value::Draw,
                }),
            };
            let better = match (reached, best.map(|(_, v)| v)) {
                (Some(Value::Win(plies)), Some(Value::Win(had))) => plies < had,
                (Some(Value::Loss(plies)), Some(Value::Loss(had))) => plies > had,
                (Some(reached), None) => same_kind(reached, value),
                _ => false,
            };
            if better {
                best = reached.map(|v| (mv, v));
            }
        }
        best
    }
}

/// Whether two values are both wins, both losses or both draws.
fn same_kind(a: Value, b: Value) -> bool {
    std::mem::discriminant(&a) == std::mem::discriminant(&b)
}

struct Values<'a>(&'a Parsed);

impl GameVisitor for Values<'_> {
    type Output = Result<HashMap<u64, Vec<(String, Value)>>, String>;
    fn visit<G: Tooling>(self) -> Self::Output {
        values::<G>(self.0)
    }
}

/// The values of the nodes of a verified proof of game `G`.
fn values<G: Game>(parsed: &Parsed) -> Result<HashMap<u64, Vec<(String, Value)>>, String> {
    let proof = &parsed.proof;
    let root = G::from_fen(&proof.position).map_err(|e| format!("bad position: {e}"))?;
    let checks = proof
        .strategies
        .iter()
        .zip(&parsed.lines)
        .map(|(strategy, lines)| StrategyCheck::<G>::new(strategy, lines))
        .collect::<Result<Vec<_>, String>>()?;
    let mut values: HashMap<u64, Vec<(String, Value)>> = HashMap::new();
    let mut add = |check: &StrategyCheck<G>, index: usize, value: Value| {
        let hash = canonical_hash(&check.positions[index]);
        let fen = check.images[index].clone();
        values.entry(hash).or_default().push((fen, value));
    };
    match checks.as_slice() {
        [win] if matches!(win.strategy.claim, Claim::Win(_)) => {
            let (graph, start) = win.graph(&root)?;
            let longest = win.longest_lines(&graph, start)?;
            for (index, &plies) in longest.iter().enumerate() {
                if plies == UNREACHED {
                    continue;
                }
                let value = match win.positions[index].side_to_move() == win.strategy.player {
                    true => Value::Win(plies),
                    false => Value::Loss(plies),
                };
                add(win, index, value);
            }
        }
        [first, second] => {
            for index in 0..first.positions.len() {
                if second.node_of(&first.positions[index]).is_some() {
                    add(first, index, Value::Draw);
                }
            }
        }
        _ => return Err("a proof holds one win strategy or two hold strategies".to_string()),
    }
    Ok(values)
}
