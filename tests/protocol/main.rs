//! The engine: the daemon spoken to over pipes as GUIs, runners and scripts
//! do (every game, every command, errors, stops and options), and the
//! search in process against a game whose theory is known.

mod clients;
#[path = "../common/mod.rs"]
mod common;
mod conformance;
mod contempt;
mod deterministic;
mod levels;
mod networks;
mod practical;
mod protocol;
mod pylyx_protocol;
mod readme;
mod search;
mod stop;
mod wyke_protocol;
mod wyx_protocol;
