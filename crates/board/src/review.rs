//! The review of a game on the board, judged as `ludus analyse` judges
//! games (the arena's own code: [`ludus_arena::analyse::judge`]): every
//! position searched once at one limit, each move by the expected score it
//! loses from the search before it to the search after it (or the game's
//! end), with the same marks; each player's moves summed up. A marked move
//! can be tried again: the person plays another move in the position
//! before it, and the board says whether that one keeps the value.

use ludus_arena::analyse::judge::{judge_move, After, Ending, Judgement, Summary};
use ludus_arena::analyse::verdict::SearchVerdict;
use ludus_rules::GameResult;

use crate::record::Record;

/// The time each position is searched for when none is asked.
pub const REVIEW_MS: u64 = 500;
/// The range of times a position may be searched for.
pub const REVIEW_MS_RANGE: std::ops::RangeInclusive<u64> = 20..=10_000;

/// A move tried again in the position before a reviewed move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tried {
    /// The move, in canonical notation.
    pub text: String,
    /// What it led to: `None` while the position after it is searched.
    pub after: Option<After>,
}

/// A reviewed move being tried again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retry {
    /// The ply of the position the move was played in.
    pub ply: usize,
    /// The last move tried there.
    pub tried: Option<Tried>,
}

/// The review of the game on the board.
#[derive(Clone, Debug)]
pub struct Review {
    /// The game reviewed: its epoch and moves when the review began (any
    /// change of them ends the review).
    epoch: u64,
    moves: Vec<String>,
    /// Each position's search time.
    pub movetime: u64,
    /// Each position's verdict, positions 0 to the last.
    verdicts: Vec<Option<SearchVerdict>>,
    /// The output of the search that runs.
    lines: Vec<String>,
    /// The move being tried again, if any.
    pub retry: Option<Retry>,
}

impl Review {
    /// A review of the game in `record`, each position searched for
    /// `movetime` milliseconds.
    pub fn new(record: &Record, movetime: u64) -> Review {
        let moves = record.table().moves().to_vec();
        Review {
            epoch: record.epoch(),
            verdicts: vec![None; moves.len() + 1],
            moves,
            movetime,
            lines: Vec::new(),
            retry: None,
        }
    }

    /// Whether the review is of the game in `record` as it stands.
    pub fn is_of(&self, record: &Record) -> bool {
        self.epoch == record.epoch() && self.moves == record.table().moves()
    }

    /// The next position to search: the first not searched yet that the
    /// rules have not finished.
    pub fn next_ply(&self, record: &Record) -> Option<usize> {
        let table = record.table();
        (0..self.verdicts.len()).find(|&ply| {
            self.verdicts[ply].is_none() && table.status_at(ply).result == GameResult::Ongoing
        })
    }

    /// Positions searched so far and positions to search in all.
    pub fn progress(&self, record: &Record) -> (usize, usize) {
        let table = record.table();
        let searchable: Vec<usize> = (0..self.verdicts.len())
            .filter(|&ply| table.status_at(ply).result == GameResult::Ongoing)
            .collect();
        let done = searchable
            .iter()
            .filter(|&&ply| self.verdicts[ply].is_some())
            .count();
        (done, searchable.len())
    }

    /// Keeps a line the engine wrote during a review search.
    pub fn take_line(&mut self, line: String) {
        self.lines.push(line);
    }

    /// The lines of the search that just ended, forgotten here.
    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.lines)
    }

    /// Forgets the lines of a search that ended without a verdict.
    pub fn clear_lines(&mut self) {
        self.lines.clear();
    }

    /// The verdict of position `ply`'s search.
    pub fn set_verdict(&mut self, ply: usize, verdict: SearchVerdict) {
        if let Some(slot) = self.verdicts.get_mut(ply) {
            *slot = Some(verdict);
        }
    }

    /// The verdict of position `ply`, once searched.
    pub fn verdict(&self, ply: usize) -> Option<&SearchVerdict> {
        self.verdicts.get(ply)?.as_ref()
    }

    /// What the move `played` in position `ply` led to: the game's end,
    /// or the search of the position after it (`after`, the side to move
    /// changed or not).
    fn after(record: &Record, ply: usize, verdict_after: Option<&SearchVerdict>) -> Option<After> {
        let table = record.table();
        let mover = table.side(ply);
        match Ending::of(table.status_at(ply + 1).result, mover) {
            Some(ending) => Some(After::Ended(ending)),
            None => verdict_after.map(|v| After::Searched(v.clone(), table.side(ply + 1) != mover)),
        }
    }

    /// The judgement of each move of the game, once the searches before
    /// and after it are known; `scale`: the game's logistic scale.
    pub fn judgements(&self, record: &Record, scale: f64) -> Vec<Option<Judgement>> {
        (0..self.moves.len())
            .map(|ply| {
                let before = self.verdict(ply)?;
                let after = Review::after(record, ply, self.verdict(ply + 1))?;
                judge_move(before, &self.moves[ply], &after, scale)
            })
            .collect()
    }

    /// Each player's moves summed up, first player's first.
    pub fn summaries(&self, record: &Record, scale: f64) -> [Summary; 2] {
        let judgements = self.judgements(record, scale);
        let table = record.table();
        [ludus_rules::Player::First, ludus_rules::Player::Second].map(|player| {
            let theirs: Vec<Judgement> = judgements
                .iter()
                .enumerate()
                .filter(|(ply, _)| table.side(*ply) == player)
                .filter_map(|(_, j)| *j)
                .collect();
            Summary::of(&theirs)
        })
    }

    /// The judgement of the move tried again, once known.
    pub fn retry_judgement(&self, scale: f64) -> Option<Judgement> {
        let retry = self.retry.as_ref()?;
        let tried = retry.tried.as_ref()?;
        judge_move(
            self.verdict(retry.ply)?,
            &tried.text,
            tried.after.as_ref()?,
            scale,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::MoveNote;
    use ludus_arena::analyse::judge::Mark;
    use ludus_rules::protocol::Score;
    use web_time::Instant;

    fn verdict(best: &str, cp: i32) -> SearchVerdict {
        SearchVerdict {
            best: best.to_string(),
            score: Some(Score::Cp(cp)),
            depth: Some(5),
            bound: None,
            pv: vec![best.to_string()],
        }
    }

    #[test]
    fn moves_are_judged_by_the_searches_before_and_after_them() {
        let mut record = Record::new();
        record.set_position("alak", "_ox_o_____x x").unwrap();
        // x plays 3-4; o then closes 4 in from 3 and x has one piece left.
        for text in ["3-4", "2-3"] {
            let ply = record.table().moves().len();
            record
                .play(ply, text, MoveNote::default(), Instant::now())
                .unwrap();
        }
        let mut review = Review::new(&record, 100);
        assert!(review.is_of(&record));
        assert_eq!(review.next_ply(&record), Some(0));
        review.set_verdict(0, verdict("11-10", 30));
        assert_eq!(review.next_ply(&record), Some(1));
        review.set_verdict(1, verdict("2-3", 400));
        assert_eq!(review.next_ply(&record), None, "the end is over");
        assert_eq!(review.progress(&record), (2, 2));
        let judged = review.judgements(&record, 100.0);
        let first = judged[0].unwrap();
        // x went from +0.30 (574) to -4.00 for it (18): a blunder.
        assert_eq!((first.before, first.after), (574, 18));
        assert_eq!(first.mark, Some(Mark::Blunder));
        let second = judged[1].unwrap();
        assert_eq!((second.after, second.mark), (1000, None), "o won");
        let [x, o] = review.summaries(&record, 100.0);
        assert_eq!((x.marks, o.marks), ([0, 0, 1], [0, 0, 0]));
        let mut other = Record::new();
        other.set_position("alak", "_ox_o_____x x").unwrap();
        assert!(!review.is_of(&other));
    }
}
