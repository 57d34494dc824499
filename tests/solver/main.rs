//! The proof-number solver: its values against plain minimax and Alak's
//! solved table, its proof files checked by the rules (and tampered ones
//! refused), Wyke's late tables against the rules, `ludus solve` on the
//! command line, and the daemon playing from proofs and tables.

mod cli;
#[path = "../common/mod.rs"]
mod common;
mod cross_check;
mod late;
mod play;
mod positions;
mod proofs;
