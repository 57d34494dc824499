//! `ludus gui`: a board in the browser to play and analyse every game
//! against any engine that speaks the protocol.
//!
//! The board holds the game with the rules crate ([`table`], [`games`]);
//! the page (assets/) draws the boards and sends clicks. With the `server`
//! feature (the default: `ludus gui`) the state lives in a server on
//! 127.0.0.1 that reaches the engine as a child process through the
//! arena's engine client (`engine`); without it, the same state and
//! actions run in the page of the static site ([`page`], crates/web),
//! with the engine in a Web Worker.
//!
//! - `server`: HTTP on 127.0.0.1 (tiny_http), long-polled state;
//! - `session`: one board (and engine) per browser tab;
//! - `guard`: the Host and Origin checks;
//! - [`action`]: the actions the page sends, typed, and why one fails;
//! - [`app`]: the state and its actions, made of [`record`] (the game part,
//!   with its [`clock`]) and [`driver`] (the engine part), and the
//!   [`review`] of a game; [`view`] and [`panels`]: the state as JSON, and
//!   the queries that change nothing (what a click leads to, why the rules
//!   refuse it, the [`lessons`]);
//! - [`games`]: how each game is shown and clicked, its registry made from
//!   the rules' one list of games; [`table`]: the game on the board;
//! - [`pair`]: pair mode (two games from one start, sides swapped, scored
//!   as the rules score pairs: Double Wyx);
//! - [`search`]: the conversation with the engine, whatever runs it (its
//!   search lines read by the rules' `info`); `engine`: the engine process
//!   on a thread of its own; [`page`]: the board with the in-page engine;
//! - [`pgn`], [`pgn_read`]: the game as PGN, out and in (read by the arena's
//!   reader; `pgn_read` reads what the match comments say);
//! - `browser`: opening the page in the user's browser.

pub mod action;
pub mod app;
#[cfg(feature = "server")]
pub mod browser;
pub mod clock;
pub mod driver;
#[cfg(feature = "server")]
pub mod engine;
pub mod games;
#[cfg(feature = "server")]
pub mod guard;
pub mod lessons;
pub mod page;
pub mod pair;
pub mod panels;
pub mod pgn;
pub mod pgn_read;
pub mod record;
pub mod review;
pub mod search;
#[cfg(feature = "server")]
pub mod server;
#[cfg(feature = "server")]
pub mod session;
pub mod table;
pub mod view;

#[cfg(feature = "server")]
pub use engine::EngineCommand;

/// Starts the board on 127.0.0.1:`port` with `engine`, prints its address,
/// opens it in the browser unless `open` is false, and serves until the
/// process ends.
#[cfg(feature = "server")]
pub fn run(port: u16, engine: EngineCommand, open: bool) -> Result<(), String> {
    let board = server::Board::bind(port, engine)?;
    let url = board.url();
    println!("ludus gui: {url}");
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    if open {
        if let Err(warning) = browser::open(&url) {
            eprintln!("ludus gui: warning: {warning}; open {url} yourself");
        }
    }
    board.serve();
    Ok(())
}
