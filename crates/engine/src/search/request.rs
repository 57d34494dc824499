//! What a search is asked ([`SearchRequest`]) and what it answers: the
//! line of every iteration ([`SearchInfo`]) and the move to play
//! ([`SearchOutcome`]).

use std::time::Duration;

use ludus_rules::protocol::Bound;
use ludus_rules::{SearchFeatures, Searchable};

use super::features::FeatureSwitches;
use super::limits::Limits;
use crate::nnue::Network;

/// One search request.
pub struct SearchRequest<'a, G: Searchable> {
    /// The position to search.
    pub root: &'a G,
    /// The game's own settings (its protocol options).
    pub settings: &'a G::Settings,
    /// Hashes of the positions before the root since the last irreversible
    /// move, oldest first (for repetitions).
    pub history: &'a [u64],
    /// What limits the search.
    pub limits: &'a Limits,
    /// Number of principal variations to report.
    pub multipv: usize,
    /// Number of threads.
    pub threads: usize,
    /// With several threads, search so that a depth or node limit gives
    /// the same result on every run (see [`super::split`]).
    pub deterministic: bool,
    /// Time kept back for communication.
    pub move_overhead: Duration,
    /// Restricts the root to these moves (UCI `searchmoves`); empty = all.
    pub search_moves: &'a [G::Move],
    /// What a draw the search could avoid (by repetition or by the rules,
    /// not a table's draw) is worth to the side to move at the root, in
    /// centipawns below 0 (the opponent scores it as much above).
    pub contempt: i32,
    /// The search techniques on: the game's own
    /// ([`Searchable::SEARCH_FEATURES`]), with any a measurement switches
    /// on or off (see [`super::features`]).
    pub features: SearchFeatures,
    /// The network to evaluate with (the `Eval` option's choice); `None`:
    /// the game's linear evaluation ([`Searchable::evaluate`]). A network
    /// is only used for a game with [`Searchable::NET_INPUTS`].
    pub net: Option<&'a Network>,
}

impl<'a, G: Searchable> SearchRequest<'a, G> {
    /// A search of `root` under `limits` as a library caller wants it: no
    /// game before the root, one line, one thread, no overhead, every root
    /// move, no contempt, the game's own search features. A field that
    /// differs is set with a `with_` method or struct update syntax.
    pub fn new(root: &'a G, settings: &'a G::Settings, limits: &'a Limits) -> Self {
        SearchRequest {
            root,
            settings,
            history: &[],
            limits,
            multipv: 1,
            threads: 1,
            deterministic: false,
            move_overhead: Duration::ZERO,
            search_moves: &[],
            contempt: 0,
            features: G::SEARCH_FEATURES,
            net: None,
        }
    }

    /// The same request with the game's `history` before the root.
    pub fn with_history(self, history: &'a [u64]) -> Self {
        SearchRequest { history, ..self }
    }

    /// The same request on `threads` threads, `deterministic` or not.
    pub fn with_threads(self, threads: usize, deterministic: bool) -> Self {
        SearchRequest {
            threads,
            deterministic,
            ..self
        }
    }

    /// The same request evaluating with `net` (`None`: the linear
    /// evaluation).
    pub fn with_net(self, net: Option<&'a Network>) -> Self {
        SearchRequest { net, ..self }
    }

    /// The same request with `contempt` for avoidable draws.
    pub fn with_contempt(self, contempt: i32) -> Self {
        SearchRequest { contempt, ..self }
    }

    /// The same request with the game's features as `switches` leave
    /// them.
    pub fn with_feature_switches(self, switches: FeatureSwitches) -> Self {
        SearchRequest {
            features: switches.apply(G::SEARCH_FEATURES),
            ..self
        }
    }
}

/// The `Contempt` the engine plays with unless told otherwise: a draw the
/// search could avoid counts this much against the side to move at the
/// root, so that a side standing better plays on.
pub const DEFAULT_CONTEMPT: i32 = 20;

/// One line of search output, for an `info` line.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// Completed depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which principal variation (1 = best).
    pub multipv: usize,
    /// The score, from the side to move at the root.
    pub score: i32,
    /// `Some` when the score is only a bound (an aspiration window failed).
    pub bound: Option<Bound>,
    /// Nodes over all threads.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Permille of the hash table in use.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct SearchOutcome<M> {
    /// The move to play; `None` only when the root has no legal move.
    pub best_move: Option<M>,
    /// The expected reply, for pondering.
    pub ponder_move: Option<M>,
    /// The best move's score.
    pub score: i32,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes over all threads.
    pub nodes: u64,
}
