//! Prints Wyx positions for measuring how late the search solves the game:
//! for seeds 1..=10, the rack of `random_start(seed)` played down by random
//! moves until `k` dominoes are left, one position per line.
//!
//! With `--exact`, each line also gets the exact value for the side to
//! move (`win`, `draw` or `loss`) from a plain memoised minimax that shares
//! nothing with the engine's search, to check the search's proofs.
//!
//! `cargo run --release --example wyx_late -- <k> [--exact]`

use std::collections::HashMap;

use ludus_rules::games::wyx::Wyx;
use ludus_rules::random::splitmix64;
use ludus_rules::{Game, GameResult};

// Shared with the tests, which use more of it than this program does.
#[path = "../tests/common/exact.rs"]
#[allow(dead_code)]
mod exact;

use exact::exact_value;

fn main() {
    let k: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        Some(Ok(k)) if k <= 64 => k,
        _ => {
            eprintln!("usage: wyx_late <dominoes left, 0-64>");
            std::process::exit(2);
        }
    };
    let exact = std::env::args().nth(2).as_deref() == Some("--exact");
    for seed in 1..=10u64 {
        // Random moves from a stream of its own per seed; a game that ends
        // before k dominoes are left is replayed with the stream going on.
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        'attempt: loop {
            let mut position = Wyx::random_start(seed).expect("Wyx has random starts");
            let mut moves = Vec::new();
            while position.dominoes_left() > k {
                moves.clear();
                position.generate_moves(&mut moves);
                if moves.is_empty() {
                    continue 'attempt;
                }
                let (state, value) = splitmix64(rng);
                rng = state;
                position.make_move(moves[(value % moves.len() as u64) as usize]);
            }
            if position.result() == GameResult::Ongoing {
                if exact {
                    let value = match exact_value(&position, &mut HashMap::new()) {
                        1 => "win",
                        0 => "draw",
                        _ => "loss",
                    };
                    println!("{} {value}", position.to_fen());
                } else {
                    println!("{}", position.to_fen());
                }
                break;
            }
        }
    }
}
