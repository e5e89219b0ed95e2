"""Reinforcement learning and search: tensors and environments (extra ``skullgames[rl]``).

- :func:`encode` turns an observation into a float32 vector of
  :func:`observation_size` values, laid out as :func:`observation_layout` says;
- :mod:`skullgames.rl.pettingzoo` is a PettingZoo AEC environment of every seat;
- importing this package registers the Gymnasium environments
  ``skullgames/SkullKing-v0`` and ``skullgames/SkullQueen-v0`` (one learning seat, the
  others played by the library's bots; :mod:`skullgames.rl.gymnasium`).

The numbering of the moves is in the core: ``GAMES[name].action_space(config)``.
"""

try:
    import gymnasium as _gymnasium  # noqa: F401
    import numpy as _numpy  # noqa: F401
except ImportError as error:  # pragma: no cover - tested in a subprocess
    raise ImportError(
        f"skullgames.rl needs numpy and gymnasium ({error.name} is missing): "
        "pip install skullgames[rl]"
    ) from error

from skullgames.plugins.rl import Field
from skullgames.rl.gymnasium import register_environments
from skullgames.rl.tensors import encode, observation_layout, observation_size

register_environments()

__all__ = ["Field", "encode", "observation_layout", "observation_size"]
