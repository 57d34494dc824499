//! One `info` line of a search, as engines write it and clients read it.

use std::fmt;

use super::score::{Bound, Score};

/// What one `info` line reports. Every field is optional but the line rank
/// (`multipv`, 1 when not given) and the principal variation (empty when
/// not given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InfoLine {
    /// The depth of the iteration.
    pub depth: Option<u32>,
    /// The deepest ply reached.
    pub seldepth: Option<u32>,
    /// The line's rank, 1 for the best.
    pub multipv: u32,
    /// The score of the line.
    pub score: Option<Score>,
    /// Whether the score is only a bound (an iteration cut short).
    pub bound: Option<Bound>,
    /// Nodes searched so far.
    pub nodes: Option<u64>,
    /// Nodes a second.
    pub nps: Option<u64>,
    /// Milliseconds since the search began.
    pub time_ms: Option<u64>,
    /// Permille of the hash table in use.
    pub hashfull: Option<u32>,
    /// The principal variation, in the game's notation.
    pub pv: Vec<String>,
}

/// A line that says nothing yet: the best line (`multipv 1`), no field
/// known.
impl Default for InfoLine {
    fn default() -> Self {
        InfoLine {
            depth: None,
            seldepth: None,
            multipv: 1,
            score: None,
            bound: None,
            nodes: None,
            nps: None,
            time_ms: None,
            hashfull: None,
            pv: Vec::new(),
        }
    }
}

impl InfoLine {
    /// Reads an `info` line; `None` for anything else, `info string`
    /// included. Unknown words are passed over, as UCI asks of clients; a
    /// known word with an unreadable value leaves its field empty.
    pub fn parse(text: &str) -> Option<InfoLine> {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
            return None;
        }
        let mut line = InfoLine::default();
        let mut i = 1;
        while i < words.len() {
            let value = words.get(i + 1).copied().unwrap_or("");
            match words[i] {
                "depth" => line.depth = value.parse().ok(),
                "seldepth" => line.seldepth = value.parse().ok(),
                "multipv" => line.multipv = value.parse().unwrap_or(1),
                "nodes" => line.nodes = value.parse().ok(),
                "nps" => line.nps = value.parse().ok(),
                "time" => line.time_ms = value.parse().ok(),
                "hashfull" => line.hashfull = value.parse().ok(),
                "lowerbound" => line.bound = Some(Bound::Lower),
                "upperbound" => line.bound = Some(Bound::Upper),
                "score" => {
                    line.score = Score::parse(value, words.get(i + 2).copied().unwrap_or(""));
                    i += 1;
                }
                "pv" => {
                    line.pv = words[i + 1..].iter().map(|w| w.to_string()).collect();
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        Some(line)
    }

    /// The score, when the line has one that is exact (not a bound).
    pub fn exact_score(&self) -> Option<Score> {
        self.score.filter(|_| self.bound.is_none())
    }

    /// The depth and exact score, when the line has both: what makes it a
    /// result of the search rather than a passing state (a bound of an
    /// aspiration window, a progress report).
    pub fn depth_and_score(&self) -> Option<(u32, Score)> {
        Some((self.depth?, self.exact_score()?))
    }

    /// Whether the line speaks for the engine's choice: the best line
    /// (`multipv 1`), with an exact score.
    pub fn is_exact_best(&self) -> bool {
        self.multipv == 1 && self.exact_score().is_some()
    }
}

/// One line of a search's result: an `info` line with a depth and an
/// exact score (a bound is a passing state of an aspiration window, not a
/// result), as the board shows it and Python returns it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredLine {
    /// Its rank, 1 for the best.
    pub multipv: u32,
    /// The depth searched.
    pub depth: u32,
    /// The deepest ply reached, when known.
    pub seldepth: Option<u32>,
    /// Its exact score, from the side to move's view.
    pub score: Score,
    /// Nodes searched, when known.
    pub nodes: Option<u64>,
    /// Its moves, in the game's notation.
    pub pv: Vec<String>,
}

impl ScoredLine {
    /// The scored line `text` reports; `None` for anything but an `info`
    /// line with a depth and an exact score.
    pub fn parse(text: &str) -> Option<ScoredLine> {
        InfoLine::parse(text)?.scored()
    }
}

impl InfoLine {
    /// This line as a result of the search, when it has a depth and an
    /// exact score.
    pub fn scored(self) -> Option<ScoredLine> {
        let (depth, score) = self.depth_and_score()?;
        Some(ScoredLine {
            multipv: self.multipv,
            depth,
            seldepth: self.seldepth,
            score,
            nodes: self.nodes,
            pv: self.pv,
        })
    }
}

/// The engine's form: `info depth … seldepth … multipv … score … [bound]
/// nodes … nps … time … hashfull … pv …`, leaving out what is not known.
impl fmt::Display for InfoLine {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("info")?;
        let numbers = [
            ("depth", self.depth.map(u64::from)),
            ("seldepth", self.seldepth.map(u64::from)),
            ("multipv", Some(u64::from(self.multipv))),
        ];
        for (word, value) in numbers {
            if let Some(value) = value {
                write!(f, " {word} {value}")?;
            }
        }
        if let Some(score) = self.score {
            write!(f, " score {score}")?;
            if let Some(bound) = self.bound {
                write!(f, " {}", bound.word())?;
            }
        }
        let counts = [
            ("nodes", self.nodes),
            ("nps", self.nps),
            ("time", self.time_ms),
            ("hashfull", self.hashfull.map(u64::from)),
        ];
        for (word, value) in counts {
            if let Some(value) = value {
                write!(f, " {word} {value}")?;
            }
        }
        if !self.pv.is_empty() {
            write!(f, " pv {}", self.pv.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line_is_exact_best(text: &str) -> bool {
        InfoLine::parse(text).unwrap().is_exact_best()
    }

    #[test]
    fn lines_are_read() {
        let line = InfoLine::parse(
            "info depth 7 seldepth 9 multipv 2 score cp -35 nodes 10 nps 5 time 3 hashfull 4 pv 1-5 8-7",
        )
        .unwrap();
        assert_eq!(
            (line.depth, line.seldepth, line.multipv),
            (Some(7), Some(9), 2)
        );
        assert_eq!(line.exact_score(), Some(Score::Cp(-35)));
        assert_eq!(
            (line.nodes, line.nps, line.time_ms),
            (Some(10), Some(5), Some(3))
        );
        assert_eq!(line.hashfull, Some(4));
        assert_eq!(line.pv, ["1-5", "8-7"]);
        let line = InfoLine::parse("info depth 3 score mate -2 pv a").unwrap();
        assert_eq!((line.multipv, line.score), (1, Some(Score::Mate(-2))));
        let bound = InfoLine::parse("info depth 3 score cp 5 lowerbound pv a").unwrap();
        assert_eq!(bound.bound, Some(Bound::Lower));
        assert_eq!(bound.exact_score(), None);
        assert_eq!(InfoLine::parse("info string depth 3 score cp 5"), None);
        assert_eq!(InfoLine::parse("bestmove 1-5"), None);
        let no_score = InfoLine::parse("info depth 3 currmove a nodes 100").unwrap();
        assert_eq!((no_score.score, no_score.nodes), (None, Some(100)));
        assert_eq!(
            InfoLine::parse("info depth 3 score cp").unwrap().score,
            None
        );
        assert!(line_is_exact_best("info depth 3 score mate 2 pv a"));
        assert!(!line_is_exact_best(
            "info depth 3 multipv 2 score cp 1 pv a"
        ));
        assert!(!line_is_exact_best(
            "info depth 3 score cp 5 upperbound pv a"
        ));
        assert!(!line_is_exact_best("info depth 3 nodes 100"));
        assert_eq!(InfoLine::default().multipv, 1);
        let scored = |text| InfoLine::parse(text).unwrap().depth_and_score();
        assert_eq!(scored("info depth 4 score cp 30"), Some((4, Score::Cp(30))));
        assert_eq!(scored("info score cp 30"), None);
        assert_eq!(scored("info depth 4 score cp 30 lowerbound"), None);
    }

    #[test]
    fn lines_round_trip() {
        for text in [
            "info depth 7 seldepth 9 multipv 1 score cp -35 nodes 10 nps 5 time 3 hashfull 4 pv 1-5 8-7",
            "info depth 2 seldepth 2 multipv 3 score mate 1 upperbound nodes 1 nps 0 time 0 hashfull 0 pv a",
            "info depth 1 multipv 1 score cp 0",
        ] {
            assert_eq!(InfoLine::parse(text).unwrap().to_string(), text);
        }
    }
}
