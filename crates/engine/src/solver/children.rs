//! One node's moves as the solver lists them: lazily, best first, a batch
//! at a time, through the game's staged generation (the noisy moves, then
//! the quiet ones by the game's ordering): a Wyke node has thousands of
//! moves, 6×6 Wyke hundreds of thousands, and a proof often needs one.

use ludus_rules::{MoveCursor, MoveKind, Searchable};

/// Quiet moves listed per batch.
pub const QUIET_BATCH: usize = 24;

/// Noisy moves listed per batch (all of them, in most games).
const NOISY_BATCH: usize = 256;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Noisy,
    Quiet,
    Done,
}

/// The moves of one node not yet listed.
pub struct MoveSource<M> {
    stage: Stage,
    cursor: MoveCursor<M>,
    batch: Vec<M>,
}

impl<M> Default for MoveSource<M> {
    fn default() -> Self {
        MoveSource {
            stage: Stage::Noisy,
            cursor: MoveCursor::default(),
            batch: Vec::new(),
        }
    }
}

impl<M: Copy> MoveSource<M> {
    /// Whether every move has been listed.
    pub fn is_exhausted(&self) -> bool {
        self.stage == Stage::Done
    }

    /// The next batch of moves of `position` (empty once every move has
    /// come out); `history` is all zeros, the ordering the game's own.
    pub fn next<G: Searchable<Move = M>>(&mut self, position: &G, history: &[i32]) -> &[M] {
        self.batch.clear();
        while self.batch.is_empty() && self.stage != Stage::Done {
            if self.cursor.is_finished() {
                self.advance();
                continue;
            }
            let (kind, wanted) = match self.stage {
                Stage::Noisy => (MoveKind::Noisy, NOISY_BATCH),
                _ => (MoveKind::Quiet, QUIET_BATCH),
            };
            position.next_batch(kind, history, &mut self.cursor, wanted, &mut self.batch);
            if self.batch.is_empty() {
                self.advance();
            }
        }
        if self.stage != Stage::Done && self.cursor.is_finished() {
            self.advance();
        }
        &self.batch
    }

    /// On to the next stage, its cursor fresh.
    fn advance(&mut self) {
        self.stage = match self.stage {
            Stage::Noisy => Stage::Quiet,
            _ => Stage::Done,
        };
        self.cursor.restart();
    }
}
