//! The contract every game implements.
//!
//! The search, the protocol session and the tools are generic over [`Game`]
//! and are monomorphised per game, so nothing here is dynamic on the hot path:
//! moves are small `Copy` values, legal moves are written into a buffer the
//! caller owns and reuses, and positions are updated by copy-make (the search
//! clones the parent and applies one move to the clone; for every game so far
//! the position is a few dozen bytes to a few hundred, and copy-make avoids
//! keeping undo information in sync).
//!
//! Rules code depends on nothing but this file.

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
/// whoever holds the move history: the search and the session).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The game goes on.
    Ongoing,
    /// The game is over and this player won.
    Win(Player),
    /// The game is over and drawn.
    Draw,
}

/// A game-theoretic value known exactly (from a solved table), from the
/// side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnownValue {
    /// The side to move wins in this many plies with best play.
    Win(u32),
    /// The side to move loses in this many plies with best play.
    Loss(u32),
    /// Best play draws.
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

/// A two-player, perfect-information game, as the engine needs to see it.
///
/// Scores are in "centipawn-like" units from the point of view of the side to
/// move; the search reserves values beyond ±30 000 for forced results, so
/// evaluations must stay well inside ±20 000.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// The move type.
    type Move: GameMove;

    /// The game's name as the protocol's `UCI_Variant` option spells it.
    const NAME: &'static str;

    /// The number of distinct values [`Game::move_index`] can return; history
    /// tables are this large per player.
    const MOVE_INDEX_COUNT: usize;

    /// Whether a null move (the side to move passing its turn, used by the
    /// search to prune) is a reasonable approximation in this game. Games
    /// where zugzwang is common answer `false`.
    const NULL_MOVE_SAFE: bool;

    /// Positions for `ludus bench`, in the game's notation: a spread of
    /// openings, middle games and endings.
    const BENCH_POSITIONS: &'static [&'static str];

    /// The depth `ludus bench` searches each position to by default.
    const BENCH_DEPTH: u32;

    /// The standard start position.
    fn startpos() -> Self;

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

    /// A dense index in `0..MOVE_INDEX_COUNT` for history tables. Different
    /// moves may share an index.
    fn move_index(&self, mv: Self::Move) -> usize;

    /// Appends every legal move to `moves` (which the caller has cleared).
    /// In an ongoing position there is at least one move (a pass, if the rules
    /// give the side nothing else); in a finished position there are none.
    fn generate_moves(&self, moves: &mut Vec<Self::Move>);

    /// Appends the legal noisy moves (see [`Game::is_noisy`]). Games with
    /// many quiet moves override this to avoid generating them.
    fn generate_noisy(&self, moves: &mut Vec<Self::Move>) {
        self.generate_moves(moves);
        moves.retain(|&mv| self.is_noisy(mv));
    }

    /// Appends the legal moves that are not noisy. Together with
    /// [`Game::generate_noisy`] this gives every legal move exactly once.
    fn generate_quiet(&self, moves: &mut Vec<Self::Move>) {
        self.generate_moves(moves);
        moves.retain(|&mv| !self.is_noisy(mv));
    }

    /// Plays a legal move. Behaviour on an illegal move is unspecified but
    /// must not panic.
    fn make_move(&mut self, mv: Self::Move);

    /// Passes the turn without moving, for null-move pruning. Only called when
    /// [`Game::NULL_MOVE_SAFE`] is true.
    fn make_null_move(&mut self);

    /// Whether `mv` is a legal move here. Used for moves from the
    /// transposition table and killer slots, which may be stale.
    fn is_legal(&self, mv: Self::Move) -> bool;

    /// Whether the move changes the material balance or decides something at
    /// once (a capture, a claim, a win); quiescence search follows only these.
    fn is_noisy(&self, mv: Self::Move) -> bool;

    /// Whether no earlier position can occur again after this move (a capture
    /// in Alak, a placement in Pylyx). Lets repetition checks stop scanning.
    /// Answering `false` is always correct, only slower.
    fn is_irreversible(&self, mv: Self::Move) -> bool;

    /// The result as the rules judge this position alone.
    fn result(&self) -> GameResult;

    /// A short reason for a finished game, e.g. "o has fewer than 2 pieces".
    fn result_reason(&self) -> String;

    /// Static evaluation from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// The exact value of this ongoing position if the game knows it (a
    /// solved endgame table); the search then scores it like a tablebase hit.
    /// Wins and losses must be at most 900 plies away. It never waits for a
    /// table to be built: until [`Game::prepare`] has finished, it answers
    /// `None` where the table would answer.
    fn known_value(&self) -> Option<KnownValue> {
        None
    }

    /// An upper bound on the plies left before the game ends, whatever is
    /// played, for games that have one (Wyx: its rack empties). Where the
    /// search's remaining depth covers it, the search neither prunes nor
    /// reduces, so its score there is the exact game value. It must be 0
    /// only in finished positions.
    fn plies_left_bound(&self) -> Option<u32> {
        None
    }

    /// Builds the tables [`Game::known_value`] reads, if the game has any,
    /// and returns once they are ready. Safe to call from several threads
    /// and more than once (later calls return at once). The daemon calls it
    /// on a background thread when the game is chosen, and waits for it at
    /// `isready`, so a search never pays for building a table.
    fn prepare() {}

    /// A start position drawn from `seed` for games whose start is random
    /// (Wyx's shuffled rack); `None` for games with one start position. The
    /// same seed gives the same position.
    fn random_start(seed: u64) -> Option<Self> {
        let _ = seed;
        None
    }

    /// A drawing of the position for a person (several lines).
    fn render(&self) -> String;
}

/// A fixed-seed pseudo-random generator (SplitMix64) usable in `const`
/// context, so Zobrist keys are the same on every run and every machine.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

/// Fills an array with Zobrist keys from a fixed seed, at compile time.
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix64(state);
        state = next;
        keys[i] = value;
        i += 1;
    }
    keys
}

/// The deepest perft the engine runs on request. Far beyond what finishes
/// in any of the games; it bounds the per-ply buffers and the recursion.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Counts the leaves at exactly `depth` plies (rules.md's perft): a finished
/// position before that depth contributes nothing; repetition is ignored.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    perft_until(position, depth, &|| false).unwrap_or(0)
}

/// [`perft`] that asks `stop` before expanding each child of an inner node,
/// so that a long count can be abandoned at once; `None` if `stop` said so.
pub fn perft_until<G: Game>(position: &G, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    perft_with(position, depth, &mut buffers, stop)
}

fn perft_with<G: Game>(
    position: &G,
    depth: u32,
    buffers: &mut [Vec<G::Move>],
    stop: &dyn Fn() -> bool,
) -> Option<u64> {
    if position.result() != GameResult::Ongoing {
        return Some(0);
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    moves.clear();
    position.generate_moves(moves);
    if depth == 1 {
        return Some(moves.len() as u64);
    }
    let mut total = 0;
    for &mv in moves.iter() {
        // Asked per child, not per node: one node two plies above the leaves
        // of 6×6 Wyke stands for some 400 000 move generations.
        if stop() {
            return None;
        }
        let mut child = position.clone();
        child.make_move(mv);
        total += perft_with(&child, depth - 1, rest, stop)?;
    }
    Some(total)
}
