//! A tuning build of ludus (`--features tune`: the search's parameters as
//! spin options), for the tests of `ludus spsa`.
//!
//! Built once per test binary with cargo into the workspace's target
//! directory, under the profile `tune-test` (Cargo.toml: the release
//! profile without link-time optimisation, in 16 codegen units), so it
//! compiles on both cores in about half the release build's time and never
//! touches the release binary the other tests run; later runs find it up
//! to date. `LUDUS_TUNE_BIN` names a tuning build to use instead.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use super::target_dir;

/// The variable naming a tuning build to test with instead of building one.
pub const TUNE_VARIABLE: &str = "LUDUS_TUNE_BIN";

/// The tuning build's program.
pub fn tune_build() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        if let Some(program) = std::env::var_os(TUNE_VARIABLE) {
            return PathBuf::from(program);
        }
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let status = Command::new(cargo)
            .args(["build", "--quiet", "--locked", "--profile", "tune-test"])
            .args(["--features", "tune", "--bin", "ludus"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "the tuning build failed (see above)");
        target_dir().join("tune-test").join("ludus")
    })
}
