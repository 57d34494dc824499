//! The static site's WebAssembly: the board's state in the page
//! ([`board`]), and the ludus engine in a browser: the same protocol
//! engine the daemon runs on stdin/stdout, fed lines by a Web Worker
//! (assets/worker.js), its output handed back line by line as it is
//! written, so `info` lines of a search arrive while it runs. There are no threads in the browser: a
//! `go` runs to its end inside [`WebEngine::line`] (see
//! `ludus_engine::platform`), which is why it runs in a worker.

pub mod board;

use std::cell::RefCell;
use std::io::Write;

use ludus_engine::bench::{run_bench, BenchConfig};
use ludus_engine::protocol::{Engine, Output};
use ludus_engine::search::features::FeatureSwitches;
use ludus_rules::games::DEFAULT_GAME;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The JavaScript function every output line is passed to. A
    /// thread-local, because a JavaScript function cannot be sent across
    /// threads and the engine's writer must be `Send` (there is only one
    /// thread here).
    static SINK: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// The engine's writer: whole lines, passed to [`SINK`] at each flush (the
/// engine flushes after every line it writes).
struct PostLines {
    pending: Vec<u8>,
}

impl Write for PostLines {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let text = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending.clear();
        SINK.with_borrow(|sink| {
            let Some(sink) = sink else { return };
            for line in text.lines() {
                // A throwing callback loses that line only; the engine
                // goes on as it does when its stdout is closed.
                let _ = sink.call1(&JsValue::NULL, &JsValue::from_str(line));
            }
        });
        Ok(())
    }
}

/// The protocol engine: one line in, its answer out through the callback
/// given to [`WebEngine::new`].
#[wasm_bindgen]
pub struct WebEngine {
    engine: Engine,
}

#[wasm_bindgen]
impl WebEngine {
    /// An engine playing the daemon's default game (`UCI_Variant` changes
    /// it) that passes each output line to `output`.
    #[wasm_bindgen(constructor)]
    pub fn new(output: js_sys::Function) -> Result<WebEngine, String> {
        SINK.with_borrow_mut(|sink| *sink = Some(output));
        let out = Output::new(Box::new(PostLines {
            pending: Vec::new(),
        }));
        Ok(WebEngine {
            engine: Engine::new(DEFAULT_GAME, out)?,
        })
    }

    /// Handles one protocol line, a search to its end; false after `quit`.
    pub fn line(&mut self, text: &str) -> bool {
        self.engine.handle_line(text)
    }
}

/// `ludus bench` with its defaults (one thread, 16 MiB) in the page: the
/// total nodes, then the nodes per second, as two numbers in an array.
#[wasm_bindgen]
pub fn bench() -> Result<Vec<f64>, String> {
    let report = run_bench(&BenchConfig {
        game: None,
        depth: None,
        threads: 1,
        deterministic: false,
        hash_mib: 16,
        feature_switches: FeatureSwitches::NONE,
        eval: Default::default(),
    })?;
    Ok(vec![report.nodes as f64, report.nps() as f64])
}
