"""Skull Jack dealt by OpenSpiel from its deck reversed: a game's deck is its ``Dealing``'s.

:data:`DEALING` is Skull Jack's OpenSpiel part with another :attr:`Dealing.deck` than the
config's own ``deck`` order, so a tool that read ``config.deck`` instead of asking the
game's part deals other cards than the game says (issue 36).
"""

from __future__ import annotations

from typing import Any

import attrs
from skull_jack.openspiel import DEALING as JACK_DEALING

__all__ = ["DEALING"]


def reversed_deck(config: Any) -> tuple[Any, ...]:
    """The config's deck, last card first."""
    return tuple(reversed(config.deck))


DEALING = attrs.evolve(JACK_DEALING, deck=reversed_deck)
"""Skull Jack's OpenSpiel deal, from its deck reversed."""
