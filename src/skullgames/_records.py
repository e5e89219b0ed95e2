"""How the engine declares its records: each field once, in the class body.

A record (a move, a trick result, a score, a state, an observation) is a class decorated
with :func:`~skullgames._record_class.record` whose fields are its annotated names, as in
a dataclass::

    @record
    class Pending(Record):
        pirate: Pirate
        seat: int
        drawn: int = 0

The decorator gives it a constructor (keyword-only unless ``kw_only=False``), the slots
of its fields, ``_FIELDS`` (the constructor's parameters in order) and ``_values()``, and
makes its instances refuse assignment and deletion. :class:`Record` compares, hashes,
prints and pickles a record by those values.

The two builds get the same classes by two routes (``docs/contributing.md``):

- **Pure Python**: ``record`` builds the class when the module is imported, as attrs
  does: the constructor is generated code that fills a private twin of the class (the
  same slots, ordinary assignment) and then turns the instance into the class itself,
  which refuses assignment. A frozen class that stored through ``object.__setattr__``
  would pay that call for every field.
- **Compiled (mypyc)**: the build expands every ``@record`` class into the explicit form
  mypyc compiles to a native class (``Final`` fields, ``__slots__``, a typed
  ``__init__``, ``_values``; ``build_records.py`` at the root of the repository), where
  the native class refuses assignment itself.

>>> from skullgames.king import Play, card, resolve_trick
>>> bonus = resolve_trick([(0, Play(card("B14"))), (1, Play(card("B2")))]).bonus_items[0]
>>> field_names(type(bonus))
('kind', 'card', 'points')
>>> replace(bonus, points=30)
Bonus(kind=<BonusKind.BLACK_FOURTEEN: 'black_fourteen'>, card=card('B14'), points=30)
>>> bonus.points = 30
Traceback (most recent call last):
...
AttributeError: attribute 'points' of 'Bonus' objects is not writable
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["Record", "Values", "field_names", "rebuild", "record_repr", "replace"]

R = TypeVar("R")

Values = tuple[object, ...]
"""What a record's ``_values()`` gives: its fields' values in order, as a plain tuple.

Typed as a tuple of objects on purpose. mypyc compiles ``==`` between two tuples of a
fixed shape (``tuple[Card, int]``) item by item, and ``==`` between two objects of a class
it sees no ``__eq__`` in (an attrs class such as a config) as identity: a record holding
an equal copy of a config would compare unequal in the compiled build. A tuple of objects
is compared as Python compares tuples.
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

    def __reduce__(self) -> tuple[Callable[[type, Values], object], tuple[type, Values]]:
        return (rebuild, (type(self), self._values()))


def rebuild(cls: type, values: Values) -> object:
    """A record of class ``cls`` from its values in order (what pickles and copies call)."""
    built: object = cls(**dict(zip(field_names(cls), values, strict=True)))
    return built


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of a record class, or of an attrs class, in order."""
    if attrs.has(cls):
        return tuple(f.name for f in attrs.fields(cls))
    names: tuple[str, ...] = getattr(cls, "_FIELDS")  # noqa: B009 - set by @record
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
