//! A game's lesson: its rules for a newcomer, written once beside the game
//! (`games/<game>/lesson.md`) and shown by the board and the user's guide.
//!
//! A lesson is plain Markdown with three kinds of fenced block the rules
//! understand, each a list of `key: value` lines:
//!
//! - ` ```diagram `: a position (`position:`, the game's notation), an
//!   optional move shown on it (`move:`) and a `caption:`;
//! - ` ```exercise `: a position, the `prompt:`, what solves it
//!   (`solutions:` legal moves separated by spaces, or `goal: win`, any
//!   move that wins at once), a `hint:` and the move `show:` plays for
//!   "show me" (the first solution when left out);
//! - ` ```variant `: `of: <game>`, for a variant whose lesson gives only
//!   its differences from its sibling's.
//!
//! Around them: the title (`# `), the goal (the first paragraph, one
//! sentence), section headings (`## `), paragraphs and lists (`- `), with
//! `**bold**`, `*emphasis*` and `` `code` `` inside. [`parse`] reads it
//! ([`parse`]'s errors name the line); [`check`] judges an exercise's
//! answer by the rules; [`guide`] writes the guide's page for the game.

pub mod check;
pub mod guide;
mod parse;

pub use check::{check_lesson, Answer};
pub use parse::parse;

/// A lesson, read from its Markdown (borrowing from it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson<'a> {
    /// The title.
    pub title: &'a str,
    /// The goal of the game in one sentence, the lesson's first paragraph.
    pub goal: String,
    /// The game this one is a variant of, whose lesson comes first.
    pub variant_of: Option<&'a str>,
    /// Everything after the goal, in order.
    pub blocks: Vec<Block<'a>>,
}

/// A part of a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block<'a> {
    /// A section heading (`##`).
    Heading(&'a str),
    /// A paragraph, its lines joined by spaces.
    Paragraph(String),
    /// A list, one text per item.
    List(Vec<String>),
    /// A position with a caption.
    Diagram(Diagram<'a>),
    /// Something for the reader to play.
    Exercise(Exercise<'a>),
}

/// A position shown, and the move that shows the rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram<'a> {
    /// The position in the game's notation.
    pub position: &'a str,
    /// A legal move of it, shown played.
    pub shown: Option<&'a str>,
    /// What the diagram shows.
    pub caption: &'a str,
}

/// What solves an exercise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions<'a> {
    /// One of these moves.
    Moves(Vec<&'a str>),
    /// Any move that wins the game at once.
    Win,
}

/// An exercise: the reader makes the move the prompt asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercise<'a> {
    /// The position, the reader's side to move.
    pub position: &'a str,
    /// What to do.
    pub prompt: &'a str,
    /// What solves it.
    pub solutions: Solutions<'a>,
    /// A hint.
    pub hint: &'a str,
    /// The move "show me" plays: a solution.
    pub show: &'a str,
}

impl<'a> Lesson<'a> {
    /// The diagrams, in order.
    pub fn diagrams(&self) -> impl Iterator<Item = &Diagram<'a>> {
        self.blocks.iter().filter_map(|block| match block {
            Block::Diagram(diagram) => Some(diagram),
            _ => None,
        })
    }

    /// The exercises, in order (numbered from 1 where shown).
    pub fn exercises(&self) -> impl Iterator<Item = &Exercise<'a>> {
        self.blocks.iter().filter_map(|block| match block {
            Block::Exercise(exercise) => Some(exercise),
            _ => None,
        })
    }
}
