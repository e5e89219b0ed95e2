"""The decorator that declares a record: :func:`record`, and :func:`field`.

A Python module in both builds: the pure build runs :func:`record` on each record class
when the engine is imported; the compiled build never calls it (``build_records.py``
writes every ``@record`` class out before mypyc compiles it), so the decorator itself need
not compile. See :mod:`skullgames._records`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, TypeVar, overload

from typing_extensions import ParamSpec, dataclass_transform

__all__ = ["constructor", "field", "record", "sealed"]

C = TypeVar("C", bound=type)
P = ParamSpec("P")
T = TypeVar("T")


class _Field:
    """What :func:`field` returns: a field's default and the name of its parameter."""

    __slots__ = ("alias", "default")

    def __init__(self, default: object, alias: str | None) -> None:
        self.default = default
        self.alias = alias


_MISSING: Any = object()


def field(*, default: Any = _MISSING, alias: str | None = None) -> Any:
    """A field with a default and/or a constructor parameter named otherwise (``alias``).

    For a private field read through a property of the public name, such as a state's
    ``_log`` cells, which its constructor takes as ``log``.
    """
    return _Field(default, alias)


@overload
def record(cls: C, /) -> C: ...
@overload
def record(*, kw_only: bool = True) -> Callable[[C], C]: ...
@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(field,))
def record(cls: Any = None, /, *, kw_only: bool = True) -> Any:
    """Make ``cls`` a record: its annotated fields, a constructor, immutable instances.

    The constructor takes the fields by keyword (``kw_only=False``: also by position, in
    order); a field inherited from a record base comes first. See the module docstring.
    """
    def wrap(cls: type) -> type:
        return _build(cls, kw_only)
    return wrap if cls is None else wrap(cls)


def constructor(cls: Callable[P, T]) -> Callable[P, T]:
    """The constructor of the record class ``cls`` as a function, for the engine's hot paths.

    ``new_playing = constructor(Playing)`` at the foot of a module, then
    ``new_playing(setup=..., ...)`` builds a ``Playing`` as ``Playing(setup=..., ...)``
    does, typed the same (keywords checked by mypy). In the pure build it is the
    generated function itself: Python calls a function with keywords without building a
    dict, where calling a class with keywords builds one: the class calls cost 21 % of a
    pure random game of either game (Skull King 14.01 M against 11.54 M instructions;
    ``python benchmarks/instructions.py king HEAD HEAD+benchmarks/tricks/constructor.patch``,
    and ``queen``). The compiled build writes it out as a
    function that calls the class, which mypyc compiles to a direct call
    (``build_records.py``).
    """
    made: Callable[P, T] = getattr(cls, "__record_constructor__")  # noqa: B009
    return made


# -- The pure build's generator -------------------------------------------------------

class _Spec:
    """One field as the generator reads it from a class body."""

    __slots__ = ("default", "name", "param")

    def __init__(self, name: str, param: str, default: object) -> None:
        self.name = name
        self.param = param
        self.default = default


def _is_class_var(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar", "Final", "typing.Final"))


def _own_specs(cls: type) -> list[_Spec]:
    specs = []
    for name, annotation in inspect.get_annotations(cls).items():
        if _is_class_var(annotation):
            continue
        value = cls.__dict__.get(name, _MISSING)
        if isinstance(value, _Field):
            specs.append(_Spec(name, value.alias or name, value.default))
        else:
            specs.append(_Spec(name, name, value))
    return specs


def _inherited_specs(cls: type) -> list[_Spec]:
    specs: list[_Spec] = []
    for base in reversed(cls.__mro__[1:]):
        for spec in base.__dict__.get("__record_specs__", ()):
            specs = [s for s in specs if s.name != spec.name] + [spec]
    return specs


def _refuse_assignment(self: object, name: str, value: object = None) -> None:
    raise AttributeError(f"attribute {name!r} of {type(self).__name__!r} objects is not "
                         f"writable")


def _build(cls: type, kw_only: bool) -> type:
    own = _own_specs(cls)
    own_names = {spec.name for spec in own}
    specs = [s for s in _inherited_specs(cls) if s.name not in own_names] + own
    namespace = {key: value for key, value in cls.__dict__.items()
                 if key not in own_names and key not in ("__dict__", "__weakref__")}
    namespace["__slots__"] = tuple(spec.name for spec in own)
    namespace["__record_specs__"] = tuple(own)
    namespace["__record__"] = "record"  # what made the class (tests/test_build_records.py)
    namespace["_FIELDS"] = tuple(spec.param for spec in specs)
    namespace["__setattr__"] = _refuse_assignment
    namespace["__delattr__"] = _refuse_assignment
    built = type(cls)(cls.__name__, cls.__bases__, namespace)
    built.__qualname__ = cls.__qualname__
    # The twin allocates through ``type.__call__`` with no arguments: ``object.__new__``
    # and ``object.__init__`` in C, cheaper than calling ``object.__new__(twin)`` from
    # Python (benchmarks/README.md, "The pure build's record constructors").
    twin = type(cls)(f"_{cls.__name__}Filling", (built,), {
        "__slots__": (), "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__, "__init__": object.__init__})
    built.__init__, built.__record_constructor__ = _constructor(  # type: ignore[misc,attr-defined]
        built, twin, specs, kw_only)
    built._values = _values_getter(specs)  # type: ignore[attr-defined]
    return built


def _constructor(cls: type, twin: type, specs: list[_Spec], kw_only: bool) -> tuple[Any, Any]:
    """``cls.__init__`` and the constructor as a function (see :func:`constructor`).

    The function fills a new instance of the twin (ordinary stores) and then gives it the
    class. ``__init__``, for a call of the class, does the same to the instance the call
    made (a subclass's instance gets each field through ``object.__setattr__``). No record
    class has a ``__new__`` of its own, so that every twin allocates in C.
    """
    required = [s for s in specs if s.default is _MISSING]
    optional = [s for s in specs if s.default is not _MISSING]
    if kw_only:
        params = ["*", *(s.param for s in required),
                  *(f"{s.param}=_default_{s.name}" for s in optional)]
    else:
        params = [s.param if s.default is _MISSING else f"{s.param}=_default_{s.name}"
                  for s in specs]
    signature = ", ".join(params)
    body = "".join(f"    self.{s.name} = {s.param}\n" for s in specs)
    stores = "".join(f"        _set(self, {s.name!r}, {s.param})\n" for s in specs)
    source = (f"def make({signature}):\n"
              f"    self = _twin()\n{body}"
              f"    self.__class__ = _cls\n"
              f"    return self\n"
              f"def __init__(self, {signature}):\n"
              f"    if self.__class__ is _cls:\n"
              f"        _set(self, '__class__', _twin)\n"
              f"    {body.replace(chr(10), chr(10) + '    ')}"
              f"    self.__class__ = _cls\n"
              f"    else:\n{stores}"
              f"        pass\n")
    scope: dict[str, Any] = {"_twin": twin, "_cls": cls, "_set": object.__setattr__}
    scope.update({f"_default_{s.name}": s.default for s in optional})
    name = f"{cls.__module__}.{cls.__qualname__}"
    exec(compile(source, f"<record constructor {name}>", "exec"), scope)
    make, init = scope["make"], scope["__init__"]
    make.__name__ = make.__qualname__ = f"new_{cls.__name__}"
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init, make


def _values_getter(specs: list[_Spec]) -> Any:
    items = "".join(f"self.{s.name}, " for s in specs)
    scope: dict[str, Any] = {}
    exec(f"def _values(self):\n    return ({items})\n", scope)
    return scope["_values"]


def sealed(cls: C) -> C:
    """Make the instances of ``cls``, a class with its own ``__init__``, refuse assignment.

    For the values users build, whose constructor checks its arguments (cards, moves,
    planks): the class declares its fields ``Final`` and stores them in ``__init__``, as
    mypyc's native classes are written; the decorator adds the slots of those fields,
    ``_FIELDS`` (the constructor's parameters, each readable as an attribute) and
    ``_values()``, and in the pure build runs ``__init__`` on the private twin, as
    :func:`record` does (the compiled build writes the same out: ``build_records.py``).
    """
    own = tuple(name for name, annotation in inspect.get_annotations(cls).items()
                if str(annotation).startswith(("Final[", "typing.Final[")))
    init = cls.__dict__["__init__"]
    params = tuple(inspect.signature(init).parameters)[1:]
    namespace = {key: value for key, value in cls.__dict__.items()
                 if key not in ("__dict__", "__weakref__", "__init__", *own)}
    namespace["__slots__"] = own
    namespace["_FIELDS"] = params
    namespace["__record__"] = "sealed"
    namespace["__setattr__"] = _refuse_assignment
    namespace["__delattr__"] = _refuse_assignment
    built: Any = type(cls)(cls.__name__, cls.__bases__, namespace)
    built.__qualname__ = cls.__qualname__
    twin = type(cls)(f"_{cls.__name__}Filling", (built,), {
        "__slots__": (), "__init__": init, "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__})

    def __new__(cls: type, *args: Any, **kwargs: Any) -> Any:
        self = _new(twin)
        init(self, *args, **kwargs)
        self.__class__ = cls
        return self

    __new__.__qualname__ = f"{cls.__qualname__}.__new__"
    __new__.__signature__ = inspect.signature(init)  # type: ignore[attr-defined]
    built.__new__ = staticmethod(__new__)
    built.__signature__ = inspect.signature(init).replace(
        parameters=list(inspect.signature(init).parameters.values())[1:])
    built._values = _values_getter([_Spec(name, name, _MISSING) for name in params])
    result: C = built
    return result


_new: Any = object.__new__
