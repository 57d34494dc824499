//! Move ordering: history and killer tables, and the staged move picker.
//!
//! Moves come out in stages so that a cutoff found early saves the work of
//! generating the rest, which matters in games with thousands of moves:
//! the transposition-table move first (before anything is generated), then
//! noisy moves by history, then the two killers, then the quiet moves by
//! history.

use ludus_rules::Searchable;

/// The largest magnitude a history score reaches.
const HISTORY_MAX: i32 = 16_384;

/// Per-thread history scores, indexed by side to move and
/// [`Searchable::move_index`]: how often a move caused a cutoff recently.
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

    fn slot<G: Searchable>(&self, position: &G, mv: G::Move) -> usize {
        position.side_to_move().index() * self.per_side
            + position.move_index(mv).min(self.per_side - 1)
    }

    /// The score of `mv` in `position`.
    pub fn get<G: Searchable>(&self, position: &G, mv: G::Move) -> i32 {
        self.scores[self.slot(position, mv)]
    }

    /// Moves the score of `mv` by `bonus`, saturating towards ±HISTORY_MAX so
    /// old results fade as new ones come in.
    pub fn update<G: Searchable>(&mut self, position: &G, mv: G::Move, bonus: i32) {
        let slot = self.slot(position, mv);
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = &mut self.scores[slot];
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.scores.fill(0);
    }
}

/// The bonus for a move that caused a cutoff at `depth`.
pub fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 16).min(HISTORY_MAX / 4)
}

/// Move lists a picker needs, owned by the worker and lent to one node at a
/// time so no node allocates.
pub struct PickerBuffers<M> {
    generated: Vec<M>,
    scored: Vec<(i32, M)>,
    spare: Vec<(i32, M)>,
}

impl<M> Default for PickerBuffers<M> {
    fn default() -> Self {
        PickerBuffers {
            generated: Vec::new(),
            scored: Vec::new(),
            spare: Vec::new(),
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
    index: usize,
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
            noisy_only: false,
            buffers,
        }
    }

    /// A picker over noisy moves only, for quiescence search.
    pub fn noisy(buffers: PickerBuffers<G::Move>) -> Self {
        MovePicker {
            stage: Stage::GenerateNoisy,
            tt_move: None,
            killers: [None; 2],
            killer_index: 0,
            index: 0,
            noisy_only: true,
            buffers,
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
                    self.buffers.generated.clear();
                    position.generate_noisy(&mut self.buffers.generated);
                    self.score_generated(position, history);
                    self.stage = Stage::Noisy;
                }
                Stage::Noisy => {
                    if let Some(mv) = self.next_scored() {
                        return Some((mv, true));
                    }
                    self.stage = if self.noisy_only {
                        Stage::Done
                    } else {
                        Stage::Killers
                    };
                }
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
                    self.buffers.generated.clear();
                    position.generate_quiet(&mut self.buffers.generated);
                    self.score_generated(position, history);
                    self.stage = Stage::Quiet;
                }
                Stage::Quiet => match self.next_scored() {
                    Some(mv) if self.killers.contains(&Some(mv)) => continue,
                    Some(mv) => return Some((mv, false)),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }

    fn score_generated(&mut self, position: &G, history: &History) {
        let PickerBuffers {
            generated,
            scored,
            spare,
        } = &mut self.buffers;
        scored.clear();
        scored.extend(generated.iter().map(|&mv| (history.get(position, mv), mv)));
        // The order of a stable sort by descending score (among equal
        // scores the game's own generation order stands, so a game can
        // generate its likely best moves first), but the moves without
        // history, most of them in games with thousands of moves, are only
        // copied, not sorted.
        let by_score = |&(score, _): &(i32, G::Move)| std::cmp::Reverse(score);
        spare.clear();
        spare.extend(scored.iter().filter(|(score, _)| *score > 0));
        spare.sort_by_key(by_score);
        spare.extend(scored.iter().filter(|(score, _)| *score == 0));
        let negative = spare.len();
        spare.extend(scored.iter().filter(|(score, _)| *score < 0));
        spare[negative..].sort_by_key(by_score);
        std::mem::swap(scored, spare);
        self.index = 0;
    }

    /// The next generated move that is not the TT move.
    fn next_scored(&mut self) -> Option<G::Move> {
        while let Some(&(_, mv)) = self.buffers.scored.get(self.index) {
            self.index += 1;
            if Some(mv) != self.tt_move {
                return Some(mv);
            }
        }
        None
    }
}
