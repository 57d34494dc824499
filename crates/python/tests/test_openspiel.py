"""The games registered with OpenSpiel: its own tests and bots run on them."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts, minimax

import ludus
import ludus.openspiel  # noqa: F401 (registers the games)

NAMES = [f"ludus_{name}" for name in ludus.games()]


#: Plies and simulations small enough for a test. Wyke 6×6 has some 400 000
#: legal moves a position, each of which OpenSpiel's Python MCTS expands
#: into a node: two plies of two simulations.
PLIES = {"ludus_wyke6": 2, "ludus_pylyx": 40, "ludus_pylyx10": 40}
SIMULATIONS = {"ludus_wyke6": 2}


def params(name, plies=None):
    chosen = {"seed": 4} if name == "ludus_wyx" else {}
    if plies is not None:
        chosen["max_game_length"] = PLIES.get(name, plies)
    return chosen


@pytest.mark.parametrize("name", NAMES)
def test_registered_with_the_documented_type(name):
    game = pyspiel.load_game(name, params(name))
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == ludus.Game(name[6:]).num_actions
    assert game.max_game_length() == 1000
    state = game.new_initial_state()
    assert np.asarray(state.observation_tensor()).size == int(np.prod(game.observation_tensor_shape()))


@pytest.mark.parametrize("name", NAMES)
def test_random_simulation(name):
    # OpenSpiel's own consistency test: random games to the end, every
    # state's legal actions, strings, tensors and returns checked.
    game = pyspiel.load_game(name, params(name, plies=200))
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_mcts_plays_a_game_to_the_end(name):
    game = pyspiel.load_game(name, params(name, plies=120))
    rng = np.random.RandomState(0)
    simulations = SIMULATIONS.get(name, 20)
    bots = [mcts.MCTSBot(game, 2.0, simulations, mcts.RandomRolloutEvaluator(1, rng), solve=True,
                         random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == 0


def test_alpha_beta_on_an_alak_ending():
    # x to move captures o's last-but-one piece: a win at depth 1.
    game = pyspiel.load_game("ludus_alak")
    state = ludus.openspiel.LudusState(game, ludus.Game("alak").position("xo_x____o__ x"))
    value, action = minimax.alpha_beta_search(game, state=state, value_function=lambda s: 0.0,
                                              maximum_depth=2, maximizing_player_id=0)
    assert value == 1.0
    assert state.action_to_string(0, action) == "4-3"


def test_wyx_seed_parameter():
    a = pyspiel.load_game("ludus_wyx", {"seed": 1}).new_initial_state()
    b = pyspiel.load_game("ludus_wyx", {"seed": 2}).new_initial_state()
    assert a.position.fen() != b.position.fen()
    with pytest.raises(Exception):
        pyspiel.load_game("ludus_wyke", {"seed": 1})
