//! The guide's page of every game (docs/src/games/<game>.md) is written
//! from the game's lesson, the one text the board shows too, and so are
//! its pictures (docs/src/games/pictures/<game>-<n>.svg, each the game's
//! own drawing of a diagram's or an exercise's position): the pages and
//! pictures committed must be what the lessons write today.
//! `LUDUS_BLESS=1` writes them instead of comparing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ludus_rules::games::lesson_title;
use ludus_rules::games::{visit_every_game, GameVisitor, GAME_NAMES};
use ludus_rules::lesson::guide::{guide_page, svg_picture, Picture};
use ludus_rules::lesson::parse;
use ludus_rules::Tooling;

/// The folder of the pictures, beside the pages.
const PICTURES: &str = "pictures";

/// A game's page and its pictures by file name.
#[derive(Clone)]
struct Page;

impl GameVisitor for Page {
    type Output = (String, BTreeMap<String, String>);
    fn visit<G: Tooling>(self) -> Self::Output {
        let lesson = parse(G::LESSON).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
        let source = format!("the lesson of {} (crates/rules/src/games/)", G::NAME);
        let base = lesson.variant_of.and_then(lesson_title);
        let mut pictures = BTreeMap::new();
        let title = lesson.title;
        let mut picture = |shown: Picture| {
            let svg = svg_picture::<G>(shown)
                .unwrap_or_else(|e| panic!("{}: {}: {e}", G::NAME, shown.position));
            let name = format!("{}-{}.svg", G::NAME, pictures.len() + 1);
            pictures.insert(name.clone(), svg);
            match shown.shown {
                Some(shown) => format!(
                    "![{title}: the position after {shown}]({PICTURES}/{name})\n\n\
                     The move shown, `{shown}`, is framed."
                ),
                None => format!("![{title}: a position]({PICTURES}/{name})"),
            }
        };
        let page = guide_page(&lesson, &source, base, &mut picture);
        (page, pictures)
    }
}

/// The files `written` wants in `folder` that differ (or are missing),
/// and the SVG files there it does not want; with `bless`, written
/// instead (and the unwanted removed).
fn compare(folder: &Path, written: &BTreeMap<String, String>, bless: bool) -> Vec<String> {
    let mut stale = Vec::new();
    for (name, text) in written {
        let path = folder.join(name);
        if bless {
            std::fs::create_dir_all(folder).unwrap();
            std::fs::write(&path, text).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    let pictures = std::fs::read_dir(folder.join(PICTURES))
        .into_iter()
        .flatten();
    for entry in pictures.flatten() {
        let name = format!("{PICTURES}/{}", entry.file_name().to_string_lossy());
        if name.ends_with(".svg") && !written.contains_key(&name) {
            if bless {
                std::fs::remove_file(entry.path()).unwrap();
            } else {
                stale.push(entry.path().display().to_string());
            }
        }
    }
    stale
}

#[test]
fn guide_pages() {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/src/games");
    let bless = std::env::var_os("LUDUS_BLESS").is_some();
    let mut written = BTreeMap::new();
    for (game, (page, pictures)) in GAME_NAMES.iter().zip(visit_every_game(Page)) {
        written.insert(format!("{game}.md"), page);
        for (name, svg) in pictures {
            written.insert(format!("{PICTURES}/{name}"), svg);
        }
    }
    if bless {
        std::fs::create_dir_all(folder.join(PICTURES)).unwrap();
    }
    let stale = compare(&folder, &written, bless);
    assert!(
        stale.is_empty(),
        "out of date with the lessons (LUDUS_BLESS=1 cargo test --release --test rules guide_pages rewrites them): {stale:?}"
    );
}
