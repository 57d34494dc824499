//! Playing levels through the binary: `Skill Level`, `UCI_LimitStrength`
//! and `UCI_Elo` announced and checked, and a limited engine's moves legal,
//! no deeper than its level, and drawn among several in every game.

use std::collections::HashSet;

use crate::common::info::infos;
use crate::common::{best_move, Engine};
use ludus_rules::games::{level_calibration, visit_every_game, GameVisitor, GAME_NAMES};
use ludus_rules::Tooling;

/// The `option` line of the handshake declaring `name`.
fn declaration(engine: &mut Engine, name: &str) -> String {
    let prefix = format!("option name {name} type ");
    engine
        .transcript
        .iter()
        .find(|line| line.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' in {:#?}", engine.transcript))
        .clone()
}

/// The value after `word` in a declaration.
fn field(line: &str, word: &str) -> i32 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == word).unwrap();
    words[at + 1].parse().unwrap()
}

#[test]
fn the_level_options_are_announced_and_checked() {
    let mut engine = Engine::start(&[]);
    engine.handshake("uci");
    assert_eq!(
        declaration(&mut engine, "Skill Level"),
        "option name Skill Level type spin default 20 min -20 max 20"
    );
    assert_eq!(
        declaration(&mut engine, "UCI_LimitStrength"),
        "option name UCI_LimitStrength type check default false"
    );
    let elo = declaration(&mut engine, "UCI_Elo");
    let (min, max) = (field(&elo, "min"), field(&elo, "max"));
    assert!(0 <= min && min < max, "{elo}");
    engine.expect_errors(&[
        (
            "setoption name Skill Level value 21",
            "out of range -20..20",
        ),
        ("setoption name Skill Level value -21", "out of range"),
        ("setoption name Skill Level value weak", "Skill Level"),
        (
            "setoption name UCI_LimitStrength value yes",
            "true or false",
        ),
        (
            &format!("setoption name UCI_Elo value {}", max + 1),
            "out of range",
        ),
        (
            &format!("setoption name UCI_Elo value {}", min - 1),
            "out of range",
        ),
        ("setoption name UCI_Elo", "needs a value"),
    ]);
    // The failed values left full strength: one line, as deep as asked.
    let lines = engine.search("startpos moves 4-5", "depth 4");
    let depths: Vec<u32> = infos(&lines).iter().map(|info| info.depth).collect();
    assert!(depths.contains(&4), "{lines:#?}");
    assert!(infos(&lines).iter().all(|info| info.multipv == 1));
}

/// The moves the engine draws in `game` at `levels` (setoption lines) over
/// up to 12 searches of the start, stopping once `enough` differ: each
/// legal, and no iteration deeper than `deepest`.
fn drawn_moves(game: &str, levels: &[&str], deepest: u32, enough: usize) -> HashSet<String> {
    let mut engine = Engine::start(&[]);
    engine.handshake("uci");
    engine.send(&format!("setoption name UCI_Variant value {game}"));
    for level in levels {
        engine.send(level);
    }
    engine.send("position startpos");
    let legal: HashSet<String> = engine.legal_moves().into_iter().collect();
    let mut drawn = HashSet::new();
    for _ in 0..12 {
        if drawn.len() >= enough {
            break;
        }
        let lines = engine.search("startpos", "movetime 5000");
        let mv = best_move(lines.last().unwrap()).to_string();
        assert!(legal.contains(&mv), "{game}: {mv} is not legal");
        for info in infos(&lines) {
            assert!(info.depth <= deepest, "{game}: {lines:#?}");
        }
        drawn.insert(mv);
    }
    drawn
}

/// At each of `levels` in each of `games`: the engine's moves are legal,
/// its iterations no deeper than `deepest`, and over a few searches of the
/// start more than one move is drawn.
fn limited_play_is_legal_shallow_and_varied(games: &[&str], levels: &[&str], deepest: u32) {
    for game in games {
        let drawn = drawn_moves(game, levels, deepest, 2);
        assert!(drawn.len() > 1, "{game}: always {drawn:?}");
    }
}

#[test]
fn skill_level_zero_looks_one_move_ahead_and_draws_among_several() {
    limited_play_is_legal_shallow_and_varied(
        GAME_NAMES,
        &["setoption name Skill Level value 0"],
        1,
    );
}

#[test]
fn below_level_zero_moves_are_drawn_among_all_the_legal_ones() {
    // Level 0 draws among its best four lines; the random mover's level
    // draws among every legal move, here the 12×12 Pylyx start's 144.
    let drawn = drawn_moves("pylyx", &["setoption name Skill Level value -20"], 1, 5);
    assert!(drawn.len() > 4, "{drawn:?}");
}

#[test]
fn level_19_searches_most_moves_with_one_line_and_the_rest_with_four() {
    let mut engine = Engine::start(&[]);
    engine.handshake("uci");
    engine.send("setoption name UCI_Variant value pylyx10");
    engine.send("setoption name Skill Level value 19");
    let (mut single, mut four) = (0, 0);
    // A quarter of level 19's moves search four lines, drawn each move:
    // over 60 searches both kinds occur, one line more often (by chance
    // the checks fail a few times in a million runs).
    for _ in 0..60 {
        let lines = engine.search("startpos", "depth 1");
        match infos(&lines).iter().map(|info| info.multipv).max() {
            Some(1) => single += 1,
            Some(4) => four += 1,
            other => panic!("{other:?} lines: {lines:#?}"),
        }
    }
    assert!(four > 0 && single > four, "one line {single}, four {four}");
}

#[test]
fn the_weakest_elo_plays_the_weakest_level_whatever_the_skill_level() {
    let mut engine = Engine::start(&[]);
    engine.handshake("uci");
    let min = field(&declaration(&mut engine, "UCI_Elo"), "min");
    let calibrated: Vec<&str> = GAME_NAMES
        .iter()
        .copied()
        .filter(|game| level_calibration(game).is_some())
        .collect();
    assert!(!calibrated.is_empty());
    limited_play_is_legal_shallow_and_varied(
        &calibrated,
        &[
            "setoption name Skill Level value 20",
            "setoption name UCI_LimitStrength value true",
            &format!("setoption name UCI_Elo value {min}"),
        ],
        1,
    );
}

#[test]
fn protocol_md_shows_the_real_handshake_and_every_games_level_range() {
    let spec = include_str!("../../protocol.md");
    let shown: Vec<&str> = spec
        .split("\n### `uci` / `ugi`\n")
        .nth(1)
        .and_then(|section| section.split("uciok").next())
        .expect("protocol.md shows the handshake")
        .lines()
        .map(str::trim)
        .filter(|line| line.starts_with("option name "))
        .collect();
    let mut engine = Engine::start(&[]);
    engine.handshake("uci");
    let real: Vec<&str> = engine
        .transcript
        .iter()
        .map(String::as_str)
        .filter(|line| line.starts_with("option name "))
        .collect();
    assert_eq!(shown, real, "protocol.md's handshake is stale");
    for row in level_rows() {
        assert!(spec.contains(&row), "protocol.md lacks the row '{row}'");
    }
}

/// The rows of protocol.md's table of each game's calibrated levels.
fn level_rows() -> Vec<String> {
    #[derive(Clone)]
    struct Row;
    impl GameVisitor for Row {
        type Output = String;
        fn visit<G: Tooling>(self) -> String {
            if G::LEVEL_ELO.is_empty() {
                return format!("| `{}` | not calibrated yet |", G::NAME);
            }
            let levels: Vec<String> = G::LEVEL_ELO
                .iter()
                .map(|(level, elo)| format!("{level}: {elo}"))
                .collect();
            format!("| `{}` | {} |", G::NAME, levels.join(", "))
        }
    }
    visit_every_game(Row)
}
