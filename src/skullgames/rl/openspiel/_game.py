"""The pyspiel game and state of any skullgames game, and their observers."""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs
import numpy as np
import pyspiel

from skullgames._checks import MAX_SAFE_INTEGER, wrong_type
from skullgames.errors import ConfigError, IllegalMoveError
from skullgames.plugins.openspiel import DealPlan
from skullgames.registry import GAMES, Game, game_named
from skullgames.rl import encode, observation_size
from skullgames.rl._rewards import REWARDS, rewards_for
from skullgames.rl.openspiel._deals import deal_plan, max_moves
from skullgames.rl.openspiel._deals import deck as cards_dealt
from skullgames.rl.openspiel._params import canonical, config_from, specification
from skullgames.rl.openspiel._resample import resample
from skullgames.rl.openspiel._views import (
    HistoryLayout,
    InfoLog,
    MadeIn,
    field_names,
    hidden_positions,
    render,
    render_observation,
)

__all__ = ["SHORT_NAMES", "SkullGame", "SkullState", "game_class", "game_type", "short_name"]


def short_name(game: Game[Any, Any, Any, Any]) -> str:
    """The pyspiel name of a game, from its title: ``"python_skull_king"`` for Skull King."""
    return "python_" + re.sub(r"[^a-z0-9]+", "_", game.title.lower()).strip("_")


class _ShortNames(Mapping[str, str]):
    """The pyspiel name of each game of :data:`skullgames.GAMES`: a view of the registry."""

    def __getitem__(self, name: str) -> str:
        return short_name(GAMES[name])

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


SHORT_NAMES: Mapping[str, str] = _ShortNames()
"""The pyspiel name of each game of :data:`skullgames.GAMES`, by the game's name."""

_CURRENT_ROUND_SKIPPED = frozenset({"config", "legal_moves", "rounds"})


def _player_range(game: Game[Any, Any, Any, Any]) -> tuple[int, int]:
    allowed = []
    for players in range(1, 17):
        try:
            game.Config(players=players)
        except ConfigError:
            continue
        allowed.append(players)
    return min(allowed), max(allowed)


def game_type(game: Game[Any, Any, Any, Any]) -> pyspiel.GameType:
    """The pyspiel ``GameType`` of ``game``: its name, its kind, its parameters."""
    fewest, most = _player_range(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"{game.title} (skullgames)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**specification(game), "reward": REWARDS[0]},
    )


@attrs.frozen(eq=False)
class _Setup:
    """What every state of one game and config shares.

    A state keeps it as an attribute: deep copies (OpenSpiel's clone) share it, and a
    pickle (OpenSpiel's serialization) stores only the game's name and config.
    """

    name: str
    game: Game[Any, Any, Any, Any]
    config: Any
    space: Any
    history: HistoryLayout
    observation_size: int
    deck: tuple[Any, ...]
    copies: dict[int, int]
    """Per chance action, ascending, how many copies of its card the deck holds."""
    outcome: dict[Any, int]
    """Per card, its chance action: the deck position of its first copy."""
    plans: tuple[DealPlan, ...]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_setup, (self.name, self.config))


@functools.lru_cache(maxsize=64)
def _setup(name: str, config: Any) -> _Setup:
    game = game_named(name)
    space = game.action_space(config)
    rounds = config.round_count
    deck = cards_dealt(game, config)
    first: dict[Any, int] = {}
    for index, c in enumerate(deck):
        first.setdefault(c, index)
    history = HistoryLayout(players=config.players, rounds=rounds, deck=deck,
                            moves=space.moves, slots=max_moves(game, config))
    return _Setup(name, game, config, space, history,
                  observation_size(name, config),
                  deck, dict(sorted(Counter(first[c] for c in deck).items())), first,
                  tuple(deal_plan(game, config, r) for r in range(rounds)))


@attrs.frozen
class _Progress:
    """Everything a state holds, immutable, so cloning a state copies one reference.

    ``dealing`` are the chance outcomes of the deal under way, ``deals`` the deals made,
    each with the engine state it was made in, ``actions`` every player move as
    ``(seat, action)``, ``made_in`` the engine state of each (latest first, as cells:
    a move adds one), ``logs`` each seat's :class:`InfoLog`.
    """

    engine: Any
    dealing: tuple[int, ...]
    deals: tuple[tuple[Any, Any], ...]
    actions: tuple[tuple[int, int], ...]
    made_in: MadeIn | None
    logs: tuple[InfoLog, ...]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Progress:
        return self


class SkullGame(pyspiel.Game):  # type: ignore[misc]
    """A skullgames game as a pyspiel game; made by ``pyspiel.load_game``."""

    def __init__(self, params: dict[str, Any], *, game: Game[Any, Any, Any, Any]) -> None:
        params = dict(params)
        reward = params.pop("reward", REWARDS[0])
        config = config_from(game, params)
        setup = _setup(game.name, config)
        if not isinstance(reward, str):
            raise ConfigError(f"reward: one of {', '.join(map(repr, REWARDS))}, "
                              f"not {reward!r}")
        self.rewards = rewards = rewards_for(reward, game, config)
        lowest, highest = rewards.bounds
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.space.size,
            max_chance_outcomes=len(setup.deck),
            num_players=config.players,
            min_utility=float(lowest),
            max_utility=float(highest),
            max_game_length=max_moves(game, config),
        )
        # Every parameter in its canonical form, as in force (Skull Queen's rounds as
        # many as players, not 0): the game's string shows them and reads them back.
        super().__init__(game_type(game), info, {**canonical(config, game), "reward": reward})
        self.skullgames_game = game
        self.config = config

    def new_initial_state(self) -> SkullState:
        """The state before the first deal."""
        return SkullState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> _Observer:
        """An observer: perfect recall gives the information state, else the observation.

        The game offers a seat's own view: public information and the seat's private
        information (``pyspiel.PrivateInfoType.SINGLE_PLAYER``), with or without perfect
        recall; another observation type is a :class:`~skullgames.ConfigError`.
        """
        if params:
            raise ConfigError(f"params: observation parameters are not supported, not "
                              f"{params!r}")
        if iig_obs_type is None:
            return _Observer(_setup(self.skullgames_game.name, self.config), False)
        if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise wrong_type("iig_obs_type", "a pyspiel.IIGObservationType or None",
                             iig_obs_type)
        if (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ConfigError("iig_obs_type: the game offers a seat's own view (public "
                              "information and the seat's private information, with or "
                              f"without perfect recall), not {_described(iig_obs_type)}")
        return _Observer(_setup(self.skullgames_game.name, self.config),
                         iig_obs_type.perfect_recall)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as pyspiel's own games are: by its short name and parameters."""
        return (_load_game, (self.get_type().short_name, self.get_parameters()))


def _load_game(name: str, params: dict[str, Any]) -> pyspiel.Game:
    """The game a pickle names (see :meth:`SkullGame.__reduce__`).

    Importing this module registers the registry's games with pyspiel first.
    """
    return pyspiel.load_game(name, params)


_PRIVATE_INFO: dict[Any, str] = {
    pyspiel.PrivateInfoType.NONE: "no private information",
    pyspiel.PrivateInfoType.SINGLE_PLAYER: "the seat's private information",
    pyspiel.PrivateInfoType.ALL_PLAYERS: "every seat's private information",
}


def _described(obs_type: pyspiel.IIGObservationType) -> str:
    """An observation type in words: what it shows, and whether it remembers."""
    public = "public information" if obs_type.public_info else "no public information"
    private = _PRIVATE_INFO.get(obs_type.private_info, str(obs_type.private_info))
    recall = "with" if obs_type.perfect_recall else "without"
    return f"{public} and {private}, {recall} perfect recall"


class SkullState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the engine's state, and the deal under way card by card."""

    def __init__(self, game: SkullGame) -> None:
        super().__init__(game)
        self._setup = setup = _setup(game.skullgames_game.name, game.config)
        engine = setup.game.new_game(setup.config, auto_deal=False)
        self._progress = _Progress(engine, (), (), (), None,
                                   (InfoLog(),) * setup.config.players)
        self._rewards = game.rewards

    @property
    def engine(self) -> Any:
        """The skullgames state (waiting for its deal while chance deals the cards)."""
        return self._progress.engine

    def current_player(self) -> int:
        """The seat to move, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        setup = self._setup
        engine = self._progress.engine
        seat: int | None = setup.game.current_player(engine)
        if seat is not None:
            return seat
        if setup.game.is_over(engine):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._setup.space.legal_indices(self._progress.engine))

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the player to move, or of ``player``: none unless it moves.

        As OpenSpiel's own games answer: ``legal_actions(0)`` at a chance node is ``[]``,
        and ``legal_actions(pyspiel.PlayerId.CHANCE)`` there the chance outcomes.
        """
        if player is not None and player != self.current_player():
            return []
        actions: list[int] = (super().legal_actions() if player is None
                              else super().legal_actions(player))
        return actions

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """:meth:`legal_actions` as flags; all 0 for a player that is not to move."""
        if player is None or player == self.current_player():
            mask: list[int] = (super().legal_actions_mask() if player is None
                               else super().legal_actions_mask(player))
            return mask
        setup = self._setup
        return [0] * (len(setup.deck) if player == pyspiel.PlayerId.CHANCE
                      else setup.space.size)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards still undealt, by the deck position of their first copy.

        Anywhere but at a chance node it raises :class:`~skullgames.IllegalMoveError`,
        which is also a ``pyspiel.SpielError``, as OpenSpiel's own games fail there.
        """
        if not self.is_chance_node():
            raise _NotChanceError(f"chance_outcomes() at a node of player "
                                  f"{self.current_player()}: only a chance node has them")
        dealing = self._progress.dealing
        setup = self._setup
        total = len(setup.deck) - len(dealing)
        if not dealing:
            return [(action, n / total) for action, n in setup.copies.items()]
        dealt = Counter(dealing)
        return [(action, (n - dealt[action]) / total) for action, n in setup.copies.items()
                if n > dealt[action]]

    def _apply_action(self, action: int) -> None:
        progress = self._progress
        setup = self._setup
        game = setup.game
        engine = progress.engine
        seat = game.current_player(engine)
        if seat is None:
            self._progress = self._deal(progress, setup, action)
            return
        move = setup.space.move(action)
        after = game.apply(engine, move)  # raises IllegalMoveError before any change
        logs = list(progress.logs)
        logs[seat] = logs[seat].seen(game.observe(engine, seat))
        self._progress = _Progress(after, progress.dealing, progress.deals,
                                   (*progress.actions, (seat, int(action))),
                                   (engine, progress.made_in), tuple(logs))

    def _deal(self, progress: _Progress, setup: _Setup, action: int) -> _Progress:
        if setup.game.is_over(progress.engine):
            raise IllegalMoveError("the game is over")
        if progress.dealing.count(action) >= setup.copies.get(action, 0):
            raise IllegalMoveError(f"chance outcome {action} is no undealt card "
                                   f"(the outcomes are {[a for a, _ in self.chance_outcomes()]})")
        dealing = (*progress.dealing, int(action))
        plan = setup.plans[len(progress.deals)]
        if len(dealing) < plan.cards:
            return _Progress(progress.engine, dealing, progress.deals, progress.actions,
                             progress.made_in, progress.logs)
        deal = plan.make([setup.deck[i] for i in dealing])
        return _Progress(setup.game.apply(progress.engine, deal), (),
                         (*progress.deals, (progress.engine, deal)), progress.actions,
                         progress.made_in, progress.logs)

    def _action_to_string(self, player: int, action: int) -> str:
        setup = self._setup
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < len(setup.deck):
                raise IllegalMoveError(f"chance outcome {action} is out of range "
                                       f"0..{len(setup.deck) - 1}")
            return f"deal {setup.deck[action]}"
        return str(setup.space.move(action))

    def is_terminal(self) -> bool:
        """True once the last round has been scored."""
        setup = self._setup
        return bool(setup.game.is_over(self._progress.engine))

    def returns(self) -> list[float]:
        """At the end, the game's ``reward`` parameter of the final scores; zeros before.

        ``"points"`` the final scores, ``"scaled"`` the scores over the game's largest
        total spread over its rounds, ``"result"`` +1 shared by the winners and -1 to
        the others (as the other adapters' rewards add up to).
        """
        setup = self._setup
        engine = self._progress.engine
        if not setup.game.is_over(engine):
            return [0.0] * setup.config.players
        return list(self._rewards.returns(engine))

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> SkullState:
        """A new state that ``player_id`` cannot tell from this one, for search.

        Its hidden cards and moves are drawn with a ``random.Random`` seeded by
        ``probability_sampler()`` (a ``pyspiel.UniformProbabilitySampler``): see
        :func:`skullgames.rl.openspiel.resample`, and
        :func:`skullgames.rl.openspiel.resampler` for seeded searches.
        """
        seed = int(probability_sampler() * (MAX_SAFE_INTEGER + 1))
        return resample(self, player_id, random.Random(seed))

    def __str__(self) -> str:
        progress = self._progress
        engine = progress.engine
        text = " ".join(f"{name}={render(getattr(engine, name))}"
                        for name in field_names(type(engine))
                        if name not in ("config", "log", "seed", "auto_deal"))
        if progress.dealing:
            setup = self._setup
            text += " dealing=" + render(tuple(setup.deck[i] for i in progress.dealing))
        return text


class _NotChanceError(IllegalMoveError, pyspiel.SpielError):  # type: ignore[misc]
    """A chance question asked of a player's node: the library's error, and OpenSpiel's."""


class _Observer:
    """A pyspiel observer: a seat's observation, or its information state."""

    def __init__(self, setup: _Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        sizes = {"observation": setup.observation_size}
        if perfect_recall:
            sizes["history"] = setup.history.size
        self.tensor = np.zeros(sum(sizes.values()), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, size in sizes.items():
            self.dict[name] = self.tensor[start:start + size]
            start += size

    def set_from(self, state: SkullState, player: int) -> None:
        """Write ``player``'s view of ``state`` into :attr:`tensor`."""
        setup = self.setup
        progress = state._progress
        seen = setup.game.observe(progress.engine, player)
        self.tensor.fill(0)
        self.dict["observation"][:] = encode(seen)
        if self.perfect_recall:
            game = setup.game
            # What the seat saw of each deal and move: the game's observe_move says.
            dealt = [game.observe_move(before, deal, player).cards
                     for before, deal in progress.deals]
            move = setup.space.move
            hidden = hidden_positions(game.observe_move, game.HiddenMove, progress.made_in,
                                      [move(a) for _, a in progress.actions], player,
                                      progress.engine)
            setup.history.write(self.dict["history"], player, dealt, progress.actions, hidden)

    def string_from(self, state: SkullState, player: int) -> str:
        """``player``'s view of ``state`` as text."""
        progress = state._progress
        seen = self.setup.game.observe(progress.engine, player)
        if self.perfect_recall:
            return progress.logs[player].key(seen)
        return render_observation(seen, _CURRENT_ROUND_SKIPPED)


@functools.cache
def game_class(game: Game[Any, Any, Any, Any]) -> type[SkullGame]:
    """The pyspiel game class of a game's entry, which ``pyspiel.register_game`` takes.

    Made once per entry: ``SkullKingGame`` for Skull King, ``cls(params)`` its game.
    """
    def __init__(self: SkullGame, params: dict[str, Any] | None = None) -> None:
        SkullGame.__init__(self, params or {}, game=game)

    name = re.sub(r"[^A-Za-z0-9]", "", game.title.title()) + "Game"
    return type(name, (SkullGame,), {
        "__init__": __init__, "__module__": __name__, "__qualname__": name,
        "__doc__": f"{game.title} as a pyspiel game: "
                   f"``pyspiel.load_game({short_name(game)!r}, params)``."})
