//! A position of any game behind one object-safe trait, so that Python sees
//! one `Position` class: the game's rules through its [`GameLog`] (the
//! repetition rule included), the moves that led to the position, and an
//! undo stack for `push`/`pop`.

use ludus_rules::games::{visit_game_named, GameVisitor};
use ludus_rules::random::Rng;
use ludus_rules::svg::{svg, SvgOptions};
use ludus_rules::{perft, GameLog, GameResult};

use crate::results::SearchResult;
use crate::search::{search_position, SearchSpec};
use ludus_rules::Tooling;

/// How a game stands, for Python: `None` while it goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner's index (0 the first player), `None` for a draw.
    pub winner: Option<usize>,
    /// Why the game ended.
    pub reason: String,
}

/// A move as Python sees it: its canonical notation and its action id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// The canonical notation of the protocol.
    pub text: String,
    /// The game's fixed action id.
    pub action: usize,
}

/// Everything Python does with a position, whatever its game.
pub trait AnyPosition: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// A copy, with its moves and undo stack.
    fn boxed(&self) -> Box<dyn AnyPosition>;
    /// The position's notation.
    fn fen(&self) -> String;
    /// The notation of the position the moves start from.
    fn start_fen(&self) -> String;
    /// The moves from the start position, in canonical notation.
    fn moves(&self) -> &[String];
    /// The side to move: 0 the first player, 1 the second.
    fn turn(&self) -> usize;
    /// The legal moves (none once the game is over, by repetition too).
    fn legal_moves(&self) -> Vec<MoveInfo>;
    /// Plays the move written `text` (any accepted notation) and keeps the
    /// position before it for [`AnyPosition::pop`]; returns the move.
    fn push_text(&mut self, text: &str) -> Result<MoveInfo, String>;
    /// The legal move of action id `action`, if there is one.
    fn move_of_action(&self, action: usize) -> Option<MoveInfo>;
    /// Plays the legal move of action id `action`, as `push_text` does.
    fn push_action(&mut self, action: usize) -> Result<MoveInfo, String>;
    /// Takes the last pushed move back; `None` when nothing was pushed.
    fn pop(&mut self) -> Option<String>;
    /// The result, `None` while the game goes on.
    fn outcome(&self) -> Option<Outcome>;
    /// What the game's pair scoring counts and each player's count now
    /// (Wyx: the tokens in hand), for a game that scores pairs so.
    fn counts(&self) -> Option<(&'static str, [u32; 2])>;
    /// The number of move sequences of `depth` plies (the rules alone).
    fn perft(&self, depth: u32) -> u64;
    /// Plays uniformly random legal moves from `seed` until the game ends
    /// or `max_plies` were played; not undoable.
    fn random_playout(&mut self, seed: u64, max_plies: usize);
    /// A drawing for people.
    fn render(&self) -> String;
    /// The picture of the position in SVG.
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

/// A position of game `G`, with what it was reached by.
#[derive(Clone)]
struct Tracked<G: Tooling> {
    start: G,
    log: GameLog<G>,
    moves: Vec<String>,
    undo: Vec<GameLog<G>>,
}

impl<G: Tooling> Tracked<G> {
    fn new(start: G) -> Self {
        Tracked {
            log: GameLog::new(start.clone()),
            start,
            moves: Vec::new(),
            undo: Vec::new(),
        }
    }

    fn info(&self, mv: G::Move) -> MoveInfo {
        let position = self.log.position();
        MoveInfo {
            text: position.format_move(mv),
            action: position.action_of(mv),
        }
    }

    /// Plays `mv`, legal in a game that goes on, keeping the undo step.
    fn push(&mut self, mv: G::Move) -> MoveInfo {
        let info = self.info(mv);
        self.undo.push(self.log.clone());
        self.log.play(mv);
        self.moves.push(info.text.clone());
        info
    }

    fn ongoing(&self) -> Result<(), String> {
        let status = self.log.status();
        match status.result {
            GameResult::Ongoing => Ok(()),
            _ => Err(format!("the game is already over ({})", status.reason)),
        }
    }
}

impl<G: Tooling> AnyPosition for Tracked<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn boxed(&self) -> Box<dyn AnyPosition> {
        Box::new(self.clone())
    }

    fn fen(&self) -> String {
        self.log.position().to_fen()
    }

    fn start_fen(&self) -> String {
        self.start.to_fen()
    }

    fn moves(&self) -> &[String] {
        &self.moves
    }

    fn turn(&self) -> usize {
        self.log.position().side_to_move().index()
    }

    fn legal_moves(&self) -> Vec<MoveInfo> {
        self.log
            .legal_moves()
            .into_iter()
            .map(|mv| self.info(mv))
            .collect()
    }

    fn push_text(&mut self, text: &str) -> Result<MoveInfo, String> {
        self.ongoing()?;
        let mv = self.log.position().parse_move(text.trim())?;
        Ok(self.push(mv))
    }

    fn move_of_action(&self, action: usize) -> Option<MoveInfo> {
        self.ongoing().ok()?;
        let mv = self.log.position().move_of_action(action)?;
        Some(self.info(mv))
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
            .log
            .position()
            .move_of_action(action)
            .ok_or_else(|| format!("action {action} is not a legal move here"))?;
        Ok(self.push(mv))
    }

    fn pop(&mut self) -> Option<String> {
        let before = self.undo.pop()?;
        self.log = before;
        self.moves.pop()
    }

    fn outcome(&self) -> Option<Outcome> {
        let status = self.log.status();
        match status.result {
            GameResult::Ongoing => None,
            GameResult::Draw => Some(Outcome {
                winner: None,
                reason: status.reason,
            }),
            GameResult::Win(player) => Some(Outcome {
                winner: Some(player.index()),
                reason: status.reason,
            }),
        }
    }

    fn counts(&self) -> Option<(&'static str, [u32; 2])> {
        G::PAIR_SCORING.map(|scoring| (scoring.counted, (scoring.counts)(self.log.position())))
    }

    fn perft(&self, depth: u32) -> u64 {
        match self.outcome() {
            Some(_) if depth > 0 => 0,
            _ => perft::perft(self.log.position(), depth),
        }
    }

    fn random_playout(&mut self, seed: u64, max_plies: usize) {
        let mut rng = Rng::new(seed);
        let mut moves = Vec::new();
        for _ in 0..max_plies {
            if self.log.status().result != GameResult::Ongoing {
                break;
            }
            moves.clear();
            self.log.position().generate_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            self.moves.push(self.log.position().format_move(mv));
            self.log.play(mv);
        }
        // The undo steps before the playout would restore positions
        // without its moves in `moves`: a playout starts a new stack.
        self.undo.clear();
    }

    fn render(&self) -> String {
        self.log.position().render()
    }

    fn svg(&self, options: &SvgOptions) -> Result<String, String> {
        svg(self.log.position(), options)
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
        self.log.position().observe(&mut out);
        out
    }

    fn search(&self, spec: &SearchSpec) -> Result<SearchResult, String> {
        search_position(&self.log, spec)
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
        Ok(Box::new(Tracked::new(start)))
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
