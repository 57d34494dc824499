//! Tools built on the games and the search: perft and bench.

pub mod bench;
pub mod perft;
