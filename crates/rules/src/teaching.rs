//! What a newcomer needs of a game: its lesson ([`crate::lesson`]), and
//! why a move they are entering cannot be played, in one line, from the
//! rules themselves (a board shows it when a click is refused).
//!
//! A move is entered in parts, the parts of its notation in the order a
//! person gives them; each game says which (Alak: the piece's slot, then
//! the slot it goes to; Wyke: the move type, then its plots in the order
//! of the type's amounts; Pylyx: the cell to place on or the piece, then
//! its destination, then how many checkers to lift; Wyx: the horseman's
//! destination, or the rack's domino that jumps there, or `pass`).

use std::fmt::Display;

use crate::lesson::{self, Answer, Lesson};
use crate::Game;

/// A game's part in teaching it: every game of the registry has one.
pub trait Teaching: Game {
    /// The lesson, in the lesson format of [`crate::lesson`]: written in
    /// `games/<game>/lesson.md` and included here.
    const LESSON: &'static str;

    /// The reasons a move being entered cannot be played, each with its
    /// one-line message (its `Display`).
    type Refusal: Display;

    /// Why no legal move here starts with `parts` (see the module's
    /// notes); `None` when some legal move does (no parts at all: when
    /// the side to move has a move).
    fn refusal(&self, parts: &[&str]) -> Option<Self::Refusal>;
}

/// Exercise `index` (from 0) of the lesson of `G`; the error says there
/// is none.
pub fn exercise<G: Teaching>(index: usize) -> Result<lesson::Exercise<'static>, String> {
    let lesson: Lesson<'static> = lesson::parse(G::LESSON)?;
    let count = lesson.exercises().count();
    let found = lesson.exercises().nth(index).cloned();
    found.ok_or_else(|| format!("{} has exercises 1 to {count}, not {}", G::NAME, index + 1))
}

/// The answer `text` to exercise `index` of `G`'s lesson, by the rules.
pub fn answer<G: Teaching>(index: usize, text: &str) -> Result<Answer, String> {
    exercise::<G>(index)?.answer::<G>(text)
}

/// Why no legal move of `position` starts with `parts`, as its one line.
pub fn refusal_text<G: Teaching>(position: &G, parts: &[&str]) -> Option<String> {
    position.refusal(parts).map(|refusal| refusal.to_string())
}
