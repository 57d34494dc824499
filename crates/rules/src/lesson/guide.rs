//! The user's guide's page for a game (docs/src/games/<game>.md), written
//! from its lesson: the same text the board shows, each diagram a picture
//! the caller places (the game's own drawing: [`svg_picture`]), each
//! exercise with its hint and answer folded.

use super::{Block, Lesson, Solutions};
use crate::svg::{svg, Draw, SvgOptions};

/// What a picture shows: a position in the game's notation and the move
/// played on it, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Picture<'a> {
    /// The position.
    pub position: &'a str,
    /// The move shown on it.
    pub shown: Option<&'a str>,
}

/// The guide's page for `lesson`, read from `source` (named in the page's
/// first line, so nobody edits the page instead); `base_title` is the
/// title of the lesson a variant's builds on, `picture` draws a diagram
/// as Markdown.
pub fn guide_page(
    lesson: &Lesson,
    source: &str,
    base_title: Option<&str>,
    picture: &mut dyn FnMut(Picture) -> String,
) -> String {
    let mut page = format!(
        "<!-- Written from {source} by `cargo test --test rules guide_pages` \
         (LUDUS_BLESS=1 rewrites it): edit the lesson, not this page. -->\n\n# {}\n\n{}\n\n",
        lesson.title, lesson.goal
    );
    if let (Some(base), Some(title)) = (lesson.variant_of, base_title) {
        page.push_str(&format!(
            "It is played as [{title}]({base}.md), whose page comes first; \
             what differs is below.\n\n"
        ));
    }
    let mut number = 0;
    for block in &lesson.blocks {
        match block {
            Block::Heading(text) => page.push_str(&format!("## {text}\n\n")),
            Block::Paragraph(text) => page.push_str(&format!("{text}\n\n")),
            Block::List(items) => {
                for item in items {
                    page.push_str(&format!("- {item}\n"));
                }
                page.push('\n');
            }
            Block::Diagram(diagram) => {
                let shown = Picture {
                    position: diagram.position,
                    shown: diagram.shown,
                };
                page.push_str(&format!("{}\n\n*{}*\n\n", picture(shown), diagram.caption));
            }
            Block::Exercise(exercise) => {
                number += 1;
                let position = Picture {
                    position: exercise.position,
                    shown: None,
                };
                let answer = match &exercise.solutions {
                    Solutions::Moves(moves) if moves.len() > 1 => format!(
                        "`{}` (or {})",
                        exercise.show,
                        moves
                            .iter()
                            .filter(|m| **m != exercise.show)
                            .map(|m| format!("`{m}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    Solutions::Moves(_) => format!("`{}`", exercise.show),
                    Solutions::Win => format!("`{}`, or any other move that wins", exercise.show),
                };
                page.push_str(&format!(
                    "**Exercise {number}.** {}\n\n{}\n\n\
                     <details><summary>Hint</summary>\n\n{}\n\n</details>\n\n\
                     <details><summary>Answer</summary>\n\n{answer}\n\n</details>\n\n",
                    exercise.prompt,
                    picture(position),
                    exercise.hint
                ));
            }
        }
    }
    let trimmed = page.trim_end().len();
    page.truncate(trimmed);
    page.push('\n');
    page
}

/// The picture of a diagram or an exercise as the game draws it
/// ([`svg`]): the position, or, with a move shown, the position after it
/// with the move framed. The error names a position or a move that does
/// not read, or a move that is not legal there.
pub fn svg_picture<G: Draw>(picture: Picture) -> Result<String, String> {
    let mut position = G::from_fen(picture.position)?;
    if let Some(shown) = picture.shown {
        let mv = position.parse_move(shown)?;
        if !position.is_legal(mv) {
            return Err(format!("{shown} is not legal in {}", picture.position));
        }
        position.make_move(mv);
    }
    let options = SvgOptions {
        last_move: picture.shown.map(str::to_string),
        ..SvgOptions::default()
    };
    svg(&position, &options)
}
