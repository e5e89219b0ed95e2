"""Which build of skullgames is running: the compiled engine (mypyc) or pure Python.

Both builds come from the same source. ``SKULLGAMES_MYPYC=1 pip install .`` compiles the
modules of :data:`ENGINE_MODULES` and :data:`BOT_MODULES` (together
:data:`COMPILED_MODULES`) to C extensions with mypyc (the build hook, ``hatch_build.py``,
reads the two lists from this file); a plain ``pip install .`` installs them as Python.
:data:`skullgames.COMPILED` says which one is running.

What the source does for the compiled build, in both builds:

- Public functions and constructors declare their real types. mypyc checks (and
  converts) a typed argument before the body runs and refuses one of the wrong Python
  type with a ``TypeError`` of its own ("int object expected; got str"); in the pure
  build the body's own check raises a ``TypeError`` saying what was expected. Such a check
  is dead code in the compiled build, so it is kept cheap (``type(x) is ...``), or on the
  error path only, as :func:`skullgames.king.apply` does. A value of the right type but
  wrong (``Bid(-1)`` played, a card's text that names no card, an illegal move) reaches
  the body in both builds and gets the library's error, with the same message.
- mypyc reads ``True`` as the int 1 for a parameter typed ``int``. A whole number that
  must not be a bool is typed :data:`skullgames._checks.Whole` (``int | bool``, which a
  type checker reads as ``int``): mypyc then passes the argument on as it was given, and
  the body's check refuses ``Bid(True)`` in both builds with the same message. The check
  comes before any test that narrows the value (``x is None`` on an ``int | None``):
  there mypy narrows it to ``int``, and from then on the compiled build holds the int 1.
- Values from outside are read as the objects they are (``getattr`` on a look-alike
  move, :func:`skullgames._checks.items_of` for the cards of a deal) until checked: a
  loop or a field typed ``Card`` would be checked by mypyc before the check that says
  what is wrong.
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

__all__ = ["BOT_MODULES", "COMPILED_MODULES", "ENGINE_MODULES", "compiled_modules",
           "is_compiled"]

ENGINE_MODULES: tuple[str, ...] = (
    "skullgames._checks",
    "skullgames._json",
    "skullgames._outcome",
    "skullgames._records",
    "skullgames._replay",
    "skullgames._shuffle",
    "skullgames.errors",
    "skullgames.history",
    "skullgames.king.actions",
    "skullgames.king.cards",
    "skullgames.king.game",
    "skullgames.king.moves",
    "skullgames.king.observation",
    "skullgames.king.rules",
    "skullgames.king.scoring",
    "skullgames.king.state",
    "skullgames.king.tricks",
    "skullgames.queen.actions",
    "skullgames.queen.cards",
    "skullgames.queen.game",
    "skullgames.queen.moves",
    "skullgames.queen.observation",
    "skullgames.queen.planks",
    "skullgames.queen.rules",
    "skullgames.queen.scoring",
    "skullgames.queen.state",
    "skullgames.queen.tricks",
)
"""The modules the compiled build compiles: the rules, the records and the engine's verbs.

The cards and the moves are native classes too. The modules that declare values users
build with converters (configs, hidden moves) stay Python in both builds: mypyc checks a
class attribute's value against its annotation, and an attrs field with a converter is
declared by a value of another type.
"""


BOT_MODULES: tuple[str, ...] = (
    "skullgames.bots._base",
    "skullgames.bots._pickled",
    "skullgames.bots._draws",
    "skullgames.bots._dealing",
    "skullgames.bots.search",
    "skullgames.bots.expert",
    "skullgames.bots.king",
    "skullgames.bots.king_expert",
    "skullgames.bots.queen",
    "skullgames.bots.queen_expert",
    "skullgames.bots.queen_rollout",
    "skullgames.bots.king_rollout",
)
"""The bots' modules the compiled build compiles: the searches, the rules of thumb their
rollouts play, the sampling of worlds and the likelihood models.

One name a line: a bot module joins the compiled build by a line here (the build hook
reads this tuple as it reads :data:`ENGINE_MODULES`). The classes users subclass (the
searches, the bots) are marked ``mypyc_attr(allow_interpreted_subclasses=True)``. The
tables of bots by name (``king_bots``, ``queen_bots``) stay Python: nothing runs there.
Skull King's rollouts (``king_rollout``) joined them once a call that mypyc 2.4 compiled
into a release too early was rewritten (``docs/contributing.md``;
``tests/builds/test_rollouts_keep_memory.py``).
"""

COMPILED_MODULES: tuple[str, ...] = ENGINE_MODULES + BOT_MODULES
"""Every module the compiled build compiles: :data:`ENGINE_MODULES`, then :data:`BOT_MODULES`."""


def compiled_modules() -> tuple[str, ...]:
    """The modules of :data:`COMPILED_MODULES` that were loaded from C extensions."""
    return tuple(
        name for name in COMPILED_MODULES
        if str(getattr(importlib.import_module(name), "__file__", "")).endswith(
            tuple(EXTENSION_SUFFIXES))
    )


def is_compiled() -> bool:
    """Whether skullgames runs compiled: every module of :data:`COMPILED_MODULES` is.

    A mixture (some compiled, some not) is a broken install, and raises ``ImportError``.
    """
    compiled = compiled_modules()
    if compiled and len(compiled) != len(COMPILED_MODULES):
        missing = sorted(set(COMPILED_MODULES) - set(compiled))
        raise ImportError(f"skullgames is partly compiled: {', '.join(missing)} are not; "
                          f"reinstall it (pip install --force-reinstall skullgames)")
    return bool(compiled)
