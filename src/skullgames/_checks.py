"""Small argument checks shared by the plain-value functions of both games."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any, Final, TypeAlias, TypeVar

from skullgames.errors import ConfigError, InvalidNotationError

Whole: TypeAlias = int | bool
"""A whole-number parameter that refuses ``True`` and ``False``, in both builds.

To a type checker ``int | bool`` is ``int`` (a ``bool`` is an ``int``), and the API reference
shows it as ``int``. The compiled build converts an argument of a parameter typed ``int``
before the body runs, ``True`` to the int 1, and the body's ``type(n) is int`` check
cannot see it was a bool; typed as this union, the argument reaches the body as it was
given, and both builds refuse ``Bid(True)`` with the same message.
"""


def as_tuple(values: Iterable[Any] | Any, name: str, what: str, *,
             ordered: bool = True) -> tuple[Any, ...]:
    """``tuple(values)``, or a ``TypeError`` saying what ``name`` should have been.

    A mapping is refused (its keys are not what it holds), and so is a set where the order
    matters (``ordered``: per seat, in play order, top first): it has none.
    """
    if type(values) is tuple:
        return values
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be {what}, not a string")
    if isinstance(values, Mapping) or (ordered and isinstance(values, AbstractSet)):
        raise TypeError(f"{name} must be {what}, in order, not a {type(values).__name__}")
    try:
        return tuple(values)
    except TypeError:
        raise TypeError(f"{name} must be {what}, not {type(values).__name__}") from None



def as_hands(hands: Iterable[Iterable[Any]]) -> tuple[tuple[Any, ...], ...]:
    """A deal's ``hands`` as a tuple of tuples, or a ``TypeError`` naming the bad part."""
    return tuple(as_tuple(hand, f"hands[{i}]", "a hand of cards", ordered=False)
                 for i, hand in enumerate(as_tuple(hands, "hands", "one hand of cards per seat")))

MAX_SEED: Final = 2**128 - 1
"""The largest seed (and the smallest, negated): room for :data:`SEED_BITS` of secret
randomness. Every seed of version 0.1 is within it."""

SEED_BITS: Final = 128
"""The bits of secret randomness (``secrets``) in a seed that ``new_game`` draws: too
many for anyone to find the seed from the cards they see, and so the other hands."""

MAX_SAFE_INTEGER: Final = 2**53 - 1
"""The largest integer that JavaScript's numbers hold exactly (the one place it is written).

Every integer of every document the library writes or reads is within
``-MAX_SAFE_INTEGER..MAX_SAFE_INTEGER``: the options of a config are refused beyond it, and
seeds are the one exception: a saved game writes a seed beyond it (every seed that
``new_game`` draws, nearly always) as a string of its digits."""


def items_of(*groups: Iterable[object]) -> list[object]:
    """The items of ``groups`` in one list, each as the object it is, to be checked.

    A caller's deal is read this way: the compiled build would check each item of a loop
    typed ``Card`` itself, before the deal's own check could say what is wrong.
    """
    items: list[object] = []
    for group in groups:
        items.extend(group)
    return items


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` if it is an ``int`` within ±:data:`MAX_SEED`.

    Else a ``TypeError`` (not an ``int``) or a :class:`~skullgames.ConfigError` naming ``name``.
    """
    if type(seed) is not int:
        raise TypeError(f"{name} must be an int, not {type(seed).__name__}")
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise ConfigError(f"{name}: a whole number within ±(2**128 - 1); this one is out of "
                          "range")
    return seed


def optional_seed(seed: object) -> int | None:
    """``None``, or ``seed`` checked by :func:`check_seed`.

    ``seed`` is read as the object it is: a caller's ``seed is None`` on a typed seed
    would narrow it to ``int``, and the compiled build would hold ``True`` as the int 1
    (:mod:`skullgames._compiled`).
    """
    return None if seed is None else check_seed(seed)


def game_seed(seed: object, auto_deal: object) -> int | None:
    """The seed a new game records: ``seed`` checked, or one drawn for a dealt game.

    A game dealt from a seed (``auto_deal``) without one draws :data:`SEED_BITS` secret
    bits (``secrets.randbits``), so that every game can be replayed and saved and no
    player can compute the seed, and so the other hands, from the cards they see; a game
    dealt by the caller keeps ``None``.
    """
    if type(auto_deal) is not bool:
        raise wrong_type("auto_deal", "True or False", auto_deal)
    if seed is None:
        return secrets.randbits(SEED_BITS) if auto_deal else None
    return check_seed(seed)


def wrong_type(name: str, what: str, value: object) -> TypeError:
    """The ``TypeError`` for an argument ``name`` that should have been ``what``."""
    kind = type(value)
    shown = kind.__name__
    if kind.__module__ != "builtins":
        shown = f"{kind.__module__}.{kind.__qualname__}"
    return TypeError(f"{name} must be {what}, not {shown}")


ConfigT = TypeVar("ConfigT")


def checked_config(config: object, cls: type[ConfigT], *, none_ok: bool = True) -> ConfigT:
    """``config`` checked to be a game's ``cls``; ``None`` is ``cls()`` where ``none_ok``.

    Anything else is a ``TypeError`` naming the game's ``Config``.

    >>> from skullgames import queen
    >>> checked_config("x", queen.Config)
    Traceback (most recent call last):
    ...
    TypeError: config must be a skullgames.queen.Config, not str
    """
    if config is None and none_ok:
        return cls()
    if not isinstance(config, cls):
        package = cls.__module__.rsplit(".", 1)[0]
        raise wrong_type("config", f"a {package}.{cls.__name__}", config)
    return config


def shown(value: object) -> str:
    """``repr(value)`` for a message, cut short: a bad value may be a huge one."""
    if isinstance(value, int) and not -10**30 < value < 10**30:
        return "a huge number"
    try:
        text = repr(value)
    except ValueError:  # an int of more digits than Python will print
        return "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


def one_of(kinds: tuple[str, ...], what: str) -> Callable[[object, object, str], None]:
    """An attrs validator: ``ConfigError`` for a value not in ``kinds`` (``what`` names it)."""
    def check(instance: object, attribute: object, value: str) -> None:
        if value not in kinds:
            raise ConfigError(f"{what} is a {', '.join(kinds)}, not {value!r}")
    return check


def word_in(kinds: tuple[str, ...], what: str) -> Callable[[str], str]:
    """A reader of a word: ``InvalidNotationError`` for one not in ``kinds``."""
    def read(text: str) -> str:
        if text not in kinds:
            raise InvalidNotationError(f"{text!r} is no {what} ({', '.join(kinds)})")
        return text
    return read
