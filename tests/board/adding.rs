//! "Adding a game", kept honest: every place the guide's list names
//! (docs/src/adding-a-game.md) has every game of the rules' list, and the
//! list names every place (and only places there are).

use std::path::Path;

use ludus_rules::games::GAME_NAMES;

/// The places a new game touches, as the guide's "Adding a game" names them.
const PLACES: [&str; 6] = [
    "crates/rules/src/games/<name>/",
    "crates/rules/src/games/mod.rs",
    "crates/board/src/games.rs",
    "crates/board/assets/draw.js",
    "protocol.md",
    "README.md",
];

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The text of `file` from the line starting with `start` to the next
/// heading of `level` (e.g. "## ").
fn section(file: &str, start: &str, level: &str) -> String {
    let text = read(file);
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("{file} has no '{start}'"));
    let rest = &text[from + start.len()..];
    let end = rest.find(&format!("\n{level}")).unwrap_or(rest.len());
    rest[..end].to_string()
}

/// The rules' module of a game: the folder under games/ named by the game
/// or its family (`wyke6` is in `wyke/`).
fn module(game: &str) -> Option<String> {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/rules/src/games");
    std::fs::read_dir(games)
        .expect("the games folder")
        .flatten()
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .find(|folder| game.starts_with(folder.as_str()))
}

#[test]
fn the_guide_names_every_place_a_game_touches_and_no_other() {
    let adding = section("docs/src/adding-a-game.md", "**Adding a game**", "## ");
    for place in PLACES {
        assert!(
            adding.contains(&format!("`{place}`")),
            "the guide's 'Adding a game' does not name {place}"
        );
    }
    // Every path it names is there.
    for quoted in adding.split('`').skip(1).step_by(2) {
        let path = quoted.replace("<name>", "alak");
        if path.contains('/') || path.ends_with(".md") {
            let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(&path);
            assert!(
                full.exists(),
                "the guide names {quoted}, which is not there"
            );
        }
    }
}

#[test]
fn every_game_is_in_every_place() {
    let registry = read("crates/rules/src/games/mod.rs");
    let drawings = section("crates/board/assets/draw.js", "const Draw = {", "};");
    let protocol = section("protocol.md", "\n## Games", "## ");
    let table = section("README.md", "\n## Games", "## ");
    for game in GAME_NAMES {
        let folder = module(game).unwrap_or_else(|| panic!("{game}: no module in games/"));
        assert!(registry.contains(&format!("pub mod {folder};")), "{game}");
        let look = ludus_board::games::look(game).expect("every game has a board");
        let entry = format!("\n  {}: draw", look.drawing);
        assert!(
            drawings.contains(&entry),
            "{game}: no drawing '{}' in draw.js's Draw",
            look.drawing
        );
        let heading = protocol
            .lines()
            .any(|line| line.starts_with("### ") && line.contains(&format!("`{game}`")));
        assert!(heading, "{game}: no section under protocol.md's Games");
        assert!(
            table.contains(&format!("| `{game}` |")),
            "{game}: no row in README's Games table"
        );
    }
}
