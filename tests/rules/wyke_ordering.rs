//! Wyke's moves in batches (`next_batch`, quiet and noisy): over all batches
//! of a node every quiet (noisy) move comes out exactly once, batches are
//! as large as asked until the last, and the history moves the order; on
//! positions from random play in both sizes, 6-6 endings and passes.

use std::collections::HashSet;
use std::fmt::Debug;
use std::hash::Hash;

use ludus_rules::games::wyke::{Wyke4, Wyke6};
use ludus_rules::random::Rng;
use ludus_rules::{Game, GameResult, MoveCursor, MoveKind, Searchable};

/// Every batch `next` gives with batch sizes 1, 2, 4, …, checked for size.
fn all_batches<M: Copy>(
    mut next: impl FnMut(&mut MoveCursor<M>, usize, &mut Vec<M>),
    what: &str,
) -> Vec<M> {
    let mut cursor = MoveCursor::default();
    cursor.restart();
    let mut all = Vec::new();
    let mut batch = Vec::new();
    let mut wanted = 1;
    while !cursor.is_finished() {
        batch.clear();
        next(&mut cursor, wanted, &mut batch);
        assert!(batch.len() <= wanted, "{what}: batch larger than asked");
        if batch.len() < wanted {
            assert!(cursor.is_finished(), "{what}: a short batch before the end");
        }
        if batch.is_empty() {
            break;
        }
        all.extend_from_slice(&batch);
        wanted *= 2;
    }
    all
}

/// Checks both classes of `position` against the full generators.
fn check_batches<G: Searchable>(position: &G, history: &[i32])
where
    G::Move: Hash + Eq + Debug,
{
    let fen = position.to_fen();
    for noisy in [false, true] {
        let mut expected = Vec::new();
        let batches = if noisy {
            position.generate_noisy(&mut expected);
            all_batches(
                |c, n, b| position.next_batch(MoveKind::Noisy, history, c, n, b),
                &fen,
            )
        } else {
            position.generate_quiet(&mut expected);
            all_batches(
                |c, n, b| position.next_batch(MoveKind::Quiet, history, c, n, b),
                &fen,
            )
        };
        let distinct: HashSet<_> = batches.iter().collect();
        assert_eq!(distinct.len(), batches.len(), "{fen}: a move twice");
        let expected: HashSet<_> = expected.iter().collect();
        assert_eq!(distinct, expected, "{fen} (noisy: {noisy}): not the moves");
    }
}

/// Positions from random play, `per_game` games of at most `plies` each,
/// every ongoing position on the way.
fn random_positions<G: Game>(seed: u64, games: usize, plies: usize) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut positions = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut position = G::startpos();
        for _ in 0..plies {
            if position.result() != GameResult::Ongoing {
                break;
            }
            positions.push(position.clone());
            moves.clear();
            position.generate_moves(&mut moves);
            position.make_move(moves[rng.below(moves.len())]);
        }
    }
    positions
}

#[test]
fn wyke_batches_give_every_move_once() {
    let history = vec![0; Wyke4::MOVE_INDEX_COUNT];
    let mut noisy_history = history.clone();
    let mut rng = Rng::new(7);
    for value in noisy_history.iter_mut() {
        *value = rng.below(20_000) as i32 - 10_000;
    }
    for position in random_positions::<Wyke4>(1, 12, 60) {
        check_batches(&position, &history);
        check_batches(&position, &noisy_history);
    }
    for fen in [
        // 6-6 endings (the four-plot 1-1-1-1-1), a pass, claims that win.
        "8800/0088/8800/1234 b 2-2 4",
        "8800/0088/8800/3567 d 4 2-1-1",
        "8713/5078/2685/1044 d 1-1-1-1-1 2-2",
        "2650/3617/8472/1543 d 2-1-1 4",
    ] {
        let position = Wyke4::from_fen(fen).unwrap();
        check_batches(&position, &history);
        check_batches(&position, &noisy_history);
    }
}

#[test]
fn wyke6_batches_give_every_move_once() {
    let history = vec![0; Wyke6::MOVE_INDEX_COUNT];
    // The start (400 338 moves) once, then middle games from random play.
    check_batches(&Wyke6::startpos(), &history);
    for position in random_positions::<Wyke6>(2, 2, 40).into_iter().step_by(5) {
        check_batches(&position, &history);
    }
    let late = "564804/434454/474240/462447/144634/444644 d 2-1-1 4";
    check_batches(&Wyke6::from_fen(late).unwrap(), &history);
}

#[test]
fn history_of_a_plot_brings_its_moves_first() {
    let start = Wyke6::startpos();
    let mut history = vec![0; Wyke6::MOVE_INDEX_COUNT];
    // The first quiet move without history, then with a large history for
    // another plot and amount: the move that comes first now uses it.
    let first = |history: &[i32]| {
        let mut cursor = MoveCursor::default();
        cursor.restart();
        let mut batch = Vec::new();
        start.next_batch(MoveKind::Quiet, history, &mut cursor, 1, &mut batch);
        batch[0]
    };
    let plain = first(&history);
    let corner = start.parse_move("4(a1)").unwrap();
    let index = start.move_index(corner);
    assert!(start.move_indices(corner).iter().eq([index]));
    history[index] = 16_000;
    let favoured = first(&history);
    assert_ne!(favoured, plain, "the history changed nothing");
    assert!(
        start.move_indices(favoured).iter().any(|i| i == index),
        "{} does not put 4 tiles on a1",
        start.format_move(favoured)
    );
}
