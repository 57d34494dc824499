//! Practical play from a known value, through the binary: in Alak the
//! engine never leaves the solved table's value, and never repeats a
//! position in a drawn game while another drawing move exists.

use crate::common::{best_move, Engine};
use ludus_rules::games::alak::solution::{self, Solution};
use ludus_rules::games::alak::Alak;
use ludus_rules::random::Rng;
use ludus_rules::{Game, GameLog, GameResult, KnownValue};

/// The value a move must leave the opponent to keep `value`: the game
/// already over counts as the opponent's loss.
fn keeps(table: &Solution, value: KnownValue, child: &Alak) -> bool {
    let after = match child.result() {
        GameResult::Ongoing => table.value(child),
        _ => KnownValue::Loss(0),
    };
    matches!(
        (value, after),
        (KnownValue::Draw, KnownValue::Draw)
            | (KnownValue::Win(_), KnownValue::Loss(_))
            | (KnownValue::Loss(_), KnownValue::Win(_))
    )
}

/// Whether playing `mv` returns to a position the game has been in since
/// its last capture.
fn repeats(log: &GameLog<Alak>, mv: <Alak as Game>::Move) -> bool {
    let position = log.position();
    let mut child = position.clone();
    child.make_move(mv);
    !position.is_irreversible(mv)
        && (child.hash() == position.hash() || log.history().contains(&child.hash()))
}

/// The moves of the log's position, in notation, with what playing each
/// does: keeps the value, repeats a position.
fn judge(table: &Solution, log: &GameLog<Alak>) -> Vec<(String, bool, bool)> {
    let position = log.position();
    let value = table.value(position);
    log.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.make_move(mv);
            (
                position.format_move(mv),
                keeps(table, value, &child),
                repeats(log, mv),
            )
        })
        .collect()
}

fn moves_text(played: &[String]) -> String {
    match played.is_empty() {
        true => "startpos".to_string(),
        false => format!("startpos moves {}", played.join(" ")),
    }
}

/// The engine's move in the game `played` (from the start), checked: it
/// keeps the table's value, and in a drawn position it repeats no position
/// while a drawing move that does not exists. Returns the move and whether
/// a drawing move that repeats was there to avoid.
fn checked_move(engine: &mut Engine, table: &Solution, played: &[String]) -> (String, bool) {
    let mut log = GameLog::new(Alak::startpos());
    for text in played {
        log.play_text(text).unwrap();
    }
    let judged = judge(table, &log);
    let lines = engine.search(&moves_text(played), "nodes 3000");
    let chosen = best_move(lines.last().unwrap()).to_string();
    let (_, kept, repeated) = judged
        .iter()
        .find(|(mv, _, _)| *mv == chosen)
        .unwrap_or_else(|| panic!("{played:?}: {chosen} is not legal"));
    assert!(kept, "{played:?}: {chosen} leaves the value: {judged:?}");
    let drawn = table.value(log.position()) == KnownValue::Draw;
    let fresh_draw_exists = judged.iter().any(|(_, keeps, repeats)| *keeps && !repeats);
    if drawn && fresh_draw_exists {
        assert!(!repeated, "{played:?}: {chosen} repeats: {judged:?}");
    }
    let avoidable = drawn && fresh_draw_exists && judged.iter().any(|(_, k, r)| *k && *r);
    (chosen, avoidable)
}

/// After 4-5 11-7 5-4 7-11 the start is back with X to move: 4-5 would
/// return to a position the game has seen, 1-5, 2-5 and 3-5 would not.
#[test]
fn a_drawn_position_is_not_repeated_while_another_drawing_move_exists() {
    let table = solution::table();
    let mut engine = Engine::start(&[]);
    engine.ask("isready", "readyok");
    let played: Vec<String> = ["4-5", "11-7", "5-4", "7-11"].map(String::from).to_vec();
    let (chosen, avoidable) = checked_move(&mut engine, table, &played);
    assert!(avoidable, "4-5 keeps the draw and repeats");
    assert_ne!(chosen, "4-5");
    // The reported score is the known value: a draw.
    let lines = engine.search(&moves_text(&played), "depth 4");
    let last_info = lines.iter().rev().find(|l| l.starts_with("info depth"));
    assert!(
        last_info.is_some_and(|l| l.contains(" score cp 0 ")),
        "{lines:#?}"
    );
}

/// Games in which one side plays the engine's moves and the other random
/// moves, mostly drawing ones (so the game stays drawn, and shuffles into
/// repetitions): every engine move keeps the value, and none repeats while
/// a drawing move that does not exists.
#[test]
fn the_engine_keeps_the_value_and_does_not_repeat_in_random_games() {
    let table = solution::table();
    let mut engine = Engine::start(&[]);
    engine.ask("isready", "readyok");
    let mut rng = Rng::new(0x9a7e);
    let (mut checked, mut avoided) = (0, 0);
    for game in 0..8 {
        let engine_side = game % 2;
        let mut played: Vec<String> = Vec::new();
        let mut log = GameLog::new(Alak::startpos());
        while log.status().result == GameResult::Ongoing && played.len() < 80 {
            let mv = if played.len() % 2 == engine_side {
                let (mv, avoidable) = checked_move(&mut engine, table, &played);
                checked += 1;
                avoided += usize::from(avoidable);
                mv
            } else {
                let judged = judge(table, &log);
                let drawing: Vec<&String> = judged
                    .iter()
                    .filter(|(_, keeps, _)| *keeps)
                    .map(|(mv, _, _)| mv)
                    .collect();
                let any: Vec<&String> = judged.iter().map(|(mv, _, _)| mv).collect();
                let pool = match drawing.is_empty() || rng.below(10) == 0 {
                    true => any,
                    false => drawing,
                };
                pool[rng.below(pool.len())].clone()
            };
            log.play_text(&mv).unwrap();
            played.push(mv);
        }
    }
    assert!(checked >= 50, "only {checked} engine moves");
    assert!(
        avoided >= 5,
        "only {avoided} positions with a repetition to avoid"
    );
}
