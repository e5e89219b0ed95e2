"""Fast construction of the engines' frozen state classes.

attrs' frozen ``__init__`` must store each field with ``object.__setattr__``, because the
class's own ``__setattr__`` refuses; in CPython that call costs several times a plain
attribute store, and a game state has many fields and is built once per move. So a hot
frozen class is declared as a subclass of a plain slotted class that holds its fields,
and :func:`fast_constructor` builds it by filling an instance of that plain base with
ordinary stores and then giving the instance the frozen class. The result is the same
object in every way as one built by the frozen class's ``__init__`` (the tests compare
them); about a third of the cost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import attrs

T = TypeVar("T")
P = ParamSpec("P")


def fast_constructor(cls: Callable[P, T]) -> Callable[P, T]:
    """Return ``make(*fields)``, equivalent to ``cls(*fields)``, with the same signature.

    Typed as ``cls`` itself is called, so mypy checks the number, names and types of the
    arguments of every call.

    ``cls`` must be a frozen attrs class whose direct base is a mutable slotted attrs
    class that declares every field, with no defaults that run code, converters,
    validators or ``__attrs_post_init__``; ``cls`` itself adds no fields.
    """
    klass: Any = cls
    base = klass.__bases__[0]
    fields = attrs.fields(klass)
    if len(klass.__bases__) != 1 or list(attrs.fields_dict(base)) != [
            f.name for f in fields] or klass.__dict__.get("__slots__", ()):
        raise TypeError(f"{klass.__name__} must add no fields to its one plain base class")
    if hasattr(base, "__attrs_post_init__") or any(
            f.converter is not None or f.validator is not None
            or isinstance(f.default, attrs.Factory)  # type: ignore[arg-type]
            for f in fields):
        raise TypeError(f"{klass.__name__}: no converters, validators, factories or post-init")
    # Generated like attrs' own __init__, but in one frame: a bare instance of the base,
    # one plain slot store per field, then the frozen class. Parameters are the fields'
    # aliases, which never start with "_", so the function's own names do.
    namespace: dict[str, Any] = {"_new": object.__new__, "_base": base, "_cls": cls}
    parameters = []
    for i, f in enumerate(fields):
        if f.default is attrs.NOTHING:
            parameters.append(f.alias)
        else:
            namespace[f"_default_{i}"] = f.default
            parameters.append(f"{f.alias}=_default_{i}")
    stores = "".join(f"    _self.{f.name} = {f.alias}\n" for f in fields)
    exec(
        f"def make({', '.join(parameters)}):\n"
        f"    _self = _new(_base)\n{stores}    _self.__class__ = _cls\n    return _self\n",
        namespace,
    )
    make: Callable[P, T] = namespace["make"]
    make.__doc__ = f"Build a {klass.__name__} from all its fields in order, fast."
    return make
