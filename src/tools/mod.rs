//! Tools built on the games and the search: perft, bench and solve.

pub mod bench;
pub mod perft;
pub mod solve;
