//! `ludus render`, run as the real binary: the SVG on stdout for every
//! game and option, and a message with a non-zero exit for bad input.

use crate::common::{ludus, stderr_of, stdout_of};
use ludus_rules::games::GAME_NAMES;

/// The `data-cell` elements of an SVG document (which must parse).
fn cells(svg: &str) -> usize {
    let document = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    document
        .descendants()
        .filter(|node| node.attribute("data-cell").is_some())
        .count()
}

#[test]
fn render_draws_every_game() {
    for game in GAME_NAMES {
        let output = ludus(&["render", "--game", game]);
        assert!(output.status.success(), "{game}: {}", stderr_of(&output));
        assert!(cells(&stdout_of(&output)) > 10, "{game}");
    }
}

#[test]
fn render_takes_a_position_and_options() {
    let output = ludus(&[
        "render",
        "--game",
        "ALAK",
        "xx_xx__oooo o",
        "--lastmove",
        "3-5",
        "--arrow",
        "8-6",
        "--arrow",
        "1-1",
        "--flip",
        "--size",
        "340",
    ]);
    assert!(output.status.success(), "{}", stderr_of(&output));
    let svg = stdout_of(&output);
    assert_eq!(cells(&svg), 11);
    assert!(svg.contains("<title>alak: xx_xx__oooo o</title>"), "{svg}");
    assert!(svg.contains(" width=\"340\" "), "{svg}");
    assert_eq!(svg.matches("data-last=\"true\"").count(), 2, "{svg}");
    assert_eq!(svg.matches("data-arrow=").count(), 2, "{svg}");
}

#[test]
fn render_errors_exit_non_zero_with_a_message() {
    let cases: &[(&[&str], &str)] = &[
        (&["render", "--game", "chess"], "invalid value 'chess'"),
        (&["render"], "--game"),
        (
            &["render", "--game", "alak", "xx x"],
            "bad alak position 'xx x'",
        ),
        (
            &["render", "--game", "wyke", "startpos", "--arrow", "a1"],
            "bad arrow 'a1'",
        ),
        (
            &["render", "--game", "wyke", "--arrow", "a1-e5"],
            "no cell 'e5'",
        ),
        (&["render", "--game", "wyx", "--lastmove", "z9"], "'z9'"),
        (&["render", "--game", "alak", "--size", "0"], "--size"),
    ];
    for (args, said) in cases {
        let output = ludus(args);
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(output.stdout.is_empty(), "{args:?} wrote to stdout");
        let message = stderr_of(&output);
        assert!(message.contains(said), "{args:?}: {message}");
        assert!(!message.contains("panicked"), "{args:?}: {message}");
    }
}
