//! Tools built on the games and the search: perft, bench, matches and
//! opening sets.

pub mod bench;
pub mod matches;
pub mod perft;
