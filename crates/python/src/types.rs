//! The Python classes: a position, a move, a game's outcome, a score and a
//! search's result; and the module's functions.

use std::time::Duration;

use ludus_engine::search::Limits;
use ludus_rules::games::GAME_NAMES;
use ludus_rules::protocol;
use ludus_rules::svg::{parse_arrow, SvgOptions};
use ludus_rules::{GameResult, Player};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::position::{new_position, AnyPosition, MoveInfo};
use crate::results::SearchResult;
use crate::search::SearchSpec;

/// The names of every game.
#[pyfunction]
pub fn games() -> Vec<&'static str> {
    GAME_NAMES.to_vec()
}

fn value_error(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// A move: `str(move)` is its protocol notation, `move.action` its fixed
/// action id.
#[pyclass(module = "ludus._ludus", frozen, eq, hash, from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The canonical notation.
    #[pyo3(get)]
    pub text: String,
    /// The action id.
    #[pyo3(get)]
    pub action: usize,
}

impl From<MoveInfo> for Move {
    fn from(info: MoveInfo) -> Self {
        Move {
            text: info.text,
            action: info.action,
        }
    }
}

#[pymethods]
impl Move {
    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!("Move({:?}, action={})", self.text, self.action)
    }
}

/// How a game ended: `winner` 0 (the first player), 1, or `None` for a
/// draw, and the reason.
#[pyclass(module = "ludus._ludus", frozen, eq, from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner's index, `None` for a draw.
    #[pyo3(get)]
    pub winner: Option<usize>,
    /// Why the game ended.
    #[pyo3(get)]
    pub reason: String,
}

#[pymethods]
impl Outcome {
    /// The result in PGN form: `1-0`, `0-1` or `1/2-1/2`.
    fn pgn(&self) -> &'static str {
        let outcome = match self.winner {
            Some(0) => protocol::Outcome::Win(Player::First),
            Some(_) => protocol::Outcome::Win(Player::Second),
            None => protocol::Outcome::Draw,
        };
        outcome.token()
    }

    /// The score of player `player` (0 or 1): 1, 0.5 or 0.
    fn score(&self, player: usize) -> f64 {
        match self.winner {
            None => 0.5,
            Some(winner) if winner == player => 1.0,
            Some(_) => 0.0,
        }
    }

    fn __repr__(&self) -> String {
        format!("Outcome({}, {:?})", self.pgn(), self.reason)
    }
}

/// A position of one of the games, with the moves that led to it (for the
/// repetition rule and for engines).
#[pyclass(module = "ludus._ludus")]
pub struct Position {
    inner: Box<dyn AnyPosition>,
}

#[pymethods]
impl Position {
    /// The start position of `game`; the position `fen` when given; for a
    /// game with a random start (Wyx), the one drawn from `seed`.
    #[new]
    #[pyo3(signature = (game, fen = None, seed = None))]
    fn new(game: &str, fen: Option<&str>, seed: Option<u64>) -> PyResult<Self> {
        let inner = new_position(game, fen, seed).map_err(value_error)?;
        Ok(Position { inner })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.name()
    }

    /// The side to move: 0 the first player, 1 the second.
    #[getter]
    fn turn(&self) -> usize {
        self.inner.side_to_move().index()
    }

    /// The moves played from the start position, in protocol notation.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves().to_vec()
    }

    /// The number of moves played from the start position.
    #[getter]
    fn plies(&self) -> usize {
        self.inner.moves().len()
    }

    /// The notation of the start position the moves are played from.
    #[getter]
    fn start_fen(&self) -> String {
        self.inner.start_fen()
    }

    /// The game's number of action ids.
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The observation's shape: (planes, rows, columns).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [a, b, c] = self.inner.observation_shape();
        (a, b, c)
    }

    /// The position's notation.
    fn fen(&self) -> String {
        self.inner.fen()
    }

    /// The legal moves; none once the game is over.
    fn legal_moves(&self) -> Vec<Move> {
        self.inner
            .legal_move_infos()
            .into_iter()
            .map(Move::from)
            .collect()
    }

    /// The action ids of the legal moves.
    fn legal_actions(&self) -> Vec<usize> {
        self.inner
            .legal_move_infos()
            .into_iter()
            .map(|m| m.action)
            .collect()
    }

    /// The legal move with action id `action`, `None` if there is none.
    fn move_of(&self, action: usize) -> Option<Move> {
        self.inner.move_of_action(action).map(Move::from)
    }

    /// Plays `move` (a `Move`, its notation, or its action id) in place;
    /// `pop()` takes it back. Raises `ValueError` for an illegal move and
    /// changes nothing.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<Move> {
        let played = if let Ok(mv) = r#move.cast::<Move>() {
            self.inner.push_text(&mv.get().text)
        } else if let Ok(text) = r#move.extract::<String>() {
            self.inner.push_text(&text)
        } else if let Ok(action) = r#move.extract::<i64>() {
            usize::try_from(action)
                .map_err(|_| format!("action {action} is out of range"))
                .and_then(|action| self.inner.push_action(action))
        } else {
            Err("a move is a Move, its notation or its action id".to_string())
        };
        played.map(Move::from).map_err(value_error)
    }

    /// Takes the last pushed move back and returns its notation.
    fn pop(&mut self) -> PyResult<String> {
        self.inner
            .undo()
            .ok_or_else(|| PyIndexError::new_err("no move to take back"))
    }

    /// A new position: this one after `move`.
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<Position> {
        let mut next = Position {
            inner: self.inner.boxed_position(),
        };
        next.push(r#move)?;
        Ok(next)
    }

    /// A copy.
    fn copy(&self) -> Position {
        Position {
            inner: self.inner.boxed_position(),
        }
    }

    /// How the game ended (the repetition rule included): an `Outcome`
    /// with the winner, or none for a draw, and the reason; `None` while
    /// the game goes on.
    fn result(&self) -> Option<Outcome> {
        let status = self.inner.status();
        protocol::Outcome::of(status.result).map(|outcome| Outcome {
            winner: match outcome {
                protocol::Outcome::Win(player) => Some(player.index()),
                protocol::Outcome::Draw => None,
            },
            reason: status.reason,
        })
    }

    /// Each player's count, first player's first, in a game whose rules
    /// score pairs of games by a count (Wyx: the tokens in hand); `None`
    /// in the other games.
    #[getter]
    fn counts(&self) -> Option<(u32, u32)> {
        self.inner.pair_counts().map(|(_, [a, b])| (a, b))
    }

    /// What `counts` counts (`"tokens left"`), `None` where there are none.
    #[getter]
    fn counted(&self) -> Option<&'static str> {
        self.inner.pair_counts().map(|(name, _)| name)
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.status().result != GameResult::Ongoing
    }

    /// The number of move sequences of `depth` plies from here.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let inner = &self.inner;
        py.detach(|| inner.perft(depth))
    }

    /// A new position: this one played on with uniformly random legal
    /// moves drawn from `seed` until the game ends (or `max_plies`).
    #[pyo3(signature = (seed, max_plies = 100_000))]
    fn random_playout(&self, py: Python<'_>, seed: u64, max_plies: usize) -> Position {
        let mut inner = self.inner.boxed_position();
        py.detach(|| inner.random_playout(seed, max_plies));
        Position { inner }
    }

    /// The observation from the side to move's view: a NumPy `float32`
    /// array of `observation_shape` (planes, rows, columns).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bytes: Vec<u8> = self
            .inner
            .observation()
            .iter()
            .flat_map(|value| value.to_ne_bytes())
            .collect();
        let numpy = py.import("numpy")?;
        let flat = numpy.call_method1("frombuffer", (PyBytes::new(py, &bytes), "float32"))?;
        // `frombuffer` shares the (read-only) bytes: the copy is the
        // caller's own.
        flat.call_method1("reshape", (self.observation_shape(),))?
            .call_method0("copy")
    }

    /// A NumPy `bool` array of `num_actions`: true at the legal moves'
    /// action ids.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let numpy = py.import("numpy")?;
        let mask = numpy.call_method1("zeros", (self.inner.num_actions(), "bool"))?;
        mask.set_item(self.legal_actions(), true)?;
        Ok(mask)
    }

    /// Searches this position with the engine, in process.
    #[pyo3(signature = (depth = None, nodes = None, movetime = None, threads = 1, multipv = 1,
        hash_mb = 16, options = Vec::new(), searchmoves = Vec::new()))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<f64>,
        threads: usize,
        multipv: usize,
        hash_mb: usize,
        options: Vec<String>,
        searchmoves: Vec<String>,
    ) -> PyResult<SearchResult> {
        let movetime = movetime
            .map(|s| {
                Duration::try_from_secs_f64(s)
                    .map_err(|_| value_error(format!("movetime {s} is not a number of seconds")))
            })
            .transpose()?;
        if !(1..=256).contains(&threads) || !(1..=256).contains(&multipv) {
            return Err(value_error("threads and multipv are 1 to 256".into()));
        }
        let spec = SearchSpec {
            limits: Limits {
                depth,
                nodes,
                movetime,
                ..Limits::default()
            },
            threads,
            multipv,
            hash_mib: hash_mb,
            options,
            search_moves: searchmoves,
        };
        let inner = &self.inner;
        py.detach(|| inner.search(&spec)).map_err(value_error)
    }

    /// The picture of the position in SVG (`ludus.svg` is the friendlier
    /// call): `lastmove` framed, `arrows` written `"d4-f2"`, `flip` to see
    /// it from the second player's side, `size` its width in pixels.
    #[pyo3(signature = (lastmove = None, arrows = Vec::new(), flip = false, size = None))]
    fn svg(
        &self,
        lastmove: Option<String>,
        arrows: Vec<String>,
        flip: bool,
        size: Option<u32>,
    ) -> PyResult<String> {
        let arrows = arrows
            .iter()
            .map(|arrow| parse_arrow(arrow))
            .collect::<Result<Vec<_>, String>>()
            .map_err(value_error)?;
        let options = SvgOptions {
            last_move: lastmove,
            arrows,
            flip,
            size,
        };
        self.inner.svg(&options).map_err(value_error)
    }

    /// The picture Jupyter shows: the position with its last move framed.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(self.inner.moves().last().cloned(), Vec::new(), false, None)
    }

    fn __str__(&self) -> String {
        self.inner.render()
    }

    fn __repr__(&self) -> String {
        format!("Position({:?}, {:?})", self.inner.name(), self.inner.fen())
    }

    fn __copy__(&self) -> Position {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.copy()
    }
}
