"""Gymnasium environments: one learning seat, the other seats played by bots.

Importing :mod:`skullgames.rl` registers ``skullgames/SkullKing-v0`` and
``skullgames/SkullQueen-v0``:

>>> import gymnasium
>>> import skullgames.rl
>>> env = gymnasium.make("skullgames/SkullKing-v0", opponents="greedy")
>>> observation, info = env.reset(seed=1)
>>> mask = info["action_mask"]
>>> action = int(mask.nonzero()[0][0])
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> observation.shape == env.observation_space.shape, terminated
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from skullgames._checks import MAX_SAFE_INTEGER
from skullgames.errors import ConfigError, IllegalMoveError
from skullgames.plugins import GameConfig
from skullgames.registry import DEFAULT_GAME, GAMES
from skullgames.rl._common import AnyGame, game_and_config, round_points
from skullgames.rl._narration import Narration
from skullgames.rl._render import Frames, Window
from skullgames.rl._rewards import rewards_for
from skullgames.rl.tensors import encode, observation_size

__all__ = ["SkullGamesEnv", "environment_id", "register_environments"]

Opponent = Any  # a bot's name in GAMES[game].bots, or an object with choose(observation)


def environment_id(game: str | AnyGame) -> str:
    """The Gymnasium id of a game: ``"skullgames/SkullKing-v0"`` for ``"king"``.

    >>> from skullgames.rl.gymnasium import environment_id
    >>> environment_id("queen")
    'skullgames/SkullQueen-v0'
    """
    entry, _ = game_and_config(game, None)
    return f"skullgames/{entry.title.replace(' ', '')}-v0"


def register_environments() -> None:
    """Register every game of ``skullgames.GAMES`` with Gymnasium (once)."""
    for name in GAMES:
        env_id = environment_id(name)
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="skullgames.rl.gymnasium:SkullGamesEnv",
                               kwargs={"game": name})


class SkullGamesEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a game learns; the library's bots (or yours) play the others.

    - ``game``: a name in ``skullgames.GAMES`` or an entry; ``config``: its ``Config``
      (the standard rules when ``None``); ``seat``: the learning seat (0).
    - ``opponents``: one bot for every other seat, or one per other seat in seat
      order: a name from ``GAMES[game].bots`` (``"random"``, ``"greedy"``,
      ``"search"``) or any object with ``choose(observation) -> move``. Named bots are
      made afresh at each reset from the episode's seed.
    - Observations: :func:`skullgames.rl.encode` of the seat's observation, a ``Box``
      of -1..1. Actions: ``Discrete(action_space(config).size)``; the legal ones are
      ``info["action_mask"]`` (an int8 array, also :meth:`action_masks`).
    - ``reward``: ``"points"`` (the default), the seat's points of every round scored
      during the step (the other seats' moves included), raw as the score pad counts
      them; ``"scaled"``, the same divided by the game's largest total spread over its
      rounds, so that a round pays about 0.1 to 1; ``"result"``, only on the last
      step: +1 shared equally by the winners, -1 to the others (see the RL guide).
      ``terminated`` at the end of the game; never truncated.
    - ``illegal_action``: what an action outside the mask does. ``"terminate"`` (the
      default, so that an unmasked sampler such as Gymnasium's own checker cannot crash
      a training loop) ends the episode at once with the reward :attr:`illegal_reward`:
      the worst total a game can come to (``lowest`` of :func:`score_bounds
      <skullgames.king.score_bounds>`) less one round's worth, in the unit of
      ``reward``, and -1 with ``"result"`` (see the RL guide's Rewards);
      ``info["illegal_move"]`` says why in the rules' words. ``"raise"`` raises
      :class:`~skullgames.IllegalMoveError` instead. An index outside
      ``Discrete(size)`` or not an integer always raises it, as does a step after the
      end (call ``reset``).
    - ``render_mode``: ``"ansi"`` (the narration), ``"rgb_array"`` (pictures of the
      table as the learning seat sees it) or ``"human"`` (the same pictures in a window,
      drawn at each ``reset`` and ``step``; needs pygame and a display, else
      :class:`~skullgames.ConfigError`): see :meth:`render`.
    - ``copy.deepcopy`` and ``pickle`` (any protocol) copy the environment with its bots
      and random generators: the copy plays on exactly as the original. Your own
      opponents are copied with it, so they must pickle too.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "rgb_array", "human"], "render_fps": 4}

    def __init__(self, game: str | AnyGame = DEFAULT_GAME, config: GameConfig | None = None,
                 seat: int = 0, opponents: Opponent | Sequence[Opponent] = "random",
                 render_mode: str | None = None, illegal_action: str = "terminate",
                 reward: str = "points") -> None:
        self.game, self.config = game_and_config(game, config)
        if illegal_action not in ("terminate", "raise"):
            raise ConfigError(f"illegal_action: 'terminate' or 'raise', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.reward = reward
        self._rewards = rewards_for(reward, self.game, self.config)
        self.illegal_reward = self._rewards.penalty
        players = self.config.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ConfigError(f"seat: 0 to {players - 1}, not {seat!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode: 'ansi', 'rgb_array', 'human' or None, not "
                              f"{render_mode!r}")
        self.seat = seat
        self.render_mode = render_mode
        self._frames: Frames | Window | None = None
        if render_mode == "rgb_array":
            self._frames = Frames(self.game, self.config)
        elif render_mode == "human":
            self._frames = Window(Frames(self.game, self.config), self.game.title,
                                  self.metadata["render_fps"])
        self._opponents = self._seat_opponents(opponents)
        self.actions = self.game.action_space(self.config)
        size = observation_size(self.game, self.config)
        self.observation_space = spaces.Box(-1.0, 1.0, (size,), np.float32)
        self.action_space = spaces.Discrete(self.actions.size)
        self._state: Any = None
        self._ended = False
        self._bots: dict[int, Any] = {}
        self._narration: Narration | None = None

    def _seat_opponents(self, opponents: Opponent | Sequence[Opponent]
                        ) -> dict[int, Opponent]:
        others = [s for s in range(self.config.players) if s != self.seat]
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            chosen = [opponents] * len(others)
        else:
            chosen = list(opponents)
        if len(chosen) != len(others):
            raise ConfigError(f"opponents: one bot for every other seat, or a list of "
                              f"{len(others)}, one for each other seat, not a list of "
                              f"{len(chosen)}")
        for opponent in chosen:
            if isinstance(opponent, str):
                if opponent not in self.game.bots:
                    raise ConfigError(f"opponents: unknown bot {opponent!r} (one of "
                                      f"{', '.join(self.game.bots)})")
            elif not callable(getattr(opponent, "choose", None)):
                raise TypeError(f"an opponent is a bot's name or has choose(observation), "
                                f"not {opponent!r}")
        return dict(zip(others, chosen, strict=True))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start a new game; the deal and named bots follow from ``seed``."""
        super().reset(seed=seed)
        # within 0..2**53 - 1, the seeds new_game draws and documents hold as numbers
        game_seed = int(self.np_random.integers(MAX_SAFE_INTEGER + 1))
        self._bots = {
            s: self.game.bots[o](random.Random(f"{game_seed}:{s}")) if isinstance(o, str) else o
            for s, o in self._opponents.items()
        }
        self._state = self.game.new_game(self.config, seed=game_seed)
        self._ended = False
        if self.render_mode == "ansi":
            names = [("you" if s == self.seat else _name(self._opponents[s]))
                     for s in range(self.config.players)]
            self._narration = Narration(self.game, names, self.seat)
            self._narration.start(self._state)
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._seen()

    def step(self, action: Any) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool,
                                         dict[str, Any]]:
        """Play ``action`` for the learning seat, then the others until its next turn."""
        state = self._state
        if state is None:
            raise IllegalMoveError("call reset() before step()")
        if self._ended or self.game.is_over(state):
            raise IllegalMoveError("the game is over: call reset() to play another")
        move = self.actions.move(action)
        try:
            points = self._apply(move)[self.seat]
        except IllegalMoveError as error:
            if self.illegal_action == "raise":
                raise
            self._ended = True
            observation, info = self._seen()
            info["illegal_move"] = f"{move}: {error}"
            if self.render_mode == "human":
                self.render()
            return observation, self.illegal_reward, True, False, info
        points += self._play_opponents()
        rewards = self._rewards
        reward = rewards.of_points(points)
        over = self.game.is_over(self._state)
        if over and not rewards.per_round:
            reward += rewards.at_end(self._state)[self.seat]
        observation, info = self._seen()
        if self.render_mode == "human":
            self.render()
        return observation, reward, over, False, info

    @property
    def game_state(self) -> Any:
        """The game's state now (a ``king.State`` or ``queen.State``), for tools and tests."""
        return self._state

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of the learning seat now (1 legal, 0 not), as in ``info``.

        Before the first :meth:`reset` there is no game: :class:`~skullgames.IllegalMoveError`.
        """
        if self._state is None:
            raise IllegalMoveError("no game yet: call reset() first")
        return _mask_array(self.actions.mask(self.game.observe(self._state, self.seat)))

    def render(self) -> Any:
        """The picture of the table or its narration, as ``render_mode`` says.

        ``"ansi"``: the command line's narration since the last call, the game told as
        the learning seat sees it, as ``skullgames play`` tells it to a player: its own
        hand, the other seats' moves as the rules show them, the seed once the game is
        over. ``"rgb_array"``: the table as :func:`skullgames.svg.table` draws the
        learning seat's observation (what the seat sees, never the others' hands), a new
        ``uint8`` array of shape ``(height, width, 3)``, the same for every frame of the
        config; ``None`` before the first reset. ``"human"``: the same picture shown in
        the window; ``None``.
        """
        if self._frames is not None:
            if self._state is None:
                return None
            view = self.game.observe(self._state, self.seat)
            if isinstance(self._frames, Window):
                self._frames.show(view)
                return None
            return self._frames.frame(view)
        if self._narration is None:
            return None
        return self._narration.text()

    def close(self) -> None:
        """Close the window of ``render_mode="human"``."""
        if isinstance(self._frames, Window):
            self._frames.close()

    def _apply(self, move: Any) -> tuple[int, ...]:
        before = self._state
        self._state = after = self.game.apply(before, move)
        if self._narration is not None:
            self._narration.step(before, move, after)
        return round_points(before, after) or (0,) * self.config.players

    def _play_opponents(self) -> int:
        """Let the bots move until the learning seat is to move; its points meanwhile."""
        game, points = self.game, 0
        while True:
            seat = game.current_player(self._state)
            if seat is None or seat == self.seat:
                return points
            move = self._bots[seat].choose(game.observe(self._state, seat))
            points += self._apply(move)[self.seat]

    def _seen(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """The learning seat's tensor and info, from one observation."""
        view = self.game.observe(self._state, self.seat)
        return encode(view), {"action_mask": _mask_array(self.actions.mask(view))}


def _name(opponent: Opponent) -> str:
    return opponent if isinstance(opponent, str) else type(opponent).__name__


def _mask_array(mask: tuple[bool, ...]) -> npt.NDArray[np.int8]:
    return np.array(mask, dtype=np.int8)
