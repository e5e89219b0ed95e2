"""The old names of renamed things, kept for one release: each use warns.

Both games renamed some names so that they say the same thing the same way (see the
changelog). A module keeps an old name through :func:`module_getattr`; a class keeps an
old attribute as a property that calls :func:`warn_renamed`. Each warns with a
:class:`DeprecationWarning` naming the new name.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["module_getattr", "warn_renamed"]


def warn_renamed(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated in favour of ``new``."""
    warnings.warn(f"{old} is deprecated: use {new} (the old name goes in the next release)",
                  DeprecationWarning, stacklevel=stacklevel)


def module_getattr(module: str, renamed: Mapping[str, tuple[str, Callable[[], Any]]]
                   ) -> Callable[[str], Any]:
    """A module ``__getattr__`` that gives each old name of ``renamed``, warning.

    ``renamed`` maps an old name to its new name and a function that returns the value
    (called when the old name is read, so it may name what the module defines later).
    """

    def __getattr__(name: str) -> Any:
        if name in renamed:
            new, value = renamed[name]
            warn_renamed(f"{module}.{name}", f"{module}.{new}")
            return value()
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
