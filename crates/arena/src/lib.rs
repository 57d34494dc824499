//! The arena: engines played from outside, as processes speaking the
//! protocol, with ludus's rules as the referee. It needs the rules only,
//! never the engine.
//!
//! - [`cli`]: `ludus match`'s command line, in cutechess-cli/fastchess habits;
//! - [`config`]: what a match is (engines, limits, schedule);
//! - [`engine`]: the engine client (subprocess, handshake, timed reads),
//!   with [`stderr`]: the engine's standard error, kept for failures;
//! - [`referee`]: one game, checked move by move with ludus's rules;
//! - [`stats`], [`report`]: Elo, LOS, SPRT, and the cutechess-style report;
//! - [`pair_count`], [`pair_pgn`]: pairs scored as the game's rules score
//!   them (by a count such as tokens left in hand), for games that do, and
//!   their PGN tags;
//! - [`pgn`], [`pgn_read`]: PGN output and input;
//! - [`openings`]: opening files;
//! - [`analyse`]: `ludus analyse`, games and positions judged by an engine;
//! - [`runner`], [`ledger`]: running a match: worker threads play the games,
//!   the main thread keeps the ledger;
//! - [`shard`], [`results`], [`merge`]: matches past one machine — slices of
//!   a match, their results files, and merging them;
//! - [`spsa`]: `ludus spsa`, parameters tuned by matches.
//!
//! Scheduling: game `i` (from 0) is played by engine 1 moving first when `i`
//! is even; with `--repeat` games `2k` and `2k+1` share opening `k` and form
//! a pair for the pentanomial statistics (and, in a game whose rules score
//! pairs, for that score: see [`pair_count`]). `--concurrency K` threads each own
//! a pair of engine processes and take the next game of the slice when free.

pub mod analyse;
pub mod cli;
pub mod config;
pub mod engine;
pub mod ledger;
pub mod merge;
pub mod openings;
pub mod pair_count;
pub mod pair_pgn;
pub mod pgn;
pub mod pgn_read;
pub mod referee;
pub mod report;
pub mod results;
pub mod runner;
pub mod shard;
pub mod spsa;
pub mod stats;
pub mod stderr;

pub use merge::{merge_results, Merged};
pub use runner::run_match;
