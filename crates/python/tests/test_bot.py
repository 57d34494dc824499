"""``python -m ludus.bot``: OpenSpiel bots as protocol engines, in a
``ludus match`` and over pipes."""

import subprocess
import sys

import pytest

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
