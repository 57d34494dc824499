//! The rules of ludus's games and pictures of their positions, nothing else:
//! this crate depends on no other, so a referee, a board or a match runner
//! can use it without the engine.
//!
//! - [`game`]: the rules contract, [`Game`];
//! - [`any_game`]: a game of any kind behind one object, text in and text
//!   out ([`AnyGame`]), on which the protocol, the board and Python build;
//! - [`searchable`]: what the engine needs beyond the rules, [`Searchable`]
//!   (evaluation, move classes, known values, the game's options);
//! - [`games`]: the six games and the registry that names them;
//! - [`search_features`]: the search techniques a game uses;
//! - [`game_log`]: a game in progress with the repetition rule;
//! - [`teaching`]: a game for newcomers, [`Teaching`]: its [`lesson`] and
//!   why a move cannot be played;
//! - [`linear`]: evaluations as features × weights, for tuning;
//! - [`net_inputs`]: the inputs of learned evaluations;
//! - [`observation`]: writing the observations of learning front ends;
//! - [`protocol`]: the words engines and clients share (scores, `info`
//!   lines, `position` commands, game results);
//! - [`svg`]: pictures of positions, each game drawing its own ([`svg::Draw`]);
//! - [`perft`]: move-tree counts; [`random`]: fixed-seed randomness;
//!   [`text`]: message wording;
//! - [`tools`]: what bench, solve and tune need of a game, [`Tooling`];
//! - [`symmetry`]: keys shared by a position and its symmetric images;
//! - [`proof`]: proof files of solved positions, checked by the rules alone.

pub mod any_game;
pub mod game;
pub mod game_log;
pub mod games;
pub mod lesson;
pub mod linear;
pub mod net_inputs;
pub mod observation;
pub mod perft;
pub mod proof;
pub mod protocol;
pub mod random;
pub mod search_features;
pub mod searchable;
pub mod svg;
pub mod symmetry;
pub mod teaching;
pub mod text;
pub mod tools;

pub use any_game::{new_game, AnyGame, TypedGame};
pub use game::{Game, GameMove, GameResult, PairScoring, Player};
pub use game_log::{GameLog, Status};
pub use search_features::SearchFeatures;
pub use searchable::{
    sort_by_history, GameOption, KnownValue, MoveCursor, MoveIndices, MoveKind, OptionKind,
    OptionValue, Searchable, SolveTarget, MAX_MOVE_INDICES,
};
pub use teaching::{Refused, Teaching};
pub use tools::Tooling;
