//! `ludus spsa` and `ludus spsa-merge` through the real binary, tuning a
//! tuning build of ludus (tests/common/tune.rs) in Wyx at 500 nodes a
//! move, where the games are deterministic: a run, continued from a state
//! cut short, a sharded run equal to the local one, and the errors that
//! leave a state as it was.

use crate::common::scratch::Scratch;
use crate::common::tune::tune_build;
use crate::common::{assert_contains_all, ludus, stderr_of, stdout_of, succeed, LUDUS};
use std::path::{Path, PathBuf};

/// Two parameters that matter at 500 nodes, with a learning rate for a
/// short run.
const PARAMS: &str = "# a comment\nRFP_MARGIN, int, 120, 20, 400, 19, 0.05\n\
                      LMR_BASE, int, 50, 0, 200, 10, 0.05\n";

/// A directory with the parameter file `p.txt`.
fn setup(name: &str) -> Scratch {
    let dir = Scratch::new(&format!("spsa-{name}"));
    std::fs::write(dir.join("p.txt"), PARAMS).unwrap();
    dir
}

/// The options of a run of 12 iterations in rounds of 4 in `dir` with the
/// engine `engine`, then `extra`.
fn run_args(dir: &Path, engine: &Path, extra: &str) -> Vec<String> {
    let mut args: Vec<String> = [
        "spsa",
        "--game",
        "wyx",
        "--engine",
        &format!("cmd={}", engine.display()),
        "--nodes",
        "500",
        "--params",
        &dir.join("p.txt").display().to_string(),
        "--iterations",
        "12",
        "--round-size",
        "4",
        "--seed",
        "3",
    ]
    .map(str::to_string)
    .to_vec();
    args.extend(extra.split_whitespace().map(str::to_string));
    args
}

/// The `step` lines of a state: θ per iteration.
fn steps(state: &Path) -> Vec<String> {
    std::fs::read_to_string(state)
        .unwrap()
        .lines()
        .filter(|line| line.starts_with(r#"{"record":"step""#))
        .map(str::to_string)
        .collect()
}

/// A local run of `dir`'s parameters into `dir/name`; returns its state's
/// path and output.
fn local_run(dir: &Path, name: &str) -> (PathBuf, String) {
    let state = dir.join(name);
    let out = succeed(&run_args(
        dir,
        tune_build(),
        &format!("--concurrency 2 --state {}", state.display()),
    ));
    (state, out)
}

#[test]
fn a_tuning_builds_parameters_make_a_starting_file() {
    let tune = tune_build().display().to_string();
    let output = ludus(&["spsa", "params", "--engine", &tune]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let file = stdout_of(&output);
    assert!(file.starts_with("# The search parameters"), "{file}");
    assert!(
        file.contains("\nRFP_MARGIN, int, 120, 20, 400, 19, 0.002\n"),
        "{file}"
    );
    assert!(
        file.contains("\nLMR_PV_LESS, int, 1, 0, 3, 0.5, 0.002\n"),
        "{file}"
    );
    assert!(
        !file.contains("Hash") && !file.contains("UCI_Elo"),
        "{file}"
    );
    // The ordinary build announces none.
    let output = ludus(&["spsa", "params", "--engine", LUDUS]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr_of(&output).contains("announces no search parameters"),
        "{}",
        stderr_of(&output)
    );
}

#[test]
fn a_run_moves_theta_and_continues_a_state_cut_short_exactly() {
    let dir = setup("local");
    let (state, out) = local_run(&dir, "s.jsonl");
    assert_contains_all(
        &out,
        &[
            "Round 1/3 (iterations 1-4): θ+ ",
            "Round 3/3 (iterations 9-12): θ+ ",
            "SPSA after 12 of 12 iterations (A 1.2, alpha 0.602, gamma 0.101):",
            "Tuned values, as a parameter file:",
        ],
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("RFP_MARGIN ") && l.contains(" 120.00 ")),
        "{out}"
    );
    let whole = steps(&state);
    assert_eq!(whole.len(), 12);
    let text = std::fs::read_to_string(&state).unwrap();
    let results: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with(r#"{"record":"pair""#))
        .collect();
    assert_eq!(results.len(), 12);
    assert!(
        results.iter().any(|l| !l.contains(r#""result":0,"#)),
        "every pair even: θ never moved"
    );
    assert_ne!(whole[0], whole[11], "θ never moved");

    // Cut short: the settings, round 1 (4 pairs, 4 steps), two pairs of
    // round 2, and half a line; continued, it ends where the whole run did.
    let lines: Vec<&str> = text.lines().collect();
    let round_two_pairs = lines
        .iter()
        .skip(9)
        .filter(|l| l.starts_with(r#"{"record":"pair""#))
        .take(2);
    let mut cut: String = lines[..9].iter().map(|l| format!("{l}\n")).collect();
    assert!(lines[5..9]
        .iter()
        .all(|l| l.starts_with(r#"{"record":"step""#)));
    for line in round_two_pairs {
        cut.push_str(&format!("{line}\n"));
    }
    cut.push_str(r#"{"record":"pair","itera"#);
    let resumed = dir.join("resumed.jsonl");
    std::fs::write(&resumed, &cut).unwrap();
    let out = succeed(&run_args(
        &dir,
        tune_build(),
        &format!("--concurrency 2 --state {}", resumed.display()),
    ));
    assert!(
        out.contains("Resuming")
            && out.contains("4 of 12 iterations done, 2 pairs of round 2 played"),
        "{out}"
    );
    assert_eq!(steps(&resumed), whole);
    // A complete state is left as it is, and its table shown again.
    let before = std::fs::read(&resumed).unwrap();
    let out = succeed(&run_args(
        &dir,
        tune_build(),
        &format!("--state {}", resumed.display()),
    ));
    assert!(out.contains("SPSA after 12 of 12 iterations"), "{out}");
    assert_eq!(std::fs::read(&resumed).unwrap(), before);
}

#[test]
fn shards_merged_round_by_round_equal_the_local_run() {
    let dir = setup("shards");
    let (local, _) = local_run(&dir, "local.jsonl");
    let state = dir.join("sharded.jsonl");
    let shard_files: Vec<String> = (1..=3)
        .map(|k| dir.join(format!("shard-{k}.json")).display().to_string())
        .collect();
    let merge = |files: &[String]| {
        let mut args = vec!["spsa-merge", "--state"];
        let state = state.display().to_string();
        args.push(&state);
        args.extend(files.iter().map(String::as_str));
        let output = ludus(&args);
        (output.status.code(), stdout_of(&output))
    };
    for round in 1..=3 {
        // Shard 2 is last in round 2, and the merge waits for it.
        let order = if round == 2 { [0, 2, 1] } else { [0, 1, 2] };
        for k in order {
            let file = &shard_files[k];
            if round == 2 && k == 1 {
                let (status, out) = merge(&shard_files);
                assert_eq!(status, Some(4), "{out}");
                assert!(
                    out.contains("Round 2/3 is not complete: 1 of 4 pairs missing (iterations 6)"),
                    "{out}"
                );
            }
            let extra = format!(
                "--state {} --shard {}/3 --results {file}",
                state.display(),
                k + 1
            );
            let out = succeed(&run_args(&dir, tune_build(), &extra));
            assert!(
                out.contains(&format!("Finished shard {}/3 of round {round}/3", k + 1)),
                "{out}"
            );
        }
        let (status, out) = merge(&shard_files);
        assert!(out.contains(&format!("Round {round}/3 ")), "{out}");
        assert_eq!(status, Some(if round < 3 { 0 } else { 3 }), "{out}");
    }
    assert_eq!(steps(&state), steps(&local));
    // Merged again: nothing to do, the run is complete.
    let (status, out) = merge(&shard_files);
    assert_eq!(status, Some(3));
    assert!(out.contains("is complete"), "{out}");
}

#[test]
fn bad_input_is_refused_and_leaves_the_state_as_it_was() {
    let dir = setup("errors");
    let (state, _) = local_run(&dir, "s.jsonl");
    let before = std::fs::read(&state).unwrap();
    let fresh = dir.join("fresh.jsonl");
    let bad_params = [
        (
            "RFP_MARGIN, int, 120, 400, 20, 19, 0.05",
            "min 400 is above max 20",
        ),
        (
            "RFP_MARGIN, int, 500, 20, 400, 19, 0.05",
            "start 500 is outside 20..=400",
        ),
        ("RFP_MARGIN, int, 120, 20, 400", "line 1: expected 7 fields"),
        (
            "NOT_A_PARAMETER, int, 1, 0, 5, 1, 0.05",
            "does not announce a spin option NOT_A_PARAMETER",
        ),
    ];
    for (line, expected) in bad_params {
        std::fs::write(dir.join("p.txt"), format!("{line}\n")).unwrap();
        for target in [&state, &fresh] {
            let output = ludus(&run_args(
                &dir,
                tune_build(),
                &format!("--state {}", target.display()),
            ));
            assert_eq!(output.status.code(), Some(1), "{line}");
            let error = stderr_of(&output);
            // A good line of another parameter is another run where a
            // state exists; a bad line is refused for what is wrong.
            let expected = match (target == &state, line.starts_with("NOT_A")) {
                (true, true) => "holds another run (params: [",
                _ => expected,
            };
            assert!(error.contains(expected), "{line}: {error}");
        }
    }
    std::fs::write(dir.join("p.txt"), PARAMS).unwrap();
    // The ordinary build announces no parameter.
    let output = ludus(&run_args(
        &dir,
        Path::new(LUDUS),
        &format!("--state {}", fresh.display()),
    ));
    assert!(
        stderr_of(&output).contains("does not announce a spin option RFP_MARGIN"),
        "{}",
        stderr_of(&output)
    );
    // Another run's options on this state.
    let mut other = run_args(&dir, tune_build(), &format!("--state {}", state.display()));
    other[6] = "600".to_string();
    let output = ludus(&other);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr_of(&output).contains("holds another run (engines[0].limit.nodes: 500 vs 600)"),
        "{}",
        stderr_of(&output)
    );
    let output = ludus(&run_args(
        &dir,
        tune_build(),
        &format!("--state {} --iterations 20", state.display()),
    ));
    assert!(
        stderr_of(&output).contains("iterations: 12 vs 20"),
        "{}",
        stderr_of(&output)
    );
    assert_eq!(std::fs::read(&state).unwrap(), before);
    assert!(!fresh.exists(), "a refused run made a state");
}

/// Runs `args`; it must fail with status 1 and say `expected` on standard
/// error.
fn refused(args: &[&str], expected: &str) {
    let output = ludus(args);
    let error = stderr_of(&output);
    assert_eq!(output.status.code(), Some(1), "{args:?}: {error}");
    assert!(error.contains(expected), "{args:?}: {error}");
}

#[test]
fn a_damaged_state_or_shard_file_is_refused_as_it_is() {
    let dir = setup("damaged");
    let (state, _) = local_run(&dir, "s.jsonl");
    let text = std::fs::read_to_string(&state).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let with = |replace: usize, by: Option<&str>| -> String {
        let mut kept: Vec<&str> = lines.clone();
        match by {
            Some(line) => kept[replace] = line,
            None => {
                kept.remove(replace);
            }
        }
        kept.iter().map(|l| format!("{l}\n")).collect()
    };
    let damaged = dir.join("damaged.jsonl");
    let show = damaged.display().to_string();
    // Line 1 is the settings, 2-5 round 1's pairs, 6-9 its steps.
    let cases = [
        (
            with(2, Some("{not json")),
            format!("{show} line 3: key must be a string"),
        ),
        (
            with(6, None),
            format!("state {show} line 7: step 3 after 1 steps"),
        ),
        (
            with(0, None),
            format!("{show} line 1: the first line is not the settings"),
        ),
        (
            with(3, Some(lines[1])),
            format!("state {show} line 4: a pair played twice"),
        ),
        (
            "Hello\n".to_string(),
            format!("{show} line 1: expected value"),
        ),
    ];
    let state_arg = format!("--state {show}");
    let shard_file = dir.join("shard.json").display().to_string();
    std::fs::write(&shard_file, "").unwrap();
    for (text, expected) in cases {
        std::fs::write(&damaged, &text).unwrap();
        let args = run_args(&dir, tune_build(), &state_arg);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(&args, &expected);
        refused(&["spsa-merge", "--state", &show, &shard_file], &expected);
        assert_eq!(std::fs::read_to_string(&damaged).unwrap(), text);
    }
    // A shard's results file that is not one, for a state after round 1;
    // a state that is not there.
    let round_one: String = lines[..9].iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&damaged, &round_one).unwrap();
    std::fs::write(&shard_file, "{\"record\":\"game\"}\n").unwrap();
    refused(&["spsa-merge", "--state", &show, &shard_file], &shard_file);
    assert_eq!(std::fs::read_to_string(&damaged).unwrap(), round_one);
    let missing = dir.join("none.jsonl").display().to_string();
    refused(&["spsa-merge", "--state", &missing, &shard_file], &missing);
}
