//! crates/web/build.sh finds the module where cargo put it: under
//! `CARGO_TARGET_DIR` when that is set (it once read target/ whatever the
//! setting, and failed after building). Checked with stand-ins for cargo,
//! rustup and wasm-bindgen on the PATH, so no module is built here: each
//! records what it was asked and the stand-in wasm-bindgen takes only a
//! module from the target folder cargo was given.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

/// Writes an executable script `name` into `dir`.
fn stand_in(dir: &Path, name: &str, body: &str) {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/usr/bin/env bash\nset -eu\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn build_sh_reads_the_module_from_the_target_folder_cargo_was_given() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = std::env::temp_dir().join(format!("ludus-build-sh-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let (bin, target, out) = (
        scratch.join("bin"),
        scratch.join("elsewhere"),
        scratch.join("site"),
    );
    std::fs::create_dir_all(&bin).unwrap();
    let version = std::fs::read_to_string(root.join("crates/web/Cargo.toml"))
        .unwrap()
        .lines()
        .find_map(|l| {
            l.strip_prefix("wasm-bindgen = \"=")?
                .strip_suffix('"')
                .map(String::from)
        })
        .expect("the pinned wasm-bindgen");
    stand_in(&bin, "rustup", "echo wasm32-unknown-unknown");
    stand_in(
        &bin,
        "cargo",
        r#"module="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/ludus_web.wasm"
mkdir -p "$(dirname "$module")"; echo wasm > "$module""#,
    );
    stand_in(
        &bin,
        "wasm-bindgen",
        &format!(
            r#"if [[ $1 == --version ]]; then echo "wasm-bindgen {version}"; exit 0; fi
module="${{@: -1}}"
[[ $module == "$CARGO_TARGET_DIR"/* && -f $module ]] || {{ echo "no module at $module" >&2; exit 1; }}
while [[ $1 != --out-dir ]]; do shift; done
cp "$module" "$2/ludus_web_bg.wasm""#
        ),
    );
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run = Command::new("bash")
        .arg(root.join("crates/web/build.sh"))
        .arg(&out)
        .current_dir(root)
        .env("PATH", path)
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("bash runs build.sh");
    let said =
        String::from_utf8_lossy(&run.stdout).to_string() + &String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "build.sh failed: {said}");
    assert!(out.join("ludus_web_bg.wasm").is_file(), "{said}");
    assert!(out.join("index.html").is_file() && out.join("favicon.svg").is_file());
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page.contains("data-transport=\"page\""));
    let _ = std::fs::remove_dir_all(&scratch);
}
