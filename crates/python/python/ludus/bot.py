"""An OpenSpiel bot as a protocol engine: `python -m ludus.bot mcts
--simulations 1000` speaks UCI and UGI on stdin/stdout with ludus's
`UCI_Variant` option, so `ludus match`, `ludus gui --engine` and
cutegames can play it.

Bots: `random` (a uniformly random legal move), `mcts` (OpenSpiel's
`MCTSBot` with random rollouts and `solve=True`; the rollouts are
played in Rust, see `NativeRollouts`), `alphabeta`
(OpenSpiel's `minimax.alpha_beta_search`, iterative deepening to
`--depth`, every position at the horizon worth 0: it sees only results).
Every move comes from the position's legal moves, so it is legal by
construction.

Limits: for `mcts` a search is `--simulations` simulations (`go nodes
N` sets N). Under a time limit (`go movetime`, a clock, `go infinite`)
the simulations run in chunks of at most `--chunk`, each a fresh OpenSpiel
search from the root, their root visit counts summed; the search ends
between chunks when the time is up or `stop` comes (at least one chunk
runs). For `alphabeta`, `go depth D` caps the depth and time or
`stop` ends it between depths.
"""

import argparse
import random
import sys
import threading
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts, minimax

from . import Position, games
from .openspiel import LudusState

#: How far past the root the bots' OpenSpiel game may run before its length
#: bound draws it.
SEARCH_HORIZON_PLIES = 1000
#: The share of the remaining clock a move may use, and of the increment.
CLOCK_SHARE = 1 / 30
INCREMENT_SHARE = 0.5


def parse_go(words, turn):
    """The limits of a `go` command: a dict with `nodes`, `depth`,
    `seconds` (a deadline's length) and `infinite`."""
    values = {}
    flags = {"infinite", "ponder"}
    i = 0
    while i < len(words):
        word = words[i]
        if word in flags:
            values[word] = True
            i += 1
            continue
        if word == "searchmoves":
            raise ValueError("searchmoves is not supported by the bots")
        if i + 1 >= len(words):
            raise ValueError(f"go: '{word}' needs a value")
        try:
            values[word] = int(words[i + 1])
        except ValueError:
            raise ValueError(f"go: '{word}' takes a whole number, not '{words[i + 1]}'") from None
        if values[word] < 0:
            raise ValueError(f"go: '{word}' must not be negative")
        i += 2
    known = {"nodes", "depth", "movetime", "wtime", "btime", "winc", "binc", "p1time",
             "p2time", "p1inc", "p2inc", "movestogo", "mate", "infinite", "ponder"}
    unknown = set(values) - known
    if unknown:
        raise ValueError(f"go: unknown parameter '{sorted(unknown)[0]}'")
    seconds = None
    if "movetime" in values:
        seconds = values["movetime"] / 1000
    own = ("wtime", "winc", "p1time", "p1inc") if turn == 0 else ("btime", "binc", "p2time", "p2inc")
    clock = values.get(own[0], values.get(own[2]))
    if clock is not None:
        increment = values.get(own[1], values.get(own[3], 0))
        budget = (clock * CLOCK_SHARE + increment * INCREMENT_SHARE) / 1000
        seconds = budget if seconds is None else min(seconds, budget)
    return {
        "nodes": values.get("nodes"),
        "depth": values.get("depth"),
        "seconds": seconds,
        "infinite": values.get("infinite", False) or values.get("ponder", False),
    }


class RandomBot:
    """A uniformly random legal move."""

    name = "random"

    def __init__(self, args):
        self.rng = random.Random(args.seed)

    def choose(self, state, limits, stop):
        return self.rng.choice(state.legal_actions()), {"nodes": 1}


class NativeRollouts(mcts.Evaluator):
    """OpenSpiel's `RandomRolloutEvaluator(n_rollouts=1)` done in Rust: a
    leaf is worth the returns of one game played on from it with uniformly
    random legal moves (to the end, or to the game's length bound), and
    every legal action has the same prior. The same evaluation as
    OpenSpiel's, drawn from another random stream, at the speed of one call
    a rollout instead of one Python step a ply."""

    def __init__(self, rng):
        self.rng = rng

    def evaluate(self, state):
        """The returns of one random playout from `state`."""
        room = state.get_game().max_game_length() - state.position.plies
        seed = int(self.rng.randint(0, 2**63 - 1))
        end = state.position.random_playout(seed, max(room, 0))
        outcome = end.result()
        if outcome is None or outcome.winner is None:
            return np.zeros(2)
        return np.array([1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0])

    def prior(self, state):
        """Every legal action alike."""
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


class MctsBot:
    """OpenSpiel's MCTSBot with random rollouts (played in Rust)."""

    name = "mcts"

    def __init__(self, args):
        self.args = args
        self.rng = np.random.RandomState(args.seed)

    def choose(self, state, limits, stop):
        # The first simulation only evaluates the root; the second is the
        # first to reach a move.
        budget = max(limits["nodes"] or self.args.simulations, 2)
        timed = limits["seconds"] is not None or limits["infinite"]
        deadline = None if limits["seconds"] is None else time.monotonic() + limits["seconds"]
        chunk = min(budget, self.args.chunk) if timed else budget
        visits = {}
        done = 0
        while True:
            size = chunk if limits["infinite"] else min(chunk, budget - done)
            bot = mcts.MCTSBot(
                state.get_game(), self.args.uct_c, size,
                NativeRollouts(self.rng), solve=True, random_state=self.rng)
            root = bot.mcts_search(state)
            for child in root.children:
                # A proven win counts above any number of visits; a proven
                # loss below.
                proven = 0 if child.outcome is None else child.outcome[state.current_player()]
                old = visits.get(child.action, (0, 0))
                visits[child.action] = (max(old[0], proven), old[1] + child.explore_count)
            done += size
            over = stop.is_set() or (deadline is not None and time.monotonic() >= deadline)
            if over or (not limits["infinite"] and done >= budget):
                break
        action = max(visits, key=lambda a: visits[a])
        return action, {"nodes": done}


class AlphaBetaBot:
    """OpenSpiel's alpha-beta to a depth, every horizon position worth 0."""

    name = "alphabeta"

    def __init__(self, args):
        self.args = args

    def choose(self, state, limits, stop):
        depth_cap = min(limits["depth"] or self.args.depth, self.args.depth)
        deadline = None if limits["seconds"] is None else time.monotonic() + limits["seconds"]
        action = state.legal_actions()[0]
        depth = 0
        for depth in range(1, depth_cap + 1):
            value, best = minimax.alpha_beta_search(
                state.get_game(), state=state.clone(), value_function=lambda s: 0.0,
                maximum_depth=depth, maximizing_player_id=state.current_player())
            action = best
            if value != 0 or stop.is_set() or (deadline and time.monotonic() >= deadline):
                break
        return action, {"depth": depth}


BOTS = {bot.name: bot for bot in (RandomBot, MctsBot, AlphaBetaBot)}


class Session:
    """One protocol session: the game, the position and a running search."""

    def __init__(self, bot, out=sys.stdout):
        self.bot = bot
        self.out = out
        self.lock = threading.Lock()
        self.game = games()[0]
        self.position = Position(self.game)
        self.proto = None
        self.search = None
        self.stop = threading.Event()

    def say(self, line):
        with self.lock:
            self.out.write(line + "\n")
            self.out.flush()

    def error(self, message):
        self.say(f"info string error: {message}")

    def handle(self, line):
        """Answers one command line; returns False on `quit`."""
        words = line.split()
        if not words:
            return True
        command, rest = words[0], words[1:]
        if command in ("uci", "ugi"):
            self.proto = command
            self.say(f"id name ludus-bot {self.bot.name}")
            self.say("id author the ludus developers (OpenSpiel's algorithms)")
            variants = " ".join(f"var {g}" for g in games())
            self.say(f"option name UCI_Variant type combo default {self.game} {variants}")
            self.say(f"{command}ok")
        elif command == "isready":
            self.say("readyok")
        elif command == "setoption":
            self.setoption(rest)
        elif command in ("ucinewgame", "uginewgame"):
            self.finish()
        elif command == "position":
            self.set_position(rest)
        elif command == "go":
            self.go(rest)
        elif command == "stop":
            self.finish()
        elif command == "ponderhit":
            pass
        elif command == "query":
            self.query(rest)
        elif command == "quit":
            self.finish()
            return False
        else:
            self.error(f"unknown command '{command}'")
        return True

    def setoption(self, words):
        if "name" not in words:
            return self.error("setoption needs a name")
        rest = words[words.index("name") + 1:]
        name = " ".join(rest[:rest.index("value")] if "value" in rest else rest)
        value = " ".join(rest[rest.index("value") + 1:]) if "value" in rest else ""
        if name.lower() != "uci_variant":
            return self.error(f"unknown option '{name}'")
        try:
            # The rules' own error for a name that is no game.
            position = Position(value)
        except ValueError as error:
            return self.error(str(error))
        self.finish()
        self.game = position.game
        self.position = position

    def set_position(self, words):
        if words[:1] == ["startpos"]:
            fen, rest = None, words[1:]
        elif words[:1] == ["fen"]:
            end = words.index("moves") if "moves" in words else len(words)
            fen, rest = " ".join(words[1:end]), words[end:]
        else:
            return self.error("position needs startpos or fen")
        if rest and rest[0] != "moves":
            return self.error(f"position: unexpected '{rest[0]}'")
        try:
            position = Position(self.game, fen=fen)
            for move in rest[1:]:
                position.push(move)
        except ValueError as e:
            return self.error(f"position: {e}")
        self.finish()
        self.position = position

    def go(self, words):
        self.finish()
        if self.position.is_over():
            self.say(f"info string game over: {self.position.result().reason}")
            return self.say("bestmove (none)")
        try:
            limits = parse_go(words, self.position.turn)
        except ValueError as e:
            return self.error(str(e))
        self.stop = threading.Event()
        self.search = threading.Thread(target=self.think, args=(self.position.copy(), limits),
                                       daemon=True)
        self.search.start()

    def think(self, position, limits):
        started = time.monotonic()
        try:
            # OpenSpiel's length bound counts the plies before the root too:
            # it must lie beyond them, or a long game ends the bot's search
            # with no legal move.
            length = position.plies + SEARCH_HORIZON_PLIES
            game = pyspiel.load_game(f"ludus_{self.game}", {"max_game_length": length})
            action, info = self.bot.choose(LudusState(game, position), limits, self.stop)
            move = str(position.move_of(int(action)))
        except Exception as error:  # noqa: BLE001 - the GUI still needs a legal bestmove
            self.error(f"internal error in the bot ({error!r}); playing a random legal move")
            move, info = str(random.choice(position.legal_moves())), {"nodes": 0}
        elapsed = round((time.monotonic() - started) * 1000)
        details = " ".join(f"{k} {v}" for k, v in info.items())
        self.say(f"info {details} time {elapsed} pv {move}")
        self.say(f"bestmove {move}")

    def finish(self):
        """Stops a running search and waits for its `bestmove`."""
        if self.search is not None:
            self.stop.set()
            self.search.join()
            self.search = None

    def query(self, words):
        outcome = self.position.result()
        if words == ["gameover"]:
            self.say(f"response {'true' if outcome else 'false'}")
        elif words == ["p1turn"]:
            self.say(f"response {'true' if self.position.turn == 0 else 'false'}")
        elif words == ["result"]:
            answer = "none" if outcome is None else {None: "draw", 0: "p1win", 1: "p2win"}[outcome.winner]
            self.say(f"response {answer}")
        else:
            self.error(f"unknown query '{' '.join(words)}'")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ludus.bot", description=__doc__.split("\n\n")[0])
    parser.add_argument("bot", choices=sorted(BOTS))
    parser.add_argument("--simulations", type=int, default=1000, help="MCTS simulations a move")
    parser.add_argument("--chunk", type=int, default=1000,
                        help="MCTS simulations a chunk under a time limit")
    parser.add_argument("--uct-c", type=float, default=2.0, help="MCTS exploration constant")
    parser.add_argument("--depth", type=int, default=6, help="alpha-beta depth")
    parser.add_argument("--seed", type=int, default=None, help="random seed")
    args = parser.parse_args(argv)
    if args.simulations < 1 or args.chunk < 1 or args.depth < 1:
        parser.error("--simulations, --chunk and --depth must be at least 1")
    session = Session(BOTS[args.bot](args))
    for line in sys.stdin:
        if not session.handle(line):
            break
    session.finish()


if __name__ == "__main__":
    main()
