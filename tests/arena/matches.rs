//! `ludus match` and `ludus openings` through the real binary: a short
//! ludus-versus-ludus match, and fake engines (tests/engines/*.sh) that
//! crash, play an illegal move, or stop answering; `busy`: the guide's
//! match on a busy machine; `failures`: engines that fail say why;
//! `shards`: matches split
//! into shards, resumed, and merged; `pairs`: pairs scored by the game's
//! rules (Double Wyx).

mod busy;
mod failures;
mod pairs;
mod shards;

use std::path::PathBuf;

use crate::common::scratch::Scratch;
use crate::common::{ludus, stdout_of, succeed, LUDUS};
use ludus_rules::games::{visit_game, GameVisitor, GAME_NAMES};
use ludus_rules::GameResult;
use ludus_rules::Tooling;

fn fake(name: &str) -> String {
    format!("{}/tests/engines/{name}.sh", env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("matches-{name}"))
}

/// A scratch folder for the test `name` (removed when dropped) holding an
/// openings file of `openings`; with the paths of that file and of a PGN
/// to come.
fn book_and_pgn(name: &str, openings: &str) -> (Scratch, PathBuf, PathBuf) {
    let dir = scratch(name);
    let book = dir.join("book.txt");
    std::fs::write(&book, openings).unwrap();
    let pgn = dir.join("out.pgn");
    (dir, book, pgn)
}

/// The words of a command line (no word holds a space).
fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// Runs `ludus` with the words of `command`; it must succeed. Returns
/// standard output.
fn succeed_with(command: &str) -> String {
    succeed(&command.split_whitespace().collect::<Vec<_>>())
}

/// Runs an Alak match with the arguments `args` and returns its standard
/// output; it must succeed.
fn run_match(args: &str) -> String {
    succeed_with(&format!("match --game alak {args}"))
}

/// The `Score of` line's W, L, D and N.
fn score(out: &str) -> (u32, u32, u32, u32) {
    let line = out
        .lines()
        .rev()
        .find(|l| l.starts_with("Score of "))
        .expect("a score line");
    let (_, counts) = line.split_once(": ").unwrap();
    let numbers: Vec<u32> = counts
        .split(|c: char| !c.is_ascii_digit() && c != '.')
        .filter(|w| !w.is_empty() && !w.contains('.'))
        .map(|w| w.parse().unwrap())
        .collect();
    (numbers[0], numbers[1], numbers[2], numbers[3])
}

fn pgn_tag<'a>(game: &'a str, tag: &str) -> &'a str {
    let start = format!("[{tag} \"");
    let line = game
        .lines()
        .find(|l| l.starts_with(&start))
        .unwrap_or_else(|| panic!("no {tag} in {game}"));
    &line[start.len()..line.len() - 2]
}

#[test]
fn ludus_against_ludus_keeps_the_books() {
    let (_dir, book, pgn) = book_and_pgn("selfplay", "# two openings\nxxx_x__oooo o\n\nstartpos\n");
    let out = run_match(&format!(
        "--engine cmd={LUDUS} name=a --engine cmd={LUDUS} name=b proto=ugi --depth 2 \
         --games 4 --repeat --concurrency 2 --maxmoves 60 --openings {} --pgnout {} \
         --sprt elo0=0 elo1=10",
        book.display(),
        pgn.display()
    ));
    assert_eq!(out.matches("Finished game ").count(), 4, "{out}");
    let (w, l, d, n) = score(&out);
    assert_eq!((w + l + d, n), (4, 4), "{out}");
    assert!(out.contains("Elo difference: "), "{out}");
    // As in cutechess since v1.3.0, the trinomial line is there from the
    // first game.
    assert!(out.contains("SPRT: llr "), "{out}");
    assert!(
        out.contains("SPRT (pentanomial, normalized Elo): llr "),
        "{out}"
    );
    let ptnml = out
        .lines()
        .rev()
        .find(|l| l.starts_with("Ptnml(0-2)"))
        .unwrap();
    let pairs: u32 = ptnml[ptnml.find('[').unwrap() + 1..ptnml.find(']').unwrap()]
        .split(", ")
        .map(|c| c.parse::<u32>().unwrap())
        .sum();
    assert_eq!(pairs, 2, "{out}");
    assert!(out.contains("Finished match: 4 games"), "{out}");

    let text = std::fs::read_to_string(&pgn).unwrap();
    let mut games: Vec<&str> = text.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 4, "{text}");
    games.sort_by_key(|g| pgn_tag(g, "Round").parse::<u32>().unwrap());
    for (i, game) in games.iter().enumerate() {
        let (white, black) = if i % 2 == 0 { ("a", "b") } else { ("b", "a") };
        assert_eq!(pgn_tag(game, "White"), white);
        assert_eq!(pgn_tag(game, "Black"), black);
        assert_eq!(pgn_tag(game, "Game"), "alak");
        assert_eq!(pgn_tag(game, "TimeControl"), "-");
        let plies: usize = pgn_tag(game, "PlyCount").parse().unwrap();
        assert!(plies <= 120);
        let result = pgn_tag(game, "Result");
        assert!(game.trim_end().ends_with(result), "{game}");
    }
    // Pair 1 starts from the book's first line, pair 2 from the start.
    assert_eq!(pgn_tag(games[0], "FEN"), "xxx_x__oooo o");
    assert_eq!(pgn_tag(games[1], "FEN"), "xxx_x__oooo o");
    assert!(!games[2].contains("[FEN "));
    assert!(!games[3].contains("[FEN "));
}

/// Plays two games, fake engine first then second, and returns the output.
fn against_fake(script: &str, limits: &[&str]) -> String {
    run_match(&format!(
        "--engine cmd={} name=fake --engine cmd={LUDUS} name=ludus --games 2 {}",
        fake(script),
        limits.join(" ")
    ))
}

/// Each way of failing loses the fake both games, with its reason (a
/// crashed engine is restarted for the second).
#[test]
fn a_failing_engine_loses_both_games() {
    for (script, limits, reason) in [
        ("crash", &["--depth", "2"][..], "fake crashes"),
        // Silence without a clock is a stall...
        (
            "silent",
            &["--depth", "2", "--movetimeout", "0.5"],
            "fake stalls (no bestmove within 0.5 s)",
        ),
        // ...and with one, a loss on time.
        (
            "silent",
            &["--st", "0.2", "--timemargin", "100"],
            "fake loses on time",
        ),
        (
            "noready",
            &["--depth", "2", "--readytimeout", "0.5"],
            "fake stalls (no readyok within 0.5 s)",
        ),
    ] {
        let out = against_fake(script, limits);
        for (number, sides, result) in [(1, "fake vs ludus", "0-1"), (2, "ludus vs fake", "1-0")] {
            let finished = format!("Finished game {number} ({sides}): {result} {{{reason}}}");
            assert!(out.contains(&finished), "{script}: {out}");
        }
        assert_eq!(score(&out), (0, 2, 0, 2), "{script}: {out}");
    }
}

#[test]
fn an_illegal_move_loses() {
    let out = against_fake("illegal", &["--depth", "2"]);
    assert!(
        out.contains("{fake makes an illegal move: 12-13 ("),
        "{out}"
    );
    assert_eq!(score(&out), (0, 2, 0, 2), "{out}");
}

#[test]
fn fatal_problems_are_errors() {
    let missing = ludus(&[
        "match",
        "--game",
        "alak",
        "--engine",
        "cmd=/nonexistent/engine",
        "--engine",
        "cmd=/nonexistent/engine",
        "--depth",
        "1",
    ]);
    assert!(!missing.status.success());
    let error = String::from_utf8_lossy(&missing.stderr);
    assert!(error.contains("cannot start engine"), "{error}");

    let unknown = ludus(&[
        "match", "--game", "chess", "--engine", "cmd=x", "--engine", "cmd=y", "--depth", "1",
    ]);
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown game 'chess'"));

    let usage = ludus(&["match", "--help"]);
    assert!(usage.status.success());
    assert!(stdout_of(&usage).contains("--engine cmd=PATH"));
}

/// `ludus match` of Alak at depth 1, the program `engine` (named fake)
/// first against ludus, with `extra` options; its output, whatever its status.
fn fake_against_ludus(engine: &str, extra: &[&str]) -> std::process::Output {
    let (fake, ludus_cmd) = (format!("cmd={engine}"), format!("cmd={LUDUS}"));
    let mut args = vec!["match", "--game", "alak", "--engine", &fake, "name=fake"];
    args.extend(["--engine", &ludus_cmd, "name=ludus", "--depth", "1"]);
    args.extend(extra);
    ludus(&args)
}

#[test]
fn a_fatal_error_still_prints_the_score_so_far() {
    // The engine deletes itself in game 1, so game 2 cannot start it.
    let dir = scratch("vanish");
    let engine = dir.join("vanish.sh");
    std::fs::copy(fake("vanish"), &engine).unwrap();
    let out = fake_against_ludus(&engine.display().to_string(), &["--games", "4"]);
    assert!(!out.status.success());
    let text = stdout_of(&out);
    assert!(
        text.contains("Finished game 1 (fake vs ludus): 0-1 {fake crashes}"),
        "{text}"
    );
    assert!(
        text.contains("Score of fake vs ludus: 0 - 1 - 0  [0.000] 1"),
        "{text}"
    );
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("cannot start engine fake"), "{error}");
    assert!(
        error.contains("the match stopped after 1 finished game"),
        "{error}"
    );
}

/// An engine stopped by SIGTERM (a scheduler stopping the job) does not
/// lose: the match stops with its game unscored, out of the results file,
/// so that `--resume` plays it again.
#[test]
fn an_engine_stopped_from_outside_stops_the_match_unscored() {
    let dir = scratch("terminated");
    let results = dir.join("results.json");
    let results = results.display().to_string();
    let out = fake_against_ludus(
        &fake("terminated"),
        &["--games", "2", "--results", &results],
    );
    assert!(!out.status.success());
    let text = stdout_of(&out);
    assert!(!text.contains("Finished game"), "{text}");
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(
        error.contains(
            "engine fake was stopped by SIGTERM from outside the match; its game is not scored"
        ),
        "{error}"
    );
    let recorded = std::fs::read_to_string(&results).unwrap();
    assert!(!recorded.contains(r#"{"record":"game""#), "{recorded}");
}

/// What `ludus ARGS` prints, checked to be `count` distinct openings, the
/// same when run again.
fn reproducible_openings(args: &[&str], count: usize) -> String {
    let text = succeed(args);
    let mut lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), count, "{args:?}: {text}");
    lines.sort_unstable();
    lines.dedup();
    assert_eq!(lines.len(), count, "{args:?}: {text}");
    assert_eq!(succeed(args), text, "{args:?}: not deterministic");
    text
}

#[test]
fn openings_are_reproducible() {
    let args = [
        "openings", "alak", "--count", "6", "--seed", "11", "--plies", "4", "--depth", "3",
    ];
    reproducible_openings(&args, 6);
}

/// Whether every line is an ongoing position of the game.
struct AllOngoing<'a>(&'a [&'a str]);

impl GameVisitor for AllOngoing<'_> {
    type Output = Result<(), String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        for line in self.0 {
            let position = G::from_fen(line)?;
            if position.result() != GameResult::Ongoing {
                return Err(format!("{line}: the game is over"));
            }
        }
        Ok(())
    }
}

#[test]
fn every_game_makes_openings_with_the_default_settings() {
    for game in GAME_NAMES {
        let text = reproducible_openings(&["openings", game, "--count", "4", "--seed", "5"], 4);
        let lines: Vec<&str> = text.lines().collect();
        visit_game(game, AllOngoing(&lines))
            .unwrap()
            .unwrap_or_else(|e| panic!("{game}: {e}"));
        let other = ludus(&["openings", game, "--count", "4", "--seed", "6"]);
        assert_ne!(stdout_of(&other), text, "{game}: the seed changes nothing");
    }
}

#[test]
fn random_starts_take_no_walk_but_a_balance_check_when_asked() {
    let out = ludus(&["openings", "wyx", "--count", "2", "--plies", "3"]);
    assert!(!out.status.success());
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("--plies does not apply to wyx"), "{error}");
    // A balance check keeps some racks of the seed and drops others.
    let drawn = reproducible_openings(&["openings", "wyx", "--count", "6", "--seed", "11"], 6);
    let balanced = reproducible_openings(
        &[
            "openings",
            "wyx",
            "--count",
            "6",
            "--seed",
            "11",
            "--depth",
            "3",
            "--max-score",
            "60",
        ],
        6,
    );
    assert_ne!(balanced, drawn);
    assert!(balanced.lines().any(|rack| drawn.contains(rack)));
    // The walk applies to the other games.
    let out = ludus(&[
        "openings",
        "wyke6",
        "--count",
        "2",
        "--plies",
        "2",
        "--nodes",
        "500",
        "--max-score",
        "400",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout_of(&out).lines().count(), 2);
}

#[test]
fn the_trinomial_sprt_line_comes_with_the_first_game() {
    // Two losses of the fake engine: W 0, L 2, D 0, with cutechess's half
    // game each, give llr -0.0751 at [0, 10] (-2.6 % of ubound ln 19).
    let out = against_fake(
        "illegal",
        &[
            "--depth",
            "1",
            "--sprt",
            "elo0=0",
            "elo1=10",
            "--ratinginterval",
            "1",
        ],
    );
    assert!(
        out.contains("SPRT: llr -0.0392 (-1.3%), lbound -2.94, ubound 2.94"),
        "{out}"
    );
    assert!(
        out.contains("SPRT: llr -0.0751 (-2.6%), lbound -2.94, ubound 2.94"),
        "{out}"
    );
}

#[test]
fn the_sprt_stops_the_match() {
    let out = against_fake(
        "illegal",
        &[
            "--depth",
            "1",
            "--games",
            "1000",
            "--repeat",
            "--sprt",
            "elo0=0",
            "elo1=100",
            "--ratinginterval",
            "0",
        ],
    );
    assert!(out.contains(" - H0 was accepted"), "{out}");
    let (w, l, d, n) = score(&out);
    assert_eq!((w, d), (0, 0));
    assert!(l == n && n < 100, "{out}");
}

#[test]
fn adjudication_by_resignation_and_move_limit() {
    // X has two pieces against four: whoever plays X sees a lost position.
    let (_dir, book, pgn) = book_and_pgn("adjudication", "xx_____oooo x\n");
    let out = run_match(&format!(
        "--engine cmd={LUDUS} name=a --engine cmd={LUDUS} name=b --depth 3 --games 2 --repeat \
         --openings {} --resign movecount=1 score=100 --pgnout {}",
        book.display(),
        pgn.display()
    ));
    assert!(
        out.contains(
            "Finished game 1 (a vs b): 0-1 {a resigns (score at or below -100 for 1 move)}"
        ),
        "{out}"
    );
    assert!(
        out.contains("Finished game 2 (b vs a): 0-1 {b resigns"),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(
        text.matches("[Termination \"adjudication\"]").count(),
        2,
        "{text}"
    );

    let out = run_match(&format!(
        "--engine cmd={LUDUS} --engine cmd={LUDUS} --depth 1 --maxmoves 2"
    ));
    assert!(
        out.contains(
            "Finished game 1 (ludus vs ludus-2): 1/2-1/2 {draw by adjudication after 2 moves each}"
        ),
        "{out}"
    );
}
