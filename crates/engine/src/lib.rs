//! The ludus engine: the generic search and the UCI/UGI daemon, over the
//! games of [`ludus_rules`]. Nothing here names a game: games are reached
//! through the registry and the [`ludus_rules::Searchable`] contract.
//!
//! - [`search`]: iterative deepening PVS, the shared transposition table,
//!   Lazy SMP and time management;
//! - [`protocol`]: the UCI/UGI session that ties a game to the search;
//! - [`bench`], [`perft`], [`solve`], [`openings`]: the command-line tools
//!   that run in process;
//! - [`solver`]: the proof-number solver of any position, and its proofs;
//! - [`skill`]: playing levels below full strength;
//! - [`tune`]: self-play data and the tuning of the evaluations' weights;
//! - [`nnue`]: learned evaluations (networks) and their incremental sums;
//! - [`platform`]: threads where there are some (not in a browser).

pub mod bench;
pub mod nnue;
pub mod openings;
pub mod perft;
pub mod platform;
pub mod protocol;
pub mod search;
pub mod skill;
pub mod solve;
pub mod solver;
pub mod tune;
