//! The engine's search called in process, with the options' plain
//! defaults, for tests that search without the daemon.

use std::time::Duration;

use ludus_engine::search::{Limits, SearchRequest};
use ludus_rules::Searchable;

/// A request to search `root` under `limits` after `history` (hashes,
/// oldest first): one line, one thread, every root move, no contempt and
/// no time kept back.
pub fn request<'a, G: Searchable>(
    root: &'a G,
    settings: &'a G::Settings,
    history: &'a [u64],
    limits: &'a Limits,
) -> SearchRequest<'a, G> {
    SearchRequest {
        root,
        settings,
        history,
        limits,
        multipv: 1,
        threads: 1,
        deterministic: false,
        move_overhead: Duration::ZERO,
        search_moves: &[],
        contempt: 0,
    }
}
