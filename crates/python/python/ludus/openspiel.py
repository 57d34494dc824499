"""The games as OpenSpiel games: `import ludus.openspiel` registers
`ludus_alak`, `ludus_wyke`, `ludus_wyke6`, `ludus_pylyx`,
`ludus_pylyx10` and `ludus_wyx` with `pyspiel`, so that
`pyspiel.load_game("ludus_wyke")` and OpenSpiel's algorithms (MCTS,
alpha-beta, ...) run on them.

Each is sequential, deterministic, perfect-information, zero-sum, with a
terminal reward of +1 / -1 (0 for a draw). Actions are ludus's fixed action
ids (`action_to_string` gives the protocol notation); the observation
tensor is `Position.observation()` of the side to move, for either player.

Parameters, for every game: `max_game_length` (default 1000 plies): the
game is drawn when it reaches that many plies. OpenSpiel needs a bound and
the rules have none but the repetition rule, which is applied too. For a
game with a random start (Wyx's rack): `seed` (default -1, the standard
start; otherwise the rack drawn from that seed): the start is a game
parameter, not a chance node, so the game stays deterministic.
"""

import numpy as np
import pyspiel

from . import Game, Position, games

#: Plies after which a game is drawn, unless the `max_game_length` parameter says otherwise.
DEFAULT_MAX_GAME_LENGTH = 1000
#: The reason given for a game drawn by the `max_game_length` bound.
LENGTH_REASON = "drawn at the max_game_length bound"


def _game_type(game):
    parameters = {"max_game_length": DEFAULT_MAX_GAME_LENGTH}
    if game.has_random_start:
        parameters["seed"] = -1
    return pyspiel.GameType(
        short_name=f"ludus_{game.name}",
        long_name=f"ludus {game.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class LudusGame(pyspiel.Game):
    """One of ludus's games for OpenSpiel (subclassed per game below)."""

    ludus_game = None

    def __init__(self, params=None):
        game = self.ludus_game
        params = dict(params or {})
        self.max_plies = int(params.get("max_game_length", DEFAULT_MAX_GAME_LENGTH))
        if self.max_plies < 1:
            raise ValueError("max_game_length must be at least 1")
        seed = int(params.get("seed", -1))
        self.seed = None if seed < 0 else seed
        # Checks the seed now, not at the first state.
        game.start(self.seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_plies,
        )
        super().__init__(_game_type(game), info, params)

    def new_initial_state(self):
        """The start of a game."""
        return LudusState(self, self.ludus_game.start(self.seed))

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observer of the observation tensor and string."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return LudusObserver(self.ludus_game.observation_shape)


class LudusState(pyspiel.State):
    """A position of a ludus game, as an OpenSpiel state."""

    def __init__(self, game, position):
        super().__init__(game)
        self.position = position
        self._max_plies = game.max_plies

    def _cut(self):
        return self.position.plies >= self._max_plies

    def current_player(self):
        """The player to move, or TERMINAL."""
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.position.turn

    def _legal_actions(self, player):
        if self.is_terminal():
            return []
        return sorted(self.position.legal_actions())

    def _apply_action(self, action):
        self.position.push(int(action))

    def _action_to_string(self, player, action):
        move = self.position.move_of(int(action))
        return str(move) if move is not None else f"action {action}"

    def is_terminal(self):
        """Whether the game is over (by the rules, repetition, or the length bound)."""
        return self.position.is_over() or self._cut()

    def returns(self):
        """+1 for the winner, -1 for the loser, 0 each for a draw or a game going on."""
        outcome = self.position.result()
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0]

    def outcome_reason(self):
        """Why the game ended (`None` while it goes on)."""
        outcome = self.position.result()
        if outcome is not None:
            return outcome.reason
        return LENGTH_REASON if self._cut() else None

    def __str__(self):
        return str(self.position)

    def __deepcopy__(self, memo):
        # OpenSpiel's clone of a Python state: the position is copied in Rust.
        clone = LudusState(self.get_game(), self.position.copy())
        return clone


class LudusObserver:
    """OpenSpiel's observer interface: `tensor` and its shaped view in `dict`."""

    def __init__(self, shape):
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state, player):
        """The observation of `state` (the side to move's view, for either player)."""
        self.dict["observation"][...] = state.position.observation()

    def string_from(self, state, player):
        """The position's notation and the moves that led to it."""
        position = state.position
        return f"{position.fen()} | {' '.join(position.moves)}"


def _register():
    for name in games():
        game = Game(name)
        cls = type(f"Ludus{name.capitalize()}Game", (LudusGame,), {"ludus_game": game})
        pyspiel.register_game(_game_type(game), cls)


_register()
