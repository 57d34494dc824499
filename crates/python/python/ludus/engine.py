"""A protocol engine as a Python object, in the manner of python-chess's
`chess.engine`: `Engine.popen(["ludus"])`, then `play`, `analyse`
and `configure`. The process, its pipes and the timed reads are the
arena's engine client (`ludus._ludus.EngineProcessHandle`)."""

from dataclasses import dataclass, field
from typing import List, Optional

from ._ludus import EngineProcessHandle, parse_info

#: How long the handshake and `isready` may take, in seconds.
READY_TIMEOUT = 30.0
#: How long past its `movetime` an engine may take to answer, in seconds.
ANSWER_MARGIN = 10.0
#: The wait for a search limited by depth or nodes only, in seconds.
UNTIMED_WAIT = 24 * 3600.0


class EngineError(RuntimeError):
    """The engine refused something (`info string error: ...`) or broke the protocol."""


@dataclass(frozen=True)
class Limit:
    """What stops a search: `depth` (plies), `nodes`, `time` (seconds a move)."""

    depth: Optional[int] = None
    nodes: Optional[int] = None
    time: Optional[float] = None

    def go(self):
        """The `go` command for this limit."""
        words = ["go"]
        if self.depth is not None:
            words += ["depth", str(int(self.depth))]
        if self.nodes is not None:
            words += ["nodes", str(int(self.nodes))]
        if self.time is not None:
            words += ["movetime", str(max(1, round(self.time * 1000)))]
        if len(words) == 1:
            raise ValueError("a Limit needs depth, nodes or time")
        return " ".join(words)

    def wait(self):
        """How long to wait for the `bestmove`, in seconds."""
        if self.time is not None:
            return self.time + ANSWER_MARGIN
        return UNTIMED_WAIT


@dataclass
class PlayResult:
    """An engine's move: `move` (notation), `ponder` and the `info` of
    its last line (a `Line`, or `None` if it gave none)."""

    move: Optional[str]
    ponder: Optional[str] = None
    info: Optional[object] = None
    lines: List[object] = field(default_factory=list)


class Engine:
    """An engine process speaking the protocol (`uci` or `ugi`)."""

    def __init__(self, handle, declarations, proto):
        self._handle = handle
        self.proto = proto
        self.id = {}
        self.options = {}
        self.variant = None
        for line in declarations:
            words = line.split()
            if words[:1] == ["id"] and len(words) >= 3:
                self.id[words[1]] = " ".join(words[2:])
            elif words[:2] == ["option", "name"] and "type" in words:
                name = " ".join(words[2:words.index("type")])
                self.options[name] = line

    @classmethod
    def popen(cls, command, proto="uci", game=None, options=None, cwd=None,
              timeout=READY_TIMEOUT):
        """Starts `command` (a path, or a list of program and arguments),
        does the handshake, and sets the game and `options` when given."""
        if isinstance(command, str):
            command = [command]
        handle = EngineProcessHandle([str(c) for c in command], proto, cwd)
        try:
            declarations = handle.handshake(timeout)
            engine = cls(handle, declarations, proto)
            if game is not None:
                engine.set_game(game)
            if options:
                engine.configure(options)
            engine.ping(timeout)
        except BaseException:
            handle.quit()
            raise
        return engine

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.quit()
        return False

    def ping(self, timeout=READY_TIMEOUT):
        """`isready` until `readyok`; raises `EngineError` for any error
        the engine reported meanwhile."""
        self._handle.send("isready")
        self._check(self._handle.read_until("readyok", timeout))

    def set_game(self, game):
        """Loads `game` (the `UCI_Variant` option)."""
        if game != self.variant:
            self._setoption("UCI_Variant", game)
            self.ping()
            self.variant = game

    def configure(self, options):
        """Sets options by name (`{"Hash": 64, "Threads": 2}`); booleans
        are sent as `true`/`false`."""
        for name, value in options.items():
            self._setoption(name, value)
        self.ping()

    def new_game(self):
        """`ucinewgame` / `uginewgame`."""
        self._handle.send("ucinewgame" if self.proto == "uci" else "uginewgame")
        self.ping()

    def play(self, position, limit, searchmoves=None):
        """Asks for a move in `position` (a `ludus.Position`) under `limit`."""
        lines, best = self._search(position, limit, searchmoves)
        words = best.split()
        move = words[1] if len(words) > 1 and words[1] != "(none)" else None
        ponder = words[3] if len(words) > 3 and words[2] == "ponder" else None
        return PlayResult(move, ponder, lines[0] if lines else None, lines)

    def analyse(self, position, limit, multipv=None):
        """Analyses `position` under `limit`: the last `Line` of the best
        variation, or with `multipv` a list of the best `multipv` lines."""
        if multipv is not None:
            self._setoption("MultiPV", int(multipv))
        try:
            lines, _ = self._search(position, limit, None)
        finally:
            if multipv is not None:
                self._setoption("MultiPV", 1)
        if multipv is None:
            return lines[0] if lines else None
        return lines

    def quit(self):
        """Ends the engine (`quit`, then kill if it lingers)."""
        self._handle.quit()

    def _setoption(self, name, value):
        if isinstance(value, bool):
            value = "true" if value else "false"
        self._handle.send(f"setoption name {name} value {value}")

    def _search(self, position, limit, searchmoves):
        self.set_game(position.game)
        moves = position.moves
        command = f"position fen {position.start_fen}"
        if moves:
            command += " moves " + " ".join(moves)
        go = limit.go()
        if searchmoves:
            go += " searchmoves " + " ".join(str(m) for m in searchmoves)
        self._handle.send(command)
        self.ping()
        self._handle.send(go)
        output = self._handle.read_until("bestmove", limit.wait())
        self._check(output)
        latest = {}
        for line in output:
            info = parse_info(line)
            if info is not None:
                latest[info.multipv] = info
        return [latest[k] for k in sorted(latest)], output[-1]

    @staticmethod
    def _check(lines):
        for line in lines:
            if line.startswith("info string error"):
                raise EngineError(line[len("info string "):])
