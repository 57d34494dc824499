//! The solver's table: proof and disproof numbers of positions, by the key
//! of a position and its symmetric images
//! ([`ludus_rules::symmetry::canonical_hash`]). Proved and disproved
//! positions are final; the rest hold the search's estimates. When the
//! table outgrows its memory, the estimates of the smallest subtrees go
//! first, then, if it must, the smallest final entries (a proof written
//! later searches again for what it lost).
//!
//! Beside them, disproofs that rest on repetitions of positions above them
//! (see [`super::dependence`]) are kept with the keys of those positions:
//! one holds wherever they are all on the line again.

use std::collections::HashMap;

/// A proof or disproof number too large to reach: the node is disproved
/// (proof number) or proved (disproof number).
pub const INF: u32 = u32::MAX / 4;

/// What the table knows of a position, for the query's attacker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Proof number: 0 proved, [`INF`] disproved.
    pub pn: u32,
    /// Disproof number: 0 disproved, [`INF`] proved.
    pub dn: u32,
    /// For a proved position, the plies of the proof's longest line.
    pub plies: u32,
    /// Nodes searched under the position (saturating), which decides what
    /// a collection keeps.
    pub work: u32,
}

impl Entry {
    /// Whether the position is proved or disproved.
    pub fn is_final(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// The most sets of line positions kept for one position's disproofs.
const DEPENDENT_SETS: usize = 4;

/// Bytes an entry takes in the map, roughly (key, entry, the map's own).
pub const ENTRY_BYTES: usize = 40;

/// The table, with a limit on its entries.
pub struct Table {
    map: HashMap<u64, Entry, ahash::RandomState>,
    /// Disproofs true where the positions of these keys are on the line
    /// (a few such sets per position, the latest first).
    dependent: HashMap<u64, Vec<Box<[u64]>>, ahash::RandomState>,
    limit: usize,
    collections: u32,
}

impl Table {
    /// A table of at most about `bytes` of memory.
    pub fn new(bytes: usize) -> Table {
        let hasher = || ahash::RandomState::with_seeds(1, 2, 3, 4);
        Table {
            map: HashMap::with_hasher(hasher()),
            dependent: HashMap::with_hasher(hasher()),
            limit: (bytes / ENTRY_BYTES).max(1024),
            collections: 0,
        }
    }

    /// The entry of `key`, if any.
    pub fn get(&self, key: u64) -> Option<Entry> {
        self.map.get(&key).copied()
    }

    /// Stores `entry` under `key`, collecting first when the table is full.
    pub fn store(&mut self, key: u64, entry: Entry) {
        if self.len() >= self.limit && !self.map.contains_key(&key) {
            self.collect();
        }
        self.map.insert(key, entry);
    }

    /// The sets of keys of line positions that disproofs of `key` rest
    /// on (any one set all on the line makes the disproof true there).
    pub fn dependent(&self, key: u64) -> &[Box<[u64]>] {
        self.dependent.get(&key).map_or(&[], |sets| &sets[..])
    }

    /// Keeps a disproof of `key` that rests on the positions `keys`.
    pub fn store_dependent(&mut self, key: u64, keys: &[u64]) {
        if self.len() >= self.limit {
            self.collect();
        }
        let sets = self.dependent.entry(key).or_default();
        if sets.iter().any(|set| set[..] == *keys) {
            return;
        }
        if sets.len() >= DEPENDENT_SETS {
            sets.pop();
        }
        sets.insert(0, keys.into());
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.map.len() + self.dependent.len()
    }

    /// Whether the table holds nothing.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty() && self.dependent.is_empty()
    }

    /// Collections so far.
    pub fn collections(&self) -> u32 {
        self.collections
    }

    /// Frees half the table: the estimates of the smallest subtrees, then
    /// (only if estimates were fewer than half) the smallest final entries.
    fn collect(&mut self) {
        self.collections += 1;
        self.dependent.clear();
        let target = self.map.len() / 2;
        let estimates = self.map.values().filter(|e| !e.is_final()).count();
        let finals_too = estimates < target;
        let mut works: Vec<u32> = self
            .map
            .values()
            .filter(|e| finals_too || !e.is_final())
            .map(|e| e.work)
            .collect();
        let drop = target.min(works.len().saturating_sub(1));
        let (_, &mut threshold, _) = works.select_nth_unstable(drop);
        let mut dropped = 0;
        self.map.retain(|_, e| {
            let candidate = finals_too || !e.is_final();
            let gone = candidate && e.work < threshold && dropped < target;
            dropped += usize::from(gone);
            !gone
        });
        if dropped == 0 {
            // Every candidate had the same work: drop some at that work.
            let mut left = target;
            self.map.retain(|_, e| {
                let gone = left > 0 && (finals_too || !e.is_final()) && e.work <= threshold;
                left -= usize::from(gone);
                !gone
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(pn: u32, dn: u32, work: u32) -> Entry {
        Entry {
            pn,
            dn,
            plies: 0,
            work,
        }
    }

    #[test]
    fn a_full_table_drops_the_smallest_estimates_and_keeps_the_proofs() {
        let mut table = Table::new(0);
        let limit = table.limit;
        for key in 0..limit as u64 {
            let final_entry = key % 10 == 0;
            let e = match final_entry {
                true => entry(0, INF, 1),
                false => entry(3, 4, key as u32),
            };
            table.store(key, e);
        }
        assert_eq!(table.len(), limit);
        table.store(u64::MAX, entry(1, 1, 0));
        assert_eq!(table.collections(), 1);
        assert!(table.len() <= limit / 2 + 1, "{}", table.len());
        for key in (0..limit as u64).step_by(10) {
            assert_eq!(table.get(key).map(|e| e.pn), Some(0), "proofs are kept");
        }
        assert!(table.get(1).is_none(), "the smallest estimates go");
        assert!(table.get(limit as u64 - 1).is_some(), "the largest stay");
    }
}
