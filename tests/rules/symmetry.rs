//! The symmetries every game declares are symmetries of its rules: over
//! random playouts, each image of a position has the same side to move
//! and result, its legal moves are exactly the images of the position's,
//! each move's image leads to the image of the move's result, and the
//! solver's keys do not tell a position from its images.

use std::collections::HashSet;

use crate::common::walk::Playouts;
use ludus_rules::games::wyke::Wyke4;
use ludus_rules::games::{visit_game, GameVisitor, GAME_NAMES};
use ludus_rules::symmetry::{canonical_hash, canonical_image, stabilizer};
use ludus_rules::{Game, Tooling};

/// The symmetries checked over these playouts; the budget counts each
/// image's moves.
struct Symmetries(Playouts);

impl GameVisitor for Symmetries {
    type Output = ();

    fn visit<G: Tooling>(self) {
        let playouts = Playouts {
            move_budget: self.0.move_budget / G::SYMMETRIES,
            ..self.0
        };
        playouts.run(
            &G::startpos(),
            0x5133 ^ G::NAME.len() as u64,
            |position, _| {
                let moves = legal_moves(position);
                check_images(position, &moves);
                moves
            },
        );
    }
}

fn legal_moves<G: Game>(position: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    moves
}

/// Checks every image of `position`, whose legal moves are `moves`.
fn check_images<G: Game>(position: &G, moves: &[G::Move]) {
    let name = G::NAME;
    let fen = position.to_fen();
    let key = canonical_hash(position);
    let exact_key = canonical_image(position).to_fen();
    for symmetry in 0..G::SYMMETRIES {
        let image = position.symmetric(symmetry);
        let image_fen = image.to_fen();
        let fresh = G::from_fen(&image_fen)
            .unwrap_or_else(|e| panic!("{name}: image {symmetry} of {fen} is invalid: {e}"));
        assert_eq!(fresh.hash(), image.hash(), "{name}: image hash at {fen}");
        assert_eq!(
            position.symmetric_hash(symmetry),
            image.hash(),
            "{name}: {fen}"
        );
        assert_eq!(image.side_to_move(), position.side_to_move(), "{name}");
        assert_eq!(image.result(), position.result(), "{name}: {fen}");
        assert_eq!(canonical_hash(&image), key, "{name}: key of {image_fen}");
        assert_eq!(
            canonical_image(&image).to_fen(),
            exact_key,
            "{name}: {image_fen}"
        );
        if symmetry == 0 {
            assert_eq!(image_fen, fen, "{name}: symmetry 0 is the identity");
        }
        let images: HashSet<G::Move> = moves
            .iter()
            .map(|&mv| position.symmetric_move(symmetry, mv))
            .collect();
        let image_moves: HashSet<G::Move> = legal_moves(&image).into_iter().collect();
        assert_eq!(
            images, image_moves,
            "{name}: the moves of image {symmetry} of {fen} are not the images of its moves"
        );
        // Where each move leads: an even sample of long lists.
        for &mv in moves.iter().step_by(moves.len() / 16 + 1) {
            let mut after = position.clone();
            after.make_move(mv);
            let mut image_after = image.clone();
            image_after.make_move(position.symmetric_move(symmetry, mv));
            assert_eq!(
                after.symmetric(symmetry).to_fen(),
                image_after.to_fen(),
                "{name}: move {} of {fen} under symmetry {symmetry}",
                position.format_move(mv)
            );
        }
    }
}

#[test]
fn every_games_symmetries_are_symmetries_of_its_rules() {
    for name in GAME_NAMES {
        visit_game(
            name,
            Symmetries(Playouts {
                games: 10,
                max_plies: 120,
                move_budget: 3_000_000,
            }),
        )
        .expect("registered game");
    }
}

#[test]
fn the_wyke_start_keeps_four_of_the_squares_eight_symmetries() {
    let start = Wyke4::startpos();
    assert_eq!(Wyke4::SYMMETRIES, 8);
    assert_eq!(stabilizer(&start).len(), 4);
    // 1-1-1-1-1 on a1, a2, a3, a4, b1 and its image under the swap of
    // a4 and d1 lead to positions with one key.
    let mv = start.parse_move("1-1-1-1-1(a1,a2,a3,a4,b1)").unwrap();
    let mut after = start.clone();
    after.make_move(mv);
    for symmetry in stabilizer(&start) {
        let mut image = start.clone();
        image.make_move(start.symmetric_move(symmetry, mv));
        assert_eq!(canonical_hash(&image), canonical_hash(&after));
    }
}
