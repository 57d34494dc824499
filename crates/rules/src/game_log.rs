//! A game in progress as the rules authority keeps it: the position, and
//! what the threefold-repetition rule needs of the moves that led to it.

use std::collections::HashMap;

use crate::game::{Game, GameResult};

/// The reason given for a draw by repetition.
pub const REPETITION_REASON: &str = "draw by threefold repetition";

/// How a game stands, with the repetition rule applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The result.
    pub result: GameResult,
    /// Why the game is over (empty while it goes on).
    pub reason: String,
}

/// A position with its history since the last irreversible move: a game
/// that has occurred the same position three times is drawn.
#[derive(Clone, Debug)]
pub struct GameLog<G: Game> {
    current: G,
    /// Hashes of the positions since the last irreversible move, oldest
    /// first, the current one last.
    reversible_hashes: Vec<u64>,
    /// How often each of those positions occurred.
    occurrences: HashMap<u64, u32>,
    /// Moves played since the start.
    plies: usize,
}

impl<G: Game> GameLog<G> {
    /// A log starting at `position`, with no history.
    pub fn new(position: G) -> Self {
        let mut log = GameLog {
            current: position,
            reversible_hashes: Vec::new(),
            occurrences: HashMap::new(),
            plies: 0,
        };
        log.record_current();
        log
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.current
    }

    /// Moves played since the log started.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Hashes of the positions before the current one since the last
    /// irreversible move, oldest first (what a search needs to see
    /// repetitions).
    pub fn history(&self) -> &[u64] {
        &self.reversible_hashes[..self.reversible_hashes.len() - 1]
    }

    /// How often the current position has occurred since the last
    /// irreversible move (1 the first time).
    pub fn occurrences(&self) -> u32 {
        self.occurrences
            .get(&self.current.hash())
            .copied()
            .unwrap_or(0)
    }

    fn record_current(&mut self) {
        let hash = self.current.hash();
        self.reversible_hashes.push(hash);
        *self.occurrences.entry(hash).or_insert(0) += 1;
    }

    /// Plays `mv`, which must be legal in the current position.
    pub fn play(&mut self, mv: G::Move) {
        if self.current.is_irreversible(mv) {
            self.reversible_hashes.clear();
            self.occurrences.clear();
        }
        self.current.make_move(mv);
        self.plies += 1;
        self.record_current();
    }

    /// Parses `text` as a move of the current position and plays it; on
    /// error nothing changes and the message says why (the game is over,
    /// or the move is not legal).
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, String> {
        let status = self.status();
        if status.result != GameResult::Ongoing {
            return Err(format!("the game is already over ({})", status.reason));
        }
        let mv = self.current.parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// The result: the rules', or a draw once the current position has
    /// occurred three times.
    pub fn status(&self) -> Status {
        match self.current.result() {
            GameResult::Ongoing if self.occurrences() >= 3 => Status {
                result: GameResult::Draw,
                reason: REPETITION_REASON.to_string(),
            },
            GameResult::Ongoing => Status {
                result: GameResult::Ongoing,
                reason: String::new(),
            },
            result => Status {
                result,
                reason: self.current.result_reason(),
            },
        }
    }

    /// The legal moves: none once the game is over, by repetition too.
    pub fn legal_moves(&self) -> Vec<G::Move> {
        let mut moves = Vec::new();
        if self.status().result == GameResult::Ongoing {
            self.current.generate_moves(&mut moves);
        }
        moves
    }
}
