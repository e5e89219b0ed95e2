"""The base of the bots' classes: an instance pickles and copies in both builds."""

from __future__ import annotations

from typing import Any, SupportsIndex

from skullgames._mypyc import mypyc_attr

__all__ = ["Pickled"]


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Pickled:
    """Pickled by class and state at every protocol, as protocol 2 does.

    Protocols 0 and 1 cannot make an instance of a native class (the compiled build's),
    and :func:`copy.copy` and :func:`copy.deepcopy` ask for protocol 4 through the same
    method, so a bot, a Gymnasium environment holding bots, or a process pool's copy of
    either works the same in both builds.
    """

    __slots__ = ()

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        """Reduce as :class:`object` does at protocol 2 or above."""
        return object.__reduce_ex__(self, max(2, int(protocol)))
