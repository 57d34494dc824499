"""The games as PettingZoo AEC environments, in the manner of PettingZoo
Classic: `ludus.pettingzoo.env("wyke")`.

Agents `player_0` (who moves first) and `player_1`. Each observation is
a dict: `observation`, `Position.observation()` (float32, planes × rows
× columns, from the side to move's view), and `action_mask` (int8 over the
game's fixed action ids, ones at the legal moves of the agent to move,
zeros for the other agent). The reward is +1 / -1 to the winner / loser at
the end (0 each for a draw). A game still going after `max_plies` plies
is truncated. `render()` returns the position as text (render mode
`ansi`) or prints it (`human`).
"""

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import Game

#: Plies after which a game still going is truncated.
DEFAULT_MAX_PLIES = 1000


def env(game, **kwargs):
    """The environment of `game`, wrapped as PettingZoo Classic wraps its
    own: an illegal action ends the game with -1 for its agent."""
    environment = raw_env(game, **kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped class)
    """A ludus game as an AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, game, render_mode=None, max_plies=DEFAULT_MAX_PLIES, start_seed=None):
        super().__init__()
        self.game = Game(game)
        self.metadata = dict(self.metadata, name=f"ludus_{self.game.name}_v0")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.max_plies = max_plies
        self.start_seed = start_seed
        self.possible_agents = ["player_0", "player_1"]
        shape = self.game.observation_shape
        count = self.game.num_actions
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.position = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        """A new game: the start position (for Wyx, the rack drawn from
        `seed`, else from `start_seed`, else the standard one)."""
        start_seed = seed if seed is not None else self.start_seed
        if start_seed is not None and not self.game.has_random_start:
            start_seed = None
        self.position = self.game.start(start_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.position.turn]

    def observe(self, agent):
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if agent == self.agent_selection:
            mask[self.position.legal_actions()] = 1
        return {"observation": self.position.observation(), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0
        self.position.push(int(action))
        outcome = self.position.result()
        if outcome is not None:
            if outcome.winner is not None:
                winner = self.possible_agents[outcome.winner]
                for a in self.agents:
                    self.rewards[a] = 1 if a == winner else -1
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"reason": outcome.reason}
        elif self.position.plies >= self.max_plies:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.agents[self.position.turn]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        text = str(self.position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
