//! `ludus analyse` on fixed PGNs of every game (`tests/analyse/<game>.pgn`,
//! written by `ludus match` at node limits, several with `--concurrency 2`
//! so that the file's order is not the `Round` order):
//!
//! ```text
//! ludus openings alak --count 3 --plies 6 --seed 3 > book.txt
//! ludus match --game alak --engine cmd=ludus name=solved --engine cmd=ludus name=weak \
//!     option.AlakSolution=false depth=1 --depth 3 --games 6 --openings book.txt --repeat \
//!     --maxmoves 40 --concurrency 2 --pgnout alak.pgn
//! ludus match --game G --engine cmd=ludus name=a nodes=300 --engine cmd=ludus name=b \
//!     nodes=1500 --games 3 --concurrency 2 --maxmoves M --seed 7 --pgnout G.pgn
//! ```
//!
//! (`M` 20 for wyke, pylyx10 and wyx, 12 for pylyx, 6 for wyke6), and on
//! `alak-thrown-win.pgn`, written by hand: one of those Alak games up to a
//! position x wins by force, then a move that loses it. Each is analysed as
//! text with `--pgnout` and as JSON, which must say the same.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::scratch::Scratch;
use crate::common::{piped, stderr_of, stdout_of, LUDUS};
use serde_json::Value;

use ludus_arena::pgn_read::{read_pgn, PgnGame};
use ludus_rules::protocol::Outcome;
use ludus_rules::Player;

/// The limit of the searches: a node count, so that every run searches the
/// same (one thread, a fresh process).
const LIMIT: [&str; 2] = ["--nodes", "2000"];

fn run(args: &[&str], input: Option<&str>) -> Output {
    piped(args, input.unwrap_or("").as_bytes())
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/analyse")
        .join(format!("{name}.pgn"))
}

/// The analysis's standard output, checked to have succeeded.
fn analyse(args: &[&str]) -> String {
    let output = run(&[&["analyse"], args].concat(), None);
    assert!(output.status.success(), "{}", stderr_of(&output));
    stdout_of(&output)
}

/// One move as the text prints it.
#[derive(Debug)]
struct TextMove {
    label: String,
    played: String,
    symbol: String,
    /// The played move's score (`+0.35/9`, `#-2/9`) or ending (`won`).
    after: String,
    best: String,
    best_score: String,
    /// `blunder: 0.312 lost`, for a marked move.
    mark: Option<String>,
    pv: Vec<String>,
}

impl TextMove {
    /// `4. 5-4?? #-10/2  best 7-4 #2/2  blunder: 1.000 lost  pv 7-4 10-7`.
    fn parse(line: &str) -> TextMove {
        let parts: Vec<&str> = line.split("  ").collect();
        let mut head = parts[0].split_whitespace();
        let (label, played, after) = (head.next(), head.next(), head.next());
        let played = played.unwrap_or_else(|| panic!("{line}"));
        let bare = played.trim_end_matches(['?', '!']);
        let (best, best_score) = parts[1]
            .strip_prefix("best ")
            .and_then(|b| b.split_once(' '))
            .unwrap_or_else(|| panic!("{line}"));
        let pv = parts.last().and_then(|p| p.strip_prefix("pv ")).unwrap();
        TextMove {
            label: label.unwrap().to_string(),
            played: bare.to_string(),
            symbol: played[bare.len()..].to_string(),
            after: after.unwrap().to_string(),
            best: best.to_string(),
            best_score: best_score.to_string(),
            mark: (parts.len() == 4).then(|| parts[2].to_string()),
            pv: pv.split_whitespace().map(str::to_string).collect(),
        }
    }
}

/// One game of the text: its heading, moves and summary.
struct TextGame {
    heading: String,
    moves: Vec<TextMove>,
    summary: String,
}

fn text_games(text: &str) -> Vec<TextGame> {
    let mut lines = text.lines().peekable();
    let mut games = Vec::new();
    while let Some(heading) = lines.next() {
        let mut moves = Vec::new();
        while lines.peek().is_some_and(|l| l.contains("  best ")) {
            moves.push(TextMove::parse(lines.next().unwrap()));
        }
        let summary = lines.next().expect("a summary").to_string();
        games.push(TextGame {
            heading: heading.to_string(),
            moves,
            summary,
        });
    }
    games
}

/// A JSON score as the text writes it: `+0.35/9`, `#-2/9`.
fn score_words(score: &Value, depth: &Value) -> String {
    let score = match (score["cp"].as_i64(), score["mate"].as_i64()) {
        (Some(cp), _) => format!(
            "{}{:.2}",
            if cp < 0 { '-' } else { '+' },
            cp.abs() as f64 / 100.0
        ),
        (_, Some(mate)) => format!("#{mate}"),
        _ => "?".to_string(),
    };
    format!("{score}/{}", depth.as_u64().unwrap())
}

/// A JSON score as PGN comments write it: `+0.35/9`, `+M3/9`, `-M2/9`.
fn pgn_score(score: &Value, depth: &Value) -> String {
    match score["mate"].as_i64() {
        Some(mate) if mate > 0 => format!("+M{mate}/{depth}"),
        Some(mate) => format!("-M{}/{depth}", -mate),
        None => score_words(score, depth),
    }
}

/// The mark a loss earns by the documented thresholds.
fn mark_for(loss: f64) -> Option<&'static str> {
    match (loss * 1000.0).round() as u32 {
        150.. => Some("blunder"),
        100.. => Some("mistake"),
        50.. => Some("inaccuracy"),
        _ => None,
    }
}

/// What each output said of one input file.
struct Analysed {
    input: Vec<PgnGame>,
    text: Vec<TextGame>,
    json: Vec<Value>,
    pgn: Vec<PgnGame>,
}

/// Analyses `name`'s fixture as text with `--pgnout` and as JSON, checks
/// what must hold of every move, and that the three outputs agree.
fn analysed(name: &str) -> Analysed {
    let path = fixture(name);
    let path = path.to_str().unwrap();
    let dir = Scratch::new("analyse");
    let out = dir.join("annotated.pgn");
    let text = analyse(&[&[path, "--pgnout", out.to_str().unwrap()], &LIMIT[..]].concat());
    let json = analyse(&[&[path, "--json"], &LIMIT[..]].concat());
    let analysed = Analysed {
        input: read_pgn(&std::fs::read_to_string(path).unwrap()).unwrap(),
        text: text_games(&text),
        json: json
            .lines()
            .map(|l| serde_json::from_str(l).expect(l))
            .collect(),
        pgn: read_pgn(&std::fs::read_to_string(&out).unwrap()).unwrap(),
    };
    analysed.check(&text);
    analysed
}

impl Analysed {
    fn check(&self, text: &str) {
        assert_eq!(self.text.len(), self.input.len(), "{text}");
        assert_eq!(self.pgn.len(), self.input.len());
        let mut json = self.json.iter();
        for (index, game) in self.input.iter().enumerate() {
            let shown = &self.text[index];
            self.check_names(game, shown);
            let records: Vec<&Value> = json.by_ref().take(game.moves.len()).collect();
            assert_eq!(records.len(), game.moves.len(), "{text}");
            for ((record, line), read) in records.iter().zip(&shown.moves).zip(&game.moves) {
                assert_eq!(line.played, read.text, "{text}");
                check_move(record, line);
            }
            let summary = json.next().expect("a summary line");
            check_summary(summary, shown, game);
            check_pgn(&self.pgn[index], game, &records, shown);
        }
        assert!(json.next().is_none());
    }

    /// Games are named by their `Round` tag, in the order of the file.
    fn check_names(&self, game: &PgnGame, shown: &TextGame) {
        let round = game.tag("Round").unwrap();
        let heading = format!(
            "Round {round}: {} vs {} ",
            game.tag("White").unwrap(),
            game.tag("Black").unwrap()
        );
        assert!(shown.heading.starts_with(&heading), "{}", shown.heading);
        assert!(shown.summary.starts_with(&format!("Round {round}: ")));
    }
}

/// What must hold of one move, and the text and JSON saying the same.
fn check_move(record: &Value, line: &TextMove) {
    let context = format!("{record}");
    let best = record["best"].as_str().unwrap();
    let pv: Vec<&str> = record["pv"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(
        pv.first(),
        Some(&best),
        "the line starts with the best move: {context}"
    );
    let loss = record["loss"].as_f64().expect("every move is judged");
    let (before, after) = (
        record["expected_before"].as_f64().unwrap(),
        record["expected_after"].as_f64().unwrap(),
    );
    assert!(loss >= 0.0, "{context}");
    assert!((loss - (before - after).max(0.0)).abs() < 1e-9, "{context}");
    let played = record["played"].as_str().unwrap();
    let expected = if played == best { None } else { mark_for(loss) };
    assert_eq!(record["mark"].as_str(), expected, "{context}");
    // The text says the same.
    assert_eq!(
        (line.label.as_str(), line.played.as_str()),
        (record["number"].as_str().unwrap(), played)
    );
    assert_eq!(
        (line.best.as_str(), &line.pv),
        (best, &pv.iter().map(|m| m.to_string()).collect::<Vec<_>>())
    );
    assert_eq!(
        line.best_score,
        score_words(&record["score"], &record["depth"]),
        "{context}"
    );
    let after_words = match record["played_result"].as_str() {
        Some(ending) => ending.to_string(),
        None => score_words(&record["played_score"], &record["played_depth"]),
    };
    assert_eq!(line.after, after_words, "{context}");
    let mark = record["mark"]
        .as_str()
        .map(|mark| format!("{mark}: {loss:.3} lost"));
    assert_eq!(line.mark, mark, "{context}");
    let symbol = match record["mark"].as_str() {
        Some("blunder") => "??",
        Some("mistake") => "?",
        Some(_) => "?!",
        None => "",
    };
    assert_eq!(line.symbol, symbol, "{context}");
}

/// A player's summary as the text writes it.
fn summary_words(player: &Value) -> String {
    let count = |key: &str, one: &str| {
        let n = player[key].as_u64().unwrap();
        format!("{n} {}", if n == 1 { one } else { key })
    };
    let mut words = format!(
        "{}, {}, {}",
        count("inaccuracies", "inaccuracy"),
        count("mistakes", "mistake"),
        count("blunders", "blunder")
    );
    if let Some(loss) = player["average_loss"].as_f64() {
        words.push_str(&format!(", average loss {loss:.3}"));
    }
    words
}

fn check_summary(summary: &Value, shown: &TextGame, game: &PgnGame) {
    assert_eq!(summary["round"].as_str(), game.tag("Round"));
    let players = summary["summary"].as_array().unwrap();
    let text: Vec<String> = players
        .iter()
        .map(|p| format!("{} {}", p["name"].as_str().unwrap(), summary_words(p)))
        .collect();
    let round = game.tag("Round").unwrap();
    assert_eq!(shown.summary, format!("Round {round}: {}", text.join("; ")));
    // The counts are the marks of the player's moves.
    for (player, first) in players.iter().zip([true, false]) {
        for (key, mark) in [
            ("inaccuracies", "?!"),
            ("mistakes", "?"),
            ("blunders", "??"),
        ] {
            let marked = shown
                .moves
                .iter()
                .filter(|m| m.label.ends_with("...") != first && m.symbol == mark)
                .count();
            assert_eq!(
                player[key].as_u64(),
                Some(marked as u64),
                "{}",
                shown.summary
            );
        }
    }
}

/// The annotated game: the moves as read, with the same NAGs, scores and
/// marks, and the summary in tags.
fn check_pgn(annotated: &PgnGame, game: &PgnGame, records: &[&Value], shown: &TextGame) {
    for (name, value) in &game.tags {
        assert_eq!(annotated.tag(name), Some(value.as_str()), "{name}");
    }
    assert_eq!(annotated.result, game.result);
    let summary = shown.summary.split_once(": ").unwrap().1;
    let tags = format!(
        "{} {}; {} {}",
        game.tag("White").unwrap(),
        annotated.tag("WhiteAnalysis").unwrap(),
        game.tag("Black").unwrap(),
        annotated.tag("BlackAnalysis").unwrap()
    );
    assert_eq!(tags, summary);
    for ((mv, record), line) in annotated.moves.iter().zip(records).zip(&shown.moves) {
        assert_eq!(mv.text, record["played"].as_str().unwrap());
        let nag = match record["mark"].as_str() {
            Some("blunder") => vec![4],
            Some("mistake") => vec![2],
            Some(_) => vec![6],
            None => vec![],
        };
        assert_eq!(mv.nags, nag, "{record}");
        let mut comments = mv.comments.iter();
        if record["played_result"].is_null() {
            let score = pgn_score(&record["played_score"], &record["played_depth"]);
            assert_eq!(comments.next(), Some(&score), "{record}");
        }
        if let Some(mark) = &line.mark {
            assert_eq!(comments.next(), Some(mark));
        }
    }
}

#[test]
fn every_game_is_analysed_with_the_three_outputs_in_agreement() {
    let mut out_of_order = 0;
    for name in ["wyke", "wyke6", "pylyx", "pylyx10", "wyx"] {
        let analysed = analysed(name);
        let rounds: Vec<u32> = analysed
            .input
            .iter()
            .map(|g| g.tag("Round").unwrap().parse().unwrap())
            .collect();
        out_of_order += usize::from(rounds.windows(2).any(|w| w[0] > w[1]));
        // Games that reached their move limit end in a searched position.
        let judged = analysed
            .json
            .iter()
            .filter(|r| !r["loss"].is_null())
            .count();
        let plies: usize = analysed.input.iter().map(|g| g.moves.len()).sum();
        assert_eq!(judged, plies, "{name}");
    }
    assert!(out_of_order > 0, "the fixtures test the Round order");
}

#[test]
fn solved_play_is_never_marked_and_thrown_results_are_blunders() {
    let analysed = analysed("alak");
    let mut decisive = 0;
    for (game, shown) in analysed.input.iter().zip(&analysed.text) {
        let solved_first = game.tag("White") == Some("solved");
        // The table's moves keep the exact value: nothing to mark.
        for line in &shown.moves {
            if line.label.ends_with("...") != solved_first {
                assert_eq!(line.mark, None, "{}", shown.heading);
            }
        }
        // A game lost from a position that was not lost holds a blunder of
        // the loser's: Alak's values are exact, so a result is thrown away
        // in one move.
        let loser_first = match game.result {
            Some(Outcome::Win(Player::Second)) => true,
            Some(Outcome::Win(Player::First)) => false,
            _ => continue,
        };
        decisive += 1;
        let loser_moves: Vec<&TextMove> = shown
            .moves
            .iter()
            .filter(|m| m.label.ends_with("...") != loser_first)
            .collect();
        if !loser_moves[0].best_score.starts_with("#-") {
            assert!(
                loser_moves.iter().any(|m| m.symbol == "??"),
                "{}",
                shown.heading
            );
        }
    }
    assert!(decisive > 0, "no decisive game to check");
}

#[test]
fn a_won_position_thrown_away_is_a_blunder() {
    let analysed = analysed("alak-thrown-win");
    let last = analysed.json.iter().rev().nth(1).unwrap();
    assert_eq!(last["played"], "5-4");
    assert_eq!(
        last["score"]["mate"].as_i64().map(i64::is_positive),
        Some(true)
    );
    assert_eq!(last["expected_before"], 1.0);
    assert_eq!(last["mark"], "blunder");
    let text = &analysed.text[0];
    assert!(text.moves.last().unwrap().symbol == "??");
    assert!(text
        .summary
        .starts_with("Round 1: x 0 inaccuracies, 0 mistakes, 1 blunder"));
}

#[test]
fn an_annotated_game_analysed_again_gives_the_same_analysis() {
    let dir = Scratch::new("analyse-again");
    let out = dir.join("annotated.pgn");
    let (input, out) = (fixture("wyke"), out.to_str().unwrap());
    let first = analyse(&[&[input.to_str().unwrap(), "--pgnout", out], &LIMIT[..]].concat());
    let again = analyse(&[&[out], &LIMIT[..]].concat());
    assert_eq!(again, first);
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
    let text = String::from_utf8_lossy(&output.stdout);
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
