//! The transposition table shared by every search thread.
//!
//! Lock-free: each entry is two atomic words, the key XOR-ed with the data
//! and the data itself. A reader accepts an entry only if `check ^ data`
//! gives back its key, so a torn write (one word from one store, one from
//! another) is rejected instead of being read as a wrong position.
//!
//! Data word layout (bit 0 is the least significant):
//!
//! | bits   | field                                              |
//! |--------|----------------------------------------------------|
//! | 0–31   | move, as [`GameMove::to_bits`]                     |
//! | 32–47  | score (i16), mate scores relative to this node     |
//! | 48–55  | depth in plies (0 for quiescence entries)          |
//! | 56–57  | bound: 0 empty, 1 upper, 2 lower, 3 exact          |
//! | 58     | 1 if the move field holds a move                   |
//! | 59–63  | generation (search number, modulo 32)              |
//!
//! Four entries make a 64-byte bucket, one cache line. A store replaces, in
//! order of preference, the entry of the same key, an empty entry, or the one
//! with the least `depth - TT_AGE_WEIGHT × age` (see [`super::params`]).

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use ludus_rules::GameMove;

use super::params::{TT_AGE_WEIGHT, TT_KEEP_DEEPER};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (all moves failed low).
    Upper = 1,
    /// The true value is at least the score (a move failed high).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// An entry as read from the table.
#[derive(Clone, Copy, Debug)]
pub struct TtEntry<M> {
    /// The best or refuting move found, unvalidated.
    pub mv: Option<M>,
    /// The score, still relative to the node where it was stored.
    pub score: i32,
    /// The depth the score was searched to.
    pub depth: i32,
    /// The kind of bound the score is.
    pub bound: Bound,
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    slots: [Slot; 4],
}

const GENERATIONS: u8 = 32;

/// The shared, lock-free transposition table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

fn pack(mv: Option<u32>, score: i32, depth: i32, bound: Bound, generation: u8) -> u64 {
    let (move_bits, has_move) = match mv {
        Some(bits) => (u64::from(bits), 1u64),
        None => (0, 0),
    };
    let score = score.clamp(i16::MIN.into(), i16::MAX.into()) as i16 as u16;
    move_bits
        | u64::from(score) << 32
        | (depth.clamp(0, 255) as u64) << 48
        | (bound as u64) << 56
        | has_move << 58
        | u64::from(generation) << 59
}

fn bound_of(data: u64) -> Option<Bound> {
    match (data >> 56) & 3 {
        1 => Some(Bound::Upper),
        2 => Some(Bound::Lower),
        3 => Some(Bound::Exact),
        _ => None,
    }
}

fn depth_of(data: u64) -> i32 {
    ((data >> 48) & 0xFF) as i32
}

/// The entry a data word holds (its move as bits), if it holds one.
fn decode(data: u64) -> Option<TtEntry<u32>> {
    Some(TtEntry {
        mv: (data >> 58 & 1 == 1).then_some(data as u32),
        score: i32::from((data >> 32) as u16 as i16),
        depth: depth_of(data),
        bound: bound_of(data)?,
    })
}

fn generation_of(data: u64) -> u8 {
    (data >> 59) as u8
}

impl TranspositionTable {
    /// The largest size accepted, in MiB.
    pub const MAX_MIB: usize = 32 * 1024;

    /// A table of `mib` MiB (at least 1). Fails, instead of aborting, if the
    /// memory cannot be had.
    pub fn new(mib: usize) -> Result<Self, String> {
        let bytes = mib.clamp(1, Self::MAX_MIB) << 20;
        let count = bytes / std::mem::size_of::<Bucket>();
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(count)
            .map_err(|_| format!("cannot allocate {mib} MiB for the hash table"))?;
        buckets.resize_with(count, Bucket::default);
        Ok(TranspositionTable {
            buckets,
            generation: AtomicU8::new(0),
        })
    }

    /// The table's size in MiB.
    pub fn size_mib(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Empties every entry. Safe while other threads use the table (they may
    /// see a mix of old and empty entries, which the key check handles).
    pub fn clear(&self) {
        for bucket in &self.buckets {
            for slot in &bucket.slots {
                slot.check.store(0, Relaxed);
                slot.data.store(0, Relaxed);
            }
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: entries from earlier searches age.
    pub fn new_search(&self) {
        let next = (self.generation.load(Relaxed) + 1) % GENERATIONS;
        self.generation.store(next, Relaxed);
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[self.bucket_index(key)]
    }

    /// Prefetch-free probe: the entry stored for `key`, if any.
    pub fn probe<M: GameMove>(&self, key: u64) -> Option<TtEntry<M>> {
        self.bucket(key).slots.iter().find_map(|slot| {
            let data = slot.data.load(Relaxed);
            let check = slot.check.load(Relaxed);
            if check ^ data != key {
                return None;
            }
            let entry = decode(data)?;
            Some(TtEntry {
                mv: entry.mv.map(M::from_bits),
                score: entry.score,
                depth: entry.depth,
                bound: entry.bound,
            })
        })
    }

    /// Stores a search result for `key`.
    pub fn store<M: GameMove>(
        &self,
        key: u64,
        mv: Option<M>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        self.store_bits(key, mv.map(M::to_bits), score, depth, bound);
    }

    /// [`TranspositionTable::store`] with the move as its bits.
    fn store_bits(&self, key: u64, mv: Option<u32>, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Relaxed);
        let bucket = self.bucket(key);
        let mut target = &bucket.slots[0];
        let mut target_worth = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Relaxed);
            let check = slot.check.load(Relaxed);
            if check ^ data == key && bound_of(data).is_some() {
                // Same position: keep a deeper result of this search unless
                // the new one is exact, and keep the old move if there is no
                // new one.
                let same_search = generation_of(data) == generation;
                let deeper = depth + TT_KEEP_DEEPER.get() < depth_of(data);
                if bound != Bound::Exact && same_search && deeper {
                    return;
                }
                let old_move = (data >> 58 & 1 == 1).then_some(data as u32);
                let new = pack(mv.or(old_move), score, depth, bound, generation);
                slot.data.store(new, Relaxed);
                slot.check.store(key ^ new, Relaxed);
                return;
            }
            let worth = if bound_of(data).is_none() {
                i32::MIN
            } else {
                let age = i32::from((generation + GENERATIONS - generation_of(data)) % GENERATIONS);
                depth_of(data) - TT_AGE_WEIGHT.get() * age
            };
            if worth < target_worth {
                target_worth = worth;
                target = slot;
            }
        }
        let new = pack(mv, score, depth, bound, generation);
        target.data.store(new, Relaxed);
        target.check.store(key ^ new, Relaxed);
    }

    /// The place of `key`'s bucket, for [`TranspositionTable::merge_into`].
    pub fn bucket_index(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// Stores every entry of the buckets at `indices` (in that order, slot
    /// by slot) into `target`, as if they were stored there now, and
    /// empties them. With a table private to one thread, this publishes
    /// its results at a moment of the caller's choosing, in a fixed order.
    pub fn merge_into(&self, indices: &[usize], target: &TranspositionTable) {
        for &index in indices {
            for slot in &self.buckets[index].slots {
                let data = slot.data.swap(0, Relaxed);
                let check = slot.check.swap(0, Relaxed);
                if let Some(entry) = decode(data) {
                    let key = check ^ data;
                    target.store_bits(key, entry.mv, entry.score, entry.depth, entry.bound);
                }
            }
        }
    }

    /// Permille of sampled entries used by the current search, for `hashfull`.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let sample = self.buckets.len().min(250);
        let used = self.buckets[..sample]
            .iter()
            .flat_map(|bucket| &bucket.slots)
            .filter(|slot| {
                let data = slot.data.load(Relaxed);
                bound_of(data).is_some() && generation_of(data) == generation
            })
            .count();
        (used * 1000 / (sample * 4).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct TestMove(u32);

    impl GameMove for TestMove {
        fn to_bits(self) -> u32 {
            self.0
        }
        fn from_bits(bits: u32) -> Self {
            TestMove(bits)
        }
    }

    #[test]
    fn stores_and_probes_every_field() {
        let tt = TranspositionTable::new(1).unwrap();
        tt.store(42, Some(TestMove(0xDEAD_BEEF)), -31_000, 17, Bound::Lower);
        let entry = tt.probe::<TestMove>(42).unwrap();
        assert_eq!(entry.mv, Some(TestMove(0xDEAD_BEEF)));
        assert_eq!(
            (entry.score, entry.depth, entry.bound),
            (-31_000, 17, Bound::Lower)
        );
        assert!(tt.probe::<TestMove>(43).is_none());
    }

    #[test]
    fn keeps_the_old_move_when_the_new_result_has_none() {
        let tt = TranspositionTable::new(1).unwrap();
        tt.store(7, Some(TestMove(5)), 10, 3, Bound::Exact);
        tt.store::<TestMove>(7, None, -4, 4, Bound::Upper);
        let entry = tt.probe::<TestMove>(7).unwrap();
        assert_eq!(
            (entry.mv, entry.score, entry.bound),
            (Some(TestMove(5)), -4, Bound::Upper)
        );
    }

    #[test]
    fn merging_publishes_and_empties_the_buckets_named() {
        let (named, other) = (1u64 << 60, 15u64 << 60);
        let own = TranspositionTable::new(1).unwrap();
        let shared = TranspositionTable::new(1).unwrap();
        assert_ne!(own.bucket_index(named), own.bucket_index(other));
        shared.store(named, Some(TestMove(3)), 50, 2, Bound::Exact);
        own.store::<TestMove>(named, None, 60, 5, Bound::Lower);
        own.store(other, Some(TestMove(4)), -7, 1, Bound::Upper);
        own.merge_into(&[own.bucket_index(named)], &shared);
        let merged = shared.probe::<TestMove>(named).unwrap();
        assert_eq!(
            (merged.mv, merged.score, merged.depth, merged.bound),
            (Some(TestMove(3)), 60, 5, Bound::Lower),
            "stored as if stored there: the old move stays"
        );
        assert!(own.probe::<TestMove>(named).is_none(), "emptied");
        assert!(shared.probe::<TestMove>(other).is_none(), "not named");
        assert!(own.probe::<TestMove>(other).is_some());
    }

    #[test]
    fn clear_and_hashfull() {
        let tt = TranspositionTable::new(1).unwrap();
        assert_eq!(tt.hashfull(), 0);
        for key in 0..100_000u64 {
            let key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            tt.store(key, Some(TestMove(1)), 0, 1, Bound::Exact);
        }
        assert!(tt.hashfull() > 500);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
        assert_eq!(tt.size_mib(), 1);
    }
}
