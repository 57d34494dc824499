//! What the release archive ships beside the binary, made by the binary:
//! `ludus --version` naming the commit, `ludus completions` and `ludus
//! manpages` (every subcommand's page, `ludus match`'s with the match
//! runner's own options).

use std::process::Command;

use crate::common::scratch::Scratch;
use crate::common::{stderr_of, succeed};

/// The subcommands `ludus --help` lists (but `help`).
fn subcommands() -> Vec<String> {
    let help = succeed(&["--help"]);
    let listed = help
        .split("Commands:\n")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .expect("a list of commands");
    listed
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn the_version_names_the_commit() {
    let version = succeed(&["--version"]);
    let commit = version
        .trim()
        .strip_prefix(&format!("ludus {} (commit ", env!("CARGO_PKG_VERSION")))
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{version}"));
    assert_eq!(commit, env!("LUDUS_COMMIT"), "what build.rs named");
    // Named by git (no LUDUS_COMMIT from the builder): the commit checked
    // out, as git describes it.
    if env!("LUDUS_COMMIT_FROM") == "git" {
        let described = Command::new("git")
            .args(["describe", "--tags", "--always", "--abbrev=12"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("git runs");
        assert_eq!(commit, String::from_utf8_lossy(&described.stdout).trim());
    }
}

#[test]
fn completions_cover_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = succeed(&["completions", shell]);
        for name in subcommands() {
            assert!(script.contains(&name), "{shell}: no {name}");
        }
        // `ludus match`'s options are the match runner's.
        assert!(script.contains("concurrency"), "{shell}: no match options");
    }
    let output = crate::common::ludus(&["completions", "tcsh"]);
    assert!(!output.status.success());
    assert!(stderr_of(&output).contains("tcsh"));
}

#[test]
fn manpages_are_written_for_every_subcommand() {
    let dir = Scratch::new("manpages");
    let out = dir.join("man1");
    succeed(&["manpages", out.to_str().unwrap()]);
    let page = |name: &str| {
        std::fs::read_to_string(out.join(format!("{name}.1")))
            .unwrap_or_else(|e| panic!("{name}.1: {e}"))
    };
    assert!(page("ludus").contains(".TH ludus 1"), "a roff page");
    for name in subcommands() {
        assert!(page(&format!("ludus-{name}")).contains(".TH"), "{name}");
    }
    assert!(page("ludus-match").contains("concurrency"));
}
