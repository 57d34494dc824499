"""The rules through Python agree with the ``ludus`` program, and bad input
raises and changes nothing."""

import random
import re

import numpy as np
import pytest

import ludus

#: Perft depths small enough for every game (Wyke's moves are many).
PERFT_DEPTH = {"alak": 3, "wyke": 1, "wyke6": 1, "pylyx": 2, "pylyx10": 2, "wyx": 3}


def test_games_are_the_protocols():
    assert ludus.games() == ["alak", "wyke", "wyke6", "pylyx", "pylyx10", "wyx"]
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        ludus.Game("chess")


@pytest.mark.parametrize("name", ludus.games())
def test_perft_agrees_with_the_cli(name, run_ludus):
    depth = PERFT_DEPTH[name]
    position = ludus.Game(name).start()
    output = run_ludus("perft", name, str(depth))
    expected = int(re.search(r"Nodes searched: (\d+)", output).group(1))
    assert position.perft(depth) == expected
    assert position.perft(1) == len(position.legal_actions())


def random_walk(name, seed, plies):
    """A position ``plies`` random moves from the start (or fewer, if the game ends)."""
    game = ludus.Game(name)
    start = game.start(seed if game.has_random_start else None)
    return start.random_playout(seed, max_plies=plies)


@pytest.mark.parametrize("name", ludus.games())
def test_playouts_end_as_the_cli_judges_them(name, run_ludus):
    game = ludus.Game(name)
    for seed in range(3):
        end = game.start().random_playout(seed, max_plies=400)
        commands = [f"setoption name UCI_Variant value {name}",
                    f"position fen {end.start_fen} moves {' '.join(end.moves)}"
                    if end.moves else f"position fen {end.start_fen}",
                    "query gameover", "query result", "query fen"]
        answers = [line.split(" ", 1)[1] for line in run_ludus(input="\n".join(commands) + "\n")
                   .splitlines() if line.startswith("response")]
        outcome = end.result()
        assert answers[0] == ("true" if outcome else "false")
        assert answers[1] == protocol_result(outcome)
        assert answers[2] == end.fen()


def protocol_result(outcome):
    """``query result``'s answer for ``outcome``."""
    if outcome is None:
        return "none"
    return {None: "draw", 0: "p1win", 1: "p2win"}[outcome.winner]


#: Random positions a game for the action checks: Wyke 6×6 has some
#: 400 000 legal moves a position.
ACTION_POSITIONS = {"wyke6": 10}


@pytest.mark.parametrize("name", ludus.games())
def test_actions_round_trip_over_random_positions(name):
    game = ludus.Game(name)
    rng = random.Random(name)
    ids = {}
    for seed in range(ACTION_POSITIONS.get(name, 1000)):
        position = random_walk(name, seed, seed % 60)
        moves = position.legal_moves()
        actions = [m.action for m in moves]
        assert len(set(actions)) == len(actions)
        assert all(0 <= a < game.num_actions for a in actions)
        # One notation, one id, in every position.
        for move in moves:
            assert ids.setdefault(move.text, move.action) == move.action
        mask = position.legal_mask()
        assert mask.dtype == np.bool_ and mask.shape == (game.num_actions,)
        assert mask.sum() == len(actions) and mask[actions].all()
        for move in rng.sample(moves, min(len(moves), 5)):
            assert position.move_of(move.action) == move
            assert position.play(move.action).fen() == position.play(move.text).fen()
        for action in rng.sample(range(game.num_actions), min(game.num_actions, 20)):
            if not mask[action]:
                assert position.move_of(action) is None
                with pytest.raises(ValueError):
                    position.copy().push(action)
    assert len(set(ids.values())) == len(ids)


@pytest.mark.parametrize("name", ludus.games())
def test_observations_have_the_documented_shape(name):
    game = ludus.Game(name)
    position = random_walk(name, 7, 10)
    observation = position.observation()
    assert observation.shape == game.observation_shape
    assert observation.dtype == np.float32
    assert ((observation >= 0) & (observation <= 1)).all()
    observation[...] = 5  # the caller's own copy
    assert position.observation().max() <= 1


def test_push_pop_and_play():
    position = ludus.Game("alak").start()
    before = position.fen()
    first = position.legal_moves()[0]
    after = position.play(first)
    assert position.fen() == before and after.fen() != before
    played = position.push(str(first))
    assert played == first and position.fen() == after.fen()
    assert position.moves == [str(first)]
    assert position.pop() == str(first)
    assert position.fen() == before and position.moves == []
    with pytest.raises(IndexError):
        position.pop()


@pytest.mark.parametrize("bad", ["9-9", "", "garbage", 10**9, -1, 3.5, None])
def test_bad_moves_raise_and_change_nothing(bad):
    position = ludus.Game("alak").start()
    before = (position.fen(), position.moves)
    with pytest.raises((ValueError, TypeError)):
        position.push(bad)
    assert (position.fen(), position.moves) == before


def test_bad_positions_raise():
    with pytest.raises(ValueError):
        ludus.Game("wyke").position("not a position")
    with pytest.raises(ValueError, match="one start position"):
        ludus.Game("wyke").start(seed=3)


def test_repetition_draws_the_game():
    # Alak pieces can walk back and forth: the third occurrence draws.
    position = ludus.Game("alak").start()
    for seed in range(1000):
        walk = random_walk("alak", seed, 300)
        outcome = walk.result()
        if outcome and outcome.winner is None and "repetition" in outcome.reason:
            assert walk.legal_moves() == []
            assert outcome.pgn() == "1/2-1/2"
            return
    pytest.fail("no repetition draw in 1000 random Alak walks")


def test_finished_games_refuse_moves():
    end = ludus.Game("wyx").start(seed=1).random_playout(1)
    assert end.is_over() and end.legal_moves() == []
    with pytest.raises(ValueError, match="over"):
        end.push(0)


def test_wyx_starts_from_a_seed():
    game = ludus.Game("wyx")
    start = game.start(seed=1)
    assert start.counted == "tokens left" and len(start.counts) == 2
    assert ludus.Game("alak").start().counts is None
    assert start.result() is None
    assert start.random_playout(2).result().pgn() in ("1-0", "0-1", "1/2-1/2")
    assert game.has_random_start
    assert game.start(seed=1).fen() == game.start(seed=1).fen()
    assert game.start(seed=1).fen() != game.start(seed=2).fen()
