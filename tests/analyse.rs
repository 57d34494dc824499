//! `ludus analyse` on the games a `ludus match` wrote: Alak, where the
//! analysing engine knows every position's exact value, so a move that
//! throws a result away must be marked a blunder and a move from the solved
//! table never is.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::OnceLock;

use common::piped;
use common::scratch::Scratch;

use ludus_arena::pgn_read::read_pgn;

const LUDUS: &str = env!("CARGO_BIN_EXE_ludus");

fn run(args: &[&str], input: Option<&str>) -> Output {
    piped(args, input.unwrap_or("").as_bytes())
}

fn stdout_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr_of(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The directory of the match every test reads (kept for the whole run: a
/// static is never dropped, so it is the one scratch directory a run leaves).
fn shared_dir() -> &'static Path {
    static DIR: OnceLock<Scratch> = OnceLock::new();
    DIR.get_or_init(|| Scratch::new("analyse"))
}

/// Ten Alak games between the solved table (`solved`) and a depth-1 search
/// (`weak`) from balanced openings, written by `ludus match`.
fn match_pgn() -> &'static Path {
    static PGN: OnceLock<PathBuf> = OnceLock::new();
    PGN.get_or_init(|| {
        let book = shared_dir().join("book.txt");
        let openings = run(&["openings", "alak", "--count", "10", "--plies", "6"], None);
        assert!(openings.status.success(), "{}", stderr_of(&openings));
        std::fs::write(&book, &openings.stdout).unwrap();
        let pgn = shared_dir().join("match.pgn");
        let _ = std::fs::remove_file(&pgn);
        let played = run(
            &[
                "match",
                "--game",
                "alak",
                "--engine",
                &format!("cmd={LUDUS}"),
                "name=solved",
                "--engine",
                &format!("cmd={LUDUS}"),
                "name=weak",
                "option.AlakSolution=false",
                "depth=1",
                "--depth",
                "3",
                "--games",
                "10",
                "--openings",
                book.to_str().unwrap(),
                "--maxmoves",
                "60",
                "--pgnout",
                pgn.to_str().unwrap(),
            ],
            None,
        );
        assert!(played.status.success(), "{}", stderr_of(&played));
        pgn
    })
}

/// The analysis text, checked to have succeeded.
fn analyse(args: &[&str]) -> String {
    let output = run(&[&["analyse"], args].concat(), None);
    assert!(output.status.success(), "{}", stderr_of(&output));
    stdout_of(&output)
}

/// The figure before `word` in a summary part such as `weak 0
/// inaccuracies, 0 mistakes, 2 blunders`.
fn marks(part: &str, word: &str) -> usize {
    part.split(", ")
        .find(|p| p.contains(word))
        .and_then(|p| p.split_whitespace().rev().nth(1)?.parse().ok())
        .unwrap_or_else(|| panic!("no {word} in '{part}'"))
}

#[test]
fn blunders_of_match_games_are_found_and_solved_play_is_never_marked() {
    let pgn = match_pgn();
    let games = read_pgn(&std::fs::read_to_string(pgn).unwrap()).unwrap();
    let text = analyse(&[pgn.to_str().unwrap(), "--depth", "4"]);
    let mut lines = text.lines().peekable();
    let mut decisive = 0;
    for (index, game) in games.iter().enumerate() {
        let heading = lines.next().unwrap();
        let number = index + 1;
        assert!(
            heading.starts_with(&format!("Game {number}: ")),
            "{heading}"
        );
        let mut moves = Vec::new();
        while lines.peek().is_some_and(|l| !l.starts_with("Game ")) {
            moves.push(lines.next().unwrap());
        }
        assert_eq!(moves.len(), game.moves.len(), "one line per move:\n{text}");
        for (line, read) in moves.iter().zip(&game.moves) {
            let played = line.split_whitespace().nth(1).unwrap();
            assert_eq!(played.trim_end_matches(['?', '!']), read.text, "{line}");
            assert!(line.contains("  best ") && line.contains("  pv "), "{line}");
        }
        let summary = lines.next().unwrap();
        let (white, black) = summary
            .strip_prefix(&format!("Game {number}: "))
            .and_then(|s| s.split_once("; "))
            .unwrap_or_else(|| panic!("summary: {summary}"));
        let parts = [white, black];
        // The table's moves keep the exact value: nothing to mark.
        for part in parts.iter().filter(|p| p.starts_with("solved ")) {
            let total = marks(part, "inaccurac") + marks(part, "mistake") + marks(part, "blunder");
            assert_eq!(total, 0, "{summary}\n{text}");
        }
        // A game lost from a position that was not lost holds a blunder of
        // the loser's: Alak's values are exact, so a loss is thrown away in
        // one move.
        let loser = match game.result.as_deref() {
            Some("1-0") => 1,
            Some("0-1") => 0,
            _ => continue,
        };
        decisive += 1;
        let first_player = |l: &&&str| !l.split_whitespace().next().unwrap().ends_with("...");
        let loser_first_move = match loser {
            0 => moves.iter().find(first_player),
            _ => moves.iter().find(|l| !first_player(l)),
        };
        let was_lost = loser_first_move.is_some_and(|l| {
            l.contains("  best ") && l.split("  best ").nth(1).unwrap().contains("mate -")
        });
        if !was_lost {
            assert!(marks(parts[loser], "blunder") > 0, "{summary}\n{text}");
        }
    }
    assert!(decisive > 0, "no decisive game to check:\n{text}");
    assert_eq!(lines.next(), None);
}

#[test]
fn json_lines_cover_every_move_and_mark_by_the_documented_thresholds() {
    let pgn = match_pgn();
    let games = read_pgn(&std::fs::read_to_string(pgn).unwrap()).unwrap();
    let text = analyse(&[pgn.to_str().unwrap(), "--depth", "3", "--json"]);
    let plies: usize = games.iter().map(|g| g.moves.len()).sum();
    assert_eq!(text.lines().count(), plies);
    let mut blunders = 0;
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).expect(line);
        for field in [
            "game", "ply", "number", "fen", "mover", "best", "pv", "played",
        ] {
            assert!(value.get(field).is_some(), "{field} in {line}");
        }
        let score = &value["score"];
        assert!(score["cp"].is_i64() || score["mate"].is_i64(), "{line}");
        let loss = value["loss"].as_i64().expect("a loss");
        let expected = match loss {
            200.. => Some("blunder"),
            100.. => Some("mistake"),
            50.. => Some("inaccuracy"),
            _ => None,
        };
        assert_eq!(value["mark"].as_str(), expected, "{line}");
        blunders += usize::from(expected == Some("blunder"));
    }
    assert!(blunders > 0);
}

#[test]
fn annotated_pgn_keeps_the_games_and_adds_scores_and_nags() {
    let pgn = match_pgn();
    let games = read_pgn(&std::fs::read_to_string(pgn).unwrap()).unwrap();
    let dir = Scratch::new("analyse-out");
    let out = dir.join("annotated.pgn");
    let text = analyse(&[
        pgn.to_str().unwrap(),
        "--depth",
        "3",
        "--pgnout",
        out.to_str().unwrap(),
    ]);
    let annotated = read_pgn(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(annotated.len(), games.len());
    let mut nags = 0;
    for (before, after) in games.iter().zip(&annotated) {
        for (name, value) in &before.tags {
            assert_eq!(after.tag(name), Some(value.as_str()), "{name}");
        }
        assert_eq!(after.tag("Annotator"), Some("ludus 0.1.0 (depth 3)"));
        assert_eq!(after.result, before.result);
        let texts = |g: &ludus_arena::pgn_read::PgnGame| -> Vec<String> {
            g.moves.iter().map(|m| m.text.clone()).collect()
        };
        assert_eq!(texts(after), texts(before));
        for mv in &after.moves {
            let score = &mv.comments[0];
            assert!(
                score.ends_with("/3") && (score.starts_with('+') || score.starts_with('-')),
                "{score}"
            );
            let clock = |c: &String| {
                c.split_whitespace().any(|w| {
                    w.strip_suffix('s')
                        .is_some_and(|n| n.parse::<f64>().is_ok())
                })
            };
            assert!(
                !mv.comments.iter().any(clock),
                "old clock comments go: {mv:?}"
            );
            nags += mv.nags.len();
        }
        // The reason the game ended stays.
        let last = after.moves.last().unwrap();
        assert_eq!(last.comments.len(), 2, "{last:?}");
    }
    let marked = text.lines().filter(|l| l.contains(" lost  pv ")).count();
    assert_eq!(nags, marked);
    assert!(marked > 0);
    // The annotated file is itself good input.
    let again = analyse(&[out.to_str().unwrap(), "--depth", "1"]);
    assert_eq!(again.lines().count(), text.lines().count());
}

#[test]
fn position_lists_from_standard_input_and_another_engine() {
    let output = run(
        &[
            "analyse", "--game", "alak", "--nodes", "500", "--engine", LUDUS, "--proto", "ugi",
        ],
        Some("# two positions\nstartpos\n\nxxx__xooo_o x\n"),
    );
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = stdout_of(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with("line 2: xxxx___oooo x  best "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("line 4: xxx__xooo_o x  best "),
        "{text}"
    );
}

#[test]
fn bad_input_is_refused_before_any_search() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&[], "startpos\n", "not PGN"),
        (&["--game", "alak"], "xxxx x\n", "line 1"),
        (&[], "[Event \"x\"]\n\n1. 4-5 *\n", "no Game tag"),
        (&[], "[Game \"chess\"]\n\n1. e4 *\n", "unknown game 'chess'"),
        (
            &[],
            "[Game \"alak\"]\n\n1. 4-5 1... 4-6 *\n",
            "game 1 (line 1): move 2 '4-6'",
        ),
        (
            &["--game", "wyke"],
            "[Game \"alak\"]\n\n1. 4-5 *\n",
            "Game tag says alak, --game says wyke",
        ),
        (
            &["--engine", "/nonexistent/engine"],
            "[Game \"alak\"]\n\n1. 4-5 *\n",
            "cannot start engine",
        ),
        (&["--depth", "1", "--nodes", "5"], "", "cannot be used with"),
    ];
    for (args, input, message) in cases {
        let output = run(&[&["analyse"], *args].concat(), Some(input));
        let error = stderr_of(&output);
        assert!(!output.status.success(), "{args:?} {input}");
        assert!(error.contains(message), "{args:?} {input}: {error}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}
