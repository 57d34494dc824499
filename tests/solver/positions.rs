//! Positions to solve: a few plies before the end of random games, and
//! random endings of Alak and 10×10 Pylyx (whose random games rarely end).

use crate::common::rng::Rng;
use ludus_rules::games::alak::Alak;
use ludus_rules::{Game, GameResult};

/// Positions `1..=plies` before the end of random games from the start.
pub fn near_the_end<G: Game>(rng: &mut Rng, games: usize, plies: usize) -> Vec<G> {
    let mut found = Vec::new();
    for _ in 0..games {
        let mut line = vec![G::startpos()];
        let mut moves = Vec::new();
        while line.last().unwrap().result() == GameResult::Ongoing && line.len() < 400 {
            let position = line.last().unwrap();
            moves.clear();
            position.generate_moves(&mut moves);
            let mut next = position.clone();
            next.make_move(moves[rng.below(moves.len())]);
            line.push(next);
        }
        let end = line.len() - 1;
        if line[end].result() == GameResult::Ongoing {
            continue;
        }
        for back in 1..=plies.min(end) {
            found.push(line[end - back].clone());
        }
    }
    found
}

/// Alak with two or three pieces a side, the rest anywhere: most of these
/// are drawn by repetition.
pub fn alak_ending(rng: &mut Rng) -> Option<Alak> {
    let mut slots = ['_'; 11];
    for piece in ['x', 'o'] {
        let mut left = 2 + rng.below(3);
        while left > 0 {
            let slot = rng.below(11);
            if slots[slot] == '_' {
                slots[slot] = piece;
                left -= 1;
            }
        }
    }
    let side = if rng.below(2) == 0 { 'x' } else { 'o' };
    let fen = format!("{} {side}", slots.iter().collect::<String>());
    Alak::from_fen(&fen)
        .ok()
        .filter(|p| p.result() == GameResult::Ongoing)
}

/// A Pylyx ending on the `size`×`size` board: each side's checkers in two
/// or three stacks on random cells, none in hand.
pub fn pylyx_ending(rng: &mut Rng, size: usize) -> String {
    let mut board = vec![vec![0i8; size]; size];
    for sign in [1i8, -1] {
        let stacks = 2 + rng.below(2);
        let mut heights = vec![1i8; stacks];
        for _ in stacks..size - 2 {
            heights[rng.below(stacks)] += 1;
        }
        for height in heights {
            loop {
                let (file, rank) = (rng.below(size), rng.below(size));
                let edge = |x: usize| x == 0 || x == size - 1;
                let corner = edge(file) && edge(rank);
                if !corner && board[rank][file] == 0 {
                    board[rank][file] = sign * height;
                    break;
                }
            }
        }
    }
    let ranks: Vec<String> = board
        .iter()
        .rev()
        .map(|rank| {
            let mut text = String::new();
            let mut empty = 0;
            for &cell in rank {
                if cell == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                let base = if cell > 0 { b'A' } else { b'a' };
                text.push((base + cell.unsigned_abs() - 1) as char);
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    let side = if rng.below(2) == 0 { 'w' } else { 'b' };
    format!("{} {side} 0 0", ranks.join("/"))
}
