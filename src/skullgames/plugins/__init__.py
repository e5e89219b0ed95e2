"""What a game written outside the library builds on: its contract and its building blocks.

A game is a package with a :class:`~skullgames.Game` entry, registered with
:func:`~skullgames.register_game` or through the entry-point group ``skullgames.games``.
Its rules are its own. What the tools (the command line, the server, the pictures, the
simulations, the bots' factory, the learning adapters) may read of its values is declared
here, once, as typed protocols: :class:`GameConfig`, :class:`GameState`,
:class:`GameObservation`, :class:`ScoredRound`, :class:`HiddenMove` (and, for a game with
bids, :class:`BidScore`). No tool reads anything else of a game's values; everything else
a tool needs it asks the entry (its verbs and parts). :func:`check_game` plays a sample
game and names what a game misses; :func:`~skullgames.register_game` calls it.

The parts a game's entry names for the tools are built from these modules, which the
library's own games use too, so that a game's package imports nothing private:

- :mod:`skullgames.plugins.json`: the JSON codecs (``codecs``, ``configure_json``);
- :mod:`skullgames.plugins.cli`: the command line (``cli``);
- :mod:`skullgames.plugins.rl`: the tensor encoder and steps (``rl_encoder``,
  ``rl_steps``; needs numpy, the ``rl`` extra);
- :mod:`skullgames.plugins.openspiel`: the OpenSpiel deal (``openspiel``; needs neither
  OpenSpiel nor numpy).

The protocols live in :mod:`skullgames.plugins.protocols`, the checks in
:mod:`skullgames.plugins.check`; both are imported here. Public names of this module
(stable, as the rest of the API): :class:`GameConfig`,
:class:`GameState`, :class:`GameObservation`, :class:`ScoredRound`, :class:`BidScore`,
:class:`HiddenMove`, :func:`check_game`, :data:`SAMPLE_MOVES`, :func:`document_types`,
:data:`DOCUMENT_KINDS`. Each module above lists its own. Importing this package imports no
game and no tool.

>>> from skullgames import GAMES
>>> from skullgames.plugins import check_game
>>> check_game(GAMES["queen"])
"""

from __future__ import annotations

from skullgames.plugins.check import DOCUMENT_KINDS, SAMPLE_MOVES, check_game, document_types
from skullgames.plugins.protocols import (
    BidScore,
    GameConfig,
    GameObservation,
    GameState,
    HiddenMove,
    ScoredRound,
)

__all__ = ["DOCUMENT_KINDS", "SAMPLE_MOVES", "BidScore", "GameConfig", "GameObservation",
           "GameState", "HiddenMove", "ScoredRound", "check_game", "document_types"]
