//! The rules contract every game implements: notation, moves, results, the
//! position hash, and the action ids and observations of learning front
//! ends. What the engine needs beyond the rules (evaluation,
//! move classes, known values, options) is [`crate::Searchable`].
//!
//! Everything generic over [`Game`] is monomorphised per game, so nothing
//! here is dynamic on the hot path:
//! moves are small `Copy` values, legal moves are written into a buffer the
//! caller owns and reuses, and positions are updated by copy-make (the search
//! clones the parent and applies one move to the clone; for every game so far
//! the position is a few dozen bytes to a few hundred, and copy-make avoids
//! keeping undo information in sync).

use std::fmt::Debug;
use std::hash::Hash;

/// One of the two players. `First` is the side that moves first in the
/// game's start position (X in Alak, the Builder in Wyke, White in Pylyx and
/// Wyx); protocol clocks `wtime`/`p1time` belong to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The player who moves first from the start position.
    First,
    /// The player who moves second.
    Second,
}

impl Player {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for the first player, 1 for the second; for indexing tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The state of a game as the rules alone judge it (repetition is judged by
/// whoever holds the move history: see [`crate::GameLog`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The game goes on.
    Ongoing,
    /// The game is over and this player won.
    Win(Player),
    /// The game is over and drawn.
    Draw,
}

/// A move of some game: a small value that packs into 32 bits so the
/// transposition table can store it.
pub trait GameMove: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// Packs the move into 32 bits. `from_bits(to_bits(m)) == m` must hold.
    fn to_bits(self) -> u32;
    /// Unpacks 32 bits into a move. Any input must give *some* move without
    /// panicking: bits read from the shared table may be stale or belong to
    /// another position, and are checked with [`Game::is_legal`] before use.
    fn from_bits(bits: u32) -> Self;
}

/// A two-player, perfect-information game, as its rules define it: what a
/// referee, a board or a match runner needs, and nothing about playing well.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// The move type.
    type Move: GameMove;

    /// The game's name as the protocol's `UCI_Variant` option spells it.
    const NAME: &'static str;

    /// The standard start position.
    fn startpos() -> Self;

    /// A start position drawn from `seed` for games whose start is random
    /// (Wyx's shuffled rack); `None` for games with one start position. The
    /// same seed gives the same position.
    fn random_start(seed: u64) -> Option<Self> {
        let _ = seed;
        None
    }

    /// Parses the position notation of rules.md, validating it strictly. The
    /// error names what is wrong.
    fn from_fen(fen: &str) -> Result<Self, String>;

    /// Writes the position notation of rules.md; `from_fen(to_fen(p)) == p`.
    fn to_fen(&self) -> String;

    /// The side to move.
    fn side_to_move(&self) -> Player;

    /// A 64-bit Zobrist hash of the whole position (side to move included),
    /// kept incrementally and reproducible across runs. It must be well mixed
    /// in every bit: the transposition table picks buckets by the high bits.
    fn hash(&self) -> u64;

    /// Parses a move in the notation of rules.md. Only legal moves of this
    /// position are accepted; the error names the token and the reason.
    fn parse_move(&self, text: &str) -> Result<Self::Move, String>;

    /// Writes a legal move of this position in canonical notation.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Appends every legal move to `moves` (which the caller has cleared).
    /// In an ongoing position there is at least one move (a pass, if the rules
    /// give the side nothing else); in a finished position there are none.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Plays a legal move. Behaviour on an illegal move is unspecified but
    /// must not panic.
    fn make_move(&mut self, mv: Self::Move);

    /// Whether `mv` is a legal move here. Used for moves from the
    /// transposition table and killer slots, which may be stale.
    fn is_legal(&self, mv: Self::Move) -> bool;

    /// Whether no earlier position can occur again after this move (a capture
    /// in Alak, a placement in Pylyx). Lets repetition checks stop scanning.
    /// Answering `false` is always correct, only slower.
    fn is_irreversible(&self, mv: Self::Move) -> bool;

    /// The result as the rules judge this position alone (repetition is
    /// judged by whoever holds the move history: see [`crate::GameLog`]).
    fn result(&self) -> GameResult;

    /// A short reason for a finished game, e.g. "o has fewer than 2 pieces".
    fn result_reason(&self) -> String;

    /// A drawing of the position for a person (several lines).
    fn render(&self) -> String;

    // Action ids and observations: a fixed numbering of every move and a
    // fixed-size picture of every position, for learning front ends (the
    // Python package); protocol.md documents each game's.

    /// How many action ids the game has: every move of every position has an
    /// id below it.
    const NUM_ACTIONS: usize;

    /// The action id of a legal move of this position. The id does not
    /// depend on the position: the same move notation has the same id
    /// wherever it is legal, and the legal moves of one position have
    /// distinct ids. (For any other move the value is unspecified, but the
    /// call does not panic.)
    fn action_of(&self, mv: Self::Move) -> usize;

    /// The legal move of this position with action id `action`, if any.
    /// The default scans the legal moves; a game overrides it only where
    /// that is simple and much faster (Wyke decodes the id: its 6×6 start
    /// has 400 338 moves).
    fn move_of_action(&self, action: usize) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves.into_iter().find(|&mv| self.action_of(mv) == action)
    }

    /// The shape of an observation: [planes, rows, columns].
    const OBSERVATION_SHAPE: [usize; 3];

    /// Writes the observation of this position into `out` (length = product
    /// of the shape, plane-major, row-major), from the side to move's point
    /// of view: values in 0..=1. Panics if `out` has another length (a
    /// caller's bug, not bad input).
    fn observe(&self, out: &mut [f32]);

    // Symmetries: maps of the board under which the rules do not change
    // (a mirror, the rotations and reflections of a square board). A solver
    // stores a position and its images once; `crate::symmetry` has the
    // helpers, and a contract test checks every game's declaration.

    /// How many symmetries the game declares, the identity (0) included: 1
    /// for a game with none (the default).
    const SYMMETRIES: usize = 1;

    /// The image of this position under symmetry `symmetry` (in
    /// `0..SYMMETRIES`; 0 is the identity): a position with the same side
    /// to move, the same result and the same value, whose legal moves are
    /// the images of this one's ([`Game::symmetric_move`]).
    fn symmetric(&self, symmetry: usize) -> Self {
        let _ = symmetry;
        self.clone()
    }

    /// The [`Game::hash`] of [`Game::symmetric`]`(symmetry)`, which a
    /// game may compute without building the image (a solver hashes every
    /// image of every position it meets).
    fn symmetric_hash(&self, symmetry: usize) -> u64 {
        self.symmetric(symmetry).hash()
    }

    /// The image under symmetry `symmetry` of the legal move `mv` of this
    /// position: a legal move of [`Game::symmetric`]`(symmetry)` leading to
    /// the image of the position `mv` leads to.
    fn symmetric_move(&self, symmetry: usize, mv: Self::Move) -> Self::Move {
        let _ = symmetry;
        mv
    }

    /// How the rules score two games played from one start with the sides
    /// swapped, if they say (Wyx's "Double Wyx"); `None` for games scored
    /// game by game only.
    const PAIR_SCORING: Option<PairScoring<Self>> = None;
}

/// A rules-level score of a pair of games (one start, the sides swapped),
/// as Wyx's "Double Wyx" adds up the tokens each player is left with: each
/// player keeps a count in a finished game, the pair adds each player's
/// counts up over its two games, and the smaller total wins the pair (equal
/// totals draw it).
pub struct PairScoring<G> {
    /// The pair's name in reports, e.g. `Double Wyx`.
    pub name: &'static str,
    /// What is counted, as reports say it, e.g. `tokens left`.
    pub counted: &'static str,
    /// The PGN tag of a game's counts (first player's first), e.g.
    /// `TokensLeft`; `Pair` before it names the pair's totals.
    pub tag: &'static str,
    /// The engine option and value that make an engine play for the count
    /// rather than for the single game (`WyxScoring`, `margin`); a match
    /// runner scoring pairs sets it on engines that announce the option.
    pub option: Option<(&'static str, &'static str)>,
    /// Each player's count (first player's first) in a position the rules
    /// have finished.
    pub counts: fn(&G) -> [u32; 2],
}
