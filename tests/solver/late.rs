//! Wyke's late tables (every 4×4 position with at least 11 plots claimed,
//! solved backwards over their structures) against the rules and against
//! code they share nothing with: each sampled position's value must follow
//! in one ply from its children's through the rules' own moves (a win in
//! `n` has a child lost in `n - 1` and none faster, a loss in `n` has only
//! children won, the slowest in `n - 1`, a draw neither), the rules
//! deciding the ends; every 6-6 sample agrees with the engine's endgame
//! table; and the proof-number solver agrees where its budget reaches.

use std::sync::OnceLock;

use crate::common::rng::Rng;
use crate::cross_check::solve;
use ludus_engine::solver::Verdict;
use ludus_rules::games::wyke::late::{Coverage, LateTables, LATE_CLAIMED};
use ludus_rules::games::wyke::{Wyke4, WykeSettings};
use ludus_rules::{Game, GameResult, KnownValue, Searchable};

/// The tables, solved once for every test here.
fn tables() -> &'static (LateTables, Coverage) {
    static TABLES: OnceLock<(LateTables, Coverage)> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut tables = LateTables::default();
        let coverage = tables.solve_claimed(LATE_CLAIMED);
        (tables, coverage)
    })
}

const KINDS: [&str; 5] = ["1-1-1-1-1", "2-1-1", "2-2", "3-1", "4"];

/// A random ongoing position with 4 open plots (6-6) or 5 (6-5 or 5-6),
/// both markers placed.
fn late_position(rng: &mut Rng) -> Wyke4 {
    loop {
        let open_count = 4 + rng.below(2);
        let mut plots: Vec<usize> = (0..16).collect();
        for i in 0..16 {
            plots.swap(i, i + rng.below(16 - i));
        }
        let builder_plots = if open_count == 4 { 6 } else { 5 + rng.below(2) };
        let mut tiles = [0u8; 16];
        for (i, &plot) in plots.iter().enumerate() {
            tiles[plot] = if i < open_count {
                1 + rng.below(7) as u8
            } else if i < open_count + builder_plots {
                8
            } else {
                0
            };
        }
        let ranks: Vec<String> = (0..4)
            .rev()
            .map(|rank| {
                (0..4)
                    .map(|file| char::from(b'0' + tiles[file * 4 + rank]))
                    .collect()
            })
            .collect();
        let builder = rng.below(5);
        let destroyer = (builder + 1 + rng.below(4)) % 5;
        let side = if rng.below(2) == 0 { 'b' } else { 'd' };
        let fen = format!(
            "{} {side} {} {}",
            ranks.join("/"),
            KINDS[builder],
            KINDS[destroyer]
        );
        // Layouts where a side has already won are no positions to solve.
        if let Ok(position) = Wyke4::from_fen(&fen) {
            if position.result() == GameResult::Ongoing {
                return position;
            }
        }
    }
}

/// The value of `position` for its side to move: the rules' if the game
/// is over (a win in 0 for the winner), else the tables'.
fn value(tables: &LateTables, position: &Wyke4) -> KnownValue {
    match position.result() {
        GameResult::Win(winner) if winner == position.side_to_move() => KnownValue::Win(0),
        GameResult::Win(_) => KnownValue::Loss(0),
        GameResult::Draw => KnownValue::Draw,
        GameResult::Ongoing => tables
            .lookup(position)
            .unwrap_or_else(|| panic!("the late tables do not cover {}", position.to_fen())),
    }
}

/// The value one ply of the rules gives `position` from its children's.
fn backed_up(tables: &LateTables, position: &Wyke4) -> KnownValue {
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let mut fastest_win: Option<u32> = None;
    let mut slowest_loss = Some(0);
    for &mv in &moves {
        let mut child = position.clone();
        child.make_move(mv);
        match value(tables, &child) {
            KnownValue::Loss(n) => fastest_win = Some(fastest_win.map_or(n + 1, |w| w.min(n + 1))),
            KnownValue::Win(n) => slowest_loss = slowest_loss.map(|l: u32| l.max(n + 1)),
            KnownValue::Draw => slowest_loss = None,
        }
    }
    match (fastest_win, slowest_loss) {
        (Some(n), _) => KnownValue::Win(n),
        (None, Some(n)) => KnownValue::Loss(n),
        (None, None) => KnownValue::Draw,
    }
}

#[test]
fn the_late_tables_count_every_position_once() {
    let (tables, coverage) = tables();
    assert!(tables.len() >= 2, "6-5 structures and the 6-6 one");
    assert!(coverage.layouts > 100_000, "{coverage:?}");
    assert_eq!(
        coverage.wins + coverage.losses + coverage.draws,
        coverage.positions
    );
    // The figures the guide (docs/src/solving.md) gives.
    assert_eq!(tables.len(), 13);
    assert_eq!(coverage.layouts, 4_493_120);
    assert_eq!(coverage.positions, 2_312_449_583_360);
    assert_eq!(coverage.draws, 7_920);
    assert_eq!(tables.longest_win(), 21);
    if let Some(fen) = &coverage.example_draw {
        let position = Wyke4::from_fen(fen).expect("the reported draw is a position");
        assert_eq!(tables.lookup(&position), Some(KnownValue::Draw), "{fen}");
        assert_eq!(
            solve(&position),
            Verdict::Draw,
            "the solver proves {fen} drawn too"
        );
    }
}

#[test]
fn every_late_value_follows_from_its_childrens_by_the_rules() {
    let (tables, _) = tables();
    let mut rng = Rng(0x1a7e);
    let mut seen = [0usize; 3];
    let mut after_passes = 0;
    for _ in 0..3000 {
        let position = late_position(&mut rng);
        let mut line = vec![position];
        // A few of the position's successors too, passes among them.
        for _ in 0..3 {
            let last = line.last().unwrap();
            if last.result() != GameResult::Ongoing {
                break;
            }
            let mut moves = Vec::new();
            last.generate_moves(&mut moves);
            let mut next = last.clone();
            next.make_move(*rng.pick(&moves));
            line.push(next);
        }
        for position in line.iter().filter(|p| p.result() == GameResult::Ongoing) {
            let stored = value(tables, position);
            assert_eq!(stored, backed_up(tables, position), "{}", position.to_fen());
            seen[match stored {
                KnownValue::Win(_) => 0,
                KnownValue::Loss(_) => 1,
                KnownValue::Draw => 2,
            }] += 1;
            after_passes += usize::from(position.passes() == 1);
        }
    }
    assert!(
        seen[0] > 1000 && seen[1] > 100,
        "wins, losses, draws: {seen:?}"
    );
    eprintln!("late positions checked: wins, losses, draws {seen:?}; after a pass {after_passes}");
}

#[test]
fn six_six_values_agree_with_the_endgame_table() {
    let (tables, _) = tables();
    Wyke4::prepare(&WykeSettings::default());
    let mut rng = Rng(66);
    let mut compared = 0;
    while compared < 2000 {
        let position = late_position(&mut rng);
        if !position.is_six_six() {
            continue;
        }
        assert_eq!(
            tables.lookup(&position),
            position.known_value(&WykeSettings::default()),
            "{}",
            position.to_fen()
        );
        compared += 1;
    }
}

#[test]
fn the_proof_number_solver_agrees_where_it_reaches() {
    let (tables, _) = tables();
    let mut rng = Rng(0x5eed);
    let mut agreed = 0;
    for _ in 0..40 {
        let position = late_position(&mut rng);
        let expected = value(tables, &position);
        match (solve(&position), expected) {
            (Verdict::Unknown, _) => {}
            (Verdict::Win(_), KnownValue::Win(_))
            | (Verdict::Loss(_), KnownValue::Loss(_))
            | (Verdict::Draw, KnownValue::Draw) => agreed += 1,
            (verdict, _) => panic!(
                "{}: the solver says {verdict:?}, the tables {expected:?}",
                position.to_fen()
            ),
        }
    }
    assert!(agreed >= 20, "only {agreed} of 40 solved");
}

#[test]
fn the_daemon_plays_late_positions_from_the_tables_with_the_option_on() {
    use crate::common::engine::Engine;
    use std::time::Duration;
    let (tables, _) = tables();
    let mut rng = Rng(0x1a7e);
    // Positions of 5 open plots (beyond the 6-6 table) that are decided.
    let mut late = Vec::new();
    while late.len() < 3 {
        let position = late_position(&mut rng);
        let value = tables.lookup(&position);
        if !position.is_six_six() && matches!(value, Some(KnownValue::Win(_) | KnownValue::Loss(_)))
        {
            late.push((position, value.unwrap()));
        }
    }
    let mut engine = Engine::start(&[]);
    engine.handshake("ugi");
    engine.send("setoption name UCI_Variant value wyke");
    // Off by default: the search alone, no proven line from a table.
    let (position, _) = &late[0];
    let lines = engine.search(&format!("fen {}", position.to_fen()), "nodes 300");
    assert!(!lines.iter().any(|l| l.ends_with("(table)")), "{lines:#?}");

    engine.send("setoption name WykeLateTable value true");
    engine.send("isready");
    // Building the tables takes some 20 s of CPU: a busy machine waits longer.
    let ready = engine.next_line(Duration::from_secs(900));
    assert_eq!(ready.as_deref(), Some("readyok"));
    for (position, expected) in &late {
        let lines = engine.search(&format!("fen {}", position.to_fen()), "nodes 300");
        let (score, word) = match *expected {
            KnownValue::Win(plies) => (format!("score mate {} ", plies.div_ceil(2)), "win"),
            KnownValue::Loss(plies) => (format!("score mate -{} ", plies.div_ceil(2)), "loss"),
            KnownValue::Draw => unreachable!(),
        };
        assert!(
            lines.iter().any(|l| l.contains(&score)),
            "{}: {score}: {lines:#?}",
            position.to_fen()
        );
        let proven = format!("info string proven {word} (table)");
        assert!(lines.contains(&proven), "{lines:#?}");
        // The move keeps the value: the child is worth one ply less to the
        // other side.
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        let mut child = position.clone();
        child.make_move(child.parse_move(best).unwrap());
        let kept = match (value(tables, &child), *expected) {
            (KnownValue::Loss(n), KnownValue::Win(plies)) => n + 1 == plies,
            (KnownValue::Win(n), KnownValue::Loss(plies)) => n + 1 == plies,
            _ => false,
        };
        assert!(kept, "{} {best}", position.to_fen());
    }
}
