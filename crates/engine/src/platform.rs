//! What the engine needs from the machine, in one place: natively a job,
//! the tables and the search timer each get a thread; in a browser
//! (wasm32) there are none, so a job runs on the caller's thread and the
//! search checks the clock itself (time comes from `web_time`, which reads
//! the browser's clock there).

/// Whether threads can be started: false in a browser.
pub const THREADS: bool = !cfg!(target_arch = "wasm32");

/// Runs `work` on a new thread named `name` with a stack of `stack_bytes`,
/// or to its end on the caller's thread where there are no threads.
pub fn run_detached(
    name: &str,
    stack_bytes: usize,
    work: impl FnOnce() + Send + 'static,
) -> Result<(), String> {
    if !THREADS {
        work();
        return Ok(());
    }
    std::thread::Builder::new()
        .name(name.to_string())
        .stack_size(stack_bytes)
        .spawn(work)
        .map(drop)
        .map_err(|e| format!("cannot start the {name} thread: {e}"))
}
