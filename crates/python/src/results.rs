//! What a search reports to Python: a score, a line, a search's result,
//! and `info` lines read into them. These depend on nothing else of the
//! package, so the positions and the search both use them.

use ludus_rules::protocol::{self, InfoLine};
use pyo3::prelude::*;

/// Reads an engine's `info` line: `None` for a line without a depth and an
/// exact score.
#[pyfunction]
pub fn parse_info(line: &str) -> Option<Line> {
    let line = InfoLine::parse(line)?;
    let (depth, score) = line.depth_and_score()?;
    Some(Line {
        multipv: line.multipv as usize,
        depth,
        seldepth: line.seldepth,
        score: Score(score),
        nodes: line.nodes,
        pv: line.pv,
    })
}

/// A score from the side to move's view: `cp` (centipawns) or `mate` (a
/// forced result in that many moves, negative when losing).
#[pyclass(module = "ludus._ludus", frozen, eq, from_py_object)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score(pub protocol::Score);

#[pymethods]
impl Score {
    /// Centipawns, `None` for a mate.
    #[getter]
    fn cp(&self) -> Option<i32> {
        match self.0 {
            protocol::Score::Cp(cp) => Some(cp),
            protocol::Score::Mate(_) => None,
        }
    }

    /// Moves to a forced result, `None` for centipawns.
    #[getter]
    fn mate(&self) -> Option<i32> {
        match self.0 {
            protocol::Score::Mate(moves) => Some(moves),
            protocol::Score::Cp(_) => None,
        }
    }

    /// The score from the other side's view.
    fn negated(&self) -> Score {
        Score(self.0.negated())
    }

    fn __str__(&self) -> String {
        self.0.text()
    }

    fn __repr__(&self) -> String {
        match self.0 {
            protocol::Score::Cp(cp) => format!("Score(cp={cp})"),
            protocol::Score::Mate(moves) => format!("Score(mate={moves})"),
        }
    }
}

/// One principal variation of a search.
#[pyclass(module = "ludus._ludus", frozen, get_all, from_py_object)]
#[derive(Clone, Debug)]
pub struct Line {
    /// Its rank, 1 for the best.
    pub multipv: usize,
    /// The depth searched.
    pub depth: u32,
    /// The deepest ply reached, when known.
    pub seldepth: Option<u32>,
    /// Its score.
    pub score: Score,
    /// Nodes searched, when known.
    pub nodes: Option<u64>,
    /// Its moves, in protocol notation.
    pub pv: Vec<String>,
}

#[pymethods]
impl Line {
    fn __repr__(&self) -> String {
        format!(
            "Line(multipv={}, depth={}, score={}, pv={:?})",
            self.multipv,
            self.depth,
            self.score.0.text(),
            self.pv
        )
    }
}

/// What `ludus.search` found.
#[pyclass(module = "ludus._ludus", frozen, get_all, from_py_object)]
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play.
    pub best: String,
    /// The expected reply, if any.
    pub ponder: Option<String>,
    /// The best move's score.
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes over all threads.
    pub nodes: u64,
    /// The principal variation of the best move.
    pub pv: Vec<String>,
    /// Every principal variation asked for, best first.
    pub lines: Vec<Line>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        format!(
            "SearchResult(best={:?}, score={}, depth={}, nodes={})",
            self.best,
            self.score.0.text(),
            self.depth,
            self.nodes
        )
    }
}
