"""The bot protocol, in a module of its own so that the registry can name it.

Public as :class:`skullgames.bots.Bot`.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

__all__ = ["Bot"]

ObservationT_contra = TypeVar("ObservationT_contra", contravariant=True)
MoveT_co = TypeVar("MoveT_co", covariant=True)


class Bot(Protocol[ObservationT_contra, MoveT_co]):
    """A player: given what its seat sees, it returns one of the legal moves.

    ``Bot[king.Observation, king.Move]`` is a Skull King bot. Implementations take a
    ``random.Random`` when they are made and draw every random choice from it.
    """

    def choose(self, observation: ObservationT_contra) -> MoveT_co:
        """Return one of ``observation.legal_moves``; called only on the bot's turn."""
        ...
