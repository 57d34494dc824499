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
pub mod param;
pub mod params;
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
pub use score::{protocol_score, INFINITY, MATE, MATE_BOUND};
pub use signals::Signals;
pub use stack::MAX_PLY;
pub use threads::{search, search_then};
pub use tt::TranspositionTable;
