"""What the engine's records share: their field names, their ``repr``, a changed copy.

An engine record (a trick result, a score, an observation) is a plain class that mypyc
compiles to a native class: ``__slots__``, each field annotated ``Final`` and stored by
an explicit ``__init__``, and ``_FIELDS`` naming the fields in order (the constructor's
parameters), as the states do. Its ``__eq__``, ``__hash__`` and ``__reduce__`` compare,
hash and pickle the same tuple of values, so both builds behave alike; attrs classes (the
values users build) answer the same questions through attrs.

>>> from skullgames.king import Play, card, resolve_trick
>>> bonus = resolve_trick([(0, Play(card("B14"))), (1, Play(card("B2")))]).bonus_items[0]
>>> field_names(type(bonus))
('kind', 'card', 'points')
>>> replace(bonus, points=30)
Bonus(kind=<BonusKind.BLACK_FOURTEEN: 'black_fourteen'>, card=card('B14'), points=30)
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

__all__ = ["Record", "Values", "field_names", "record_repr", "replace"]

R = TypeVar("R")

Values = tuple[object, ...]
"""What a record's ``_values()`` gives: its fields' values in order, as a plain tuple.

Typed as a tuple of objects on purpose. mypyc compiles ``==`` between two tuples of a
fixed shape (``tuple[Card, int]``) item by item, and ``==`` between two objects of a class
it sees no ``__eq__`` in (an attrs class such as a card or a config) as identity: a record
holding an equal copy of a card would compare unequal in the compiled build. A tuple of
objects is compared as Python compares tuples.
"""


class Record:
    """The base of the engine's records: equality, hashing, ``repr`` and pickling by value.

    A record gives its fields' values in order through ``_values()``: two records are
    equal when they are of the same class with equal values, a record hashes and pickles
    as those values, and its ``repr`` names them by ``_FIELDS``.
    """

    __slots__ = ()

    def _values(self) -> Values:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return record_repr(self, self._values())

    def __reduce__(self) -> tuple[type[Record], Values]:
        return (type(self), self._values())


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of a record class, or of an attrs class, in order."""
    if attrs.has(cls):
        return tuple(f.name for f in attrs.fields(cls))
    names: tuple[str, ...] = cls._FIELDS  # type: ignore[attr-defined]
    return names


def record_repr(record: object, values: tuple[object, ...]) -> str:
    """``Name(field=value!r, ...)``, as attrs writes it, for a record and its values."""
    cls = type(record)
    return f"{cls.__name__}(" + ", ".join(
        f"{name}={value!r}" for name, value in zip(field_names(cls), values, strict=True)
    ) + ")"


def replace(record: R, **changes: Any) -> R:
    """A copy of ``record`` with the fields in ``changes`` changed (as ``attrs.evolve``).

    Built by the record's class, so its constructor checks what it checks; a name that is
    not a field is a ``TypeError``.
    """
    cls: Any = type(record)
    names = field_names(cls)
    unknown = set(changes) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    changed: R = cls(**{name: changes[name] if name in changes else getattr(record, name)
                        for name in names})
    return changed
