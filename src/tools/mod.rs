//! Tools built on the games and the search: perft, bench, solve, matches
//! and opening sets.

pub mod bench;
pub mod matches;
pub mod perft;
pub mod solve;
