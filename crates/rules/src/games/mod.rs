//! The games, and the registry that names them.
//!
//! Adding a game: write the module `games/<name>/` implementing
//! [`crate::Game`], [`crate::Searchable`] (its options and solve targets
//! included), [`crate::Tooling`] and its picture, [`crate::svg::Draw`]
//! (in `games/<name>/svg.rs`), and add its type to [`for_each_game!`](crate::for_each_game),
//! the one list of games: the registry below and the board's are both made
//! from it (README, "Adding a game", names every other place).

pub mod alak;
pub mod pylyx;
pub mod wyke;
pub mod wyx;

use crate::svg::SvgOptions;
use crate::{Game, Tooling};

/// Something to do with a game chosen by name at run time: the registry
/// calls `visit` with the game's type, so the work is monomorphised per game.
pub trait GameVisitor {
    /// What the work produces.
    type Output;
    /// Does the work for game `G`.
    fn visit<G: Tooling>(self) -> Self::Output;
}

/// The one list of games, in the order the protocol lists them: calls the
/// macro `$then` with every game's type. The rules' registry is made from
/// it here, and the board's from the same list, so no game is left out of
/// either.
#[macro_export]
macro_rules! for_each_game {
    ($then:ident) => {
        $then!(
            $crate::games::alak::Alak,
            $crate::games::wyke::Wyke4,
            $crate::games::wyke::Wyke6,
            $crate::games::pylyx::Pylyx,
            $crate::games::pylyx::Pylyx10,
            $crate::games::wyx::Wyx,
        );
    };
}

/// Writes, inside a game's `impl Game`, the methods every game with a
/// `notation` module of its own and `side` and `hash` fields spells the
/// same way: the text of positions and moves goes to `$notation`'s
/// `parse_position`, `write_position` and `parse_move`, and the side to
/// move and the hash are the fields.
macro_rules! notation_and_fields {
    ($notation:ident) => {
        fn from_fen(fen: &str) -> Result<Self, String> {
            $notation::parse_position(fen)
        }

        fn to_fen(&self) -> String {
            $notation::write_position(self)
        }

        fn side_to_move(&self) -> $crate::Player {
            self.side
        }

        fn hash(&self) -> u64 {
            self.hash
        }

        fn parse_move(&self, text: &str) -> Result<Self::Move, String> {
            $notation::parse_move(self, text)
        }
    };
}
pub(crate) use notation_and_fields;

macro_rules! registry {
    ($($game:ty),+ $(,)?) => {
        /// The names of every game, in the order the protocol lists them.
        pub const GAME_NAMES: &[&str] = &[$(<$game as Game>::NAME),+];

        /// Runs `visitor` for the game called `name`; `None` if there is none.
        pub fn visit_game<V: GameVisitor>(name: &str, visitor: V) -> Option<V::Output> {
            $(
                if name.eq_ignore_ascii_case(<$game as Game>::NAME) {
                    return Some(visitor.visit::<$game>());
                }
            )+
            None
        }

        /// Runs `visitor` once for every game, in the order of
        /// [`GAME_NAMES`].
        pub fn visit_every_game<V: GameVisitor + Clone>(visitor: V) -> Vec<V::Output> {
            vec![$(visitor.clone().visit::<$game>()),+]
        }
    };
}

crate::for_each_game!(registry);

/// The action id of the move `text` in the position `fen`, checked to
/// lead back to the move (for the games' unit tests of their ids).
#[cfg(test)]
pub(crate) fn action_of_text<G: Game>(fen: &str, text: &str) -> usize {
    let position = G::from_fen(fen).expect("a valid position");
    let mv = position.parse_move(text).expect("a legal move");
    let id = position.action_of(mv);
    assert_eq!(position.move_of_action(id), Some(mv), "{text} in {fen}");
    id
}

/// Runs `visitor` for the game called `name`; the error names the game
/// and lists those there are.
pub fn visit_game_named<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Output, String> {
    visit_game(name, visitor).ok_or_else(|| unknown_game(name))
}

/// The lesson of the game called `name`; the error is the registry's
/// "unknown game".
pub fn lesson_text(name: &str) -> Result<&'static str, String> {
    struct Text;
    impl GameVisitor for Text {
        type Output = &'static str;
        fn visit<G: Tooling>(self) -> &'static str {
            G::LESSON
        }
    }
    visit_game_named(name, Text)
}

/// The title of the lesson of the game called `name`, if it reads.
pub fn lesson_title(name: &str) -> Option<&'static str> {
    crate::lesson::parse(lesson_text(name).ok()?)
        .ok()
        .map(|lesson| lesson.title)
}

/// The calibration of the playing levels of the game called `name`
/// ([`Tooling::LEVEL_ELO`](crate::Tooling::LEVEL_ELO)); `None` when there
/// is no such game or its levels are not calibrated yet.
pub fn level_calibration(name: &str) -> Option<&'static [(i8, i32)]> {
    struct Calibration;
    impl GameVisitor for Calibration {
        type Output = &'static [(i8, i32)];
        fn visit<G: crate::Tooling>(self) -> Self::Output {
            G::LEVEL_ELO
        }
    }
    visit_game(name, Calibration).filter(|table| !table.is_empty())
}

/// The ratings a game's playing levels span: its weakest level's and full
/// strength's ([`level_calibration`]).
pub fn level_elo_range(name: &str) -> Option<(i32, i32)> {
    let table = level_calibration(name)?;
    Some((table.first()?.1, table.last()?.1))
}

/// The game called `name` (in any case), by its own name; the error is
/// [`visit_game_named`]'s.
pub fn game_named(name: &str) -> Result<&'static str, String> {
    GAME_NAMES
        .iter()
        .copied()
        .find(|game| game.eq_ignore_ascii_case(name))
        .ok_or_else(|| unknown_game(name))
}

/// The one "unknown game" error: it names the game asked for and lists
/// those there are (for registries made from [`for_each_game!`](crate::for_each_game)
/// elsewhere, like the board's).
pub fn unknown_game(name: &str) -> String {
    format!("unknown game '{name}' (games: {})", GAME_NAMES.join(", "))
}

/// The picture of a position of the game called `game`: the position
/// written `fen`, or the start position for `None` or `startpos`.
pub fn svg_of_game(game: &str, fen: Option<&str>, options: &SvgOptions) -> Result<String, String> {
    struct Picture<'a> {
        fen: Option<&'a str>,
        options: &'a SvgOptions,
    }
    impl GameVisitor for Picture<'_> {
        type Output = Result<String, String>;
        fn visit<G: Tooling>(self) -> Self::Output {
            let position = match self.fen.map(str::trim) {
                None | Some("startpos") => G::startpos(),
                Some(fen) => G::from_fen(fen)
                    .map_err(|error| format!("bad {} position '{fen}': {error}", G::NAME))?,
            };
            crate::svg::svg(&position, self.options)
        }
    }
    visit_game_named(game, Picture { fen, options })?
}

/// The game loaded when none is chosen.
pub const DEFAULT_GAME: &str = "alak";

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's action space has the size protocol.md gives it.
    #[test]
    fn the_action_spaces_have_the_documented_sizes() {
        #[derive(Clone)]
        struct Size;
        impl GameVisitor for Size {
            type Output = (&'static str, usize);
            fn visit<G: Tooling>(self) -> Self::Output {
                (G::NAME, G::NUM_ACTIONS)
            }
        }
        assert_eq!(
            visit_every_game(Size),
            [
                ("alak", 110),
                ("wyke", 8245),
                ("wyke6", 400_339),
                ("pylyx", 38_117),
                ("pylyx10", 21_665),
                ("wyx", 65),
            ]
        );
    }
}
