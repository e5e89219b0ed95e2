"""Observations as fixed-length float32 vectors: :func:`encode` and its layout.

>>> import skullgames.rl as rl
>>> from skullgames import king
>>> config = king.Config(players=4)
>>> view = king.observe(king.new_game(config, seed=7), 1)
>>> vector = rl.encode(view)
>>> vector.dtype, vector.shape == (rl.observation_size("king", config),)
(dtype('float32'), True)
>>> [field.name for field in rl.observation_layout("king", config).values()][:4]
['phase', 'round', 'hand', 'trick']
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import numpy.typing as npt

from skullgames.registry import GAMES, Game
from skullgames.rl._common import game_and_config
from skullgames.rl._king import KingEncoder
from skullgames.rl._king_steps import KingSteps
from skullgames.rl._layout import Field, GroupEncoder
from skullgames.rl._queen import QueenEncoder
from skullgames.rl._queen_steps import QueenSteps
from skullgames.rl._table import Steps, Table

__all__ = ["Field", "encode", "observation_layout", "observation_size"]

# Each game's encoder, by its name in the registry.
_ENCODERS: Mapping[str, Callable[[Any], GroupEncoder]] = {"king": KingEncoder,
                                                          "queen": QueenEncoder}
_STEPS: Mapping[str, Callable[[Any, Table], Steps]] = {"king": KingSteps, "queen": QueenSteps}
_BY_OBSERVATION = {GAMES[name].Observation: name for name in _ENCODERS}


@functools.lru_cache(maxsize=64)
def encoder_for(name: str, config: Any) -> GroupEncoder:
    """The encoder of game ``name`` under ``config`` (for the environments)."""
    return _ENCODERS[name](config)


def steps_for(name: str, encoder: GroupEncoder, table: Table) -> Steps:
    """New steps of game ``name``, writing its moves into ``table`` (for the environments)."""
    return _STEPS[name](encoder, table)


def _game_and_config(game: str | Game[Any, Any, Any, Any], config: Any
                     ) -> tuple[str, Any]:
    entry, config = game_and_config(game, config)
    return entry.name, config


def encode(observation: Any) -> npt.NDArray[Any]:
    """The observation as a float32 vector of :func:`observation_size` values.

    Every value lies in -1..1 (scores) or 0..1 (everything else). The vector is a
    function of the observation alone: two positions that look the same to a seat
    give it the same vector. The fields, in order, are :func:`observation_layout`'s;
    the guide to reinforcement learning lists them for both games.

    >>> import skullgames.rl as rl
    >>> from skullgames import queen
    >>> state = queen.new_game(queen.Config(players=3), seed=1)
    >>> vector = rl.encode(queen.observe(state, 0))
    >>> float(vector.min()) >= -1.0 and float(vector.max()) <= 1.0
    True
    """
    global _last_encoder
    name = _BY_OBSERVATION.get(type(observation))
    if name is None:
        raise TypeError(f"encode takes an observation of a game in skullgames.GAMES, "
                        f"not {type(observation).__name__}")
    config = observation.config
    last_config, encoder = _last_encoder  # one read: another thread may replace it
    if last_config is not config:
        encoder = encoder_for(name, config)
        _last_encoder = (config, encoder)
    vector: npt.NDArray[Any] = encoder.encode(observation)
    return vector


# The config and encoder of the last call: hashing a config to find its encoder costs
# more than a small encoding, and callers encode many observations of one game in a row.
_last_encoder: tuple[Any, Any] = (None, None)


def observation_size(game: str | Game[Any, Any, Any, Any], config: Any = None) -> int:
    """How many values :func:`encode` gives for ``game`` under ``config``.

    ``game`` is a name in ``skullgames.GAMES`` or an entry; ``config`` its ``Config``,
    the standard rules when ``None``.

    >>> import skullgames.rl as rl
    >>> from skullgames import GAMES, king
    >>> rl.observation_size("king", king.Config(players=4)) == rl.observation_size(
    ...     GAMES["king"])
    True
    """
    return encoder_for(*_game_and_config(game, config)).size


def observation_layout(game: str | Game[Any, Any, Any, Any], config: Any = None
                       ) -> Mapping[str, Field]:
    """The fields of :func:`encode`'s vector by name, in order, each with its slice.

    >>> import skullgames.rl as rl
    >>> from skullgames import king
    >>> layout = rl.observation_layout("king", king.Config(players=3))
    >>> layout["phase"].doc
    'one-hot: deal, bid, shot, play, ability, over'
    """
    encoder = encoder_for(*_game_and_config(game, config))
    return MappingProxyType({field.name: field for field in encoder.fields})
