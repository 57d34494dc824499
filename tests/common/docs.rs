//! The project's Markdown documents as tests read them: the guide's
//! chapters (docs/src) and README, and the lines of a text outside its
//! code blocks.

use std::path::{Path, PathBuf};

/// The repository's root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every Markdown file under docs/src, sorted.
pub fn chapters() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![root().join("docs/src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("docs/src is readable") {
            let path = entry.expect("a readable entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// README.md, then every chapter of the guide.
pub fn readme_and_chapters() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    files.extend(chapters());
    files
}

/// The lines of a Markdown `text` outside its fenced code blocks.
pub fn prose_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut in_code = false;
    text.lines().filter(move |line| {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            return false;
        }
        !in_code
    })
}
