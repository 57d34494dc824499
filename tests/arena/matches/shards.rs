//! Matches past one machine: `--shard K/N` slices merged by `ludus
//! match-merge` equal one whole run, a mismatched shard is refused, and a
//! killed shard resumes without playing a game twice.

use std::path::Path;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use super::{fake, pgn_tag, scratch, succeed_with, words};
use crate::common::{self, ludus, stdout_of, LUDUS};

/// Runs `ludus` with `args`.
fn output_of(args: &[String]) -> Output {
    ludus(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Runs `ludus` with `args`; it must succeed. Returns standard output.
fn succeed(args: &[String]) -> String {
    crate::common::succeed(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

/// The score report's lines (the last of each kind), as the whole match
/// and the merge print them.
fn report(out: &str) -> Vec<&str> {
    let prefixes = ["Score of ", "...      ", "Elo difference", "SPRT", "Ptnml"];
    let mut lines: Vec<&str> = out
        .lines()
        .filter(|l| prefixes.iter().any(|p| l.starts_with(p)))
        .collect();
    // Every report has the same lines; keep the last one.
    let per_report = lines.len() / out.matches("Score of ").count().max(1);
    lines.split_off(lines.len() - per_report)
}

/// The games of PGN files, each without its Date tag and move comments
/// (the thinking times differ from run to run), sorted by round.
fn pgn_games(files: &[&Path]) -> Vec<String> {
    let mut games: Vec<String> = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).unwrap();
        for game in text.split("[Event ").skip(1) {
            let mut kept = String::new();
            let mut depth = 0;
            for c in game.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ if depth == 0 => kept.push(c),
                    _ => {}
                }
            }
            let kept: Vec<&str> = kept
                .lines()
                .filter(|l| !l.starts_with("[Date "))
                .flat_map(str::split_whitespace)
                .collect();
            games.push(kept.join(" "));
        }
    }
    games.sort_by_key(|g| {
        pgn_tag(&g.replace("] [", "]\n["), "Round")
            .parse::<u32>()
            .unwrap()
    });
    games
}

/// A Wyx match of fixed depths: deterministic, fast, with random starts
/// drawn from the seed, and decisive games of every kind of pair.
fn wyx_match(extra: &str) -> Vec<String> {
    words(&format!(
        "match --game wyx --engine cmd={LUDUS} name=a depth=2 --engine cmd={LUDUS} name=b depth=1 \
         --games 24 --repeat --maxmoves 40 --seed 5 --sprt elo0=0 elo1=10 {extra}"
    ))
}

#[test]
fn shards_merged_equal_one_whole_run() {
    let dir = scratch("shards");
    let file = |name: &str| dir.join(name);
    for name in ["whole.pgn", "1.pgn", "2.pgn", "3.pgn", "4.pgn"] {
        let _ = std::fs::remove_file(file(name));
    }
    let whole = succeed(&wyx_match(&format!(
        "--results {} --pgnout {}",
        file("whole.json").display(),
        file("whole.pgn").display()
    )));
    let mut shard_files = Vec::new();
    for k in 1..=4 {
        let results = file(&format!("{k}.json"));
        let _ = std::fs::remove_file(&results);
        let out = succeed(&wyx_match(&format!(
            "--shard {k}/4 --concurrency 2 --results {} --pgnout {}",
            results.display(),
            file(&format!("{k}.pgn")).display()
        )));
        // Shard k of 4 plays pairs k-1, k+3, k+7: games 2k-1, 2k, 2k+7, ...
        for game in [
            2 * k - 1,
            2 * k,
            2 * k + 7,
            2 * k + 8,
            2 * k + 15,
            2 * k + 16,
        ] {
            assert!(
                out.contains(&format!("Finished game {game} (")),
                "{k}: {out}"
            );
        }
        assert_eq!(out.matches("Finished game ").count(), 6, "{out}");
        assert!(
            out.contains(&format!("Finished shard {k}/4: 6 games")),
            "{out}"
        );
        shard_files.push(results.display().to_string());
    }
    let mut args = vec!["match-merge".to_string()];
    args.extend(shard_files);
    let merged = succeed(&args);
    assert_eq!(report(&merged), report(&whole), "{merged}\n---\n{whole}");
    assert!(report(&whole)[0].ends_with(" 24"), "{whole}");
    assert!(
        report(&whole).iter().any(|l| l.starts_with("Ptnml")),
        "{whole}"
    );
    assert!(
        merged.contains("Shards: 4 of 4 complete, 0 incomplete, 0 missing"),
        "{merged}"
    );
    // The whole run's own results file merges to the same report.
    let alone = succeed_with(&format!("match-merge {}", file("whole.json").display()));
    assert_eq!(report(&alone), report(&whole));

    let shard_pgns: Vec<_> = (1..=4).map(|k| file(&format!("{k}.pgn"))).collect();
    let shard_pgns: Vec<&Path> = shard_pgns.iter().map(|p| p.as_path()).collect();
    let games = pgn_games(&shard_pgns);
    assert_eq!(games.len(), 24);
    assert_eq!(games, pgn_games(&[&file("whole.pgn")]));
}

#[test]
fn a_mismatched_shard_is_refused() {
    let dir = scratch("mismatch");
    let run = |name: &str, extra: &str| {
        let path = dir.join(name);
        let _ = std::fs::remove_file(&path);
        succeed_with(&format!(
            "match --game wyx --engine cmd={LUDUS} name=a --engine cmd={LUDUS} name=b \
             --games 4 --seed 2 --results {} {extra}",
            path.display()
        ));
        path.display().to_string()
    };
    let first = run("first.json", "--depth 1 --shard 1/2");
    let other = run("other.json", "--depth 2 --shard 2/2");
    let again = run("again.json", "--depth 1 --shard 1/2");
    let refused = |files: &[&str], expected: &str| {
        let mut args = vec!["match-merge"];
        args.extend_from_slice(files);
        let out = ludus(&args);
        assert_eq!(out.status.code(), Some(1), "{files:?}");
        let error = String::from_utf8_lossy(&out.stderr);
        assert!(error.contains(expected), "{files:?}: {error}");
    };
    refused(
        &[&first, &other],
        "are not shards of one match: they differ in engines[0].limit.depth: 1 vs 2",
    );
    refused(&[&first, &again], "are both shard 1/2");
    // Resuming with other settings is refused too, and a shard needs a seed.
    let out = output_of(&words(&format!(
        "match --game wyx --engine cmd={LUDUS} --engine cmd={LUDUS} --games 4 --seed 2 \
         --depth 2 --shard 1/2 --results {first} --resume"
    )));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds another match"));
    let out = ludus(&[
        "match", "--game", "wyx", "--engine", "cmd=x", "--engine", "cmd=y", "--depth", "1",
        "--shard", "1/2",
    ]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--shard 1/2 needs --seed"));
}

#[test]
fn a_result_that_is_no_result_is_refused() {
    let dir = scratch("bad-result");
    let path = dir.join("shard.json");
    let _ = std::fs::remove_file(&path);
    succeed_with(&format!(
        "match --game alak --engine cmd={LUDUS} name=a --engine cmd={LUDUS} name=b \
         --depth 1 --games 2 --seed 3 --results {}",
        path.display()
    ));
    let text = std::fs::read_to_string(&path).unwrap();
    // The first game's result becomes `*`, as an unfinished game's would.
    let (before, after) = text.split_once(r#""result":""#).expect("a game line");
    let line = before.lines().count();
    let token_end = after.find('"').unwrap();
    std::fs::write(
        &path,
        format!(r#"{before}"result":"*{}"#, &after[token_end..]),
    )
    .unwrap();
    let out = ludus(&["match-merge", &path.display().to_string()]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout_of(&out));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(
        error.contains(&format!(
            "line {line}: '*' is not a result (1-0, 0-1 or 1/2-1/2)"
        )),
        "{error}"
    );
}

#[test]
fn the_merge_exit_status_tells_a_crossed_bound() {
    // An engine that plays only illegal moves: the merged shards accept H0.
    let dir = scratch("merge-sprt");
    let mut files = Vec::new();
    for k in 1..=2 {
        let path = dir.join(format!("{k}.json"));
        let _ = std::fs::remove_file(&path);
        succeed_with(&format!(
            "match --game alak --engine cmd={} name=fake --engine cmd={LUDUS} name=ludus \
             --depth 1 --games 16 --repeat --seed 1 --shard {k}/2 --results {} \
             --sprt elo0=0 elo1=100 --ratinginterval 0",
            fake("illegal"),
            path.display()
        ));
        files.push(path.display().to_string());
    }
    let mut args = vec!["match-merge"];
    args.extend(files.iter().map(String::as_str));
    let out = ludus(&args);
    assert_eq!(out.status.code(), Some(3), "{}", stdout_of(&out));
    assert!(
        stdout_of(&out).contains(" - H0 was accepted"),
        "{}",
        stdout_of(&out)
    );
    assert!(
        stdout_of(&out).contains("Failures: fake 16 illegal moves"),
        "{}",
        stdout_of(&out)
    );
    // One shard alone has not crossed it.
    let out = ludus(&["match-merge", &files[0]]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout_of(&out));
    assert!(
        stdout_of(&out).contains("Missing shards: 2/2"),
        "{}",
        stdout_of(&out)
    );
}

/// The game numbers of the `game` lines of a results file.
fn recorded_games(path: &Path) -> Vec<u32> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| l.starts_with("{\"record\":\"game\""))
        .map(|l| {
            let at = l.find("\"game\":").unwrap() + 7;
            l[at..].split(',').next().unwrap().parse().unwrap()
        })
        .collect()
}

/// The numbers of the `Finished game N` lines of an output.
fn finished_games(out: &str) -> Vec<u32> {
    out.lines()
        .filter_map(|l| l.strip_prefix("Finished game "))
        .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn a_killed_shard_resumes_without_playing_a_game_twice() {
    // The silent engine never answers `go`: every game lasts its 0.3 s move
    // timeout, so the shard is killed with games left to play.
    let dir = scratch("resume");
    let results = dir.join("shard.json");
    let _ = std::fs::remove_file(&results);
    let command = format!(
        "match --game alak --engine cmd={} name=fake --engine cmd={LUDUS} name=ludus \
         --depth 1 --movetimeout 0.3 --games 12 --repeat --seed 1 --shard 2/2 --results {} --resume",
        fake("silent"),
        results.display()
    );
    let mut child = common::spawn(words(&command), Stdio::null(), Stdio::null());
    let deadline = Instant::now() + Duration::from_secs(60);
    while recorded_games(&results).len() < 2 {
        assert!(Instant::now() < deadline, "no game recorded in 60 s");
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    let first = child.wait_with_output().unwrap();
    let first = stdout_of(&first);
    let kept = recorded_games(&results);
    // Every game the first run announced is recorded (the record comes
    // first), and it did not get through the shard.
    assert!(
        finished_games(&first).iter().all(|g| kept.contains(g)),
        "{first}"
    );
    assert!(kept.len() < 6, "{kept:?}");

    let second = succeed(&words(&command));
    assert!(
        second.contains(&format!(
            "{} games played, {} to go",
            kept.len(),
            6 - kept.len()
        )),
        "{second}"
    );
    let replayed = finished_games(&second);
    assert!(
        replayed.iter().all(|g| !kept.contains(g)),
        "{kept:?} then {second}"
    );
    let mut all = recorded_games(&results);
    all.sort_unstable();
    assert_eq!(all, vec![3, 4, 7, 8, 11, 12], "{second}");
    assert!(
        second.contains("Score of fake vs ludus: 0 - 6 - 0"),
        "{second}"
    );
    let text = std::fs::read_to_string(&results).unwrap();
    assert!(
        text.lines()
            .last()
            .unwrap()
            .starts_with("{\"record\":\"end\",\"status\":\"complete\""),
        "{text}"
    );

    // A complete shard has nothing left to play.
    let third = succeed(&words(&command));
    assert!(finished_games(&third).is_empty(), "{third}");
    assert!(
        third.contains("Score of fake vs ludus: 0 - 6 - 0"),
        "{third}"
    );
    let text = std::fs::read_to_string(&results).unwrap();
    assert_eq!(text.matches("{\"record\":\"end\"").count(), 1, "{text}");
    // And without --resume an existing file is not overwritten.
    let out = output_of(&words(&command.replace(" --resume", "")));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--resume continues them"));
}
