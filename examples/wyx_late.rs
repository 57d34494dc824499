//! Prints Wyx positions for measuring how late the search solves the game:
//! for seeds 1..=10, the rack of `random_start(seed)` played down by random
//! moves until `k` dominoes are left, one position per line.
//!
//! `cargo run --release --example wyx_late -- <k>`

use ludus::game::{splitmix64, Game, GameResult};
use ludus::games::wyx::Wyx;

fn main() {
    let k: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        Some(Ok(k)) if k <= 64 => k,
        _ => {
            eprintln!("usage: wyx_late <dominoes left, 0-64>");
            std::process::exit(2);
        }
    };
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
                println!("{}", position.to_fen());
                break;
            }
        }
    }
}
