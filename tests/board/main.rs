//! `ludus gui` from outside, as a running program: its HTTP endpoints
//! ([`http`]) and the board in a real browser ([`browser`]); the static
//! site, its board and its in-page engine with no ludus server, in a real
//! browser ([`site`]); and every place a new game touches, the board's
//! among them ([`adding`]).

mod adding;
mod browser;
#[path = "../common/mod.rs"]
mod common;
mod http;
mod server;
mod shown;
mod site;
mod site_build;
