//! The contract every game must keep, checked for every registered game over
//! many random playouts: notation round trips, incremental hashes, legality
//! checks, the noisy/quiet split, move packing, and game-over consistency.

use std::collections::HashSet;

use crate::common::walk::Playouts;
use ludus_rules::games::{visit_game, GameVisitor, GAME_NAMES};
use ludus_rules::tools::RANDOM_LEVEL;
use ludus_rules::Tooling;
use ludus_rules::{GameMove, GameResult, Searchable};

/// The contract checked over these playouts.
struct Contract(Playouts);

impl GameVisitor for Contract {
    type Output = ();

    fn visit<G: Tooling>(self) {
        let start = G::startpos();
        assert_eq!(
            G::from_fen(&start.to_fen()).unwrap().to_fen(),
            start.to_fen()
        );
        check_level_calibration(G::NAME, G::LEVEL_ELO);
        for fen in G::BENCH_POSITIONS {
            let position = G::from_fen(fen)
                .unwrap_or_else(|e| panic!("{}: bench position {fen}: {e}", G::NAME));
            check_position(&position);
        }
        self.0
            .run(&start, 0x5EED ^ G::NAME.len() as u64, |position, rng| {
                let moves = check_position(position);
                if let Some(&mv) = moves.get(rng.below(moves.len())) {
                    let mut after = position.clone();
                    after.make_move(mv);
                    assert_ne!(
                        after.side_to_move(),
                        position.side_to_move(),
                        "{}: a move passes the turn",
                        G::NAME
                    );
                }
                // Garbage bits must never panic and rarely be legal.
                let garbage = G::Move::from_bits(rng.below(u32::MAX as usize) as u32);
                if position.is_legal(garbage) {
                    assert!(
                        moves.contains(&garbage),
                        "{}: is_legal accepted a non-move",
                        G::NAME
                    );
                }
                moves
            });
    }
}

/// A game's level calibration, once measured, runs from a level at or
/// below 0 (the random mover's level at 0 Elo, if it starts there) to full
/// strength (20), the levels rising and the ratings never falling, so every
/// `UCI_Elo` finds one level; two levels share a rating only as the ends of
/// a flat stretch (the stronger plays as the weaker), never three.
fn check_level_calibration(game: &str, table: &[(i8, i32)]) {
    if table.is_empty() {
        return;
    }
    let (weakest, rating) = table[0];
    assert!((RANDOM_LEVEL..=0).contains(&weakest), "{game}: {table:?}");
    if weakest == RANDOM_LEVEL {
        assert_eq!(rating, 0, "{game}: the random mover is 0 Elo");
    }
    assert_eq!(table.last().map(|l| l.0), Some(20), "{game}: {table:?}");
    for pair in table.windows(2) {
        assert!(
            pair[0].0 < pair[1].0 && pair[0].1 <= pair[1].1,
            "{game}: {table:?}"
        );
    }
    for triple in table.windows(3) {
        assert!(triple[0].1 < triple[2].1, "{game}: {table:?}");
    }
}

/// Checks one position and returns its legal moves.
fn check_position<G: Searchable>(position: &G) -> Vec<G::Move> {
    let name = G::NAME;
    let fen = position.to_fen();
    let reparsed =
        G::from_fen(&fen).unwrap_or_else(|e| panic!("{name}: own notation '{fen}' rejected: {e}"));
    assert_eq!(reparsed.to_fen(), fen, "{name}: notation round trip");
    assert_eq!(
        reparsed.hash(),
        position.hash(),
        "{name}: incremental hash differs from a fresh one at {fen}"
    );
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let distinct: HashSet<_> = moves.iter().collect();
    assert_eq!(
        distinct.len(),
        moves.len(),
        "{name}: a move generated twice at {fen}"
    );
    match position.result() {
        GameResult::Ongoing => assert!(!moves.is_empty(), "{name}: ongoing without moves at {fen}"),
        _ => assert!(moves.is_empty(), "{name}: finished with moves at {fen}"),
    }
    let mut noisy = Vec::new();
    let mut quiet = Vec::new();
    position.generate_noisy(&mut noisy);
    position.generate_quiet(&mut quiet);
    let split: HashSet<_> = noisy.iter().chain(quiet.iter()).collect();
    assert_eq!(
        split, distinct,
        "{name}: noisy + quiet != all moves at {fen}"
    );
    // Every move of small lists; an even sample of huge ones.
    let noisy_set: HashSet<_> = noisy.iter().collect();
    for &mv in moves.iter().step_by(moves.len() / 5000 + 1) {
        assert!(
            position.is_legal(mv),
            "{name}: generated move not legal at {fen}"
        );
        assert_eq!(G::Move::from_bits(mv.to_bits()), mv, "{name}: move packing");
        assert_eq!(
            noisy_set.contains(&mv),
            position.is_noisy(mv),
            "{name}: noisy flag"
        );
        let text = position.format_move(mv);
        assert_eq!(
            position.parse_move(&text),
            Ok(mv),
            "{name}: move '{text}' round trip at {fen}"
        );
        assert!(
            position.move_index(mv) < G::MOVE_INDEX_COUNT,
            "{name}: move index out of range"
        );
    }
    let eval = position.evaluate(&G::Settings::default());
    assert!(
        eval.abs() < 20_000,
        "{name}: evaluation {eval} out of range at {fen}"
    );
    assert!(!position.render().is_empty());
    moves
}

#[test]
fn every_game_keeps_the_contract() {
    for name in GAME_NAMES {
        visit_game(
            name,
            Contract(Playouts {
                games: 200,
                max_plies: 200,
                move_budget: 8_000_000,
            }),
        )
        .expect("registered game");
    }
}
