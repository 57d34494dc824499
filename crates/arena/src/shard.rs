//! Slices of a match (`--shard K/N`): the match's games dealt out to N
//! shards, deterministically and without overlap, so that N machines can
//! play one match and `ludus match-merge` can put it back together.
//!
//! The unit dealt is a game, or with `--repeat` a pair (games `2k` and
//! `2k+1`, which share an opening and must be counted together). Units go
//! round-robin: unit `u` belongs to shard `u mod N + 1`. Every shard thus
//! plays its part of the match from the first openings on, and a merge of
//! unfinished shards is a fair sample of the match so far. A game keeps its
//! number, opening and sides from the whole match.

use serde::{Deserialize, Serialize};

/// Shard `index` of `count` (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, 1 to `count`.
    pub index: u32,
    /// How many slices.
    pub count: u32,
}

impl Shard {
    /// The whole match as one slice.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Reads `K/N` with 1 ≤ K ≤ N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("'{text}' is not K/N with 1 <= K <= N (e.g. 3/8)");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let (index, count): (u32, u32) = (
            index.trim().parse().map_err(|_| bad())?,
            count.trim().parse().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether game `game` (from 0) of a match is in this slice.
    pub fn owns(&self, game: u32, repeat: bool) -> bool {
        let unit = if repeat { game / 2 } else { game };
        unit % self.count == self.index - 1
    }

    /// The games (from 0) of this slice of a match of `games` games, in
    /// order.
    pub fn games(&self, games: u32, repeat: bool) -> Vec<u32> {
        (0..games).filter(|&g| self.owns(g, repeat)).collect()
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing() {
        assert_eq!(Shard::parse("3/8"), Ok(Shard { index: 3, count: 8 }));
        assert_eq!(Shard::parse("1/1"), Ok(Shard::WHOLE));
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", "-1/4", "1/4/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(Shard { index: 2, count: 5 }.to_string(), "2/5");
    }

    #[test]
    fn slices_cover_the_match_once_and_keep_pairs_together() {
        for (games, repeat, count) in [(10, false, 3), (11, true, 3), (7, true, 5), (4, false, 9)] {
            let mut seen = vec![0; games as usize];
            for index in 1..=count {
                let shard = Shard { index, count };
                for g in shard.games(games, repeat) {
                    seen[g as usize] += 1;
                    if repeat {
                        let partner = g ^ 1;
                        assert!(partner >= games || shard.owns(partner, repeat));
                    }
                }
            }
            assert!(
                seen.iter().all(|&n| n == 1),
                "{games} {repeat} {count}: {seen:?}"
            );
        }
        let second = Shard { index: 2, count: 3 };
        assert_eq!(second.games(12, true), vec![2, 3, 8, 9]);
        assert_eq!(second.games(7, false), vec![1, 4]);
    }
}
