"""A PettingZoo AEC environment of every seat: :func:`env` and :class:`raw_env`.

>>> from skullgames.rl.pettingzoo import env
>>> table = env(game="queen")
>>> table.reset(seed=3)
>>> for agent in table.agent_iter(max_iter=5):
...     observation, reward, termination, truncation, info = table.last()
...     action = int(observation["action_mask"].nonzero()[0][0])
...     table.step(action)
>>> table.agents
['player_0', 'player_1', 'player_2', 'player_3']
"""

from __future__ import annotations

import random
from typing import Any, cast

import attrs
import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from skullgames.errors import ConfigError, IllegalMoveError
from skullgames.plugins import GameConfig
from skullgames.plugins.rl import Table
from skullgames.registry import DEFAULT_GAME
from skullgames.rl._common import AnyGame, game_and_config, round_points
from skullgames.rl._incremental import SeatVectors
from skullgames.rl._narration import Narration
from skullgames.rl._render import Frames, Window
from skullgames.rl._rewards import Rewards, rewards_for
from skullgames.rl.tensors import encoder_for, steps_for

__all__ = ["env", "environment_name", "raw_env"]

_NOT_WRITTEN = object()  # what the table holds before the first reset: no state
# What raw_env.__init__ builds from the game and config alone, and a copy builds again.
_REBUILT = frozenset({"game", "actions", "_masks", "_whole", "_table", "_table_of",
                      "_steps"})


@attrs.frozen(eq=False)
class _Setup:
    """What the options made, read off the hot path of a step."""

    rewards: Rewards
    illegal_action: str
    frames: Frames | Window | None
    rng: random.Random


class _Masks:
    """The int8 action masks of one action space, made from tuples of legal moves."""

    __slots__ = ("_by_legal", "_index", "_index_of", "_known", "_size")

    def __init__(self, actions: Any) -> None:
        self._size = actions.size
        self._index = actions.index
        self._by_legal: dict[int, tuple[tuple[Any, ...], npt.NDArray[np.int8]]] = {}
        self._index_of: dict[int, int] = {}
        self._known: list[Any] = []  # the moves of _index_of, kept alive

    def mask(self, legal: tuple[Any, ...]) -> npt.NDArray[np.int8]:
        """The int8 mask of the moves ``legal``, a new array."""
        # The engine hands out the very same tuple for a constant set of legal moves
        # (the bids of a round, every placement of Skull Queen): its array is made once.
        if len(legal) > 64:
            known = self._by_legal.get(id(legal))
            if known is not None and known[0] is legal:
                copy: npt.NDArray[np.int8] = known[1].copy()
                return copy
        array = np.zeros(self._size, dtype=np.int8)
        out = array.data  # setting a flag through a memoryview costs less than numpy's
        index_of = self._index_of.get
        for move in legal:
            i = index_of(id(move))
            out[self._learn(move) if i is None else i] = 1
        if len(legal) > 64 and len(self._by_legal) < 16:
            self._by_legal[id(legal)] = (legal, array.copy())
        return array

    def _learn(self, move: Any) -> int:
        """The action index of ``move``, kept by the move's identity.

        The engine hands out the same move objects again and again (a card's plays,
        the bids): finding them by identity costs less than hashing a move. The move is
        kept alive, so its ``id`` is never another object's; a bounded number are
        kept, in case an engine makes new ones every time.
        """
        index: int = self._index(move)
        if len(self._index_of) < 4096:
            self._known.append(move)
            self._index_of[id(move)] = index
        return index


class _WholeTable:
    """Writes every seat's tensor of a state into the table at once."""

    __slots__ = ("_encoder", "_game", "_read", "_seats", "_table", "_vectors")

    def __init__(self, game: Any, encoder: Any, table: Table, players: int) -> None:
        self._game = game
        self._encoder = encoder
        self._table = table
        self._seats = range(players)
        self._vectors = SeatVectors(encoder, players)
        self._read = encoder.reader()

    def forget(self) -> None:
        """Start afresh (a new game): the encoder's caches are by identity."""
        self._vectors.forget()
        self._read = self._encoder.reader()

    def write(self, state: Any) -> None:
        """Every seat's tensor of ``state``, written whole into the table."""
        to_move = state.to_move  # current_player(state): a state of this environment's game
        vectors = []
        for seat in self._seats:
            inputs = self._read(state, seat, to_move)
            if inputs is None:  # a phase where the observation hides part of the state
                inputs = self._encoder.inputs(self._game.observe(state, seat))
            vectors.append(self._vectors.vector(seat, inputs))
        self._table.scatter(vectors)


def environment_name(game: str | AnyGame) -> str:
    """The PettingZoo name of a game, from its entry's title: ``"skullking_v0"``.

    >>> from skullgames.rl.pettingzoo import environment_name
    >>> environment_name("queen")
    'skullqueen_v0'
    """
    entry, _ = game_and_config(game, None)
    return f"{entry.title.replace(' ', '').lower()}_v0"


def env(game: str | AnyGame = DEFAULT_GAME, config: GameConfig | None = None,
        render_mode: str | None = None, *, reward: str = "points",
        illegal_action: str = "raise") -> Any:
    """The AEC environment of ``game`` under ``config`` (see :class:`raw_env`).

    The raw environment in PettingZoo's order-enforcing wrapper: a step or an
    observation before ``reset`` raises.
    """
    return wrappers.OrderEnforcingWrapper(
        raw_env(game, config, render_mode, reward=reward, illegal_action=illegal_action))


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name; AECEnv is untyped
    """Every seat of a game as an agent, ``"player_0"`` .. ``"player_{n-1}"`` by seat.

    Graybeard and the ghost Pirate King play by the rules, not as agents; deals are
    chance, drawn from the ``reset`` seed.

    - Observations: ``{"observation": encode(observe(state, seat)), "action_mask":
      mask}``, the mask an int8 array of the game's action space, all zero for an
      agent that is not to move.
    - Actions: ``Discrete(action_space(config).size)``.
    - ``illegal_action``: what an action outside the mask does. ``"raise"`` (the
      default) raises :class:`~skullgames.IllegalMoveError` with the rules' reason and
      changes nothing. ``"terminate"`` behaves as PettingZoo's classic games (their
      ``TerminateIllegalWrapper``): the game ends at once, every agent terminates, the
      offender is rewarded :attr:`illegal_reward` (the worst total a game can come to,
      less one round's worth: see the RL guide's Rewards) and the others 0, and the
      offender's info says why under ``"illegal_move"``. An index outside
      ``Discrete(size)`` or not an integer always raises.
    - ``reward``: ``"points"`` (the default), each round's points to every seat on the
      step that scores the round; ``"scaled"``, the same divided by the game's largest
      total spread over its rounds, so that a round pays about 0.1 to 1;
      ``"result"``, only at the end: the winners share +1 equally, the others get -1
      (see the RL guide). ``_cumulative_rewards`` sum them for :meth:`last`, and an
      episode's rewards add up to the seat's return. All agents terminate when the
      game ends, then take ``None`` steps as PettingZoo's dead agents do (any other
      action raises ``ValueError``). Before the first ``reset``, and once every agent has
      taken its last step, ``step``, ``last`` and ``observe`` raise
      :class:`~skullgames.IllegalMoveError` saying so; an unknown agent is a ``KeyError``
      that names the agents.
    - ``render_mode="ansi"``: :meth:`render` returns the command line's narration of
      everything since the last call; ``"rgb_array"``: a picture of the table as the
      agent to act sees it; ``"human"``: the same picture in a window (pygame), drawn
      at each ``reset`` and ``step``, where a display exists (else
      :class:`~skullgames.ConfigError`).
    - ``copy.deepcopy`` and ``pickle`` (any protocol) copy the environment, before
      ``reset`` or in the middle of a game: the copy plays on exactly as the original
      (for tree search over copies of the environment).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's)
        "render_modes": ["ansi", "rgb_array", "human"], "name": "skullgames_v0",
        "is_parallelizable": False, "render_fps": 4,
    }
    """PettingZoo's metadata; an instance's ``"name"`` is its game's, ``skullking_v0``."""

    def __init__(self, game: str | AnyGame = DEFAULT_GAME, config: Any = None,
                 render_mode: str | None = None, *, reward: str = "points",
                 illegal_action: str = "raise") -> None:
        super().__init__()
        self.game, self.config = game_and_config(game, config)
        self.metadata = {**self.metadata, "name": environment_name(self.game)}
        rewards = rewards_for(reward, self.game, self.config)
        if illegal_action not in ("raise", "terminate"):
            raise ConfigError(f"illegal_action: 'raise' or 'terminate', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode: 'ansi', 'rgb_array', 'human' or None, not "
                              f"{render_mode!r}")
        self.render_mode = render_mode
        frames: Frames | Window | None = None
        if render_mode == "rgb_array":
            frames = Frames(self.game, self.config)
        elif render_mode == "human":
            frames = Window(Frames(self.game, self.config), self.game.title,
                            self.metadata["render_fps"])
        self._setup = _Setup(rewards, illegal_action, frames, random.Random())
        players = self.config.players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.actions = self.game.action_space(self.config)
        encoder = encoder_for(self.game, self.config)
        size = encoder.size
        observation = spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
        })
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = dict.fromkeys(self.possible_agents,
                                           spaces.Discrete(self.actions.size))
        self._state: Any = None
        self._narration: Narration | None = None
        self._masks = _Masks(self.actions)
        # Every seat's tensor, for the state ``_table_of``: a move's change is written
        # into it, or, for the moves the game's steps do not know, it is written whole.
        self._table = Table(encoder, players)
        self._table_of: Any = _NOT_WRITTEN
        self._whole = _WholeTable(self.game, encoder, self._table, players)
        self._steps = steps_for(self.game, encoder, self._table)
        self._to_move: int | None = None  # the seat whose mask is open (None: no one's)
        self._rewarded = False
        self._rounds: tuple[Any, ...] = ()
        # Until reset, no agent is to act: a step or a look says to reset.
        self.agents: list[str] = []
        self.agent_selection = ""  # no agent
        self.terminations: dict[str, bool] = {}
        # PettingZoo's, set by its dead steps at the end of a game: one attribute more
        # then would be one more than _Setup's count for the rest of the object's life.
        self._skip_agent_selection: str | None = None

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle or a deep copy keeps: the game and the episode, not the caches.

        The tensors' table and the masks are caches kept by object identity (and
        through memory views, which do not pickle): :meth:`__setstate__` builds them
        afresh from the game's name and config, and the first look writes the table
        whole, so a copy plays on exactly as the original.
        """
        kept = {k: v for k, v in self.__dict__.items() if k not in _REBUILT}
        kept["game"] = self.game.name
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        """The environment of a pickle or a deep copy: see :meth:`__getstate__`."""
        kept = dict(kept)
        self.__init__(kept.pop("game"), kept["config"],  # type: ignore[misc]
                      kept["render_mode"], reward=kept["_setup"].rewards.kind,
                      illegal_action=kept["_setup"].illegal_action)
        self.__dict__.update(kept)
        if self._state is not None:
            self._rounds = self._state.rounds  # compared by identity in step

    @property
    def reward(self) -> str:
        """The ``reward=`` option: ``"points"``, ``"scaled"`` or ``"result"``."""
        return self._setup.rewards.kind

    @property
    def illegal_reward(self) -> float:
        """The reward of an illegal action with ``illegal_action="terminate"``."""
        return self._setup.rewards.penalty

    @property
    def illegal_action(self) -> str:
        """The ``illegal_action=`` option: ``"raise"`` or ``"terminate"``."""
        return self._setup.illegal_action

    @property
    def game_state(self) -> Any:
        """The game's state now (a ``king.State`` or ``queen.State``), for tools and tests."""
        return self._state

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same ``Dict`` space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same ``Discrete`` space for every agent."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. With ``seed``, the games from then on repeat exactly."""
        if seed is not None:
            self._setup.rng.seed(seed)
        # 53 bits: within the seeds new_game takes (JSON-safe integers).
        self._state = self.game.new_game(self.config, seed=self._setup.rng.getrandbits(53))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._rewarded = False
        self._rounds = self._state.rounds
        self._whole.forget()
        self._table_of = self._state if self._steps.start(self._state) else None
        # A new game dealt from a seed is never over and never waits for a deal.
        self._to_move = cast(int, self.game.current_player(self._state))
        self.agent_selection = self.possible_agents[self._to_move]
        if self.render_mode == "ansi":
            self._narration = Narration(self.game, self.possible_agents)
            self._narration.start(self._state)
        elif self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat sees, as a tensor, and its action mask.

        Both arrays are new: an observation kept stays as it was.
        """
        try:
            seat = self._seat[agent]
        except KeyError:
            raise self._no_agent(agent) from None
        state = self._state
        if self._table_of is not state:
            if state is None:
                raise self._no_agent(agent)
            self._write_table(state)
        legal = self.game.legal_moves(state) if seat == self._to_move else ()
        return {"observation": self._table.vector(seat), "action_mask": self._masks.mask(legal)}

    def _write_table(self, state: Any) -> None:
        """Every seat's tensor of ``state``, written whole into the table."""
        self._whole.write(state)
        self._table_of = state

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to move; a dead agent takes ``None``."""
        agent = self.agent_selection
        try:
            dead = self.terminations[agent] or self.truncations[agent]
        except KeyError:
            raise self._no_agent(agent) from None
        if dead:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError(f"{agent} is to move: None is an action only once the "
                                   "game is over")
        before = self._state
        move = self.actions.move(action)
        try:
            self._state = after = self.game.apply(before, move)
        except IllegalMoveError as error:
            if self.illegal_action == "raise":
                raise
            self._end_illegally(agent, f"{move}: {error}")
            return
        if self._table_of is before and self._steps(before, after):
            self._table_of = after
        if self._narration is not None:
            self._narration.step(before, move, after)
        self._cumulative_rewards[agent] = 0.0
        rounds = after.rounds
        if rounds is not self._rounds:  # a round scored
            points = round_points(before, after)
            assert points is not None
            self._rounds = rounds
            seats = self._seat
            of_points = self._setup.rewards.of_points
            self.rewards = {a: of_points(points[seats[a]]) for a in self.agents}
            self._rewarded = True
            self._accumulate_rewards()
        elif self._rewarded:  # else the rewards are zero already
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        # current_player(after), read directly: a state of this environment's game.
        self._to_move = seat = after.to_move
        if seat is None:  # the end: no deal waits, since the game deals from its seed
            self.terminations = dict.fromkeys(self.agents, True)
            rewards = self._setup.rewards
            if not rewards.per_round:
                ends = rewards.at_end(after)
                self.rewards = {a: ends[self._seat[a]] for a in self.agents}
                self._rewarded = True
                self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def _end_illegally(self, agent: str, why: str) -> None:
        """End the game for an illegal action of ``agent``: its penalty, 0 to the others."""
        self._to_move = None  # no agent may act: every mask is empty
        self.terminations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = self.illegal_reward
        self._rewarded = True
        self._cumulative_rewards[agent] = 0.0
        self._accumulate_rewards()
        self.infos[agent] = {**self.infos[agent], "illegal_move": why}
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True
             ) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: what the agent to act needs.

        Its observation, its reward since it last acted, whether it is terminated or
        truncated, and its info.
        """
        agent = self.agent_selection
        if agent not in self.terminations:
            raise self._no_agent(agent)
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def _no_agent(self, agent: Any) -> Exception:
        """The error for ``agent``, which is no agent of the game now."""
        if self._state is None:
            return IllegalMoveError("no game yet: call reset() first")
        if agent not in self._seat:
            return KeyError(f"no agent {agent!r}: the agents are "
                            f"{', '.join(self.possible_agents)}")
        return IllegalMoveError("the game is over and every agent has taken its last "
                                "step: call reset() for a new game")

    def render(self) -> Any:
        """The narration or a picture of the table, as ``render_mode`` says.

        ``"ansi"``: the command line's narration since the last call. ``"rgb_array"``:
        the table as :func:`skullgames.svg.table` draws the observation of the agent
        to act (:attr:`agent_selection`; what its seat sees, never the others' hands),
        a new ``uint8`` array of shape ``(height, width, 3)``, the same for every frame
        of the config. ``"human"``: the same picture shown in the window; ``None``.
        """
        frames = self._setup.frames
        if frames is not None:
            if self._state is None:
                gymnasium.logger.warn("render() before reset(): no table to draw")
                return None
            seat = self._seat.get(self.agent_selection, 0)
            view = self.game.observe(self._state, seat)
            if isinstance(frames, Window):
                frames.show(view)
                return None
            return frames.frame(view)
        if self._narration is None:
            gymnasium.logger.warn("render() without a render_mode: pass render_mode='ansi', "
                                  "'rgb_array' or 'human'")
            return None
        return self._narration.text()

    def close(self) -> None:
        """Close the window of ``render_mode="human"``; nothing else to release."""
        if isinstance(self._setup.frames, Window):
            self._setup.frames.close()
