//! A network's static evaluation beside the linear one, position by
//! position along games: each line of standard input is a start position
//! and its moves, `FEN;MOVE MOVE …` (the moves may be left out); for the
//! start and after every move it prints the ply, the linear evaluation
//! and the network's (both for the side to move, in the game's score
//! units) and the position. The network is evaluated afresh at every
//! position (the sums the search keeps are tested equal to these).
//!
//! `cargo run --release --example net_eval -- <game> <network file> < games.txt`

use std::io::BufRead;

use ludus_engine::nnue::{NetStack, Network};
use ludus_rules::games::{visit_game_named, GameVisitor};
use ludus_rules::Tooling;

/// The evaluations of every line of standard input with one network.
struct Evaluations {
    network_file: String,
}

impl GameVisitor for Evaluations {
    type Output = Result<(), String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let inputs = G::NET_INPUTS.ok_or(format!("{} has no network inputs", G::NAME))?;
        let bytes = std::fs::read(&self.network_file)
            .map_err(|e| format!("cannot read {}: {e}", self.network_file))?;
        let network = Network::from_bytes(&bytes, G::NAME, inputs.count)?;
        let settings = G::Settings::default();
        for line in std::io::stdin().lock().lines() {
            let line = line.map_err(|e| e.to_string())?;
            let (fen, moves) = line.split_once(';').unwrap_or((&line, ""));
            if fen.trim().is_empty() {
                continue;
            }
            let mut position = G::from_fen(fen.trim())?;
            for ply in 0.. {
                let mut sums = NetStack::new(&network, 1);
                let net = sums.evaluate(&network, &inputs, &position, 0, None);
                let linear = position.evaluate(&settings);
                println!("{ply:4} {linear:6} {net:6} {}", position.to_fen());
                let Some(text) = moves.split_whitespace().nth(ply) else {
                    break;
                };
                let mv = position.parse_move(text)?;
                position.make_move(mv);
            }
            println!();
        }
        Ok(())
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, network_file] = &args[..] else {
        eprintln!("usage: net_eval <game> <network file> < games.txt");
        std::process::exit(2);
    };
    let evaluations = Evaluations {
        network_file: network_file.clone(),
    };
    if let Err(error) = visit_game_named(game, evaluations).and_then(|done| done) {
        eprintln!("net_eval: {error}");
        std::process::exit(1);
    }
}
