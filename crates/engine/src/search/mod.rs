//! The generic search: iterative deepening, principal-variation alpha-beta
//! with aspiration windows, quiescence, one shared lock-free transposition
//! table, Lazy SMP threads and time management. It knows games only through
//! [`Searchable`](ludus_rules::Searchable).
//!
//! This module only names the parts; none of them imports it.

mod context;
pub mod features;
mod iterate;
pub mod limits;
mod node;
pub mod ordering;
mod params;
mod practical;
mod pruning;
mod request;
mod root;
mod score;
mod signals;
mod split;
mod stack;
mod threads;
pub mod time_manager;
pub mod tt;
mod worker;

pub use limits::{Clock, Limits, TimeBudget};
pub use request::{SearchInfo, SearchOutcome, SearchRequest, DEFAULT_CONTEMPT};
pub use score::{INFINITY, MATE, MATE_BOUND};
pub use signals::Signals;
pub use stack::MAX_PLY;
pub use threads::search;
pub use tt::{Bound, TranspositionTable};

/// A score as the protocol reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreReport {
    /// An evaluation in centipawn-like units.
    Centipawns(i32),
    /// A forced result: the moves the side to move makes until the game
    /// ends, its last one included, positive when it wins, as UCI counts
    /// them (a win on our next move is mate 1, being beaten on the
    /// opponent's next move is mate -1, and so is a forced move of ours
    /// that loses at once). Never 0: a root with a move has a move to go.
    Mate(i32),
}

impl ScoreReport {
    /// Converts a search score: a result `p` plies away is `(p + 1) / 2`
    /// of the mover's moves away, whoever wins.
    pub fn from_score(score: i32) -> Self {
        if score >= MATE_BOUND {
            ScoreReport::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            ScoreReport::Mate(-((MATE + score + 1) / 2))
        } else {
            ScoreReport::Centipawns(score)
        }
    }
}
