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

use std::fmt::{self, Display};

use crate::lesson::{self, Answer, Lesson};
use crate::{Game, GameResult};

/// A game's part in teaching it: every game of the registry has one.
pub trait Teaching: Game {
    /// The lesson, in the lesson format of [`crate::lesson`]: written in
    /// `games/<game>/lesson.md` and included here.
    const LESSON: &'static str;

    /// The reasons a move being entered in a game still going on cannot
    /// be played, each with its one-line message (its `Display`).
    type Refusal: Display;

    /// Why no legal move here starts with `parts` (see the module's
    /// notes): the game is over, or the game's own reason
    /// ([`Teaching::move_refusal`]); `None` when some legal move does.
    fn refusal(&self, parts: &[&str]) -> Option<Refused<Self::Refusal>> {
        if self.result() != GameResult::Ongoing {
            return Some(Refused::GameOver);
        }
        self.move_refusal(parts).map(Refused::Move)
    }

    /// Why no legal move of this position, whose game goes on, starts
    /// with `parts`; `None` when some legal move does (no parts at all:
    /// when the side to move has a move).
    fn move_refusal(&self, parts: &[&str]) -> Option<Self::Refusal>;
}

/// Why a move being entered cannot be played: the same for every game
/// once it is over, else the game's own reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused<R> {
    /// The game is over: no move can be played.
    GameOver,
    /// The game's reason ([`Teaching::Refusal`]).
    Move(R),
}

impl<R: Display> Display for Refused<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::GameOver => write!(f, "the game is over"),
            Refused::Move(reason) => reason.fmt(f),
        }
    }
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

/// The one line `G` says to `parts` in the position `fen`, for the games'
/// tests of their refusals.
#[cfg(test)]
pub(crate) fn refused<G: Teaching>(fen: &str, parts: &[&str]) -> Option<String> {
    let position = G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    refusal_text(&position, parts)
}
