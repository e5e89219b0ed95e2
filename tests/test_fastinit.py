"""The fast constructor builds exactly the object the frozen class's __init__ builds."""

from __future__ import annotations

import attrs
import pytest

from skullgames._fastinit import fast_constructor


def test_fast_constructor_refuses_a_class_that_adds_fields() -> None:
    @attrs.define
    class Base:
        x: int

    @attrs.frozen
    class Adds(Base):
        y: int

    with pytest.raises(TypeError, match="no fields"):
        fast_constructor(Adds)


def test_fast_constructor_keeps_plain_defaults() -> None:
    @attrs.define
    class Fields:
        x: int
        y: tuple[int, ...] = ()

    @attrs.frozen
    class Frozen(Fields):
        pass

    make = fast_constructor(Frozen)
    assert make(1) == Frozen(1)
    assert make(1, (2,)) == Frozen(1, (2,))
    assert type(make(1)) is Frozen


@pytest.mark.parametrize("field", [
    attrs.field(validator=attrs.validators.instance_of(int)),
    attrs.field(converter=int),
    attrs.field(factory=list),
])
def test_fast_constructor_refuses_fields_that_run_code(field: object) -> None:
    # A fast constructor does not run the base's __init__: nothing may depend on it.
    Fields = attrs.make_class("Fields", {"x": field}, slots=True)
    Frozen = attrs.make_class("Frozen", {}, bases=(Fields,), frozen=True)
    with pytest.raises(TypeError, match="no converters"):
        fast_constructor(Frozen)


def test_fast_constructor_takes_any_field_names() -> None:
    @attrs.define
    class Fields:
        base: int
        cls: int
        new: int
        make: int = 5

    @attrs.frozen
    class Frozen(Fields):
        pass

    assert fast_constructor(Frozen)(1, 2, 3) == Frozen(1, 2, 3, 5)
