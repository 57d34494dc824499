//! ludus: an engine daemon for two-player perfect-information games.
//!
//! - [`game`]: the trait every game implements;
//! - [`games`]: the games and their registry;
//! - [`search`]: the generic search (iterative deepening PVS, shared
//!   transposition table, Lazy SMP, time management);
//! - [`protocol`]: the UCI/UGI session that ties them together;
//! - [`tools`]: perft, bench and solve.

pub mod game;
pub mod games;
pub mod protocol;
pub mod search;
pub mod tools;
