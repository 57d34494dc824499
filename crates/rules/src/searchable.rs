//! What the engine needs of a game beyond its rules: evaluation, the split
//! into noisy and quiet moves, ordering hints, exactly known values, and the
//! game's own protocol options and solve targets. The generic search knows a
//! game only through [`Searchable`].

use std::fmt::Debug;

use crate::game::Game;
use crate::linear::LinearEval;

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

/// A game the engine can search.
///
/// Scores are in "centipawn-like" units from the point of view of the side to
/// move; the search reserves values beyond ±30 000 for forced results, so
/// evaluations must stay well inside ±20 000.
pub trait Searchable: Game {
    /// The game's own settings, set through the protocol options in
    /// [`Searchable::OPTIONS`]. `Default` is what library callers get
    /// (bench, opening balance checks, tests): the search alone, without a
    /// table the game lets an option switch off. The protocol starts from
    /// `Default` and applies every option's declared default.
    type Settings: Clone + Debug + Default + Send + Sync + 'static;

    /// The game's protocol options, announced in the handshake beside the
    /// engine's own and applied to [`Searchable::Settings`].
    const OPTIONS: &'static [GameOption<Self::Settings>] = &[];

    /// What `ludus solve` can solve in this game.
    const SOLVE_TARGETS: &'static [SolveTarget] = &[];

    /// The number of distinct values [`Searchable::move_index`] can return;
    /// history tables are this large per player.
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

    /// A dense index in `0..MOVE_INDEX_COUNT` for history tables. Different
    /// moves may share an index.
    fn move_index(&self, mv: Self::Move) -> usize;

    /// Appends the legal noisy moves (see [`Searchable::is_noisy`]). Games
    /// with many quiet moves override this to avoid generating them.
    fn generate_noisy(&self, moves: &mut Vec<Self::Move>) {
        self.generate_moves(moves);
        moves.retain(|&mv| self.is_noisy(mv));
    }

    /// Appends the legal moves that are not noisy. Together with
    /// [`Searchable::generate_noisy`] this gives every legal move exactly
    /// once.
    fn generate_quiet(&self, moves: &mut Vec<Self::Move>) {
        self.generate_moves(moves);
        moves.retain(|&mv| !self.is_noisy(mv));
    }

    /// Whether the move changes the material balance or decides something at
    /// once (a capture, a claim, a win); quiescence search follows only these.
    fn is_noisy(&self, mv: Self::Move) -> bool;

    /// Passes the turn without moving, for null-move pruning. Only called when
    /// [`Searchable::NULL_MOVE_SAFE`] is true.
    fn make_null_move(&mut self);

    /// Static evaluation from the side to move's point of view.
    fn evaluate(&self, settings: &Self::Settings) -> i32;

    /// The evaluation written as features × weights: its weight table and
    /// the position's feature vector, so `ludus tune` can fit the weights
    /// (see [`crate::linear`]). `evaluate` must equal the features' dot
    /// product with the weights, but for a final clamp.
    const LINEAR_EVAL: LinearEval<Self>;

    /// The score of a position the rules have finished, when the game's
    /// settings score it by more than who won (Wyx with `WyxScoring`
    /// `margin`: 100 per token of difference in hand), from the side to
    /// move's point of view and on the evaluation's scale, inside ±20 000.
    /// `None` (the default) scores a win or a loss as a forced result and a
    /// draw as 0.
    fn final_score(&self, settings: &Self::Settings) -> Option<i32> {
        let _ = settings;
        None
    }

    /// The exact value of this ongoing position if the game knows it (a
    /// solved endgame table); the search then scores it like a tablebase hit.
    /// Wins and losses must be at most 900 plies away. It never waits for a
    /// table to be built: until [`Searchable::prepare`] has finished, it
    /// answers `None` where the table would answer.
    fn known_value(&self, settings: &Self::Settings) -> Option<KnownValue> {
        let _ = settings;
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

    /// Builds the tables [`Searchable::known_value`] reads under `settings`,
    /// if the game has any, and returns once they are ready. Safe to call
    /// from several threads and more than once (later calls return at
    /// once). The daemon calls it on a background thread when the game is
    /// chosen, and waits for it at `isready`, so a search never pays for
    /// building a table.
    fn prepare(settings: &Self::Settings) {
        let _ = settings;
    }
}

/// The type of a protocol option and its range, as the handshake declares
/// it (`option name … type …`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `type check`: true or false.
    Check {
        /// The value before any `setoption`.
        default: bool,
    },
    /// `type spin`: a whole number in `min..=max`.
    Spin {
        /// The value before any `setoption`.
        default: i64,
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// `type combo`: one of a list of words.
    Combo {
        /// The value before any `setoption`.
        default: &'static str,
        /// Every value accepted.
        choices: &'static [&'static str],
    },
}

/// A value of an option, already checked against its [`OptionKind`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValue<'a> {
    /// For a check option.
    Check(bool),
    /// For a spin option, inside its range.
    Spin(i64),
    /// For a combo option: one of its choices, spelled as declared.
    Combo(&'a str),
}

impl OptionKind {
    /// The value before any `setoption`.
    pub fn default_value(&self) -> OptionValue<'static> {
        match *self {
            OptionKind::Check { default } => OptionValue::Check(default),
            OptionKind::Spin { default, .. } => OptionValue::Spin(default),
            OptionKind::Combo { default, .. } => OptionValue::Combo(default),
        }
    }
}

/// A protocol option a game declares for itself.
pub struct GameOption<S> {
    /// The option's name in the handshake and in `setoption`.
    pub name: &'static str,
    /// Its type and range.
    pub kind: OptionKind,
    /// Stores a checked value into the game's settings.
    pub apply: fn(&mut S, OptionValue),
}

/// Something `ludus solve` can solve outright.
pub struct SolveTarget {
    /// The target's name on the command line, e.g. `alak`.
    pub name: &'static str,
    /// One line saying what is solved.
    pub about: &'static str,
    /// Solves it and returns the report to print.
    pub solve: fn() -> String,
}
