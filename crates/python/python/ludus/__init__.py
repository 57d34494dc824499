"""ludus for Python: the rules of Alak, Alfred's Wyke, Pylyx and Wyx, the
ludus engine in process, and a client for any engine speaking the protocol.

```python
>>> import ludus
>>> position = ludus.Game("alak").start()
>>> position.push("4-5")
Move("4-5", action=33)
>>> ludus.search(position, depth=4).best in [str(move) for move in position.legal_moves()]
True

```

Rust does the work (the `ludus._ludus` extension); searches, perft and
playouts let other Python threads run. `ludus.openspiel` registers the
games with OpenSpiel, `ludus.pettingzoo` makes PettingZoo environments,
and `python -m ludus.bot` runs an OpenSpiel bot as a protocol engine.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional, Sequence, Tuple, Union

from ._ludus import Line, Move, Outcome, Position, Score, SearchResult, parse_info
from ._ludus import games as _games
from .engine import Engine, EngineError, Limit, PlayResult

__all__ = [
    "Engine",
    "EngineError",
    "Game",
    "Limit",
    "Line",
    "Move",
    "Outcome",
    "PlayResult",
    "Position",
    "Score",
    "SearchResult",
    "games",
    "parse_info",
    "search",
    "svg",
]


def games() -> list[str]:
    """The names of every game, as the protocol's `UCI_Variant` spells them."""
    return list(_games())


class Game:
    """One of the games, by name: its start positions, action space and
    observation shape. Raises `ValueError` for an unknown name."""

    def __init__(self, name: str) -> None:
        self._start = Position(name)
        self.name = self._start.game

    @property
    def num_actions(self) -> int:
        """The number of action ids: every move of the game has one below it."""
        return self._start.num_actions

    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """The shape of `Position.observation()`: (planes, rows, columns)."""
        return self._start.observation_shape

    @property
    def has_random_start(self) -> bool:
        """Whether the game starts from a position drawn at random (Wyx's rack)."""
        try:
            Position(self.name, seed=0)
        except ValueError:
            return False
        return True

    def start(self, seed: Optional[int] = None) -> Position:
        """The start position; for a game with a random start, the one drawn
        from `seed` (`None`: the standard start)."""
        return Position(self.name, seed=seed)

    def position(self, fen: str) -> Position:
        """The position written `fen` in the game's notation."""
        return Position(self.name, fen=fen)

    def __repr__(self) -> str:
        return f"Game({self.name!r})"


def search(position: Position, depth: Optional[int] = None, nodes: Optional[int] = None,
           movetime: Optional[float] = None, threads: int = 1, multipv: int = 1,
           hash_mb: int = 16, options: Optional[Mapping[str, Any]] = None,
           searchmoves: Optional[Iterable[Union[Move, str]]] = None) -> SearchResult:
    """Searches `position` with the ludus engine in this process.

    Give at least one limit: `depth` (plies), `nodes` or `movetime`
    (seconds). `options` sets the game's own protocol options by name
    (`{"AlakSolution": False}`); the others keep their protocol defaults.
    Returns a `SearchResult`: `best`, `ponder`, `score` (`cp` or
    `mate`, from the side to move), `depth`, `nodes`, `pv` and the
    `lines` of every principal variation."""
    texts = [f"{name}={_option_text(value)}" for name, value in (options or {}).items()]
    return position.search(depth=depth, nodes=nodes, movetime=movetime, threads=threads,
                           multipv=multipv, hash_mb=hash_mb, options=texts,
                           searchmoves=[str(m) for m in (searchmoves or [])])


def _option_text(value: Any) -> str:
    """An option value as the protocol writes it (`true`/`false` for checks)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def svg(position: Position, lastmove: Union[Move, str, None] = None,
        arrows: Iterable[Union[str, Sequence[str]]] = (), flip: bool = False,
        size: Optional[int] = None) -> str:
    """The picture of `position` in SVG, as text (`ludus render` draws the
    same): every cell one `<g data-cell="…">` element named as the notation
    names it.

    `lastmove` (a `Move` or its notation) is framed; `arrows` are drawn from
    cell to cell, each a pair `("d4", "f2")` or a text `"d4-f2"` (from a cell
    to itself: a ring); `flip` shows the board from the second player's
    side; `size` is the width in pixels (the height follows). Raises
    `ValueError` for a move or an arrow that names no cell of the board.
    In Jupyter a `Position` shows itself so, with its last move framed."""
    texts = [arrow if isinstance(arrow, str) else "-".join(arrow) for arrow in arrows]
    return position.svg(lastmove=None if lastmove is None else str(lastmove), arrows=texts,
                        flip=flip, size=size)
