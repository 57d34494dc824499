//! Positions and moves from notation, for the rules tests.

use ludus_rules::{Game, Searchable};

/// The position `fen` of game `G`; panics with the parser's error.
pub fn pos<G: Game>(fen: &str) -> G {
    G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The position after `mv` (in notation) from `position`, checking that
/// the incrementally kept hash equals the hash of the position parsed
/// afresh from its notation.
pub fn play<G: Game>(position: &G, mv: &str) -> G {
    let parsed = position
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{mv} at {}: {e}", position.to_fen()));
    let mut next = position.clone();
    next.make_move(parsed);
    assert_eq!(
        next.hash(),
        pos::<G>(&next.to_fen()).hash(),
        "incremental hash after {mv} at {}",
        position.to_fen()
    );
    next
}

/// The position after `mv` from `position` (see [`play`]), checking
/// first whether the search counts the move as `noisy`.
pub fn play_noisy<G: Searchable>(position: &G, mv: &str, noisy: bool) -> G {
    let parsed = position
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{mv} at {}: {e}", position.to_fen()));
    assert_eq!(
        position.is_noisy(parsed),
        noisy,
        "{mv} noisy at {}",
        position.to_fen()
    );
    play(position, mv)
}

/// Every legal move of `position` in canonical notation, sorted.
pub fn move_names<G: Game>(position: &G) -> Vec<String> {
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| position.format_move(m)).collect();
    names.sort();
    names
}

/// Asserts that `position` refuses `mv` with an error that says
/// `fragment`.
pub fn assert_refused<G: Game>(position: &G, mv: &str, fragment: &str) {
    match position.parse_move(mv) {
        Ok(_) => panic!("'{mv}' accepted at {}", position.to_fen()),
        Err(error) => assert!(error.contains(fragment), "'{mv}' gave '{error}'"),
    }
}
