//! The words engines and their clients share: scores, `info` lines,
//! `position` commands and game results, each parsed and written in one
//! place, so the engine, the match runner, the analyser and the board
//! cannot read the protocol two ways.
//!
//! - [`score`]: a search score ([`Score`]) and its bound ([`Bound`]);
//! - [`info`]: one `info` line of a search ([`InfoLine`]);
//! - [`position`]: the `position startpos|fen|random … moves …` command
//!   ([`PositionCommand`]);
//! - [`outcome`]: a finished game's result as PGN writes it ([`Outcome`]);
//! - [`go`]: the `go` command ([`Go`]) and the dialect's fixed words
//!   ([`Dialect`]: handshake, new game, clock names);
//! - [`words`]: numbers read and input quoted alike in every command.

pub mod go;
pub mod info;
pub mod outcome;
pub mod position;
pub mod proven;
pub mod score;
pub mod words;

pub use go::{Dialect, Go, PlayerTime};
pub use info::{InfoLine, ScoredLine};
pub use outcome::Outcome;
pub use position::{PositionBase, PositionCommand};
pub use proven::{ProvenLine, ProvenSource};
pub use score::{Bound, Score};
