"""An OpenSpiel policy as a skullgames bot: :class:`PolicyBot`."""

from __future__ import annotations

import random
from typing import Any

from skullgames.bots import checked_moves
from skullgames.errors import ConfigError
from skullgames.rl.openspiel._game import SkullGame, _setup
from skullgames.rl.openspiel._views import InfoLog

__all__ = ["PolicyBot"]


class _SeatView:
    """What an OpenSpiel policy asks of a state, answered from one seat's observations."""

    def __init__(self, seat: int, key: str, legal: tuple[int, ...]) -> None:
        self._seat = seat
        self._key = key
        self._legal = list(legal)

    def current_player(self) -> int:
        return self._seat

    def is_chance_node(self) -> bool:
        return False

    def is_terminal(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return False

    def legal_actions(self, player: int | None = None) -> list[int]:
        return list(self._legal) if player in (None, self._seat) else []

    def information_state_string(self, player: int | None = None) -> str:
        if player not in (None, self._seat):
            raise ValueError(f"this view is seat {self._seat}'s, not seat {player}'s")
        return self._key


class PolicyBot:
    """A :class:`~skullgames.bots.Bot` that plays an OpenSpiel policy of a skullgames game.

    ``policy`` is any ``open_spiel.python.policy.Policy`` that reads a state through its
    information state string and legal actions: the average policy of the CFR and MCCFR
    solvers, a ``TabularPolicy``, ``UniformRandomPolicy``. ``game`` is the pyspiel game
    it was trained on (its config must be the observations'). The bot keeps the
    observations of its turns, which is what the information state is made of, so use
    one bot per seat and game, as the bot factories are used, or call :meth:`reset`
    between games. Moves are drawn from the policy's probabilities with ``rng``.
    """

    def __init__(self, policy: Any, game: SkullGame, rng: random.Random | None = None) -> None:
        if not isinstance(game, SkullGame):
            raise TypeError(f"game must be a skullgames pyspiel game, not {type(game).__name__}")
        self.policy = policy
        self.game = game
        self.rng = random.Random() if rng is None else rng
        self._space = _setup(game.skullgames_game.name, game.config).space
        self._log = InfoLog()

    def reset(self) -> None:
        """Forget the observations of the game played so far."""
        self._log = InfoLog()

    def choose(self, observation: Any) -> Any:
        """A move drawn from the policy's probabilities at this seat's information state."""
        checked_moves(observation)
        if observation.config != self.game.config:
            raise ConfigError(f"this bot plays {self.game.config!r}, "
                              f"not {observation.config!r}")
        seat = observation.seat
        view = _SeatView(seat, self._log.key(observation), self._space.legal_indices(observation))
        probabilities = self.policy.action_probabilities(view, seat)
        self._log = self._log.seen(observation)
        actions = [a for a, p in probabilities.items() if p > 0] or view.legal_actions()
        weights = [max(probabilities.get(a, 0.0), 0.0) for a in actions]
        if sum(weights) <= 0:
            weights = [1.0] * len(actions)
        return self._space.move(self.rng.choices(actions, weights)[0])
