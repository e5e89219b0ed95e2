"""Examples that need an extra: skipped, with the reason, where it is not installed.

A block of a page says ``:skipif: extra_missing("openspiel")``; the docstrings of the
modules in :data:`MODULE_EXTRAS` are marked so by ``conf.py``. Where a module of the extra
cannot be imported, the block is skipped and the build prints why, as the tests of a
missing extra skip. In CI (the ``CI`` environment variable set), which installs every
extra, a skip is an error instead, as it is for the tests (``conftest.py``).
"""

from __future__ import annotations

import importlib.util
import os
import sys

EXTRAS: dict[str, tuple[str, ...]] = {
    "rl": ("numpy", "gymnasium", "pettingzoo", "pyvips"),
    "openspiel": ("numpy", "gymnasium", "pettingzoo", "pyspiel"),
}
"""The modules each extra's examples import, by the extra's name in ``pyproject.toml``."""

MODULE_EXTRAS: dict[str, str] = {
    "skullgames/rl/openspiel/": "openspiel",
    "skullgames/plugins/rl/": "rl",  # its examples import skullgames.rl
    "skullgames/rl/": "rl",
}
"""The extra that the docstring examples of a source folder need, the longest path first."""

_told: set[str] = set()


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def extra_missing(extra: str) -> bool:
    """Whether the examples that need ``extra`` are skipped: one of its modules is missing.

    Prints the reason once per extra; raises ``RuntimeError`` in CI.
    """
    missing = [name for name in EXTRAS[extra] if not _importable(name)]
    if not missing:
        return False
    reason = (f"the examples that need the {extra} extra are skipped: "
              f"{', '.join(missing)} not installed (pip install 'skullgames[{extra}]')")
    if os.environ.get("CI"):
        raise RuntimeError(f"in CI, where every extra is installed, {reason}")
    if extra not in _told:
        _told.add(extra)
        print(f"skipped: {reason}", file=sys.stderr)
    return True


def docstring_extra(source: str) -> str | None:
    """The extra that the docstring examples read from ``source`` (a node's) need."""
    path = source.replace(os.sep, "/")
    for folder, extra in MODULE_EXTRAS.items():
        if folder in path:
            return extra
    return None
