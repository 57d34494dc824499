//! The command-line tools, run as the real binary: output, exit codes, and
//! errors for bad arguments.

use std::io::Read;
use std::process::Stdio;

use crate::common::scratch::Scratch;
use crate::common::{command, ludus, spawn, stderr_of, stdout_of};

/// The number after `label` on the line that starts with it.
fn figure(text: &str, label: &str) -> u64 {
    text.lines()
        .find_map(|line| line.strip_prefix(label))
        .and_then(|rest| rest.trim_start_matches([' ', ':']).trim().parse().ok())
        .unwrap_or_else(|| panic!("no '{label}' figure in:\n{text}"))
}

#[test]
fn perft_prints_the_split_and_the_total() {
    let output = ludus(&["perft", "alak", "3"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let text = stdout_of(&output);
    let split: Vec<u64> = text
        .lines()
        .filter_map(|line| line.split_once(": "))
        .filter(|(mv, _)| mv.contains('-'))
        .map(|(_, count)| count.parse().expect("a count"))
        .collect();
    assert_eq!(split.len(), 4, "one line per first move:\n{text}");
    assert_eq!(split.iter().sum::<u64>(), 104);
    assert_eq!(figure(&text, "Nodes searched"), 104);
    assert!(text.contains("Leaves/s:"), "{text}");
}

#[test]
fn perft_from_a_given_position() {
    let output = ludus(&["perft", "alak", "1", "--fen", "xx_x___oooo o"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert_eq!(figure(&stdout_of(&output), "Nodes searched"), 4);
}

#[test]
fn bad_arguments_exit_non_zero_with_a_message() {
    let cases: &[&[&str]] = &[
        &["perft", "chess", "3"],
        &["perft", "alak", "three"],
        &["perft", "alak", "2", "--fen", "xx x"],
        &["bench", "--threads", "0"],
        &["bench", "--game", "go"],
        &["solve", "everything"],
        &["openings", "alak", "--count", "0"],
        &["--game", "nonsense"],
        &["frobnicate"],
        &[
            "datagen", "--game", "alak", "--games", "2", "--out", "x.txt",
        ],
        &[
            "datagen", "--game", "alak", "--games", "2", "--nodes", "9", "--depth", "2", "--out",
            "x.txt",
        ],
        &[
            "datagen", "--game", "alak", "--games", "0", "--depth", "2", "--out", "x.txt",
        ],
        &[
            "datagen", "--game", "alak", "--games", "2", "--depth", "2", "--out", "x.txt",
            "--shard", "3/2",
        ],
        &["datagen-merge", "--out", "x.txt"],
        &["datagen-merge", "--out", "x.txt", "no/such/file.txt"],
        &["tune", "--game", "alak"],
        &["tune", "--game", "alak", "no/such/file.txt"],
        &["tune", "--game", "alak", "--lambda", "2", "Cargo.toml"],
    ];
    for args in cases {
        let output = ludus(args);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(output.stdout.is_empty(), "{args:?} wrote to stdout");
        let message = stderr_of(&output);
        assert!(!message.trim().is_empty(), "{args:?}: no message");
        assert!(!message.contains("panicked"), "{args:?}: {message}");
    }
}

#[test]
fn bench_depths_outside_the_search_range_are_refused() {
    // The search clamps its depth to 1..=127; bench must not claim another.
    for depth in ["0", "128"] {
        let output = ludus(&["bench", "--game", "alak", "--depth", depth]);
        assert!(!output.status.success(), "--depth {depth} succeeded");
        assert!(output.stdout.is_empty());
        let message = stderr_of(&output);
        assert!(
            message.contains(&format!("{depth} is not in 1..=127")),
            "{message}"
        );
    }
    let output = ludus(&["bench", "--game", "alak", "--depth", "1"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert!(stdout_of(&output).contains("depth  1 "));
}

#[test]
fn search_feature_switches_are_checked_and_change_the_search() {
    let bench = |variables: &[(&str, &str)]| {
        let mut command = command();
        command.args(["bench", "--game", "wyke", "--depth", "5"]);
        command.envs(variables.iter().copied());
        command.output().expect("the ludus binary runs")
    };
    for bad in [
        [("LUDUS_SEARCH_ON", "lmr")].as_slice(),
        &[("LUDUS_SEARCH_OFF", "killers,lmr")],
        &[
            ("LUDUS_SEARCH_ON", "history"),
            ("LUDUS_SEARCH_OFF", "history"),
        ],
    ] {
        let output = bench(bad);
        assert!(!output.status.success(), "{bad:?} succeeded");
        assert!(output.stdout.is_empty(), "{bad:?} wrote to stdout");
        assert!(stderr_of(&output).contains("LUDUS_SEARCH"), "{bad:?}");
    }
    let nodes = |variables: &[(&str, &str)]| {
        let output = bench(variables);
        assert!(output.status.success(), "{}", stderr_of(&output));
        figure(&stdout_of(&output), "Nodes searched")
    };
    // Wyke searches without history: switching it off changes nothing,
    // switching it on changes the trees.
    let own = nodes(&[]);
    assert_eq!(nodes(&[("LUDUS_SEARCH_OFF", "history")]), own);
    assert_ne!(nodes(&[("LUDUS_SEARCH_ON", "history")]), own);
}

#[test]
fn one_thread_bench_is_deterministic() {
    let run = || {
        let output = ludus(&["bench", "--game", "alak", "--depth", "12"]);
        assert!(output.status.success(), "{}", stderr_of(&output));
        figure(&stdout_of(&output), "Nodes searched")
    };
    let first = run();
    assert!(first > 0);
    assert_eq!(run(), first, "the bench signature changed between runs");
}

#[test]
fn a_reader_that_goes_away_is_not_a_crash() {
    // `ludus perft ... | head -1`: the pipe closes after the first bytes.
    for args in [
        ["perft", "alak", "6"].as_slice(),
        &["bench", "--game", "alak", "--depth", "10"],
        &["openings", "alak", "--count", "40"],
    ] {
        let mut child = spawn(args, Stdio::null(), Stdio::piped());
        drop(child.stdout.take());
        let mut errors = String::new();
        if let Some(mut stderr) = child.stderr.take() {
            let _ = stderr.read_to_string(&mut errors);
        }
        let status = child.wait().expect("ludus exits");
        assert!(status.success(), "{args:?}: {status} {errors}");
        assert!(!errors.contains("panicked"), "{args:?}: {errors}");
    }
}

#[test]
fn perft_zero_is_the_position_itself_and_65_is_refused() {
    // As `go perft 0` (tests/protocol/clients.rs): one rule for both.
    let output = ludus(&["perft", "alak", "0"]);
    assert!(output.status.success());
    assert_eq!(figure(&stdout_of(&output), "Nodes searched"), 1);
    let output = ludus(&["perft", "alak", "65"]);
    assert!(!output.status.success());
    assert!(stderr_of(&output).contains("65 is not in 0..=64"));
}

#[test]
fn help_lists_the_games_and_the_solve_targets() {
    let perft = stdout_of(&ludus(&["perft", "--help"]));
    assert!(
        perft.contains("[possible values: alak, wyke, wyke6, pylyx, pylyx10, wyx]"),
        "{perft}"
    );
    let solve = stdout_of(&ludus(&["solve", "--help"]));
    assert!(solve.contains("alak, wyke-endgames"), "{solve}");
    // Names are still taken in any letter case.
    assert!(ludus(&["perft", "ALAK", "1"]).status.success());
}

#[test]
fn openings_prints_what_it_found_when_the_game_has_fewer() {
    let args = ["openings", "alak", "--count", "1000"];
    let mut child = spawn(args, Stdio::null(), Stdio::piped());
    let mut text = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    let mut warning = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut warning)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(2), "{warning}");
    let lines: Vec<&str> = text.lines().collect();
    let mut distinct = lines.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert!(lines.len() > 100 && lines.len() < 1000, "{}", lines.len());
    assert_eq!(distinct.len(), lines.len());
    assert!(
        warning.contains(&format!("warning: found only {} distinct", lines.len())),
        "{warning}"
    );
}

#[test]
fn datagen_then_tune_from_the_command_line() {
    let dir = Scratch::new("cli-datagen");
    let out = dir.join("data.txt");
    let out_text = out.to_str().expect("a UTF-8 temporary path");
    let args = [
        "datagen",
        "--game",
        "wyx",
        "--games",
        "6",
        "--nodes",
        "400",
        "--concurrency",
        "2",
        "--out",
        out_text,
    ];
    let output = ludus(&args);
    assert!(output.status.success(), "{}", stderr_of(&output));
    assert!(
        stderr_of(&output).contains("6 games"),
        "{}",
        stderr_of(&output)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("# ludus datagen wyx\n"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("r ")).count(), 6);
    // Asked again, the file is already complete.
    let output = ludus(&args);
    assert!(
        stderr_of(&output).contains("0 games"),
        "{}",
        stderr_of(&output)
    );
    // The same run in two shards, merged, is the same file.
    let shards: Vec<String> = (1..=2)
        .map(|k| {
            let path = dir.join(format!("shard{k}.txt"));
            let path = path.to_str().unwrap().to_string();
            let shard = format!("{k}/2");
            let mut shard_args = args.to_vec();
            shard_args.pop();
            shard_args.extend([path.as_str(), "--shard", shard.as_str()]);
            let output = ludus(&shard_args);
            assert!(
                stderr_of(&output).contains("3 games"),
                "{}",
                stderr_of(&output)
            );
            path
        })
        .collect();
    let merged = dir.join("merged.txt");
    let merged_text = merged.to_str().unwrap();
    let output = ludus(&[
        "datagen-merge",
        "--out",
        merged_text,
        &shards[0],
        &shards[1],
    ]);
    assert!(
        stderr_of(&output).contains("6 games"),
        "{}",
        stderr_of(&output)
    );
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), text);
    let output = ludus(&["tune", "--game", "wyx", out_text, "--epochs", "50"]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let report = stdout_of(&output);
    assert!(report.contains("error before:"), "{report}");
    assert!(report.contains("// token in hand (was "), "{report}");
    let output = ludus(&["tune", "--game", "alak", out_text]);
    assert!(!output.status.success());
    assert!(
        stderr_of(&output).contains("holds wyx data"),
        "{}",
        stderr_of(&output)
    );
    let _ = std::fs::remove_file(out);
}
