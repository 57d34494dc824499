//! What the engine needs of a game beyond its rules: evaluation, the split
//! into noisy and quiet moves, ordering hints, exactly known values, and the
//! game's own protocol options and solve targets. The generic search knows a
//! game only through [`Searchable`].
//!
//! # Bounded, ordered generation of quiet moves
//!
//! A node rarely searches more than a handful of its quiet moves: a cutoff
//! or move-count pruning ends it first. So the search asks for quiet moves
//! best first, a batch at a time ([`Searchable::next_batch`]), and stops
//! asking when the node ends; the same for noisy moves, on a cursor of
//! their own. A game with a few dozen moves keeps the
//! default: the first batch is every move, sorted by history. A game
//! with thousands (Alfred's Wyke: 6 424 at the start, 400 338 on 6×6)
//! enumerates its moves in order without listing the rest, and counts the
//! search's history itself. The history is factored the same way: a move
//! has up to [`MAX_MOVE_INDICES`] history indices
//! ([`Searchable::move_indices`]) and its history score is their sum.

use std::any::Any;
use std::fmt::Debug;

use crate::game::Game;
use crate::net_inputs::NetInputs;
use crate::search_features::SearchFeatures;

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

/// Which of a position's moves a batch holds: the noisy ones
/// ([`Searchable::generate_noisy`]) or the quiet ones
/// ([`Searchable::generate_quiet`]). Each kind has a cursor of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Moves that change the material balance or decide something at once.
    Noisy,
    /// Every other move.
    Quiet,
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

    /// The number of distinct history indices ([`Searchable::move_index`],
    /// [`Searchable::move_indices`]); history tables are this large per
    /// player.
    const MOVE_INDEX_COUNT: usize;

    /// The search techniques this game's search uses: each kept where a
    /// match against the search without it showed a gain in this game
    /// (bench/notes/ablations.md, "Every feature switched off once").
    const SEARCH_FEATURES: SearchFeatures;

    /// The logistic scale `s` of the game's scores: a search score of `cp`
    /// for the side to move stands for an expected score (its chance of
    /// winning, a draw counting half) of `1 / (1 + e^(−cp / s))`. Fitted to
    /// the results of self-play (`ludus tune --scale-only` on `ludus
    /// datagen` data; each game records its fit); `ludus analyse` judges
    /// moves by it.
    const LOGISTIC_SCALE: f64;

    /// The inputs of the game's learned evaluation, if it has them (see
    /// [`crate::net_inputs`]); `None`: the game evaluates with
    /// [`Searchable::evaluate`] only.
    const NET_INPUTS: Option<NetInputs<Self>> = None;

    /// The network the engine evaluates this game with by default, in the
    /// engine's network file format, embedded in the binary: a game ships
    /// one only where matches showed it beating [`Searchable::evaluate`]
    /// (bench/notes/networks.md). `None`: the linear evaluation by default.
    const NET: Option<&'static [u8]> = None;

    /// A dense index in `0..MOVE_INDEX_COUNT` for history tables. Different
    /// moves may share an index.
    fn move_index(&self, mv: Self::Move) -> usize;

    /// The history indices of `mv`, each in `0..MOVE_INDEX_COUNT`: the
    /// search scores a move by the sum of their history and, when a move
    /// cuts off (or fails to), moves each of them. A game whose moves are
    /// combinations of parts (Wyke: an amount on each of several plots)
    /// gives one index per part, so what is learnt of one move carries over
    /// to the many that share its parts. Default: [`Searchable::move_index`]
    /// alone.
    fn move_indices(&self, mv: Self::Move) -> MoveIndices {
        MoveIndices::one(self.move_index(mv))
    }

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

    /// Appends to `batch` (which the caller has cleared) the next moves of
    /// `kind` of this position, best first: about `wanted` of them, fewer
    /// only when no more remain. The search calls it first with a cursor
    /// just [`MoveCursor::restart`]ed, then again, with the same cursor and
    /// an unchanged position, each time it has tried the batch before and
    /// still wants moves of that kind; it stops asking once the cursor is
    /// [`MoveCursor::finish`]ed or an empty batch comes back. Over all
    /// batches of one cursor, every move of the kind
    /// ([`Searchable::generate_quiet`], [`Searchable::generate_noisy`])
    /// comes out exactly once.
    ///
    /// `history` is the search's history for the side to move, indexed as
    /// [`Searchable::move_indices`]; a move's history is the sum over its
    /// indices. "Best" is the game's to judge: what the history says, what
    /// the game knows of its moves, or both. The cursor keeps what the
    /// game needs between batches ([`MoveCursor::state`]); it is reused
    /// from node to node, so generation allocates nothing once warm.
    ///
    /// The default keeps the ordering of small games: the first batch is
    /// every move of the kind, by descending history, moves of equal
    /// history in the order the generator gives them.
    fn next_batch(
        &self,
        kind: MoveKind,
        history: &[i32],
        cursor: &mut MoveCursor<Self::Move>,
        wanted: usize,
        batch: &mut Vec<Self::Move>,
    ) {
        let _ = wanted;
        cursor.finish();
        match kind {
            MoveKind::Noisy => self.generate_noisy(batch),
            MoveKind::Quiet => self.generate_quiet(batch),
        }
        sort_by_history(self, history, cursor, batch);
    }

    /// Whether the move changes the material balance or decides something at
    /// once (a capture, a claim, a win); quiescence search follows only these.
    fn is_noisy(&self, mv: Self::Move) -> bool;

    /// Static evaluation from the side to move's point of view.
    fn evaluate(&self, settings: &Self::Settings) -> i32;

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

    /// `settings` with the solved tables a player could not know switched
    /// off: a playing level below full strength searches without them. A
    /// game whose table an option switches off overrides this.
    fn without_solutions(settings: &Self::Settings) -> Self::Settings {
        settings.clone()
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

/// Sorts `moves` by descending history (the sum over each move's indices),
/// keeping the order of moves with equal history: the order of the default
/// [`Searchable::next_batch`].
pub fn sort_by_history<G: Searchable>(
    game: &G,
    history: &[i32],
    cursor: &mut MoveCursor<G::Move>,
    moves: &mut Vec<G::Move>,
) {
    let score = |mv: G::Move| -> i32 {
        game.move_indices(mv)
            .iter()
            .map(|i| history.get(i).copied().unwrap_or(0))
            .sum()
    };
    let (scored, spare) = cursor.scratch();
    scored.clear();
    scored.extend(moves.iter().map(|&mv| (score(mv), mv)));
    // A stable sort by descending score, but the moves without history
    // (most of them in a long list) are only copied, not sorted.
    let by_score = |&(score, _): &(i32, G::Move)| std::cmp::Reverse(score);
    spare.clear();
    spare.extend(scored.iter().filter(|(score, _)| *score > 0));
    spare.sort_by_key(by_score);
    spare.extend(scored.iter().filter(|(score, _)| *score == 0));
    let negative = spare.len();
    spare.extend(scored.iter().filter(|(score, _)| *score < 0));
    spare[negative..].sort_by_key(by_score);
    moves.clear();
    moves.extend(spare.iter().map(|&(_, mv)| mv));
}

/// The most history indices one move has ([`Searchable::move_indices`]).
pub const MAX_MOVE_INDICES: usize = 5;

/// The history indices of one move: up to [`MAX_MOVE_INDICES`] of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveIndices {
    indices: [u32; MAX_MOVE_INDICES],
    len: u8,
}

impl MoveIndices {
    /// No index yet.
    pub const EMPTY: MoveIndices = MoveIndices {
        indices: [0; MAX_MOVE_INDICES],
        len: 0,
    };

    /// The one index `index`.
    pub fn one(index: usize) -> Self {
        let mut indices = Self::EMPTY;
        indices.push(index);
        indices
    }

    /// Adds `index`; beyond [`MAX_MOVE_INDICES`] it is ignored.
    pub fn push(&mut self, index: usize) {
        if let Some(slot) = self.indices.get_mut(usize::from(self.len)) {
            *slot = index as u32;
            self.len += 1;
        }
    }

    /// The indices.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.indices[..usize::from(self.len)]
            .iter()
            .map(|&i| i as usize)
    }
}

/// Moves with a score each.
pub type ScoredMoves<M> = Vec<(i32, M)>;

/// One node's generation of moves of one kind in batches
/// ([`Searchable::next_batch`]): where it stands, and working memory the
/// search keeps per ply and reuses from node to node.
pub struct MoveCursor<M> {
    begun: bool,
    finished: bool,
    scored: Vec<(i32, M)>,
    spare: Vec<(i32, M)>,
    state: Option<Box<dyn Any + Send>>,
}

impl<M> Default for MoveCursor<M> {
    fn default() -> Self {
        MoveCursor {
            begun: false,
            finished: false,
            scored: Vec::new(),
            spare: Vec::new(),
            state: None,
        }
    }
}

impl<M> MoveCursor<M> {
    /// Starts over, for a new node (the search calls it).
    pub fn restart(&mut self) {
        self.begun = false;
        self.finished = false;
    }

    /// The game's own generation state for this node
    /// ([`MoveCursor::state`]), set up by `start` at the node's first batch
    /// (the first call after [`MoveCursor::restart`]) and as the game
    /// leaves it at the later ones.
    pub fn node_state<T: Default + Send + 'static>(
        &mut self,
        start: impl FnOnce(&mut T),
    ) -> &mut T {
        let first = !std::mem::replace(&mut self.begun, true);
        let state = self.state::<T>();
        if first {
            start(state);
        }
        state
    }

    /// The game has given every move: no batch is asked for again.
    pub fn finish(&mut self) {
        self.finished = true;
    }

    /// Whether the game has given every move.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Two lists of scored moves for the game's use (kept between calls).
    pub fn scratch(&mut self) -> (&mut ScoredMoves<M>, &mut ScoredMoves<M>) {
        (&mut self.scored, &mut self.spare)
    }

    /// The game's own generation state, of a type of its choosing: made
    /// with `Default` at the cursor's first use (not per node), then kept
    /// as the game leaves it. A game must not rely on it holding anything
    /// after [`MoveCursor::restart`] but what it wrote itself.
    pub fn state<T: Default + Send + 'static>(&mut self) -> &mut T {
        if !self.state.as_ref().is_some_and(|state| state.is::<T>()) {
            self.state = Some(Box::new(T::default()));
        }
        self.state
            .as_mut()
            .and_then(|state| state.downcast_mut::<T>())
            .expect("the state was just made of this type")
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
