//! No import cycle between the modules of any crate of the workspace (the
//! rule is in [`graph`]); and the check itself, on a synthetic crate.

mod graph;
mod house;
mod paths;
// The one helper of tests/common this check needs: the rest would link
// the engine into a binary that only reads source files.
#[path = "../common/scratch.rs"]
mod scratch;

use std::path::Path;

use scratch::Scratch;

/// Every cycle of the crate under `dir`, as `dir: module module …`, with
/// the imports that make it.
fn crate_cycles(root: &Path, dir: &str) -> Vec<(String, Vec<String>)> {
    let crate_ = graph::read_crate(&root.join(dir).join("src"));
    graph::cycles(&crate_)
        .into_iter()
        .map(|(modules, evidence)| (format!("{dir}: {}", modules.join(" ")), evidence))
        .collect()
}

#[test]
fn no_crate_has_an_import_cycle_between_modules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![".".to_string()];
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        dirs.push(format!("crates/{name}"));
    }
    let found: Vec<(String, Vec<String>)> =
        dirs.iter().flat_map(|d| crate_cycles(root, d)).collect();
    assert!(
        found.is_empty(),
        "import cycles between modules: {found:#?}"
    );
}

/// Writes the files of a crate under `dir`: (path below `src/`, source).
fn write_crate(dir: &Path, files: &[(&str, &str)]) {
    for (path, source) in files {
        let path = dir.join("src").join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, source).unwrap();
    }
}

#[test]
fn a_synthetic_crate_shows_its_cycles_and_only_them() {
    let dir = Scratch::new("modules");
    write_crate(
        &dir,
        &[
            (
                "lib.rs",
                "mod a;\nmod b;\nmod c;\nmod d;\npub use d::{e, f};\n",
            ),
            // a and b import each other: a cycle.
            ("a.rs", "use crate::{b::{self, X}, c};\nfn f() { b::g() }\n"),
            ("b.rs", "pub fn g() { super::a::h(); }\n"),
            // c names a (which names c) only in a comment, a string and
            // test code, and names d from an inline module.
            (
                "c.rs",
                "// crate::a::h\n/* crate::b */\nconst S: &str = \"crate::a\";\n\
                 #[cfg(test)]\nmod tests {\n    use crate::a::h;\n}\n\
                 mod inner {\n    use super::*;\n    use super::super::d::e;\n}\n",
            ),
            // d's children import d and each other one way; d uses them.
            ("d/mod.rs", "pub mod e;\npub mod f;\npub use self::e::E;\n"),
            ("d/e.rs", "use super::*;\npub struct E;\n"),
            ("d/f.rs", "use super::e::E;\nuse crate::d::f;\n"),
        ],
    );
    let crate_ = graph::read_crate(&dir.join("src"));
    let cycles: Vec<Vec<String>> = graph::cycles(&crate_).into_iter().map(|c| c.0).collect();
    assert_eq!(cycles, [["a", "b"]]);

    // A cycle deeper down is found between the siblings that hold it.
    write_crate(&dir, &[("d/e.rs", "use crate::d::f::F;\n")]);
    let crate_ = graph::read_crate(&dir.join("src"));
    let cycles: Vec<Vec<String>> = graph::cycles(&crate_).into_iter().map(|c| c.0).collect();
    assert_eq!(cycles, [vec!["a", "b"], vec!["d::e", "d::f"]]);
}

#[test]
fn use_trees_are_expanded_and_literals_skipped() {
    let source = "use crate::{a::{self, B as C}, d::*};\n\
                  let s = r#\"crate::x\"#; let c = '{'; fn f<'a>(x: &'a str) {}\n\
                  mod inner { fn g() { super::e::h() } }\n";
    let named: Vec<(Vec<String>, String)> = paths::named_paths(source)
        .into_iter()
        .map(|n| (n.inline, n.segments.join("::")))
        .collect();
    let inner = vec!["inner".to_string()];
    assert_eq!(
        named,
        [
            (vec![], "crate::a".to_string()),
            (vec![], "crate::a::B".to_string()),
            (vec![], "crate::d".to_string()),
            (inner, "super::e::h".to_string()),
        ]
    );
}
