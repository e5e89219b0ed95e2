"""The shared JSON converter meets a class of an installed game that is not loaded yet.

The shared converter is made for the games registered so far, so that writing or reading
a built-in game's value loads no entry point. A value of an installed game can exist
before its entry point is loaded, though (its package imported directly), and cattrs would
write it as bare attrs fields. So the converter gets one hook factory, below the games'
own hooks: a type that none of them claims, and that names a class of neither skullgames
nor Python nor the library's dependencies, loads the installed games that may own it
(:func:`skullgames._installed.load_owners`), then is written or read by the converter of
the games registered now. A type seen again during its own loading (a plug-in that writes
its values while it is imported) is left to cattrs.
"""

from __future__ import annotations

import sys
import threading
import typing
from collections.abc import Callable
from typing import Any

import cattrs

from skullgames import _installed

__all__ = ["learn_installed_games"]

_OWN = frozenset({"builtins", "skullgames", "attr", "attrs", "cattrs", "typing_extensions",
                  *sys.stdlib_module_names})
"""The top-level packages whose classes no installed game owns."""

_seen = threading.local()


def learn_installed_games(converter: cattrs.Converter,
                          current: Callable[[], cattrs.Converter]) -> None:
    """Give ``converter`` the hooks that load an installed game's classes when first met.

    ``current()`` is the shared converter of the games registered now. Register this
    before the games' own hooks, which are asked first.
    """
    def unstructure(cls: Any) -> Any:
        return _learn(cls, converter, current, lambda now: now.get_unstructure_hook(cls))

    def structure(cls: Any) -> Any:
        return _learn(cls, converter, current, lambda now: now.get_structure_hook(cls))

    converter.register_unstructure_hook_factory(_unknown, unstructure)
    converter.register_structure_hook_factory(_unknown, structure)


def _unknown(cls: Any) -> bool:
    """Whether ``cls`` names a class that an installed game not loaded yet may own."""
    return cls not in _types_seen() and bool(_modules(cls)) and _installed.pending()


def _learn(cls: Any, converter: cattrs.Converter, current: Callable[[], cattrs.Converter],
           hook: Callable[[cattrs.Converter], Any]) -> Any:
    """The hook of ``cls`` of the converter now, once the games that may own it are loaded.

    While it is found, ``cls`` is no longer unknown: the converter now (a new one, or
    ``converter`` when nothing was loaded) gives it its games' hook, or cattrs' own.
    """
    now = current()
    if not _installed.pending() or now is not converter:
        return hook(now)  # a game was loaded since ``converter`` was made: ``now`` knows
    seen = _types_seen()
    seen.add(cls)
    try:
        _installed.load_owners(_modules(cls))
        return hook(current())
    finally:
        seen.discard(cls)


def _types_seen() -> set[Any]:
    seen: set[Any] | None = getattr(_seen, "types", None)
    if seen is None:
        seen = _seen.types = set()
    return seen


def _modules(cls: Any) -> set[str]:
    """The modules of the classes ``cls`` names (itself, its arguments), but for :data:`_OWN`."""
    found: set[str] = set()
    stack = [cls]
    while stack:
        each = stack.pop()
        for kind in (each, typing.get_origin(each)):
            if isinstance(kind, type):
                module = getattr(kind, "__module__", None) or "builtins"
                if module.partition(".")[0] not in _OWN:
                    found.add(module)
        stack.extend(typing.get_args(each))
    return found
