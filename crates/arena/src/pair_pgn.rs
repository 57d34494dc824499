//! The PGN of pairs the rules score: the pair's totals go on its second
//! game (`2k+1`), which may finish before its first when games run
//! concurrently; such a game waits here until its first has finished, so
//! the PGN is the same however the games were scheduled.

use std::collections::{BTreeMap, HashMap};

use super::referee::GameRecord;

/// A game ready for the PGN, with its pair's totals if it carries them.
pub struct ReadyGame {
    /// The game's number in the match, from 0.
    pub index: u32,
    /// Whether the first engine moved first.
    pub engine1_first: bool,
    /// The game.
    pub record: GameRecord,
    /// The pair's totals, this game's White's engine first (on the pair's
    /// second game, when both games have counts).
    pub pair_totals: Option<[u32; 2]>,
}

/// Pairs half written: the first games' counts, and the second games
/// waiting for their first.
#[derive(Default)]
pub struct PairPgn {
    /// Pair number to its first game's counts (White's, Black's).
    firsts: HashMap<u32, Option<[u32; 2]>>,
    /// Pair number to its second game, finished before the first.
    waiting: BTreeMap<u32, ReadyGame>,
}

impl PairPgn {
    /// Game `index` has finished: the games to write now, in order (none,
    /// it, or it and the second game that waited for it).
    pub fn finished(&mut self, game: ReadyGame) -> Vec<ReadyGame> {
        let pair = game.index / 2;
        if game.index.is_multiple_of(2) {
            match self.waiting.remove(&pair) {
                Some(mut second) => {
                    second.pair_totals = totals(game.record.counts, second.record.counts);
                    vec![game, second]
                }
                None => {
                    self.firsts.insert(pair, game.record.counts);
                    vec![game]
                }
            }
        } else {
            match self.firsts.remove(&pair) {
                Some(first) => {
                    let pair_totals = totals(first, game.record.counts);
                    vec![ReadyGame {
                        pair_totals,
                        ..game
                    }]
                }
                None => {
                    self.waiting.insert(pair, game);
                    Vec::new()
                }
            }
        }
    }

    /// The second games still waiting (their first was never played: the
    /// match stopped), to be written without totals.
    pub fn take_waiting(&mut self) -> Vec<ReadyGame> {
        std::mem::take(&mut self.waiting).into_values().collect()
    }
}

/// The pair's totals for its second game's tag, from each game's counts
/// (its White's first), that game's White first: the sides swap between
/// the games, so the second game's White was the first game's Black.
pub fn totals(first: Option<[u32; 2]>, second: Option<[u32; 2]>) -> Option<[u32; 2]> {
    let ([w1, b1], [w2, b2]) = (first?, second?);
    Some([b1 + w2, w1 + b2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Termination;
    use ludus_rules::protocol::Outcome;

    fn game(index: u32, counts: Option<[u32; 2]>) -> ReadyGame {
        ReadyGame {
            index,
            engine1_first: index.is_multiple_of(2),
            record: GameRecord {
                start_fen: String::new(),
                standard_start: true,
                moves: Vec::new(),
                result: Some(Outcome::Draw),
                reason: String::new(),
                termination: Termination::Normal,
                counts,
            },
            pair_totals: None,
        }
    }

    fn written(games: &[ReadyGame]) -> Vec<(u32, Option<[u32; 2]>)> {
        games.iter().map(|g| (g.index, g.pair_totals)).collect()
    }

    #[test]
    fn the_second_game_carries_the_totals_in_whatever_order_they_finish() {
        let mut pgn = PairPgn::default();
        // Pair 0 in order: the first game 3,7 (engine 1 White), the second
        // 5,2 (engine 2 White): engine 2 has 7 + 5, engine 1 3 + 2.
        assert_eq!(written(&pgn.finished(game(0, Some([3, 7])))), [(0, None)]);
        let second = pgn.finished(game(1, Some([5, 2])));
        assert_eq!(written(&second), [(1, Some([12, 5]))]);
        // Pair 1 the other way round: the second waits for the first.
        assert!(pgn.finished(game(3, Some([5, 2]))).is_empty());
        let both = pgn.finished(game(2, Some([3, 7])));
        assert_eq!(written(&both), [(2, None), (3, Some([12, 5]))]);
        // A game without counts leaves the pair without totals.
        assert!(pgn.finished(game(5, Some([1, 1]))).is_empty());
        assert_eq!(
            written(&pgn.finished(game(4, None))),
            [(4, None), (5, None)]
        );
        // A second game whose first never came is written at the end.
        assert!(pgn.finished(game(7, Some([1, 1]))).is_empty());
        assert_eq!(written(&pgn.take_waiting()), [(7, None)]);
        assert!(pgn.take_waiting().is_empty());
    }
}
