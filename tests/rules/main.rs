//! The rules of every game, without the daemon: perft tables and named edge
//! cases per game, cross-checks against independent models, the contract
//! every game keeps, action ids, fuzzed parsers, and the solved tables
//! (Alak's solution, Wyke's 6-6 endgames), and the pictures of positions.

mod actions;
mod alak_rules;
mod alak_solution;
#[path = "../common/mod.rs"]
mod common;
mod contract;
mod fuzz;
mod guide;
mod lessons;
mod pictures;
mod pylyx_rules;
mod symmetry;
mod wyke_endgames;
mod wyke_ordering;
mod wyke_rules;
mod wyx_brute;
mod wyx_rules;
