"""The games as PettingZoo environments pass PettingZoo's API test."""

import numpy as np
import pytest
from pettingzoo.test import api_test

import ludus
import ludus.pettingzoo


@pytest.mark.parametrize("name", ludus.games())
def test_api(name):
    api_test(ludus.pettingzoo.env(name, max_plies=60), num_cycles=60)


def test_a_game_to_the_end_with_masked_random_actions():
    env = ludus.pettingzoo.env("alak", render_mode="ansi")
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    rewards = {agent: 0 for agent in env.possible_agents}
    for agent in env.agent_iter(max_iter=5000):
        observation, reward, termination, truncation, info = env.last()
        rewards[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    assert sum(rewards.values()) == 0
    assert isinstance(env.render(), str)


def test_an_illegal_action_loses():
    env = ludus.pettingzoo.env("wyke")
    env.reset()
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.rewards[env.possible_agents[0]] == -1
