//! `ludus gui`: a board in the browser to play and analyse every game
//! against any engine that speaks the protocol.
//!
//! The server holds the game with the rules crate ([`table`], [`games`])
//! and reaches the engine only as a child process through the arena's
//! engine client ([`engine`]); the page (assets/, embedded in the binary)
//! draws the boards and sends clicks.
//!
//! - [`server`]: HTTP on 127.0.0.1 (tiny_http), long-polled state;
//! - [`session`]: one board (and engine) per browser tab;
//! - [`guard`]: the Host and Origin checks;
//! - [`action`]: the actions the page sends, typed, and why one fails;
//! - [`app`]: the state and its actions, made of [`record`] (the game part)
//!   and [`driver`] (the engine part); [`view`]: the state as JSON;
//! - [`games`]: how each game is shown and clicked, its registry made from
//!   the rules' one list of games; [`table`]: the game on the board;
//! - [`pair`]: pair mode (two games from one start, sides swapped, scored
//!   as the rules score pairs: Double Wyx);
//! - [`engine`]: the engine thread (its search lines read by the arena's
//!   `info`);
//! - [`pgn`], [`pgn_read`]: the game as PGN, out and in (read by the arena's
//!   reader; `pgn_read` reads what the match comments say);
//! - [`browser`]: opening the page in the user's browser.

pub mod action;
pub mod app;
pub mod browser;
pub mod driver;
pub mod engine;
pub mod games;
pub mod guard;
pub mod pair;
pub mod pgn;
pub mod pgn_read;
pub mod record;
pub mod server;
pub mod session;
pub mod table;
pub mod view;

pub use engine::EngineCommand;

/// Starts the board on 127.0.0.1:`port` with `engine`, prints its address,
/// opens it in the browser unless `open` is false, and serves until the
/// process ends.
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
