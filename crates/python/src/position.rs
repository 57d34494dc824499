//! A position of any game behind one object-safe trait, so that Python sees
//! one `Position` class: the rules crate's [`AnyGame`] (the game's rules
//! through its [`ludus_rules::GameLog`], the repetition rule included, the
//! moves that led to the position and an undo stack for `push`/`pop`),
//! and what Python adds: action ids, observations, pictures and the search.

use ludus_rules::games::{visit_game_named, GameVisitor};
use ludus_rules::svg::{svg, SvgOptions};
use ludus_rules::{AnyGame, Tooling, TypedGame};

use crate::results::SearchResult;
use crate::search::{search_position, SearchSpec};

/// A move as Python sees it: its canonical notation and its action id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// The canonical notation of the protocol.
    pub text: String,
    /// The game's fixed action id.
    pub action: usize,
}

/// What Python does with a position beyond [`AnyGame`], whatever its game.
pub trait AnyPosition: AnyGame {
    /// A copy, with its moves and undo stack.
    fn boxed_position(&self) -> Box<dyn AnyPosition>;
    /// The legal moves with their action ids (none once the game is over,
    /// by repetition too).
    fn legal_move_infos(&self) -> Vec<MoveInfo>;
    /// Plays the move written `text` (any accepted notation), as
    /// [`AnyGame::play`] does; returns the move.
    fn push_text(&mut self, text: &str) -> Result<MoveInfo, String>;
    /// The legal move of action id `action`, if there is one.
    fn move_of_action(&self, action: usize) -> Option<MoveInfo>;
    /// Plays the legal move of action id `action`, as `push_text` does.
    fn push_action(&mut self, action: usize) -> Result<MoveInfo, String>;
    /// A drawing for people.
    fn render(&self) -> String;
    /// A picture of the position in SVG (see [`ludus_rules::svg`]).
    fn svg(&self, options: &SvgOptions) -> Result<String, String>;
    /// The number of action ids of the game.
    fn num_actions(&self) -> usize;
    /// The observation's shape: planes, rows, columns.
    fn observation_shape(&self) -> [usize; 3];
    /// The observation from the side to move's view, plane-major.
    fn observation(&self) -> Vec<f32>;
    /// Searches the position with the engine, in process.
    fn search(&self, spec: &SearchSpec) -> Result<SearchResult, String>;
}

/// The move `mv` of `game`'s position, as Python sees it.
fn info<G: Tooling>(game: &TypedGame<G>, mv: G::Move) -> MoveInfo {
    let position = game.position();
    MoveInfo {
        text: position.format_move(mv),
        action: position.action_of(mv),
    }
}

impl<G: Tooling> AnyPosition for TypedGame<G> {
    fn boxed_position(&self) -> Box<dyn AnyPosition> {
        Box::new(self.clone())
    }

    fn legal_move_infos(&self) -> Vec<MoveInfo> {
        let moves = self.log().legal_moves();
        moves.into_iter().map(|mv| info(self, mv)).collect()
    }

    fn push_text(&mut self, text: &str) -> Result<MoveInfo, String> {
        self.ongoing()?;
        let mv = self.position().parse_move(text.trim())?;
        let played = info(self, mv);
        self.push(mv);
        Ok(played)
    }

    fn move_of_action(&self, action: usize) -> Option<MoveInfo> {
        self.ongoing().ok()?;
        let mv = self.position().move_of_action(action)?;
        Some(info(self, mv))
    }

    fn push_action(&mut self, action: usize) -> Result<MoveInfo, String> {
        self.ongoing()?;
        if action >= G::NUM_ACTIONS {
            return Err(format!(
                "action {action} is out of range: {} has actions 0 to {}",
                G::NAME,
                G::NUM_ACTIONS - 1
            ));
        }
        let mv = self
            .position()
            .move_of_action(action)
            .ok_or_else(|| format!("action {action} is not a legal move here"))?;
        let played = info(self, mv);
        self.push(mv);
        Ok(played)
    }

    fn render(&self) -> String {
        self.position().render()
    }

    fn svg(&self, options: &SvgOptions) -> Result<String, String> {
        svg(self.position(), options)
    }

    fn num_actions(&self) -> usize {
        G::NUM_ACTIONS
    }

    fn observation_shape(&self) -> [usize; 3] {
        G::OBSERVATION_SHAPE
    }

    fn observation(&self) -> Vec<f32> {
        let [planes, rows, columns] = G::OBSERVATION_SHAPE;
        let mut out = vec![0.0; planes * rows * columns];
        self.position().observe(&mut out);
        out
    }

    fn search(&self, spec: &SearchSpec) -> Result<SearchResult, String> {
        search_position(self.log(), spec)
    }
}

/// Makes the start position of a game by name.
struct Start<'a> {
    fen: Option<&'a str>,
    seed: Option<u64>,
}

impl GameVisitor for Start<'_> {
    type Output = Result<Box<dyn AnyPosition>, String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let start = match (self.fen, self.seed) {
            (Some(fen), _) => G::from_fen(fen.trim())?,
            (None, Some(seed)) => G::random_start(seed)
                .ok_or_else(|| format!("{} has one start position: no seed", G::NAME))?,
            (None, None) => G::startpos(),
        };
        Ok(Box::new(TypedGame::new(start)))
    }
}

/// The start position of game `game` (or the one drawn from `seed`, for a
/// game with a random start), or the position written `fen`.
pub fn new_position(
    game: &str,
    fen: Option<&str>,
    seed: Option<u64>,
) -> Result<Box<dyn AnyPosition>, String> {
    visit_game_named(game, Start { fen, seed })?
}
