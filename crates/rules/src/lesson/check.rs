//! A lesson held to the rules: its positions and moves legal, its
//! exercises' answers judged by the game.

use super::{Exercise, Lesson, Solutions};
use crate::{Game, GameResult};

/// How an answer to an exercise stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// It solves the exercise.
    Solved,
    /// A legal move, but not one the exercise asks for.
    NotIt,
}

/// A move played in the position `fen` of game `G`: its canonical text and
/// the position after it; the error says why it cannot be played there.
pub fn play<G: Game>(fen: &str, text: &str) -> Result<(String, String), String> {
    let mut position = G::from_fen(fen)?;
    let mv = position.parse_move(text.trim())?;
    let canonical = position.format_move(mv);
    position.make_move(mv);
    Ok((canonical, position.to_fen()))
}

impl Exercise<'_> {
    /// Judges the move `text` by the rules of `G`; the error says why it
    /// is not a legal move here.
    pub fn answer<G: Game>(&self, text: &str) -> Result<Answer, String> {
        let position = G::from_fen(self.position)?;
        let mv = position.parse_move(text.trim())?;
        let solved = match &self.solutions {
            Solutions::Moves(moves) => moves
                .iter()
                .any(|solution| position.parse_move(solution) == Ok(mv)),
            Solutions::Win => {
                let mut after = position.clone();
                after.make_move(mv);
                after.result() == GameResult::Win(position.side_to_move())
            }
        };
        Ok(if solved {
            Answer::Solved
        } else {
            Answer::NotIt
        })
    }
}

/// Checks `lesson` against the rules of `G`: every position is one of the
/// game's, every move shown is legal there, every exercise starts from a
/// game to play, its solutions are legal and its "show me" solves it, and
/// a variant names another game than itself (that it names a game of the
/// registry is the registry's check). The error names the first fault.
pub fn check_lesson<G: Game>(lesson: &Lesson) -> Result<(), String> {
    if let Some(base) = lesson.variant_of {
        if base == G::NAME {
            return Err(format!("variant of '{base}': not another game"));
        }
    }
    for diagram in lesson.diagrams() {
        let at = |e: String| format!("diagram '{}': {e}", diagram.caption);
        G::from_fen(diagram.position).map_err(at)?;
        if let Some(shown) = diagram.shown {
            play::<G>(diagram.position, shown).map_err(at)?;
        }
    }
    for exercise in lesson.exercises() {
        let at = |e: String| format!("exercise '{}': {e}", exercise.prompt);
        let position = G::from_fen(exercise.position).map_err(at)?;
        if position.result() != GameResult::Ongoing {
            return Err(at("the game is over there".into()));
        }
        if let Solutions::Moves(moves) = &exercise.solutions {
            for solution in moves {
                position.parse_move(solution).map_err(at)?;
            }
        }
        if exercise.answer::<G>(exercise.show).map_err(at)? != Answer::Solved {
            return Err(at(format!("'show: {}' does not solve it", exercise.show)));
        }
    }
    Ok(())
}
