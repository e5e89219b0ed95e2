"""What a game written outside the library builds on: public, typed and documented.

A game is a package with a :class:`~skullgames.Game` entry, registered with
:func:`~skullgames.register_game` or through the entry-point group ``skullgames.games``.
Its rules are its own; the parts its entry names for the tools are built from these
modules, which the library's own games use too, so that a game's package imports nothing
private of skullgames:

- :mod:`skullgames.plugins.json`: the JSON codecs (``codecs``, ``configure_json``);
- :mod:`skullgames.plugins.cli`: the command line (``cli``);
- :mod:`skullgames.plugins.rl`: the tensor encoder and steps (``rl_encoder``,
  ``rl_steps``; needs numpy, the ``rl`` extra);
- :mod:`skullgames.plugins.openspiel`: the OpenSpiel deal (``openspiel``; needs neither
  OpenSpiel nor numpy).

Each module lists its public names in its docstring; they have the same stability
promise as the rest of the API. Importing this package imports no game and no tool.
"""

from __future__ import annotations

__all__: list[str] = []
