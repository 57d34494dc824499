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

/// For a game whose rules score pairs by count (Wyx's tokens left): the
/// margin the side to move secures with best play for the margin — the
/// opponent's count less its own when the game ends. `memo` as above.
pub fn exact_margin<G: Game>(position: &G, memo: &mut HashMap<String, i32>) -> i32 {
    let counts = G::PAIR_SCORING.expect("a game scored by count").counts;
    if position.result() != GameResult::Ongoing {
        let [first, second] = counts(position).map(|c| c as i32);
        return match position.side_to_move().index() {
            0 => second - first,
            _ => first - second,
        };
    }
    let key = position.to_fen();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = position.clone();
        child.make_move(mv);
        best = best.max(-exact_margin(&child, memo));
    }
    memo.insert(key, best);
    best
}
