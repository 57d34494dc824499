//! Pylyx and Pylyx 10×10: perft tables cross-checked against an independent
//! brute-force model, named edge cases for every rule, notation round trips
//! and errors.

mod pylyx_model;

use ludus::game::{perft, splitmix64, Game, GameResult, Player};
use ludus::games::pylyx::{Pylyx, Pylyx10, PylyxMove};
use pylyx_model::Model;

fn pos<G: Game>(fen: &str) -> G {
    G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play<G: Game>(position: &G, mv: &str) -> G {
    let mv = position
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{mv} at {}: {e}", position.to_fen()));
    let mut next = position.clone();
    next.make_move(mv);
    next
}

fn move_names<G: Game>(position: &G) -> Vec<String> {
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| position.format_move(m)).collect();
    names.sort();
    names
}

/// Walks the move tree to `depth`, checking at every node that the engine
/// and the model agree on the position and on the legal moves; returns the
/// leaf count.
fn cross_check<G: Game>(position: &G, model: &Model, depth: u32) -> u64 {
    let fen = position.to_fen();
    assert_eq!(fen, model.fen(), "engine and model disagree on the position");
    let names = move_names(position);
    let mut expected = model.moves();
    expected.sort();
    assert_eq!(names, expected, "legal moves at {fen}");
    if depth <= 1 {
        return names.len() as u64;
    }
    names
        .iter()
        .map(|mv| cross_check(&play(position, mv), &model.play(mv), depth - 1))
        .sum()
}

/// Checks `expected[d - 1]` = perft(d) for the engine, and up to
/// `model_depth` also the model's count with the move lists compared at
/// every node.
fn perft_table<G: Game>(fen: &str, expected: &[u64], model_depth: u32) {
    let position: G = pos(fen);
    for (depth, &count) in (1..).zip(expected) {
        assert_eq!(perft(&position, depth), count, "engine perft({depth}) of {fen}");
        if depth <= model_depth {
            let model = Model::parse(fen);
            assert_eq!(cross_check(&position, &model, depth), count, "model perft({depth})");
        }
    }
}

// --- perft -------------------------------------------------------------

#[test]
fn perft_from_the_start() {
    perft_table::<Pylyx>(&Pylyx::startpos().to_fen(), &[100, 9_900, 793_800], 3);
    perft_table::<Pylyx10>(&Pylyx10::startpos().to_fen(), &[64, 4_032, 194_432], 3);
}

#[test]
fn perft_placement_phase() {
    perft_table::<Pylyx>(
        "12/8a3/12/12/3A3a4/6A5/5a1A4/4A1a5/1A10/12/12/12 b 5 6",
        &[35, 828, 19_824, 295_664],
        3,
    );
}

#[test]
fn perft_mixed_placement_and_movement() {
    // White holds a checker but its only free rank and file cross on i9,
    // which Black holds: White moves instead, Black may still place.
    perft_table::<Pylyx10>(MIXED_10, &MIXED_10_COUNTS, 3);
    perft_table::<Pylyx>(
        "12/8a1A1/5A6/2a9/3A3a4/6A3a1/5a1A4/4A1a5/1A7a2/4a3A3/9A2/12 b 1 2",
        &MIXED_12_COUNTS,
        3,
    );
}
const MIXED_10: &str = "10/6a1a1/5a1A2/4a1A3/3a1A4/2a1A5/1a1A6/2A7/1A8/10 w 1 1";
const MIXED_10_COUNTS: [u64; 4] = [32, 63, 171, 6_113];
const MIXED_12_COUNTS: [u64; 4] = [4, 234, 425, 1_226];

#[test]
fn perft_movement_phase() {
    perft_table::<Pylyx>(
        "12/12/7C4/4A7/12/5ca1A3/5Dc5/12/6cA4/12/12/12 b 0 0",
        &MOVEMENT_12,
        3,
    );
    perft_table::<Pylyx10>(
        "10/10/5A4/4a1b3/3a6/6A3/4aC1c2/10/5C4/10 w 0 0",
        &MOVEMENT_10,
        3,
    );
}
const MOVEMENT_12: [u64; 3] = [164, 24_755, 3_906_033];
const MOVEMENT_10: [u64; 3] = [79, 6_529, 520_182];

/// Random games, the engine's moves compared with the model's at every ply.
#[test]
fn random_games_agree_with_the_model() {
    fn games<G: Game>(seed: u64) {
        let mut state = seed;
        for _ in 0..30 {
            let mut position = G::startpos();
            let mut model = Model::parse(&position.to_fen());
            for _ in 0..400 {
                let names = move_names(&position);
                let mut expected = model.moves();
                expected.sort();
                assert_eq!(names, expected, "at {}", position.to_fen());
                if names.is_empty() {
                    break;
                }
                let (next, value) = splitmix64(state);
                state = next;
                let mv = &names[(value % names.len() as u64) as usize];
                position = play(&position, mv);
                model = model.play(mv);
                assert_eq!(position.to_fen(), model.fen());
            }
        }
    }
    games::<Pylyx>(1);
    games::<Pylyx10>(2);
}
