"""The bot protocol, in a module of its own so that the registry can name it.

Public as :class:`skullgames.bots.Bot` and :class:`skullgames.bots.BotFactory`.
"""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

__all__ = ["Bot", "BotFactory"]

ObservationT_contra = TypeVar("ObservationT_contra", contravariant=True)
MoveT_co = TypeVar("MoveT_co", covariant=True)


class Bot(Protocol[ObservationT_contra, MoveT_co]):
    """A player: given what its seat sees, it returns one of the legal moves.

    ``Bot[king.Observation, king.Move]`` is a Skull King bot. It is made by a
    :class:`BotFactory` from the ``random.Random`` it draws every random choice from.
    """

    def choose(self, observation: ObservationT_contra) -> MoveT_co:
        """Return one of ``observation.legal_moves``; called only on the bot's turn."""
        ...


class BotFactory(Protocol[ObservationT_contra, MoveT_co]):
    """How every tool makes a bot: called with a ``random.Random``, it returns the bot.

    The one protocol of a bot's making, for the game registry's ``bots``,
    :func:`~skullgames.bots.make_bot`, :func:`~skullgames.simulate`, the match tool and
    the table server (``skullgames serve``): a bot class whose ``__init__`` takes the
    ``random.Random`` (and nothing else it requires) is one, and so is a function. The
    bot draws every random choice from that generator, so a game between bots is fixed
    by the seeds; a bot that never draws still takes it.

    >>> import random
    >>> from skullgames import king
    >>> from skullgames.bots import Bot, BotFactory
    >>> class FirstMove:
    ...     def __init__(self, rng: random.Random) -> None:
    ...         self.rng = rng
    ...     def choose(self, view: king.Observation) -> king.Move:
    ...         return view.legal_moves[0]
    >>> factory: BotFactory[king.Observation, king.Move] = FirstMove
    >>> bot: Bot[king.Observation, king.Move] = factory(random.Random(1))
    """

    def __call__(self, rng: random.Random, /) -> Bot[ObservationT_contra, MoveT_co]:
        """Make a bot that draws its random choices from ``rng``."""
        ...
