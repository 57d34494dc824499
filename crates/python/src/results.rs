//! What a search reports to Python: a score, a line, a search's result,
//! and `info` lines read into them. These depend on nothing else of the
//! package, so the positions and the search both use them.

use ludus_rules::protocol::{self, ScoredLine};
use pyo3::prelude::*;

/// Reads an engine's `info` line: `None` for a line without a depth and an
/// exact score.
#[pyfunction]
pub fn parse_info(line: &str) -> Option<Line> {
    ScoredLine::parse(line).map(Line)
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

/// One principal variation of a search: the rules' scored line.
#[pyclass(module = "ludus._ludus", frozen, from_py_object)]
#[derive(Clone, Debug)]
pub struct Line(pub ScoredLine);

#[pymethods]
impl Line {
    /// Its rank, 1 for the best.
    #[getter]
    fn multipv(&self) -> u32 {
        self.0.multipv
    }

    /// The depth searched.
    #[getter]
    fn depth(&self) -> u32 {
        self.0.depth
    }

    /// The deepest ply reached, when known.
    #[getter]
    fn seldepth(&self) -> Option<u32> {
        self.0.seldepth
    }

    /// Its score.
    #[getter]
    fn score(&self) -> Score {
        Score(self.0.score)
    }

    /// Nodes searched, when known.
    #[getter]
    fn nodes(&self) -> Option<u64> {
        self.0.nodes
    }

    /// Its moves, in protocol notation.
    #[getter]
    fn pv(&self) -> Vec<String> {
        self.0.pv.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Line(multipv={}, depth={}, score={}, pv={:?})",
            self.0.multipv,
            self.0.depth,
            self.0.score.text(),
            self.0.pv
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
