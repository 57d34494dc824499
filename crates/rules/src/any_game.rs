//! A game of any kind behind one object, text in and text out: its start,
//! the moves played (in canonical notation), the position with the
//! repetition rule ([`GameLog`]), and an undo stack. The engine's protocol
//! session, the board's table and Python's position are built on it, so
//! each plays moves by text, lists legal moves and judges results the same
//! way; what a layer adds (a search, the clicks of a board, action ids)
//! it adds on [`TypedGame`] for its game type.

use std::any::Any;

use crate::game::{Game, GameResult, Player};
use crate::game_log::{GameLog, Status};
use crate::games::{visit_game_named, GameVisitor};
use crate::perft;
use crate::protocol::words::truncate;
use crate::protocol::{PositionBase, PositionCommand};
use crate::random::Rng;
use crate::tools::Tooling;

/// A game in progress, whatever the game.
pub trait AnyGame: Send + Sync {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// The position the moves start from, in the game's notation.
    fn start_fen(&self) -> String;
    /// Whether that is the game's standard start position.
    fn standard_start(&self) -> bool;
    /// The current position in the game's notation.
    fn fen(&self) -> String;
    /// The moves played from the start, in canonical notation.
    fn moves(&self) -> &[String];
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// How the game stands, the repetition rule included.
    fn status(&self) -> Status;
    /// The legal moves in canonical notation (none once the game is over,
    /// by repetition too).
    fn legal_moves(&self) -> Vec<String>;
    /// Plays the move written `text` (any notation the game accepts) and
    /// returns it in canonical notation; on error (the game is over, the
    /// move is not legal) nothing changes and the message says why.
    fn play(&mut self, text: &str) -> Result<String, String> {
        self.play_at(self.moves().len(), text)
    }
    /// Takes the last move back (and returns it); `None` at the start.
    fn undo(&mut self) -> Option<String>;
    /// Plays the move written `text` after the first `ply` moves (see
    /// [`TypedGame::log_at`]), taking back the moves that followed them (a
    /// variation replaces the line); returns the move in canonical
    /// notation. On error nothing changes, the moves that followed kept.
    fn play_at(&mut self, ply: usize, text: &str) -> Result<String, String>;
    /// Takes moves back until `plies` are left (or none can be).
    fn truncate(&mut self, plies: usize);
    /// The position after the first `ply` moves (see
    /// [`TypedGame::log_at`]) in the game's notation.
    fn fen_at(&self, ply: usize) -> String;
    /// How the game stood after the first `ply` moves (see
    /// [`TypedGame::log_at`]), the repetition rule included.
    fn status_at(&self, ply: usize) -> Status;
    /// Sets up the game `command` names: its start, then its moves; on
    /// error the game stays as it was.
    fn set_position(&mut self, command: &PositionCommand) -> Result<(), String>;
    /// The position as text for people, with its notation, hash, side to
    /// move, number of legal moves and result (the protocol's `d`).
    fn display(&self) -> String;
    /// What the game's pair scoring counts and each player's count now
    /// (Wyx: the tokens in hand, first player's first), for a game whose
    /// rules score pairs so.
    fn pair_counts(&self) -> Option<(&'static str, [u32; 2])>;
    /// The number of move sequences of `depth` plies from the position
    /// (the rules alone; none past a finished game).
    fn perft(&self, depth: u32) -> u64;
    /// Plays uniformly random legal moves drawn from `seed` until the game
    /// ends or `max_plies` were played; they cannot be taken back.
    fn random_playout(&mut self, seed: u64, max_plies: usize);
    /// A copy, with its moves and undo stack.
    fn boxed(&self) -> Box<dyn AnyGame>;
    /// The game as its own type, for a layer that adds to it.
    fn as_any(&self) -> &dyn Any;
    /// The game as its own type, to change it.
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// A game of type `G` in progress.
#[derive(Clone, Debug)]
pub struct TypedGame<G: Game> {
    start: G,
    log: GameLog<G>,
    moves: Vec<String>,
    /// The log before each move that can still be taken back.
    undo: Vec<GameLog<G>>,
}

impl<G: Game> TypedGame<G> {
    /// A game from `start`, with no moves.
    pub fn new(start: G) -> Self {
        TypedGame {
            log: GameLog::new(start.clone()),
            start,
            moves: Vec::new(),
            undo: Vec::new(),
        }
    }

    /// The game `command` names: its start, then its moves (each error
    /// says which move and why).
    pub fn from_command(command: &PositionCommand) -> Result<Self, String> {
        let start = match &command.base {
            PositionBase::StartPos => G::startpos(),
            PositionBase::Fen(fen) => {
                G::from_fen(fen).map_err(|e| format!("bad position '{fen}': {e}"))?
            }
            PositionBase::Random(seed) => G::random_start(*seed).ok_or_else(|| {
                format!(
                    "position random: {} has a single start position (use startpos)",
                    G::NAME
                )
            })?,
        };
        let mut game = TypedGame::new(start);
        for (number, text) in command.moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("move {} '{}': {e}", number + 1, truncate(text)))?;
        }
        Ok(game)
    }

    /// The current position.
    pub fn position(&self) -> &G {
        self.log.position()
    }

    /// The current position with its repetition history.
    pub fn log(&self) -> &GameLog<G> {
        &self.log
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// Plays `mv`, legal in a game that goes on, and returns it in
    /// canonical notation.
    pub fn push(&mut self, mv: G::Move) -> String {
        let text = self.position().format_move(mv);
        self.undo.push(self.log.clone());
        self.log.play(mv);
        self.moves.push(text.clone());
        text
    }

    /// An error saying the game is over, if it is.
    pub fn ongoing(&self) -> Result<(), String> {
        ongoing(&self.log)
    }

    /// Parses `text` as a move here and plays it (see [`AnyGame::play`]).
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, String> {
        self.play_at(self.moves.len(), text)
    }

    /// The ply of the earliest position the undo stack can go back to (0
    /// but after a random playout, whose moves cannot be taken back).
    fn first_kept(&self) -> usize {
        self.moves.len() - self.undo.len()
    }

    /// The game after its first `ply` moves, with its repetition history:
    /// a `ply` past the moves played means the last position, one before
    /// the earliest position that can be gone back to (a random playout's
    /// moves cannot) that position.
    pub fn log_at(&self, ply: usize) -> &GameLog<G> {
        let index = ply.saturating_sub(self.first_kept());
        self.undo.get(index).unwrap_or(&self.log)
    }

    /// Parses `text` as a move after the first `ply` moves (see
    /// [`TypedGame::log_at`]), in a game that goes on there.
    pub fn parse_at(&self, ply: usize, text: &str) -> Result<G::Move, String> {
        let log = self.log_at(ply);
        ongoing(log)?;
        log.position().parse_move(text.trim())
    }

    /// Plays `text` after the first `ply` moves (see [`AnyGame::play_at`]).
    pub fn play_at(&mut self, ply: usize, text: &str) -> Result<G::Move, String> {
        // Parsed before anything is taken back: an error changes nothing.
        let mv = self.parse_at(ply, text)?;
        self.truncate(ply);
        self.push(mv);
        Ok(mv)
    }

    /// Takes moves back until `plies` are left (see [`AnyGame::truncate`]).
    pub fn truncate(&mut self, plies: usize) {
        let first = self.first_kept();
        let keep = plies.max(first);
        if keep < self.moves.len() {
            self.undo.truncate(keep - first + 1);
            self.log = self.undo.pop().expect("a position to go back to");
            self.moves.truncate(keep);
        }
    }
}

/// An error saying the game `log` is over, if it is.
fn ongoing<G: Game>(log: &GameLog<G>) -> Result<(), String> {
    let status = log.status();
    match status.result {
        GameResult::Ongoing => Ok(()),
        _ => Err(format!("the game is already over ({})", status.reason)),
    }
}

/// The UGI word for a result: `p1win`, `p2win`, `draw` or `none`.
pub fn result_word(result: GameResult) -> &'static str {
    match result {
        GameResult::Ongoing => "none",
        GameResult::Win(Player::First) => "p1win",
        GameResult::Win(Player::Second) => "p2win",
        GameResult::Draw => "draw",
    }
}

impl<G: Game + 'static> AnyGame for TypedGame<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn start_fen(&self) -> String {
        self.start.to_fen()
    }

    fn standard_start(&self) -> bool {
        self.start.to_fen() == G::startpos().to_fen()
    }

    fn fen(&self) -> String {
        self.position().to_fen()
    }

    fn moves(&self) -> &[String] {
        &self.moves
    }

    fn side_to_move(&self) -> Player {
        self.position().side_to_move()
    }

    fn status(&self) -> Status {
        self.log.status()
    }

    fn legal_moves(&self) -> Vec<String> {
        let position = self.position();
        let moves = self.log.legal_moves();
        moves.iter().map(|&mv| position.format_move(mv)).collect()
    }

    fn undo(&mut self) -> Option<String> {
        self.log = self.undo.pop()?;
        self.moves.pop()
    }

    fn play_at(&mut self, ply: usize, text: &str) -> Result<String, String> {
        TypedGame::play_at(self, ply, text)?;
        Ok(self.moves.last().expect("a move was played").clone())
    }

    fn truncate(&mut self, plies: usize) {
        TypedGame::truncate(self, plies);
    }

    fn fen_at(&self, ply: usize) -> String {
        self.log_at(ply).position().to_fen()
    }

    fn status_at(&self, ply: usize) -> Status {
        self.log_at(ply).status()
    }

    fn set_position(&mut self, command: &PositionCommand) -> Result<(), String> {
        *self = TypedGame::from_command(command)?;
        Ok(())
    }

    fn display(&self) -> String {
        let position = self.position();
        let status = self.log.status();
        let result = match status.result {
            GameResult::Ongoing => "none".to_string(),
            result => format!("{} ({})", result_word(result), status.reason),
        };
        format!(
            "{}\nFen: {}\nHash: {:016x}\nSide to move: {}\nLegal moves: {}\nResult: {result}",
            position.render(),
            position.to_fen(),
            position.hash(),
            match position.side_to_move() {
                Player::First => "p1 (first player)",
                Player::Second => "p2 (second player)",
            },
            self.log.legal_moves().len(),
        )
    }

    fn pair_counts(&self) -> Option<(&'static str, [u32; 2])> {
        G::PAIR_SCORING.map(|scoring| (scoring.counted, (scoring.counts)(self.position())))
    }

    fn perft(&self, depth: u32) -> u64 {
        match self.ongoing() {
            Err(_) if depth > 0 => 0,
            _ => perft::perft(self.position(), depth),
        }
    }

    fn random_playout(&mut self, seed: u64, max_plies: usize) {
        let mut rng = Rng::new(seed);
        let mut moves = Vec::new();
        for _ in 0..max_plies {
            if self.ongoing().is_err() {
                break;
            }
            moves.clear();
            self.position().generate_moves(&mut moves);
            let mv = moves[rng.below(moves.len())];
            self.moves.push(self.position().format_move(mv));
            self.log.play(mv);
        }
        // The undo steps before the playout would restore positions
        // without its moves in `moves`: a playout starts a new stack.
        self.undo.clear();
    }

    fn boxed(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// Sets up the game a [`PositionCommand`] names, by the game's name.
struct SetUp<'a>(&'a PositionCommand);

impl GameVisitor for SetUp<'_> {
    type Output = Result<Box<dyn AnyGame>, String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        Ok(Box::new(TypedGame::<G>::from_command(self.0)?))
    }
}

/// The game called `name` (any letter case) as `command` sets it up, or why
/// it cannot be.
pub fn new_game(name: &str, command: &PositionCommand) -> Result<Box<dyn AnyGame>, String> {
    visit_game_named(name, SetUp(command))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GAME_NAMES;

    fn start(name: &str) -> Box<dyn AnyGame> {
        new_game(
            name,
            &PositionCommand::new(PositionBase::StartPos, Vec::new()),
        )
        .unwrap()
    }

    #[test]
    fn every_game_plays_and_takes_back_by_text() {
        for name in GAME_NAMES {
            let mut game = start(name);
            assert_eq!(game.name(), *name);
            assert!(game.standard_start());
            let first = game.legal_moves()[0].clone();
            let fen = game.fen();
            assert_eq!(game.play(&first).as_deref(), Ok(first.as_str()));
            assert_eq!(game.moves(), std::slice::from_ref(&first));
            assert_ne!(game.fen(), fen);
            assert_eq!(game.undo(), Some(first));
            assert_eq!(game.fen(), fen);
            assert_eq!(game.undo(), None);
        }
    }

    #[test]
    fn a_bad_move_or_position_changes_nothing_and_says_why() {
        let mut game = start("alak");
        game.play("4-5").unwrap();
        let fen = game.fen();
        let error = game.play("4-5").unwrap_err();
        assert!(!error.is_empty());
        assert_eq!(game.fen(), fen);
        let command =
            PositionCommand::new(PositionBase::StartPos, vec!["4-5".into(), "1-2".into()]);
        let error = game.set_position(&command).unwrap_err();
        assert!(error.starts_with("move 2 '1-2'"), "{error}");
        assert_eq!((game.fen(), game.moves().len()), (fen, 1));
        assert!(new_game("chess", &command).is_err());
    }

    #[test]
    fn a_game_set_from_a_command_keeps_its_start_and_moves() {
        let command =
            PositionCommand::new(PositionBase::StartPos, vec!["4-5".into(), "8-7".into()]);
        let game = new_game("alak", &command).unwrap();
        assert_eq!(game.moves(), ["4-5", "8-7"]);
        assert_eq!(game.start_fen(), "xxxx___oooo x");
        assert_eq!(game.status().result, GameResult::Ongoing);
        assert!(game.display().contains("Result: none"));
    }

    #[test]
    fn a_move_played_earlier_replaces_the_line_after_it() {
        let mut game = start("alak");
        for mv in ["4-5", "8-7", "3-4"] {
            game.play(mv).unwrap();
        }
        let (fens, statuses): (Vec<String>, Vec<Status>) = (0..=3)
            .map(|ply| (game.fen_at(ply), game.status_at(ply)))
            .unzip();
        assert_eq!(
            (game.fen_at(0), game.fen_at(9)),
            (game.start_fen(), game.fen())
        );
        assert!(statuses.iter().all(|s| s.result == GameResult::Ongoing));
        // Errors change nothing: a move not legal there, a bad text.
        assert!(game.play_at(1, "4-5").is_err());
        assert!(game.play_at(1, "x").is_err());
        assert_eq!(game.moves(), ["4-5", "8-7", "3-4"]);
        assert_eq!(game.play_at(1, " 9-7 ").as_deref(), Ok("9-7"));
        assert_eq!(game.moves(), ["4-5", "9-7"]);
        assert_eq!(game.fen_at(1), fens[1]);
        assert_eq!(game.undo().as_deref(), Some("9-7"));
        assert_eq!(game.fen(), fens[1]);
        game.truncate(5);
        assert_eq!(game.moves(), ["4-5"], "nothing to take back past the end");
        game.truncate(0);
        assert_eq!((game.moves().len(), game.fen()), (0, fens[0].clone()));
    }

    #[test]
    fn the_status_at_each_ply_counts_repetitions() {
        let command = PositionCommand::new(PositionBase::Fen("x_x______oo x".into()), Vec::new());
        let mut game = new_game("alak", &command).unwrap();
        for mv in ["3-2", "10-9", "2-3", "9-10", "3-2", "10-9", "2-3", "9-10"] {
            game.play(mv).unwrap();
        }
        assert_eq!(game.status_at(8).result, GameResult::Draw);
        assert_eq!(game.status_at(7).result, GameResult::Ongoing);
        let error = game.play_at(8, "3-2").unwrap_err();
        assert!(error.contains("already over"), "{error}");
        assert_eq!(game.play_at(7, "9-10").as_deref(), Ok("9-10"));
        assert_eq!(game.moves().len(), 8);
    }

    #[test]
    fn a_random_playout_cannot_be_gone_back_past() {
        let mut game = start("alak");
        game.play("4-5").unwrap();
        game.random_playout(1, 4);
        let end = game.moves().len();
        assert_eq!(
            game.fen_at(0),
            game.fen(),
            "the playout's end is the earliest"
        );
        game.truncate(0);
        assert_eq!(game.moves().len(), end);
        let next = game.legal_moves()[0].clone();
        game.play_at(0, &next).unwrap();
        assert_eq!(game.moves().len(), end + 1);
        assert_eq!(game.fen_at(end), game.fen_at(0));
        game.truncate(0);
        assert_eq!(game.moves().len(), end);
    }
}
