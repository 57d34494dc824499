//! The command-line examples of README.md and the user's guide (docs/src),
//! run as a reader would type them and their output compared, by trycmd.
//!
//! An example is a ```` ```console ```` block: `$ ludus …` (a command, with
//! `> ` continuation lines), then its output; `...` on a line of its own
//! stands for lines left out, `[..]` inside a line for text that varies
//! (times, speeds), and a `? N` line for an exit status other than 0. The
//! commands run from the repository's root with the `ludus` under test
//! first on the PATH, so `cmd=ludus` in a match names it too. Protocol
//! sessions are typed into the daemon by tests/protocol/readme.rs.

mod anchors;
#[path = "../common/mod.rs"]
mod common;
mod pictures;

use std::path::Path;
use std::time::Duration;

/// The `ludus` binary under test.
const LUDUS: &str = env!("CARGO_BIN_EXE_ludus");

#[test]
fn the_readme_and_the_guide_run_as_written() {
    let folder = Path::new(LUDUS).parent().expect("the binary's folder");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(
        std::iter::once(folder.to_path_buf()).chain(std::env::split_paths(&path)),
    )
    .expect("a PATH");
    trycmd::TestCases::new()
        .register_bin("ludus", Path::new(LUDUS))
        .env("PATH", path.to_string_lossy())
        .env("RUST_LOG", "off")
        .timeout(Duration::from_secs(600))
        .case("README.md")
        .case("docs/src/*.md")
        .case("docs/src/*/*.md");
}
