//! Names the commit `ludus --version` reports: `LUDUS_COMMIT` when the
//! builder sets it (a source archive has no git), else what `git describe`
//! says of the checkout (the nearest tag and the commit, or the commit
//! alone), else "unknown". Rebuilt when HEAD moves, not on every edit.

use std::process::Command;

/// The trimmed output of `git ARGS`, if git runs and succeeds.
fn git(args: &[&str]) -> Option<String> {
    let output = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let text = text.trim();
    (output.status.success() && !text.is_empty()).then(|| text.to_string())
}

/// Asks cargo to run this again when the file git keeps at `path` (under
/// its own directory, wherever a worktree puts it) changes.
fn watch(path: &str) {
    if let Some(file) = git(&["rev-parse", "--git-path", path]) {
        println!("cargo:rerun-if-changed={file}");
    }
}

fn main() {
    println!("cargo:rerun-if-env-changed=LUDUS_COMMIT");
    let (commit, from) = match std::env::var("LUDUS_COMMIT") {
        Ok(commit) if !commit.trim().is_empty() => (Some(commit), "builder"),
        _ => {
            watch("HEAD");
            watch("packed-refs");
            if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
                watch(&branch);
            }
            (
                git(&["describe", "--tags", "--always", "--abbrev=12"]),
                "git",
            )
        }
    };
    let from = if commit.is_some() { from } else { "nowhere" };
    println!(
        "cargo:rustc-env=LUDUS_COMMIT={}",
        commit.unwrap_or_else(|| "unknown".to_string())
    );
    // Where the name came from, for the test that checks it.
    println!("cargo:rustc-env=LUDUS_COMMIT_FROM={from}");
}
