//! The engine always answers a legal `bestmove` in a game that is not
//! over, however soon the search ends (`stop`, `quit`, the end of input,
//! `ponderhit`, the smallest limits), with any Threads, Deterministic,
//! MultiPV or searchmoves; and a `searchmoves` list of one move is
//! searched like any root. Over pipes, in every game; nothing here relies
//! on timing: an immediate `stop` may come before or after the first
//! iteration, and either way the answer must be legal.

use crate::common::walk::{is_legal, legal_names, walk_positions};
use crate::common::{best_move, infos, piped, Engine, Info};
use ludus_rules::games::GAME_NAMES;

/// An engine playing `game` with `threads` threads, its tables ready.
fn engine_for(game: &str, threads: usize, deterministic: bool) -> Engine {
    let mut engine = Engine::start(&[]);
    engine.send(&format!("setoption name UCI_Variant value {game}"));
    engine.send(&format!("setoption name Threads value {threads}"));
    engine.send(&format!(
        "setoption name Deterministic value {deterministic}"
    ));
    engine.ask("isready", "readyok");
    engine
}

/// Runs `check` for every game, with `count` of its positions walked from
/// `seed`, on an engine of one thread and on one of two.
fn on_every_game(count: usize, seed: u64, mut check: impl FnMut(&str, &[String], &mut Engine)) {
    for game in GAME_NAMES {
        let positions = walk_positions(game, count, seed);
        for threads in [1, 2] {
            check(game, &positions, &mut engine_for(game, threads, false));
        }
    }
}

/// Sends `commands` at once after `position fen <fen>`, reads the
/// `bestmove` of each `go` among them, checks each legal there, and
/// returns the last one's move.
fn legal_answer(engine: &mut Engine, game: &str, fen: &str, commands: &[&str]) -> String {
    engine.send(&format!("position fen {fen}"));
    for command in commands {
        engine.send(command);
    }
    let searches = commands.iter().filter(|c| c.starts_with("go")).count();
    let mut mv = String::new();
    for _ in 0..searches {
        let line = engine
            .read_until(|l| l.starts_with("bestmove"))
            .pop()
            .unwrap();
        mv = best_move(&line).to_string();
        assert!(
            is_legal(game, fen, &mv),
            "{game} {commands:?} at {fen}: '{line}' is not a legal move"
        );
    }
    mv
}

#[test]
fn go_then_stop_at_once_always_answers_a_legal_move() {
    on_every_game(20, 0x5709, |game, positions, engine| {
        for pair in 0..200 {
            let fen = &positions[pair % positions.len()];
            legal_answer(engine, game, fen, &["go infinite", "stop"]);
        }
    });
}

#[test]
fn the_smallest_limits_and_early_releases_answer_a_legal_move() {
    let endings: [&[&str]; 9] = [
        &["go nodes 1"],
        &["go movetime 1"],
        &["go depth 1"],
        &["go wtime 1 btime 1"],
        &["go ponder", "stop"],
        &["go ponder", "ponderhit", "stop"],
        &["go ponder movetime 1", "ponderhit"],
        &["go ponder nodes 1", "ponderhit"],
        &["go infinite", "go nodes 1"],
    ];
    for game in GAME_NAMES {
        let positions = walk_positions(game, 4, 0xE4D);
        for (threads, deterministic) in [(1, false), (2, false), (2, true)] {
            let mut engine = engine_for(game, threads, deterministic);
            for fen in &positions {
                for commands in endings {
                    legal_answer(&mut engine, game, fen, commands);
                }
            }
        }
    }
}

#[test]
fn multipv_and_searchmoves_stopped_at_once_answer_a_legal_allowed_move() {
    for game in GAME_NAMES {
        let positions = walk_positions(game, 4, 0x3A7);
        let mut engine = engine_for(game, 2, false);
        for fen in &positions {
            engine.send("setoption name MultiPV value 3");
            legal_answer(&mut engine, game, fen, &["go infinite", "stop"]);
            engine.send("setoption name MultiPV value 1");
            // The last and the middle move by name: rarely the ordering's
            // first, and one of them often the only one of its kind.
            let legal = legal_names(game, fen);
            let given = [&legal[legal.len() - 1], &legal[legal.len() / 2]];
            let go = format!("go infinite searchmoves {} {}", given[0], given[1]);
            let mv = legal_answer(&mut engine, game, fen, &[&go, "stop"]);
            assert!(
                given.contains(&&mv),
                "{game} at {fen}: {mv} not in {given:?}"
            );
            let go = format!("go nodes 1 searchmoves {}", given[1]);
            let mv = legal_answer(&mut engine, game, fen, &[&go]);
            assert_eq!(&mv, given[1], "{game} at {fen}");
        }
    }
}

/// The `bestmove` of `ludus` fed `input` and then the end of its input,
/// checked to be legal at the start of `game`.
fn piped_answer(game: &str, input: &str) {
    let variant = format!("setoption name UCI_Variant value {game}\nisready\n");
    let output = piped(&[], format!("{variant}{input}").as_bytes());
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .unwrap_or_else(|| panic!("{game}: no bestmove after {input:?}: {text}"));
    let start = &walk_positions(game, 0, 0)[0];
    assert!(is_legal(game, start, best_move(line)), "{game}: {line}");
}

#[test]
fn quit_or_the_end_of_input_right_after_go_prints_a_legal_bestmove_first() {
    for game in GAME_NAMES {
        piped_answer(game, "position startpos\ngo infinite\nquit\n");
        piped_answer(game, "position startpos\ngo infinite\n");
        piped_answer(game, "position startpos\ngo ponder\n");
        piped_answer(game, "position startpos\ngo movetime 1\nquit\n");
    }
}

/// The best move of a short search from the start of `game`, and the
/// `info depth` lines of a search of `limits` restricted to it and of one
/// over all moves, each on a cleared table.
fn restricted_and_free(engine: &mut Engine, limits: &str) -> (String, Vec<Info>, Vec<Info>) {
    let own = engine.search("startpos", "depth 2");
    let own = best_move(own.last().unwrap()).to_string();
    engine.send("ucinewgame");
    let restricted = infos(&engine.search("startpos", &format!("{limits} searchmoves {own}")));
    engine.send("ucinewgame");
    let free = infos(&engine.search("startpos", limits));
    (own, restricted, free)
}

/// The deepest exact line of `lines`.
fn deepest(lines: &[Info]) -> u32 {
    lines
        .iter()
        .filter(|info| !info.bound)
        .map(|info| info.depth)
        .max()
        .unwrap_or(0)
}

#[test]
fn one_searchmove_is_searched_as_deep_as_the_whole_root() {
    for game in GAME_NAMES {
        let mut engine = engine_for(game, 1, false);
        // Searched, not looked up in a solved table.
        engine.send("setoption name AlakSolution value false");
        // A node limit gives the same search on every run: with every node
        // spent under the one move it goes at least as deep, give or take.
        let (own, restricted, free) = restricted_and_free(&mut engine, "nodes 20000");
        assert!(
            deepest(&restricted) + 1 >= deepest(&free) && deepest(&restricted) >= 2,
            "{game}: {restricted:#?} against {free:#?}"
        );
        assert!(restricted.iter().all(|info| info.first_move() == own));
        // Every depth up to the limit reported, the deeper ones with a real
        // search under the move.
        let lines = engine.search("startpos", &format!("depth 3 searchmoves {own}"));
        let depths: Vec<u32> = infos(&lines).iter().map(|info| info.depth).collect();
        assert!(
            depths.contains(&3) && depths.contains(&2),
            "{game}: {lines:#?}"
        );
        assert_eq!(best_move(lines.last().unwrap()), own);
        // Under a time limit it is not answered at once either (the old
        // shortcut stopped after depth 1, with 1 node).
        let lines = engine.search("startpos", &format!("movetime 300 searchmoves {own}"));
        assert!(deepest(&infos(&lines)) >= 2, "{game}: {lines:#?}");
    }
}

#[test]
fn a_finished_game_answers_none_however_the_search_ends() {
    let mut engine = engine_for("alak", 1, false);
    // x captures on 2 and o is left with one piece.
    let over = "position fen xo_x____o__ x moves 4-3";
    for commands in [
        &["go infinite", "stop"][..],
        &["go nodes 1"],
        &["go ponder", "ponderhit", "stop"],
    ] {
        engine.send(over);
        for command in commands {
            engine.send(command);
        }
        let lines = engine.read_until(|l| l.starts_with("bestmove"));
        assert_eq!(lines.last().unwrap(), "bestmove (none)", "{commands:?}");
    }
}

/// Checks that the last `multipv 1` line before the `bestmove` of `lines`
/// shows the move played, with an exact score if `exact`; returns whether
/// there was such a line (a search stopped before its first iteration
/// completes has none).
fn last_line_shows_the_move(lines: &[String], exact: bool) -> bool {
    let played = best_move(lines.last().unwrap());
    let shown = infos(lines);
    let Some(last) = shown.iter().rev().find(|info| info.multipv == 1) else {
        return false;
    };
    assert_eq!(last.first_move(), played, "{lines:#?}");
    assert!(
        !exact || !last.bound,
        "a bound after a complete search: {lines:#?}"
    );
    true
}

#[test]
fn the_last_line_shown_is_the_move_played() {
    on_every_game(3, 0x1A57, |_, positions, engine| {
        engine.send("setoption name AlakSolution value false");
        for fen in positions {
            let position = format!("fen {fen}");
            let lines = engine.search(&position, "depth 3");
            assert!(last_line_shows_the_move(&lines, true), "{lines:#?}");
            engine.send("setoption name MultiPV value 2");
            let lines = engine.search(&position, "depth 3");
            assert!(last_line_shows_the_move(&lines, true), "{lines:#?}");
            // Ends inside an iteration: a bound may show, saying so.
            for limits in ["nodes 3000", "nodes 30000", "movetime 50"] {
                last_line_shows_the_move(&engine.search(&position, limits), false);
            }
            engine.send("setoption name MultiPV value 1");
            for limits in ["nodes 3000", "nodes 30000", "movetime 50"] {
                last_line_shows_the_move(&engine.search(&position, limits), false);
            }
        }
    });
}
