//! The house's rules that a reader would otherwise police by hand: no
//! source file past 700 lines, no generic layer naming a game, and no
//! number in the search outside params.rs.

use std::path::{Path, PathBuf};

/// The longest a source file may grow.
const MAX_LINES: usize = 700;

/// Literals the search may write anywhere: the counts every loop uses and
/// the units a ratio or a time is read in (percent, thousandths, micro).
const ANY_FILE_NUMBERS: &[&str] = &["0", "1", "2", "100", "1000", "1000000"];

/// Numbers of the search outside params.rs that are not its judgement,
/// each with its file and why it is not a parameter.
const STRUCTURAL_NUMBERS: &[(&str, &str, &str)] = &[
    (
        "context.rs",
        "64",
        "a cache line, the alignment of a thread's data",
    ),
    (
        "score.rs",
        "32000",
        "the mate score, shared with the protocol",
    ),
    ("stack.rs", "128", "the search stack's length, MAX_PLY"),
    ("request.rs", "20", "Contempt's default, a UCI option"),
    ("signals.rs", "50", "how often a waiting thread looks up"),
    ("threads.rs", "16", "a search thread's stack, 16 MiB"),
    (
        "tt.rs",
        "*",
        "the table's bucket shape and entry bit layout",
    ),
];

/// Every Rust file under `dir`, recursively.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The workspace's source files: `src/` and every crate's `src/`.
fn source_files(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    for entry in std::fs::read_dir(root.join("crates")).unwrap().flatten() {
        rust_files(&entry.path().join("src"), &mut files);
    }
    files.sort();
    files
}

/// `source` without comments and without `#[cfg(test)] mod … { … }`
/// blocks; strings are kept when `keep_strings`, else emptied.
fn code(source: &str, keep_strings: bool) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        if rest.starts_with(&['/', '/']) {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if rest.starts_with(&['/', '*']) {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i..].starts_with(&['/', '*']) {
                    depth += 1;
                    i += 2;
                } else if chars[i..].starts_with(&['*', '/']) {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if chars[i] == '"'
            || (chars[i] == 'r' && is_raw_string(rest) && !continues_word(&chars, i))
        {
            let end = string_end(&chars, i);
            let text: String = chars[i..end].iter().collect();
            out.push_str(if keep_strings { &text } else { "\"\"" });
            i = end;
        } else if chars[i] == '\'' && rest.get(2) == Some(&'\'') {
            out.push_str("' '");
            i += 3;
        } else if chars[i] == '\'' && rest.get(1) == Some(&'\\') {
            let close = (i + 2..chars.len())
                .find(|&j| chars[j] == '\'')
                .unwrap_or(i + 2);
            out.push_str("' '");
            i = close + 1;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    without_test_modules(&out)
}

/// Whether `rest` starts a raw string (`r"`, `r#"`), not a raw
/// identifier (`r#move`).
fn is_raw_string(rest: &[char]) -> bool {
    rest[1..].iter().find(|&&c| c != '#') == Some(&'"')
}

/// Whether the character at `i` continues a word (`r` in `bar"`).
fn continues_word(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The index past the string literal (plain or raw) that starts at `i`.
fn string_end(chars: &[char], mut i: usize) -> usize {
    if chars[i] == 'r' {
        i += 1;
        let hashes = chars[i..].iter().take_while(|&&c| c == '#').count();
        i += hashes + 1;
        while i < chars.len() {
            if chars[i] == '"'
                && chars[i + 1..]
                    .iter()
                    .take(hashes)
                    .filter(|&&c| c == '#')
                    .count()
                    == hashes
            {
                return i + 1 + hashes;
            }
            i += 1;
        }
        return i;
    }
    i += 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// `code` without its `#[cfg(test)]` inline modules.
fn without_test_modules(code: &str) -> String {
    let mut code = code.to_string();
    while let Some(at) = code.find("#[cfg(test)]") {
        let after = &code[at..];
        let Some(open) = after.find(['{', ';']) else {
            break;
        };
        let end = if after.as_bytes()[open] == b';' {
            at + open + 1
        } else {
            let mut depth = 0;
            let mut end = code.len();
            for (offset, c) in after[open..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = at + open + offset + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            end
        };
        code.replace_range(at..end, "");
    }
    code
}

/// Whether `path` is test code: a `tests.rs` (or `…_tests.rs`) module or
/// a file under a `tests/` folder.
fn is_test_file(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n.to_string_lossy().ends_with("tests.rs"))
        || path.components().any(|c| c.as_os_str() == "tests")
}

#[test]
fn no_source_file_is_past_700_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let long: Vec<String> = source_files(root)
        .iter()
        .filter_map(|path| {
            let lines = std::fs::read_to_string(path).unwrap().lines().count();
            let relative = path.strip_prefix(root).unwrap().display();
            (lines > MAX_LINES).then(|| format!("{relative}: {lines} lines"))
        })
        .collect();
    assert!(
        long.is_empty(),
        "split these along their seams:\n{}",
        long.join("\n")
    );
}

/// The games' names: the folders of the rules crate's games.
fn game_names(root: &Path) -> Vec<String> {
    let games = root.join("crates/rules/src/games");
    let mut names: Vec<String> = std::fs::read_dir(games)
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().to_lowercase())
        .collect();
    names.sort();
    assert!(names.len() >= 4, "the games' folders: {names:?}");
    names
}

/// The words of `text` that name a game of `names` (a name, a variant's
/// name like `wyke6`, or a type like `WykeMove`).
fn game_words<'a>(text: &'a str, names: &[String]) -> Vec<&'a str> {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|word| {
            let lower = word.to_lowercase();
            names.iter().any(|name| lower.starts_with(name.as_str()))
        })
        .collect()
}

#[test]
fn no_generic_layer_names_a_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let names = game_names(root);
    // The games' own modules, and the board's drawing of each: the list a
    // new game joins.
    let per_game = |relative: &str| {
        relative.starts_with("crates/rules/src/games/") || relative == "crates/board/src/games.rs"
    };
    // The page's drawing of each game, the JavaScript twin of games.rs.
    let per_game_asset = |path: &Path| path.file_name().is_some_and(|n| n == "draw.js");
    let mut found = Vec::new();
    for path in source_files(root) {
        let relative = path
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if per_game(&relative) || is_test_file(&path) {
            continue;
        }
        let text = code(&std::fs::read_to_string(&path).unwrap(), true);
        for line in text.lines() {
            if !game_words(line, &names).is_empty() {
                found.push(format!("{relative}: {}", line.trim()));
            }
        }
    }
    let assets = root.join("crates/board/assets");
    for entry in std::fs::read_dir(&assets).into_iter().flatten().flatten() {
        let path = entry.path();
        if !path.extension().is_some_and(|e| e == "js" || e == "html") || per_game_asset(&path) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
            if !game_words(line, &names).is_empty() {
                found.push(format!("{}: {}", path.display(), line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a generic layer names a game:\n{}",
        found.join("\n")
    );
}

/// The numeric literals of `code` outside bit layouts (after `<<`, `>>`,
/// `&`, `align(`; hex and binary), without `_` and type suffix.
fn numbers(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        // `pair.3` is a field, `0..5` a range.
        let field = i >= 1 && chars[i - 1] == '.' && (i < 2 || chars[i - 2] != '.');
        let starts = chars[i].is_ascii_digit() && !continues_word(&chars, i) && !field;
        if !starts {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < chars.len()
            && (chars[end].is_alphanumeric()
                || chars[end] == '_'
                || (chars[end] == '.' && chars.get(end + 1).is_some_and(char::is_ascii_digit)))
        {
            end += 1;
        }
        let literal: String = chars[i..end].iter().filter(|&&c| c != '_').collect();
        let before: String = chars[..i]
            .iter()
            .rev()
            .filter(|c| !c.is_whitespace())
            .take(6)
            .collect();
        let layout = ["<<", ">>", "&", "(ngila"]
            .iter()
            .any(|op| before.starts_with(op))
            || literal.starts_with("0x")
            || literal.starts_with("0b");
        if !layout {
            found.push(strip_suffix(&literal).trim_end_matches(".0").to_string());
        }
        i = end;
    }
    found
}

/// A literal without its type suffix (`64u32` → `64`).
fn strip_suffix(literal: &str) -> &str {
    for suffix in [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f32", "f64",
    ] {
        if let Some(value) = literal.strip_suffix(suffix) {
            return value;
        }
    }
    literal
}

#[test]
fn the_search_writes_its_numbers_in_params_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("crates/engine/src/search"), &mut files);
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if matches!(name.as_str(), "params.rs" | "param.rs") || is_test_file(&path) {
            continue;
        }
        let text = code(&std::fs::read_to_string(&path).unwrap(), false);
        for number in numbers(&text) {
            let allowed = ANY_FILE_NUMBERS.contains(&number.as_str())
                || STRUCTURAL_NUMBERS
                    .iter()
                    .any(|&(file, value, _)| file == name && (value == "*" || value == number));
            if !allowed {
                found.push(format!("{name}: {number}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "numbers in the search outside params.rs (name them there, with their reason):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checks_see_through_comments_strings_and_tests() {
    let source = "// wyx 7\nfn f(r#move: u8) {}\nconst A: u32 = 7; /* 9 */ let s = \"x 8\";\n\
                  let m = 1 << 20; let t = pair.3; #[repr(align(64))]\n\
                  #[cfg(test)]\nmod tests { const B: u32 = 9; }\nlet r = 0..5u8; let f = 0.75;\n";
    assert_eq!(numbers(&code(source, false)), ["7", "1", "0", "5", "0.75"]);
    let names = ["alak".to_string(), "wyx".to_string()];
    assert!(game_words(&code(source, true), &names).is_empty());
    assert_eq!(
        game_words("let g = \"wyx\"; Alak::new(); wyx2", &names),
        ["wyx", "Alak", "wyx2"]
    );
}
