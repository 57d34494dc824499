"""``python -m ludus.bot``: OpenSpiel bots as protocol engines, in a
``ludus match`` and over pipes."""

import argparse
import io
import subprocess
import sys

import pytest

import ludus
from ludus.bot import BOTS, RandomBot, Session

BOT = [sys.executable, "-m", "ludus.bot"]


def talk(args, commands, timeout=120):
    done = subprocess.run(BOT + args, input="\n".join(commands) + "\n", capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_handshake_and_a_move():
    lines = talk(["mcts", "--simulations", "50", "--seed", "1"],
                 ["ugi", "setoption name UCI_Variant value wyx", "isready", "position startpos",
                  "go nodes 30", "quit"])
    assert "ugiok" in lines and "readyok" in lines
    assert any("var pylyx10" in line for line in lines)
    assert lines[-1].startswith("bestmove ")


def test_bad_input_gets_an_error_and_changes_nothing():
    lines = talk(["random", "--seed", "3"],
                 ["uci", "setoption name UCI_Variant value chess", "position fen nonsense",
                  "position startpos moves 9-9", "go wtime lots", "frobnicate",
                  "position startpos", "go", "quit"])
    errors = [line for line in lines if line.startswith("info string error")]
    assert len(errors) == 5, lines
    # The rules' one message for an unknown game, through the bindings.
    assert errors[0].startswith("info string error: unknown game 'chess' (games: alak, "), errors
    assert lines[-1].startswith("bestmove ")


def test_stop_ends_an_infinite_search():
    lines = talk(["mcts", "--chunk", "20"],
                 ["uci", "setoption name UCI_Variant value pylyx10", "position startpos",
                  "go infinite", "stop", "quit"])
    assert lines[-1].startswith("bestmove ")


@pytest.mark.parametrize("bot", [["random"], ["mcts", "--simulations", "30"],
                                 ["alphabeta", "--depth", "2"]])
def test_a_match_against_ludus(ludus_bin, run_ludus, bot, tmp_path):
    pgn = tmp_path / "games.pgn"
    output = run_ludus(
        "match", "--game", "alak", "--games", "2", "--maxmoves", "60",
        "--engine", f"cmd={sys.executable}", f"args=-m ludus.bot {' '.join(bot)} --seed 2",
        "name=bot", "proto=ugi", "st=5",
        "--engine", f"cmd={ludus_bin}", "name=ludus", "nodes=500",
        "--pgnout", str(pgn))
    assert "Score of bot vs ludus" in output
    assert pgn.read_text().count("[Result ") == 2


@pytest.mark.parametrize("name", ["alak", "wyke", "pylyx10", "wyx"])
def test_native_rollouts_score_a_whole_random_game(name):
    import numpy as np
    import pyspiel

    import ludus.openspiel  # noqa: F401  (registers the games)
    from ludus.bot import NativeRollouts

    game = pyspiel.load_game(f"ludus_{name}")
    state = game.new_initial_state()
    for seed in range(5):
        first = NativeRollouts(np.random.RandomState(seed)).evaluate(state)
        again = NativeRollouts(np.random.RandomState(seed)).evaluate(state)
        assert list(first) == list(again)
        assert list(first) in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    prior = NativeRollouts(np.random.RandomState(0)).prior(state)
    assert sorted(action for action, _ in prior) == state.legal_actions()
    assert abs(sum(p for _, p in prior) - 1) < 1e-9
    # A game one ply from its length bound is scored at the bound, not past it.
    short = pyspiel.load_game(f"ludus_{name}", {"max_game_length": 1})
    assert list(NativeRollouts(np.random.RandomState(0)).evaluate(
        short.new_initial_state())) in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


class Board:
    """``ludus gui`` with a bot as its engine, and requests to it as a page sends them."""

    def __init__(self, ludus_bin, engine):
        self.process = subprocess.Popen(
            [ludus_bin, "gui", "--port", "0", "--no-open", "--engine", *engine],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.process.stdout.readline()
        assert line.startswith("ludus gui: "), line
        self.port = int(line.strip().rstrip("/").rsplit(":", 1)[1])
        self.session = None
        self.session = self.request("POST", "/api/session")["session"]

    def request(self, method, path, body=None):
        import http.client
        import json

        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        headers = {"Host": f"127.0.0.1:{self.port}", "Content-Type": "application/json"}
        if self.session:
            headers["X-Ludus-Session"] = self.session
        connection.request(method, path, body=None if body is None else json.dumps(body),
                           headers=headers)
        answer = connection.getresponse()
        text = answer.read().decode()
        assert answer.status == 200, text
        return json.loads(text)

    def wait_for(self, done, polls=60):
        state = self.request("GET", "/api/state")
        for _ in range(polls):
            if done(state):
                return state
            state = self.request("GET", f"/api/state?since={state['version']}")
        raise AssertionError(f"the board never got there: {state}")

    def close(self):
        self.process.kill()
        self.process.wait()


def test_the_board_plays_against_a_bot(ludus_bin):
    board = Board(ludus_bin, [sys.executable, "-m", "ludus.bot", "mcts", "--seed", "4"])
    try:
        state = board.wait_for(lambda s: s["engine"]["name"] != "" or s["engine"]["error"])
        assert state["engine"]["error"] is None, state
        assert "mcts" in state["engine"]["name"], state
        board.request("POST", "/api/new", {"game": "alak"})
        board.request("POST", "/api/engine",
                      {"plays": "second", "strength": {"kind": "nodes", "value": 40}})
        board.request("POST", "/api/move", {"move": "4-5"})
        state = board.wait_for(lambda s: len(s["moves"]) == 2 or s["engine"]["error"])
        assert state["engine"]["error"] is None, state
        reply = state["moves"][1]
        assert reply in [str(m) for m in ludus.Game("alak").start().play("4-5").legal_moves()]
    finally:
        board.close()


def session_output(bot_name, game, position):
    """The lines a bot's session answers ``go nodes 1`` with at ``position``."""
    args = argparse.Namespace(seed=2, simulations=5, chunk=5, uct_c=2.0, depth=1)
    out = io.StringIO()
    session = Session(BOTS[bot_name](args), out=out)
    session.game, session.position = game, position
    session.handle("go nodes 1")
    session.finish()
    return out.getvalue().splitlines()


@pytest.mark.parametrize("name", ["random", "mcts"])
def test_a_bot_moves_after_more_plies_than_openspiels_length_bound(name):
    # Random Pylyx 10×10 goes on for ever: 1 100 plies, and not over.
    position = ludus.Position("pylyx10").random_playout(4, max_plies=1100)
    assert position.plies == 1100 and not position.is_over()
    lines = session_output(name, "pylyx10", position)
    assert not any("error" in line for line in lines), lines
    move = lines[-1].split()[1]
    assert move in {str(m) for m in position.legal_moves()}


def test_a_failing_bot_still_answers_a_legal_move():
    class Failing(RandomBot):
        def choose(self, state, limits, stop):
            raise RuntimeError("boom")

    out = io.StringIO()
    session = Session(Failing(argparse.Namespace(seed=1)), out=out)
    session.handle("go nodes 1")
    session.finish()
    lines = out.getvalue().splitlines()
    assert "internal error in the bot" in lines[0] and "boom" in lines[0]
    assert lines[-1].split()[1] in {str(m) for m in ludus.Position("alak").legal_moves()}
