//! No allocation per node: a counting allocator watches node-limited
//! searches of every game's bench positions, with the linear evaluation and
//! with a network. What a search allocates once
//! (its root list, per-ply buffers, root lines) is bounded by the root's
//! moves and the depth; a node that allocated would show up as allocations
//! growing with the node count.

// The one exception to the workspace's unsafe_code lint: a global
// allocator implements the unsafe trait GlobalAlloc, here by handing every
// call to the system allocator unchanged.
#![allow(unsafe_code)]

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use ludus_engine::search::{search, Limits, SearchRequest, Signals, TranspositionTable};
use ludus_rules::games::{visit_every_game, GameVisitor};
use ludus_rules::Tooling;

use common::network::random_network;

/// Counts the allocations of the thread that makes them.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call goes to the system allocator unchanged; the count is a
// thread-local without a destructor, so counting itself never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Nodes per search: enough that one allocation in ten thousand nodes
/// shows.
const NODES: u64 = 300_000;

/// Searches with a random network (for games with inputs) or without.
#[derive(Clone)]
struct AllocationsPerSearch {
    with_net: bool,
}

impl GameVisitor for AllocationsPerSearch {
    /// Per bench position: (game, position, nodes, allocations).
    type Output = Vec<(&'static str, &'static str, u64, u64)>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let settings = G::Settings::default();
        G::prepare(&settings);
        let tt = TranspositionTable::new(16).unwrap();
        let network = G::NET_INPUTS
            .as_ref()
            .filter(|_| self.with_net)
            .map(|inputs| random_network(G::NAME, inputs.count, 32, 3));
        let limits = Limits {
            nodes: Some(NODES),
            ..Limits::default()
        };
        G::BENCH_POSITIONS
            .iter()
            .map(|&fen| {
                let root = G::from_fen(fen).unwrap();
                let request =
                    SearchRequest::new(&root, &settings, &limits).with_net(network.as_ref());
                tt.clear();
                let signals = Signals::new(false);
                let before = allocations();
                let outcome = search(&request, &tt, &signals, &mut |_| {});
                (G::NAME, fen, outcome.nodes, allocations() - before)
            })
            .collect()
    }
}

#[test]
fn searches_allocate_nothing_per_node() {
    // The one search thread is this one (no time limit, so no timer).
    let mut failures = Vec::new();
    let searches =
        [false, true].map(|with_net| visit_every_game(AllocationsPerSearch { with_net }).concat());
    for (game, fen, nodes, allocated) in searches.concat() {
        println!("{game} {fen}: {allocated} allocations in {nodes} nodes");
        // Root lists, per-ply buffers warming up, lines of root moves,
        // iteration reports and a network's per-ply sums: some hundreds,
        // whatever the nodes.
        if allocated > 2_000 + nodes / 10_000 {
            failures.push(format!("{game} {fen}: {allocated} in {nodes} nodes"));
        }
    }
    assert!(failures.is_empty(), "allocations per node: {failures:#?}");
}
