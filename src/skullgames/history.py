"""The moves of a game as a persistent list, shared by both games' states."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, TypeAlias

from skullgames._mypyc import mypyc_attr

__all__ = ["LogCell", "Logged", "MoveLog", "cells_of", "log_of", "moves_of"]

# The cell's second item is a LogCell or None; the recursive alias says so, but mypyc
# (the compiled build) cannot read a recursive alias.
LogCell: TypeAlias = tuple[Any, Any]
"""One cell of a persistent move list: ``(move, previous cell)``, ``None`` ending the list.

A :class:`MoveLog` is such a cell with the list's methods; a state may keep plain tuples,
which cost less to make, and give a :class:`MoveLog` of them when asked.
"""


def moves_of(cell: LogCell | None) -> tuple[Any, ...]:
    """The moves of the list that ends with ``cell``, first to last (no recursion).

    >>> from skullgames.history import moves_of
    >>> moves_of(("bid 0", ("bid 1", None)))
    ('bid 1', 'bid 0')
    """
    moves: list[Any] = []
    while cell is not None:
        moves.append(cell[0])
        cell = cell[1]
    moves.reverse()
    return tuple(moves)


def cells_of(moves: Iterable[Any]) -> LogCell | None:
    """The plain cells of ``moves`` (``None`` when there are none); see :func:`moves_of`."""
    cell: LogCell | None = None
    for move in moves:
        cell = (move, cell)
    return cell


@mypyc_attr(native_class=False)  # a tuple: mypyc compiles no subclass of one
class MoveLog(tuple[Any, ...]):
    """The moves of a game as a persistent list: each state adds one cell to its parent's.

    Both games keep their history this way (``State.log``); ``State.history`` is the
    tuple of moves.

    A cell is the pair ``(move, previous cell)``, so appending costs one small tuple and
    keeping every state of a game costs no copies of the history. :meth:`moves` gives
    the moves from the first; equality and hashing compare the moves, without recursion.

    >>> from skullgames.history import MoveLog
    >>> log = MoveLog.of(["bid 1", "bid 0"])
    >>> log.last, log.moves()
    ('bid 0', ('bid 1', 'bid 0'))
    """

    __slots__ = ()

    def __new__(cls, cell: LogCell) -> MoveLog:
        """The log that ends with ``cell``, ``(move, previous cell or None)``."""
        if not (isinstance(cell, tuple) and len(cell) == 2):
            raise TypeError(f"MoveLog takes a cell (move, previous cell or None), not "
                            f"{type(cell).__name__}; MoveLog.of(moves) makes one of moves")
        return tuple.__new__(cls, cell)

    @classmethod
    def of(cls, moves: Iterable[Any]) -> MoveLog | None:
        """A log of ``moves`` (``None`` when there are none)."""
        log: MoveLog | None = None
        for move in moves:
            log = cls((move, log))
        return log

    @property
    def last(self) -> Any:
        """The most recent move."""
        move: Any = self[0]
        return move

    def moves(self) -> tuple[Any, ...]:
        """The moves, first to last."""
        return moves_of(self)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, MoveLog):
            return NotImplemented
        return self.moves() == other.moves()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.moves())

    def __copy__(self) -> MoveLog:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> MoveLog:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_log_of, (self.moves(),))

    def __repr__(self) -> str:
        return f"MoveLog.of({list(self.moves())!r})"


def _log_of(moves: tuple[Any, ...]) -> MoveLog | None:
    return MoveLog.of(moves)


def log_of(cell: LogCell | None) -> MoveLog | None:
    """The :class:`MoveLog` that ends with the plain ``cell`` (``None`` for no moves)."""
    return None if cell is None else MoveLog(cell)


class Logged:
    """A base of both games' states: equality, hashing, ``repr`` and pickling by fields.

    A state's class names its constructor's parameters, in order, in ``_FIELDS``; each
    is readable as an attribute of the same name, ``log`` as the state's
    :class:`MoveLog`. So states compare and hash by their fields, the moves flat (a
    :class:`MoveLog` compares its moves), their ``repr`` leaves out the log, and pickling
    and deep copies keep the moves flat (the cells nest one level a move, deeper than
    pickle and deepcopy recurse in a long game).
    """

    __slots__ = ()
    _FIELDS: ClassVar[tuple[str, ...]] = ("log",)
    """The parameters of the class's constructor, in order; ``log`` among them."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self._FIELDS)

    def __hash__(self) -> int:
        return hash((type(self).__name__, *(getattr(self, name) for name in self._FIELDS)))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}"
                           for name in self._FIELDS if name != "log")
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        values = {name: getattr(self, name) for name in self._FIELDS}
        log: MoveLog | None = values["log"]
        values["log"] = () if log is None else log.moves()
        return (_rebuild, (type(self), values))


def _rebuild(cls: type[Logged], values: dict[str, Any]) -> Logged:
    """A state from :meth:`Logged.__reduce__`'s values (the moves flat)."""
    values["log"] = cells_of(values["log"])
    state: Logged = cls(**values)
    return state
