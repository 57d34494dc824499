//! Action ids and observations (protocol.md, "Action ids" and "Observation"
//! of each game), checked for every registered game over random positions:
//! every legal move has an id below `NUM_ACTIONS`, distinct within its
//! position, the same for the same notation everywhere (and one notation
//! per id), and `move_of_action` inverts `action_of` and refuses other ids;
//! observations have the shape's length, values in 0..=1, and tell apart
//! positions of different notation.

use std::collections::HashMap;

use crate::common::rng::Rng;
use crate::common::walk::walk;
use ludus_rules::games::{visit_every_game, GameVisitor};
use ludus_rules::Game;
use ludus_rules::Tooling;

/// Random positions per game (Wyx's walk restarts from random racks).
const POSITIONS: usize = 1000;
/// Positions with more moves than this (Wyke's 1-1-1-1-1 alone has 376 992
/// on the open 6×6 board) check the notation and the round trip on this
/// many of them, drawn at random; ids are checked for every move.
const SAMPLE: usize = 400;
/// Ids that are not a legal move, tried per position in large spaces
/// (spaces up to `ALL_IDS` ids are tried whole).
const WRONG_IDS: usize = 100;
const ALL_IDS: usize = 200;

/// What one game's positions showed so far.
struct Seen {
    id_of_name: HashMap<String, usize>,
    name_of_id: HashMap<usize, String>,
    /// Observations (as bits) and the position that gave each.
    position_of_observation: HashMap<Vec<u32>, String>,
    /// Which ids are legal in the position being checked (cleared after).
    legal: Vec<bool>,
    rng: Rng,
}

#[derive(Clone)]
struct Actions;

impl GameVisitor for Actions {
    type Output = ();

    fn visit<G: Tooling>(self) {
        let mut seen = Seen {
            id_of_name: HashMap::new(),
            name_of_id: HashMap::new(),
            position_of_observation: HashMap::new(),
            legal: vec![false; G::NUM_ACTIONS],
            rng: Rng(0xAC71_0255),
        };
        let positions: Vec<G> = walk(POSITIONS, 0xAC71, true);
        for position in &positions {
            check_ids(position, &mut seen);
            check_observation(position, &mut seen);
        }
    }
}

/// Checks the ids of every legal move of `position`, the notation and the
/// round trip of all or a sample of them, and some ids of no legal move.
fn check_ids<G: Game>(position: &G, seen: &mut Seen) {
    let fen = position.to_fen();
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let ids: Vec<usize> = moves.iter().map(|&mv| position.action_of(mv)).collect();
    for (&mv, &id) in moves.iter().zip(&ids) {
        assert!(
            id < G::NUM_ACTIONS,
            "{}: {fen}: {} has id {id}, not below {}",
            G::NAME,
            position.format_move(mv),
            G::NUM_ACTIONS
        );
        assert!(
            !seen.legal[id],
            "{}: {fen}: two moves have id {id}",
            G::NAME
        );
        seen.legal[id] = true;
    }
    let checked: Vec<usize> = if moves.len() <= SAMPLE {
        (0..moves.len()).collect()
    } else {
        (0..SAMPLE).map(|_| seen.rng.below(moves.len())).collect()
    };
    for i in checked {
        let (mv, id) = (moves[i], ids[i]);
        let name = position.format_move(mv);
        assert_eq!(
            position.move_of_action(id),
            Some(mv),
            "{}: {fen}: id {id} of {name}",
            G::NAME
        );
        let earlier = seen.id_of_name.entry(name.clone()).or_insert(id);
        assert_eq!(*earlier, id, "{}: {name} has two ids ({fen})", G::NAME);
        let earlier = seen.name_of_id.entry(id).or_insert(name.clone());
        assert_eq!(
            *earlier,
            name,
            "{}: id {id} names two moves ({fen})",
            G::NAME
        );
    }
    let wrong: Vec<usize> = if G::NUM_ACTIONS <= ALL_IDS {
        (0..G::NUM_ACTIONS).collect()
    } else {
        (0..WRONG_IDS)
            .map(|_| seen.rng.below(G::NUM_ACTIONS))
            .collect()
    };
    for id in wrong.into_iter().chain([G::NUM_ACTIONS, usize::MAX]) {
        if !seen.legal.get(id).copied().unwrap_or(false) {
            assert_eq!(
                position.move_of_action(id),
                None,
                "{}: {fen}: id {id} is no legal move",
                G::NAME
            );
        }
    }
    for &id in &ids {
        seen.legal[id] = false;
    }
}

/// Checks the observation's length and values, written over a buffer of
/// garbage, and that no other position seen so far gave the same one.
fn check_observation<G: Game>(position: &G, seen: &mut Seen) {
    let fen = position.to_fen();
    let [planes, rows, columns] = G::OBSERVATION_SHAPE;
    let mut out = vec![f32::NAN; planes * rows * columns];
    position.observe(&mut out);
    assert!(
        out.iter().all(|v| (0.0..=1.0).contains(v)),
        "{}: {fen}: an observed value outside 0..=1 (or unwritten)",
        G::NAME
    );
    let bits = out.iter().map(|v| v.to_bits()).collect();
    let earlier = seen
        .position_of_observation
        .entry(bits)
        .or_insert(fen.clone());
    assert_eq!(*earlier, fen, "{}: two positions look the same", G::NAME);
}

#[test]
fn every_game_numbers_its_moves_and_observes_its_positions() {
    visit_every_game(Actions);
}
