//! `ludus gui` from outside, as a running program: its HTTP endpoints
//! ([`http`]) and the board in a real browser ([`browser`], with the
//! checks of [`play`], [`shown`], [`learn`], [`timed`] and [`layout`]);
//! the static site, its board and its in-page engine with no ludus
//! server, in a real browser ([`site`], built by [`site_build`]'s
//! script); and every place a new game touches ([`adding`]).

mod adding;
mod browser;
#[path = "../common/mod.rs"]
mod common;
mod http;
mod layout;
mod learn;
mod play;
mod server;
mod shown;
mod site;
mod site_build;
mod timed;
