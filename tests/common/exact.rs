//! The exact value of a position by plain memoised minimax over the rules,
//! sharing nothing with the engine's search: a referee for its proofs.
//! Only for small trees (late Wyx, say). Also used by `bench/wyx_late.rs`.

use std::collections::HashMap;

use ludus_rules::{Game, GameResult};

/// The value for the side to move: 1 win, 0 draw, -1 loss. `memo` keeps
/// solved positions by notation (the same table may serve many calls).
pub fn exact_value<G: Game>(position: &G, memo: &mut HashMap<String, i8>) -> i8 {
    match position.result() {
        GameResult::Win(winner) if winner == position.side_to_move() => return 1,
        GameResult::Win(_) => return -1,
        GameResult::Draw => return 0,
        GameResult::Ongoing => {}
    }
    let key = position.to_fen();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut best = -1;
    for mv in moves {
        let mut child = position.clone();
        child.make_move(mv);
        best = best.max(-exact_value(&child, memo));
        if best == 1 {
            break;
        }
    }
    memo.insert(key, best);
    best
}
