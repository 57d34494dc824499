//! One search's answer read as one verdict: the `bestmove`, and the score
//! and line of the last `info` line whose line starts with that move (the
//! line a search ends on may be a bound, when an iteration failing high
//! with a new move is cut short; its move is then the one played). Where
//! no line starts with it, the last line's score, the root's value, stands
//! for it. `ludus analyse` reads its engine's searches so, and so does the
//! board's review ([`SearchVerdict::read`]).

use ludus_rules::protocol::{Bound, InfoLine, Score};
use ludus_rules::Game;

/// One search's answer, its moves in canonical notation, its score from
/// the side to move's view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchVerdict {
    /// The `bestmove`.
    pub best: String,
    /// The score of the best line; `None` when the engine gave none for it.
    pub score: Option<Score>,
    /// The depth of that score.
    pub depth: Option<u32>,
    /// Whether that score is only a bound.
    pub bound: Option<Bound>,
    /// The principal variation, starting with the best move.
    pub pv: Vec<String>,
}

/// What one `info` line says of the best line.
pub(super) struct Info {
    score: Score,
    depth: Option<u32>,
    bound: Option<Bound>,
    pv: Vec<String>,
}

/// The best line's `info` (`multipv 1` or none) with a score, its line
/// in canonical notation from `root`; `None` for other lines.
pub(super) fn read_info<G: Game>(line: &str, root: &G) -> Option<Info> {
    let info = InfoLine::parse(line).filter(|info| info.multipv == 1)?;
    let pv: Vec<&str> = info.pv.iter().map(String::as_str).collect();
    Some(Info {
        score: info.score?,
        depth: info.depth,
        bound: info.bound,
        pv: canonical_line(root, &pv),
    })
}

/// The moves of `words` played from `root` while they are legal, in
/// canonical notation.
fn canonical_line<G: Game>(root: &G, words: &[&str]) -> Vec<String> {
    let mut position = root.clone();
    let mut line = Vec::new();
    for word in words {
        let Ok(mv) = position.parse_move(word) else {
            break;
        };
        line.push(position.format_move(mv));
        position.make_move(mv);
    }
    line
}

impl SearchVerdict {
    /// The verdict of a search that answered `best` after `infos`: the
    /// last of them whose line starts with `best` speaks for it. When none
    /// does (Alak's table picks among moves that keep the root's value
    /// the one that sets the opponent the most problems), the last one's
    /// score, the root's value, is the best move's, and the line is the
    /// move alone.
    pub(super) fn of(best: String, infos: &[Info]) -> SearchVerdict {
        let starts_with_best = |info: &&Info| info.pv.first() == Some(&best);
        let info = infos.iter().rev().find(starts_with_best).or(infos.last());
        let pv = match info.filter(starts_with_best) {
            Some(info) => info.pv.clone(),
            None => vec![best.clone()],
        };
        SearchVerdict {
            score: info.map(|info| info.score),
            depth: info.and_then(|info| info.depth),
            bound: info.and_then(|info| info.bound),
            best,
            pv,
        }
    }
}

impl SearchVerdict {
    /// The verdict of a search of `root` that answered `best` after the
    /// output `lines` (its `info` lines among them); the error says the
    /// best move is not legal there.
    pub fn read<G: Game>(best: &str, lines: &[String], root: &G) -> Result<SearchVerdict, String> {
        let mv = root.parse_move(best)?;
        let infos: Vec<Info> = lines.iter().filter_map(|l| read_info(l, root)).collect();
        Ok(SearchVerdict::of(root.format_move(mv), &infos))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_rules::games::alak::Alak;

    fn verdict(lines: &[&str], best: &str) -> SearchVerdict {
        let root = Alak::startpos();
        let infos: Vec<Info> = lines.iter().filter_map(|l| read_info(l, &root)).collect();
        SearchVerdict::of(best.to_string(), &infos)
    }

    #[test]
    fn the_verdict_is_the_last_line_of_the_best_move() {
        let lines = [
            "info depth 5 seldepth 5 multipv 1 score cp 53 nodes 8 pv 2-5 11-7",
            "info depth 6 seldepth 6 multipv 1 score cp -28 lowerbound nodes 9 pv 1-5 11-7",
            "info depth 6 seldepth 6 multipv 2 score cp 90 nodes 9 pv 3-5",
        ];
        let bound = verdict(&lines, "1-5");
        assert_eq!(
            (bound.score, bound.depth, bound.bound),
            (Some(Score::Cp(-28)), Some(6), Some(Bound::Lower))
        );
        assert_eq!(bound.pv, ["1-5", "11-7"]);
        let exact = verdict(&lines[..1], "2-5");
        assert_eq!((exact.score, exact.bound), (Some(Score::Cp(53)), None));
        // No line starts with the best move: the root's value is its score.
        let other = verdict(&lines[..1], "3-5");
        assert_eq!(
            (other.score, other.pv),
            (Some(Score::Cp(53)), vec!["3-5".to_string()])
        );
        assert_eq!(verdict(&[], "3-5").score, None);
        let mate = verdict(&["info depth 9 score mate -3 pv 1-5 junk"], "1-5");
        assert_eq!((mate.score, mate.pv.len()), (Some(Score::Mate(-3)), 1));
        let silent = verdict(&["info depth 2 score cp 7", "info string hello"], "4-5");
        assert_eq!(
            (silent.score, silent.pv),
            (Some(Score::Cp(7)), vec!["4-5".to_string()])
        );
    }
}
