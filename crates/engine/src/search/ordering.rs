//! Move ordering: history and killer tables, and the staged move picker.
//!
//! Moves come out in stages so that a cutoff found early saves the work of
//! generating the rest, which matters in games with thousands of moves:
//! the transposition-table move first (before anything is generated), then
//! noisy moves by history, then the two killers, then the quiet moves best
//! first, asked of the game a batch at a time
//! ([`Searchable::next_batch`]): a node that ends after a handful of quiet
//! moves never has the rest generated.

use ludus_rules::{MoveCursor, MoveKind, Player, Searchable};

use super::params::{FIRST_BATCH, HISTORY_BONUS_FACTOR, HISTORY_BONUS_MAX, HISTORY_MAX};

/// Per-thread history scores, indexed by side to move and history index
/// ([`Searchable::move_indices`]): how often moves with that part caused a
/// cutoff recently. A move's score is the sum over its indices.
pub struct History {
    scores: Vec<i32>,
    per_side: usize,
}

impl History {
    /// An empty table for a game with `move_index_count` move indices.
    pub fn new(move_index_count: usize) -> Self {
        History {
            scores: vec![0; move_index_count * 2],
            per_side: move_index_count,
        }
    }

    /// The scores of `player`'s moves, by history index.
    pub fn side(&self, player: Player) -> &[i32] {
        let start = player.index() * self.per_side;
        &self.scores[start..start + self.per_side]
    }

    /// The score of `mv` in `position`.
    pub fn get<G: Searchable>(&self, position: &G, mv: G::Move) -> i32 {
        let side = self.side(position.side_to_move());
        position
            .move_indices(mv)
            .iter()
            .map(|i| side[i.min(self.per_side - 1)])
            .sum()
    }

    /// Moves the score of each index of `mv` by `bonus`, saturating towards
    /// ±[`HISTORY_MAX`] so old results fade as new ones come in.
    pub fn update<G: Searchable>(&mut self, position: &G, mv: G::Move, bonus: i32) {
        let start = position.side_to_move().index() * self.per_side;
        let max = HISTORY_MAX.get();
        let bonus = bonus.clamp(-max, max);
        for i in position.move_indices(mv).iter() {
            let entry = &mut self.scores[start + i.min(self.per_side - 1)];
            *entry += bonus - *entry * bonus.abs() / max;
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.scores.fill(0);
    }
}

/// The bonus for a move that caused a cutoff at `depth`.
pub fn history_bonus(depth: i32) -> i32 {
    (depth * depth * HISTORY_BONUS_FACTOR.get()).min(HISTORY_BONUS_MAX.get())
}

/// Move lists a picker needs, owned by the worker and lent to one node at a
/// time so no node allocates.
pub struct PickerBuffers<M> {
    /// The current batch.
    batch: Vec<M>,
    noisy: MoveCursor<M>,
    quiet: MoveCursor<M>,
}

impl<M> Default for PickerBuffers<M> {
    fn default() -> Self {
        PickerBuffers {
            batch: Vec::new(),
            noisy: MoveCursor::default(),
            quiet: MoveCursor::default(),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    TtMove,
    GenerateNoisy,
    Noisy,
    Killers,
    GenerateQuiet,
    Quiet,
    Done,
}

/// Yields the legal moves of one node, best guesses first.
pub struct MovePicker<G: Searchable> {
    stage: Stage,
    tt_move: Option<G::Move>,
    killers: [Option<G::Move>; 2],
    killer_index: usize,
    /// The next move of the current batch.
    index: usize,
    /// The size of the next batch to ask for.
    wanted: usize,
    noisy_only: bool,
    buffers: PickerBuffers<G::Move>,
}

impl<G: Searchable> MovePicker<G> {
    /// A picker over all moves. `tt_move` and `killers` must already be
    /// checked legal by the caller.
    pub fn new(
        tt_move: Option<G::Move>,
        killers: [Option<G::Move>; 2],
        buffers: PickerBuffers<G::Move>,
    ) -> Self {
        MovePicker {
            stage: Stage::TtMove,
            tt_move,
            killers,
            killer_index: 0,
            index: 0,
            wanted: FIRST_BATCH.count(),
            noisy_only: false,
            buffers,
        }
    }

    /// A picker over noisy moves only, for quiescence search.
    pub fn noisy(buffers: PickerBuffers<G::Move>) -> Self {
        MovePicker {
            noisy_only: true,
            stage: Stage::GenerateNoisy,
            ..Self::new(None, [None; 2], buffers)
        }
    }

    /// Stops before the quiet moves: only the TT move, the noisy moves and
    /// the killers come out (for nodes where quiet moves are futile).
    pub fn skip_quiets(&mut self) {
        self.noisy_only = true;
    }

    /// Gives the buffers back to the worker.
    pub fn into_buffers(self) -> PickerBuffers<G::Move> {
        self.buffers
    }

    /// The next move and whether it is noisy; `None` when all are out.
    pub fn next(&mut self, position: &G, history: &History) -> Option<(G::Move, bool)> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateNoisy;
                    if let Some(mv) = self.tt_move {
                        return Some((mv, position.is_noisy(mv)));
                    }
                }
                Stage::GenerateNoisy => {
                    self.buffers.noisy.restart();
                    self.start_stage(Stage::Noisy);
                }
                Stage::Noisy => match self.next_in_batch(position, history) {
                    Some(mv) => return Some((mv, true)),
                    None if self.noisy_only => self.stage = Stage::Done,
                    None => self.stage = Stage::Killers,
                },
                Stage::Killers => {
                    if self.killer_index >= 2 {
                        self.stage = Stage::GenerateQuiet;
                        continue;
                    }
                    let killer = self.killers[self.killer_index];
                    self.killer_index += 1;
                    if let Some(mv) = killer {
                        if Some(mv) != self.tt_move && !position.is_noisy(mv) {
                            return Some((mv, false));
                        }
                    }
                }
                Stage::GenerateQuiet => {
                    self.buffers.quiet.restart();
                    self.start_stage(Stage::Quiet);
                }
                Stage::Quiet => match self.next_in_batch(position, history) {
                    Some(mv) if self.killers.contains(&Some(mv)) => continue,
                    Some(mv) => return Some((mv, false)),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }

    /// Enters `stage` (noisy or quiet) with an empty batch.
    fn start_stage(&mut self, stage: Stage) {
        self.stage = stage;
        self.buffers.batch.clear();
        self.index = 0;
        self.wanted = FIRST_BATCH.count();
    }

    /// The next move of the stage that is not the TT move, asking the game
    /// for another batch when this one is used up; `None` when the game
    /// has no more.
    fn next_in_batch(&mut self, position: &G, history: &History) -> Option<G::Move> {
        loop {
            while let Some(&mv) = self.buffers.batch.get(self.index) {
                self.index += 1;
                if Some(mv) != self.tt_move {
                    return Some(mv);
                }
            }
            let PickerBuffers {
                batch,
                noisy,
                quiet,
            } = &mut self.buffers;
            let (kind, cursor) = if self.stage == Stage::Noisy {
                (MoveKind::Noisy, noisy)
            } else {
                (MoveKind::Quiet, quiet)
            };
            if cursor.is_finished() {
                return None;
            }
            batch.clear();
            self.index = 0;
            let side = history.side(position.side_to_move());
            position.next_batch(kind, side, cursor, self.wanted, batch);
            self.wanted = self.wanted.saturating_mul(2);
            if batch.is_empty() {
                return None;
            }
        }
    }
}
