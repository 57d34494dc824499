//! The pictures of positions (`ludus_rules::svg`), for every game: on the
//! start, the bench positions and along random games, the SVG parses as
//! XML and has exactly one element per cell of the board, named as the
//! notation names cells; the move that led to a position is framed;
//! arrows, flipping and the size do what they say; bad options are errors.

use std::collections::HashSet;

use crate::common::rng::Rng;
use ludus_rules::games::{svg_of_game, visit_every_game, GameVisitor, GAME_NAMES};
use ludus_rules::svg::{svg, SvgOptions};
use ludus_rules::{Game, GameResult, Tooling};

/// The cells of every game's board.
const CELLS: &[(&str, usize)] = &[
    ("alak", 11),
    ("wyke", 16),
    ("wyke6", 36),
    ("pylyx", 140),
    ("pylyx10", 96),
    ("wyx", 64),
];

/// What a test reads of a picture.
struct Picture {
    /// The `data-cell` names, in document order.
    cells: Vec<String>,
    /// The names of the parts framed as the last move's.
    last: Vec<String>,
    /// The `data-arrow` elements.
    arrows: usize,
    /// The root's width attribute.
    width: String,
    /// The title.
    title: String,
}

/// Parses `text` as XML (failing the test if it is not) and reads it.
fn read(text: &str) -> Picture {
    let document =
        roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not XML: {e}\n{text}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let named = |attribute: &str| -> Vec<String> {
        root.descendants()
            .filter_map(|node| node.attribute(attribute))
            .map(str::to_string)
            .collect()
    };
    let last = root
        .descendants()
        .filter(|node| node.attribute("data-last") == Some("true"))
        .filter_map(|node| {
            ["data-cell", "data-kind", "data-domino"]
                .iter()
                .find_map(|attribute| node.attribute(*attribute))
        })
        .map(str::to_string)
        .collect();
    Picture {
        cells: named("data-cell"),
        last,
        arrows: named("data-arrow").len(),
        width: root.attribute("width").unwrap_or_default().to_string(),
        title: root
            .descendants()
            .find(|node| node.has_tag_name("title"))
            .and_then(|node| node.text())
            .unwrap_or_default()
            .to_string(),
    }
}

/// The number of cells of `game`'s board.
fn cell_count(game: &str) -> usize {
    CELLS
        .iter()
        .find(|(name, _)| *name == game)
        .unwrap_or_else(|| panic!("no cell count for {game}: add it to CELLS"))
        .1
}

/// Checks the picture of `position` without options: one element per cell,
/// each named once, the position in the title.
fn check_cells<G: Tooling>(position: &G) -> Picture {
    let picture = read(&svg(position, &SvgOptions::default()).unwrap());
    assert_eq!(
        picture.cells.len(),
        cell_count(G::NAME),
        "{}: {}",
        G::NAME,
        position.to_fen()
    );
    let distinct: HashSet<&String> = picture.cells.iter().collect();
    assert_eq!(
        distinct.len(),
        picture.cells.len(),
        "{}: a cell twice",
        G::NAME
    );
    assert_eq!(picture.title, format!("{}: {}", G::NAME, position.to_fen()));
    assert!(picture.last.is_empty() && picture.arrows == 0);
    picture
}

#[derive(Clone)]
struct EveryPosition;

impl GameVisitor for EveryPosition {
    type Output = ();

    fn visit<G: Tooling>(self) {
        let start = G::startpos();
        let mut cells = check_cells(&start).cells;
        cells.sort();
        for fen in G::BENCH_POSITIONS {
            let mut drawn = check_cells(&G::from_fen(fen).unwrap()).cells;
            drawn.sort();
            assert_eq!(drawn, cells);
        }
        // Along random games, each position framed with the move that led
        // to it: every kind of move names parts of the picture.
        let mut rng = Rng(0x5156 ^ G::NAME.len() as u64);
        let plies = if G::NAME == "wyke6" { 12 } else { 80 };
        let mut moves = Vec::new();
        for _ in 0..2 {
            let mut position = start.clone();
            for _ in 0..plies {
                if position.result() != GameResult::Ongoing {
                    break;
                }
                moves.clear();
                position.generate_moves(&mut moves);
                let mv = *rng.pick(&moves);
                let text = position.format_move(mv);
                position.make_move(mv);
                let options = SvgOptions {
                    last_move: Some(text.clone()),
                    ..SvgOptions::default()
                };
                let picture = read(&svg(&position, &options).unwrap_or_else(|e| {
                    panic!("{}: {} after {text}: {e}", G::NAME, position.to_fen())
                }));
                // The framed cells come last (drawn on top): the same cells.
                let mut drawn = picture.cells.clone();
                drawn.sort();
                assert_eq!(drawn, cells, "{}", G::NAME);
                if text != "pass" {
                    assert!(
                        !picture.last.is_empty(),
                        "{}: {text} framed nothing",
                        G::NAME
                    );
                }
            }
        }
    }
}

#[test]
fn every_game_draws_one_element_per_cell() {
    assert_eq!(GAME_NAMES.len(), CELLS.len(), "a cell count for every game");
    visit_every_game(EveryPosition);
}

#[test]
fn cells_are_named_as_the_notation_names_them() {
    let alak = check_cells(&ludus_rules::games::alak::Alak::startpos());
    assert_eq!(
        alak.cells,
        (1..=11).map(|slot| slot.to_string()).collect::<Vec<_>>()
    );
    let pylyx = read(&svg_of_game("pylyx10", None, &SvgOptions::default()).unwrap());
    for missing in ["a1", "j1", "a10", "j10"] {
        assert!(
            !pylyx.cells.iter().any(|c| c == missing),
            "corner {missing}"
        );
    }
    for cell in ["b1", "a2", "j9", "e5"] {
        assert!(pylyx.cells.iter().any(|c| c == cell), "{cell}");
    }
}

#[test]
fn the_last_move_frames_the_cells_it_names() {
    let framed = |game: &str, fen: &str, last: &str| {
        let options = SvgOptions {
            last_move: Some(last.to_string()),
            ..SvgOptions::default()
        };
        let mut last = read(&svg_of_game(game, Some(fen), &options).unwrap()).last;
        last.sort();
        last
    };
    assert_eq!(framed("alak", "xx_xx__oooo o", "3-5"), ["3", "5"]);
    assert_eq!(
        framed("wyke", "3444/4844/4404/4443 d 2-1-1 -", "2-1-1(b3,b1,d2)"),
        ["2-1-1", "b1", "b3", "d2"]
    );
    let pylyx = "12/12/12/12/7C4/12/12/4B7/12/12/12/12 b 5 10";
    assert_eq!(framed("pylyx", pylyx, "e5-h8/2"), ["e5", "h8"]);
    assert_eq!(framed("wyx", "startpos", "F2"), ["f2"]);
    assert!(framed("alak", "startpos", "pass").is_empty());
}

#[test]
fn arrows_flipping_and_size() {
    let options = SvgOptions {
        arrows: vec![("a1".into(), "c3".into()), ("d4".into(), "d4".into())],
        flip: true,
        size: Some(300),
        ..SvgOptions::default()
    };
    let text = svg_of_game("wyke", None, &options).unwrap();
    let picture = read(&text);
    assert_eq!(picture.arrows, 2);
    assert_eq!(picture.width, "300");
    // Flipped, a1 is at the top right: its background right of and above d4's.
    let corner = |text: &str, cell: &str| -> (f64, f64) {
        let document = roxmltree::Document::parse(text).unwrap();
        let group = document
            .descendants()
            .find(|node| node.attribute("data-cell") == Some(cell))
            .unwrap();
        let shape = group.first_element_child().unwrap();
        let number = |name| shape.attribute(name).unwrap().parse::<f64>().unwrap();
        (number("x"), number("y"))
    };
    let plain = svg_of_game("wyke", None, &SvgOptions::default()).unwrap();
    let (a1, d4) = (corner(&plain, "a1"), corner(&plain, "d4"));
    assert!(a1.0 < d4.0 && a1.1 > d4.1, "a1 bottom left: {a1:?} {d4:?}");
    let (a1, d4) = (corner(&text, "a1"), corner(&text, "d4"));
    assert!(
        a1.0 > d4.0 && a1.1 < d4.1,
        "flipped, a1 top right: {a1:?} {d4:?}"
    );
}

#[test]
fn bad_options_are_errors() {
    let with = |options: SvgOptions| svg_of_game("alak", None, &options);
    let arrow = |from: &str, to: &str| SvgOptions {
        arrows: vec![(from.into(), to.into())],
        ..SvgOptions::default()
    };
    let error = with(arrow("1", "12")).unwrap_err();
    assert!(error.contains("no cell '12'"), "{error}");
    let error = with(SvgOptions {
        last_move: Some("3-z9".into()),
        ..SvgOptions::default()
    })
    .unwrap_err();
    assert!(error.contains("'z9'"), "{error}");
    assert!(with(SvgOptions {
        size: Some(0),
        ..SvgOptions::default()
    })
    .is_err());
    let error = svg_of_game("alak", Some("xx x"), &SvgOptions::default()).unwrap_err();
    assert!(error.starts_with("bad alak position 'xx x'"), "{error}");
    let error = svg_of_game("chess", None, &SvgOptions::default()).unwrap_err();
    assert!(error.contains("unknown game 'chess'"), "{error}");
}
