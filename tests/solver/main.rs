//! The proof-number solver: its values against plain minimax and Alak's
//! solved table, its proof files checked by the rules (and tampered ones
//! refused), the proven results the engine plays from, and `ludus solve`
//! on the command line.

mod cli;
#[path = "../common/mod.rs"]
mod common;
mod cross_check;
mod positions;
mod proofs;
