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
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import numpy.typing as npt

from skullgames.plugins import GameConfig, GameObservation
from skullgames.plugins.rl import Field, GroupEncoder, Steps, Table
from skullgames.registry import GAMES, Game, game_named
from skullgames.rl._common import game_and_config

__all__ = ["Field", "encode", "observation_layout", "observation_size"]

AnyGame = Game[Any, Any, Any, Any]


def encoder_for(game: str | AnyGame, config: GameConfig) -> GroupEncoder:
    """The encoder of ``game`` (a name or an entry) under ``config`` (for the environments).

    Made by the entry's ``rl_encoder`` part, once per entry and config.
    """
    return _encoder_for(game_named(game) if isinstance(game, str) else game, config)


@functools.lru_cache(maxsize=64)
def _encoder_for(game: AnyGame, config: Any) -> GroupEncoder:
    # An entry hashes by identity: one lookup.
    encoder: GroupEncoder = game.part("rl_encoder")(config)
    return encoder


def steps_for(game: AnyGame, encoder: GroupEncoder, table: Table) -> Steps:
    """New steps of ``game`` (an entry), writing its moves into ``table`` (environments)."""
    steps: Steps = game.part("rl_steps")(encoder, table)
    return steps


def _game_of(observation: Any) -> AnyGame | None:
    """The first game of :data:`skullgames.GAMES` whose ``Observation`` this is."""
    kind = type(observation)
    for game in GAMES.values():
        if game.Observation is kind:
            return game
    return None


def encode(observation: GameObservation) -> npt.NDArray[Any]:
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
    kind = type(observation)
    last_kind, last_config, encoder = _last_encoder  # one read: another thread may replace it
    if last_kind is not kind or last_config is not observation.config:
        game = _game_of(observation)
        if game is None:
            raise TypeError(f"encode takes an observation of a game in skullgames.GAMES, "
                            f"not {kind.__name__}")
        config = observation.config
        encoder = _encoder_for(game, config)
        _last_encoder = (kind, config, encoder)
    vector: npt.NDArray[Any] = encoder.encode(observation)
    return vector


# The observation class, config and encoder of the last call: hashing a config to find its
# encoder costs more than a small encoding, and callers encode many observations of one
# game in a row.
_last_encoder: tuple[Any, Any, Any] = (None, None, None)


def observation_size(game: str | Game[Any, Any, Any, Any], config: GameConfig | None = None
                     ) -> int:
    """How many values :func:`encode` gives for ``game`` under ``config``.

    ``game`` is a name in ``skullgames.GAMES`` or an entry; ``config`` its ``Config``,
    the standard rules when ``None``.

    >>> import skullgames.rl as rl
    >>> from skullgames import GAMES, king
    >>> rl.observation_size("king", king.Config(players=4)) == rl.observation_size(
    ...     GAMES["king"])
    True
    """
    return encoder_for(*game_and_config(game, config)).size


def observation_layout(game: str | Game[Any, Any, Any, Any], config: GameConfig | None = None
                       ) -> Mapping[str, Field]:
    """The fields of :func:`encode`'s vector by name, in order, each with its slice.

    >>> import skullgames.rl as rl
    >>> from skullgames import king
    >>> layout = rl.observation_layout("king", king.Config(players=3))
    >>> layout["phase"].doc
    'one-hot: deal, bid, shot, play, ability, over'
    """
    encoder = encoder_for(*game_and_config(game, config))
    return MappingProxyType({field.name: field for field in encoder.fields})
