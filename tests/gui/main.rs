//! `ludus gui` from outside, as a running program: its HTTP endpoints
//! ([`http`]) and the board in a real browser ([`browser`]).

mod browser;
mod http;
mod server;
mod shown;
