//! The solved 6-6 endgames of Alfred's Wyke: the table agrees with itself
//! (every value is justified by the moves), with the engine's own rules, and
//! with `known_value`.

use ludus_rules::games::wyke::endgame::Solution;
use ludus_rules::games::wyke::{Wyke4, WykeSettings};
use ludus_rules::{Game, GameResult, KnownValue, Searchable};

#[test]
fn every_value_is_justified_by_the_moves() {
    let solution = Solution::solve();
    for state in solution.states() {
        let value = solution.value(state);
        let (claims, children) = Solution::children(state);
        let child_values: Vec<i16> = children.iter().map(|c| solution.value(c)).collect();
        if claims {
            assert_eq!(value, 1, "{}", state.fen());
        } else if value > 0 {
            assert_eq!(value % 2, 1, "wins are an odd number of plies");
            assert!(child_values.contains(&-(value - 1)), "{}", state.fen());
            assert!(
                child_values.iter().all(|&v| v >= 0 || -v >= value - 1),
                "a faster win exists at {}",
                state.fen()
            );
        } else if value < 0 {
            assert!(child_values.iter().all(|&v| v > 0), "{}", state.fen());
            assert_eq!(
                child_values.iter().max(),
                Some(&(-value - 1)),
                "{}",
                state.fen()
            );
        } else {
            assert!(child_values.iter().all(|&v| v >= 0), "{}", state.fen());
            assert!(
                child_values.is_empty() || child_values.contains(&0),
                "a draw must have a drawing move: {}",
                state.fen()
            );
        }
    }
}

#[test]
fn the_table_agrees_with_the_engine_rules_and_known_value() {
    Wyke4::prepare(&WykeSettings::default());
    let solution = Solution::solve();
    let (mut checked, mut unreachable) = (0, 0);
    for state in solution.states() {
        let position = match Wyke4::from_fen(&state.fen()) {
            Ok(position) => position,
            // The table also solves states just after a pass whose passer
            // had a legal move; no game reaches them, and the notation
            // refuses them.
            Err(e) if state.after_pass && e.contains("passed here but has a legal move") => {
                unreachable += 1;
                continue;
            }
            Err(e) => panic!("{}: {e}", state.fen()),
        };
        assert!(position.is_six_six());
        let value = solution.value(state);
        let expected = match value {
            0 => KnownValue::Draw,
            v if v > 0 => KnownValue::Win(v as u32),
            v => KnownValue::Loss(v.unsigned_abs() as u32),
        };
        assert_eq!(
            position.known_value(&WykeSettings::default()),
            Some(expected),
            "{}",
            state.fen()
        );
        // The engine's own moves lead where the table says.
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let outcomes: Vec<Option<i16>> = moves
            .iter()
            .map(|&mv| {
                let mut child = position.clone();
                child.make_move(mv);
                match (child.result(), child.known_value(&WykeSettings::default())) {
                    (GameResult::Win(w), _) if w == position.side_to_move() => None,
                    (_, Some(KnownValue::Win(n))) => Some(n as i16),
                    (_, Some(KnownValue::Loss(n))) => Some(-(n as i16)),
                    (_, Some(KnownValue::Draw)) | (GameResult::Draw, _) => Some(0),
                    other => panic!("unexpected child {other:?} at {}", state.fen()),
                }
            })
            .collect();
        if value == 1 {
            assert!(outcomes.contains(&None), "{}", state.fen());
        } else if value > 1 {
            assert!(outcomes.contains(&Some(-(value - 1))), "{}", state.fen());
        } else if value < 0 {
            assert!(
                outcomes.iter().all(|o| matches!(o, Some(v) if *v > 0)),
                "{}",
                state.fen()
            );
        }
        checked += 1;
    }
    assert_eq!(checked + unreachable, solution.states().len());
    assert!(checked >= 8400, "every endgame without a pass is checked");
}

#[test]
fn summary_counts_every_endgame_once() {
    let solution = Solution::solve();
    // 210 multisets of four counts 1..=7, 20 ordered marker pairs, 2 sides.
    assert_eq!(solution.endgames().count(), 210 * 20 * 2);
    let report = solution.to_string();
    assert!(report.contains("wins for the side to move:"), "{report}");
    assert!(report.contains("longest forced win:"), "{report}");
}
