//! The board of the static site in the page: `ludus gui`'s state and
//! actions ([`PageBoard`]) behind JSON text, as the board's page sends
//! and reads them; the page passes the engine's lines in and the lines
//! for the engine out (to the Web Worker of assets/engine.js).

use ludus_board::page::PageBoard;
use serde_json::Value;
use wasm_bindgen::prelude::*;

/// The board's state in the page.
#[wasm_bindgen]
pub struct WebBoard {
    board: PageBoard,
}

/// The JSON object `args`; the error says what is wrong with it.
fn object(args: &str) -> Result<Value, String> {
    let value: Value =
        serde_json::from_str(args).map_err(|e| format!("the request is not JSON: {e}"))?;
    if !value.is_object() {
        return Err("the request must be a JSON object".to_string());
    }
    Ok(value)
}

#[wasm_bindgen]
impl WebBoard {
    /// A new board at the default game's start.
    #[wasm_bindgen(constructor)]
    pub fn new() -> WebBoard {
        WebBoard {
            board: PageBoard::new(),
        }
    }

    /// The state the page draws, as JSON text.
    pub fn state(&self) -> String {
        self.board.state().to_string()
    }

    /// Runs the action `name` with the JSON object `args`; returns the new
    /// state as JSON text, or throws the reason nothing changed.
    pub fn act(&mut self, name: &str, args: &str) -> Result<String, String> {
        let state = self
            .board
            .act(name, object(args)?)
            .map_err(|e| e.to_string())?;
        Ok(state.to_string())
    }

    /// The answer to the query `name` (`follow`, `explain`, `lesson`,
    /// `exercise`) with the JSON object `args` (text), as JSON text;
    /// throws what is wrong with the request.
    pub fn query(&self, name: &str, args: &str) -> Result<String, String> {
        Ok(self.board.query(name, &object(args)?)?.to_string())
    }

    /// Checks the clocks; whether the state changed.
    pub fn tick(&mut self) -> bool {
        self.board.tick()
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        self.board.pgn()
    }

    /// Takes in a line the engine wrote.
    #[wasm_bindgen(js_name = engineLine)]
    pub fn engine_line(&mut self, line: &str) {
        self.board.engine_line(line);
    }

    /// The lines to send to the engine now, in order.
    #[wasm_bindgen(js_name = takeLines)]
    pub fn take_lines(&mut self) -> Vec<String> {
        self.board.take_lines()
    }
}

impl Default for WebBoard {
    fn default() -> Self {
        WebBoard::new()
    }
}
