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

/// Shard `index` of `count` (from 1). A results file's shard is checked as
/// the command line's is: `1 <= index <= count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ShardFields")]
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
        Shard::new(index, count).map_err(|_| bad())
    }

    /// Shard `index` of `count`, if 1 ≤ `index` ≤ `count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, String> {
        if index == 0 || index > count {
            return Err(format!("shard {index}/{count} is not K/N with 1 <= K <= N"));
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

/// A shard's fields as a results file holds them, before they are checked.
#[derive(Deserialize)]
struct ShardFields {
    index: u32,
    count: u32,
}

impl TryFrom<ShardFields> for Shard {
    type Error = String;

    fn try_from(fields: ShardFields) -> Result<Shard, String> {
        Shard::new(fields.index, fields.count)
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

    /// Found by the fuzz target results_file: a results file's shard 1/0
    /// divided by zero when its games were checked.
    #[test]
    fn a_results_file_shard_is_checked_too() {
        let read = |json: &str| serde_json::from_str::<Shard>(json);
        assert_eq!(
            read(r#"{"index":2,"count":3}"#).unwrap(),
            Shard { index: 2, count: 3 }
        );
        for bad in [
            r#"{"index":1,"count":0}"#,
            r#"{"index":0,"count":2}"#,
            r#"{"index":3,"count":2}"#,
        ] {
            let error = read(bad).unwrap_err().to_string();
            assert!(error.contains("is not K/N"), "{bad}: {error}");
        }
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
