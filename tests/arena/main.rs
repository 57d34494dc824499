//! The command-line tools around the engine, run as the real binary:
//! `ludus match` (fake engines, shards, pairs), `ludus analyse` on fixed
//! PGNs, `ludus render`, `ludus spsa` (a tuning build tuned), and the
//! other commands' output, exit codes and errors.

mod analyse;
mod cli;
#[path = "../common/mod.rs"]
mod common;
mod manual;
mod matches;
mod render;
mod spsa;
