//! The guide's page of every game (docs/src/games/<game>.md) is written
//! from the game's lesson, the one text the board shows too: the pages
//! committed must be what the lessons write today. `LUDUS_BLESS=1` writes
//! them instead of comparing. Diagrams are drawn by the rules' text
//! stand-in (the game's own drawing in a fenced block).

use std::path::PathBuf;

use ludus_rules::games::{visit_every_game, GameVisitor, GAME_NAMES};
use ludus_rules::lesson::guide::{guide_page, text_picture};
use ludus_rules::lesson::parse;
use ludus_rules::teaching::lesson_title;
use ludus_rules::Tooling;

#[derive(Clone)]
struct Page;

impl GameVisitor for Page {
    type Output = String;
    fn visit<G: Tooling>(self) -> String {
        let lesson = parse(G::LESSON).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
        let source = format!("the lesson of {} (crates/rules/src/games/)", G::NAME);
        let base = lesson.variant_of.and_then(lesson_title);
        guide_page(&lesson, &source, base, &mut text_picture::<G>)
    }
}

#[test]
fn guide_pages() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("LUDUS_BLESS").is_some();
    let mut stale = Vec::new();
    for (game, page) in GAME_NAMES.iter().zip(visit_every_game(Page)) {
        let path = root.join(format!("docs/src/games/{game}.md"));
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &page).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(page.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "out of date with the lessons (LUDUS_BLESS=1 cargo test --test rules guide_pages rewrites them): {stale:?}"
    );
}
