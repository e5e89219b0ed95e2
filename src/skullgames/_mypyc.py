"""What the compiled build (mypyc) is told about a class, in both builds.

:func:`mypyc_attr` is ``mypy_extensions.mypyc_attr`` where that is installed (it comes with
mypy, which compiles the package) and a decorator that changes nothing where it is not:
the pure build never needs it, and the core install does not bring ``mypy_extensions``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

__all__ = ["mypyc_attr"]

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - the pure build without mypy installed
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:  # type: ignore[misc, unused-ignore]
        """Leave the class as it is: only mypyc reads these attributes."""
        return lambda cls: cls
