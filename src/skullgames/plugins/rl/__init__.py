"""Building blocks of a game's reinforcement-learning parts: its tensor encoder and steps.

A game's entry names two optional parts for the adapters of :mod:`skullgames.rl`
(Gymnasium, PettingZoo, the tensors): ``rl_encoder``, ``encoder(config)`` giving a
:class:`GroupEncoder`, which lays out the observation tensor in :class:`Field` slices
and writes it; and ``rl_steps``, ``steps(encoder, table)`` giving a :class:`Steps`, which
writes what a move changed into the :class:`Table` of every seat's tensors (the
PettingZoo environment's). An adapter that needs a part the game lacks refuses the game
in one line. This module needs numpy (the ``rl`` extra), as the
tensors are numpy arrays.

Public names (stable, as the rest of the API):

- the layout: :class:`Field`, :class:`Layout`, :data:`Writer`, :class:`Values`,
  :func:`values_of`, :func:`zeros`, and who sees a field: :data:`TABLE`,
  :data:`RELATIVE`, :data:`OWN`, :data:`PRIVATE`;
- the encoder: :class:`GroupEncoder`, :class:`SeatFields` (the per-seat fields that end
  both built-in games' tensors), :func:`running_sums`, :func:`write_copies`;
- the steps: :class:`Table`, :class:`Steps`.
"""

from __future__ import annotations

from skullgames.plugins.rl._layout import (
    OWN,
    PRIVATE,
    RELATIVE,
    TABLE,
    Field,
    GroupEncoder,
    Layout,
    SeatFields,
    Values,
    Writer,
    running_sums,
    values_of,
    write_copies,
    zeros,
)
from skullgames.plugins.rl._table import Steps, Table

__all__ = ["OWN", "PRIVATE", "RELATIVE", "TABLE", "Field", "GroupEncoder", "Layout",
           "SeatFields", "Steps", "Table", "Values", "Writer", "running_sums", "values_of",
           "write_copies", "zeros"]
