//! `ludus gui` from outside, as a running program: its HTTP endpoints
//! ([`http`]) and the board in a real browser ([`browser`]).

mod browser;
#[path = "../common/mod.rs"]
mod common;
mod http;
mod server;
mod shown;
