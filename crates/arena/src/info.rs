//! A search's score and its `info` lines as an engine client reads them:
//! which line (MultiPV), depth, score and principal variation. The board's
//! analysis panel, `ludus analyse` and the Python engine client share them.

/// A score, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// A forced result in this many moves (negative: the side loses).
    Mate(i32),
}

impl Score {
    /// The score seen from the other side.
    pub fn negated(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(moves) => Score::Mate(-moves),
        }
    }

    /// As a person reads it: `+0.35`, `-1.20`, `+M3`, `-M2`.
    pub fn text(self) -> String {
        match self {
            Score::Cp(cp) => format!(
                "{}{:.2}",
                if cp >= 0 { "+" } else { "-" },
                f64::from(cp.unsigned_abs()) / 100.0
            ),
            Score::Mate(moves) if moves > 0 => format!("+M{moves}"),
            Score::Mate(moves) => format!("-M{}", moves.unsigned_abs()),
        }
    }
}

/// One reported line of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its rank, 1 for the best.
    pub multipv: u32,
    /// The depth reached.
    pub depth: u32,
    /// The score.
    pub score: Score,
    /// Nodes searched so far, when given.
    pub nodes: Option<u64>,
    /// The moves of the line.
    pub pv: Vec<String>,
}

/// Reads `info ... depth D ... [multipv K] ... score cp X|mate M ... pv ...`;
/// `None` for lines without a depth and an exact score (bounds are passing
/// states of an aspiration window, not results).
pub fn parse_line(text: &str) -> Option<Line> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.first() != Some(&"info") || words.get(1) == Some(&"string") {
        return None;
    }
    let mut depth = None;
    let mut score = None;
    let mut multipv = 1;
    let mut nodes = None;
    let mut pv = Vec::new();
    let mut i = 1;
    while i < words.len() {
        let value = words.get(i + 1).copied().unwrap_or("");
        match words[i] {
            "depth" => depth = value.parse().ok(),
            "multipv" => multipv = value.parse().ok()?,
            "nodes" => nodes = value.parse().ok(),
            "lowerbound" | "upperbound" => return None,
            "score" => {
                let amount: i32 = words.get(i + 2)?.parse().ok()?;
                score = Some(match value {
                    "cp" => Score::Cp(amount),
                    "mate" => Score::Mate(amount),
                    _ => return None,
                });
                i += 1;
            }
            "pv" => {
                pv = words[i + 1..].iter().map(|w| w.to_string()).collect();
                break;
            }
            _ => {}
        }
        i += 1;
    }
    Some(Line {
        multipv,
        depth: depth?,
        score: score?,
        nodes,
        pv,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let line =
            parse_line("info depth 7 seldepth 9 multipv 2 score cp -35 nodes 10 nps 5 pv 1-5 8-7")
                .unwrap();
        assert_eq!(line.multipv, 2);
        assert_eq!(line.depth, 7);
        assert_eq!(line.score, Score::Cp(-35));
        assert_eq!(line.nodes, Some(10));
        assert_eq!(line.pv, ["1-5", "8-7"]);
        let line = parse_line("info depth 3 score mate -2 pv a").unwrap();
        assert_eq!((line.multipv, line.score), (1, Score::Mate(-2)));
        assert_eq!(parse_line("info depth 3 score cp 5 lowerbound pv a"), None);
        assert_eq!(parse_line("info string depth 3 score cp 5"), None);
        assert_eq!(parse_line("info depth 3 nodes 100"), None);
        assert_eq!(parse_line("info depth 3 score cp"), None);
        assert_eq!(parse_line("bestmove 1-5"), None);
    }

    #[test]
    fn score_texts() {
        assert_eq!(Score::Cp(35).text(), "+0.35");
        assert_eq!(Score::Cp(-120).text(), "-1.20");
        assert_eq!(Score::Cp(0).text(), "+0.00");
        assert_eq!(Score::Mate(3).text(), "+M3");
        assert_eq!(Score::Mate(-2).negated(), Score::Mate(2));
        assert_eq!(Score::Mate(-2).text(), "-M2");
    }
}
