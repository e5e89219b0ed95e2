"""Replaying saved move texts through a game's ``apply``: the loop of loading a game.

Compiled with the engine (see :mod:`skullgames._compiled`), so that loading a saved game
costs little more than replaying its moves.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Final, TypeVar

from skullgames._json import (
    check_header,
    expect_bool,
    expect_list,
    expect_only,
    load_seed,
    rule_error,
)
from skullgames.errors import SerializationError, SkullgamesError

__all__ = ["cached_config", "exact_key", "replay_known", "replay_saved"]

S = TypeVar("S")
M = TypeVar("M")


def replay_known(apply: Callable[[S, M], S], state: S, entries: Sequence[object],
                 known: Mapping[str, M]) -> tuple[S, int]:
    """Apply ``entries`` in order from ``state`` while each is the text of a known move.

    Returns the state reached and how many entries were applied: all of them, or up to
    the first that is not a key of ``known`` or that ``apply`` refuses (with a
    :class:`~skullgames.SkullgamesError`), which the caller reads and reports itself.

    >>> from skullgames import king
    >>> from skullgames.king.moves import _CANONICAL
    >>> start = king.new_game(king.Config(players=2), seed=1)
    >>> state, done = replay_known(king.apply, start, ["bid 0", "bid 9", "bid 1"], _CANONICAL)
    >>> done, state == king.apply(start, king.Bid(0))
    (1, True)
    """
    done = 0
    for entry in entries:
        move = known.get(entry) if type(entry) is str else None
        if move is None:
            break
        try:
            state = apply(state, move)
        except SkullgamesError:
            break
        done += 1
    return state, done


_SAVED_FIELDS = ("format", "version", "config", "seed", "auto_deal", "moves")


def replay_saved(data: object, path: str, format_name: str,
                 new_game: Callable[..., Any], apply: Callable[[Any, Any], Any],
                 is_over: Callable[[Any], bool], config_of: Callable[[Any, str], Any],
                 move_of: Callable[[Any, str], Any], known: Mapping[str, Any]) -> Any:
    """Rebuild the saved game ``data`` by replaying its moves (``_codec.SavedGame.replay``).

    The codec's reading of a document, here to be compiled with the engine: compiled,
    the checks of the header, config, seed and moves took 3.7 us beyond ``new_game``
    where the codec's own Python took 4.6 (a Skull Queen document with no moves).
    ``config_of(data, path)`` reads the config, ``move_of(entry, path)`` a move that is
    not the canonical text of a move in ``known``.
    """
    doc = check_header(data, format_name, path)
    expect_only(doc, path, _SAVED_FIELDS)
    for key in ("config", "seed", "auto_deal", "moves"):
        if key not in doc:
            raise SerializationError(f"missing field {key!r}", path)
    config = cached_config(format_name, doc["config"], f"{path}.config", config_of)
    auto_deal = expect_bool(doc["auto_deal"], f"{path}.auto_deal")
    seed = load_seed(doc["seed"], f"{path}.seed")
    if seed is None and auto_deal:
        raise SerializationError("a game dealt automatically records its seed",
                                 f"{path}.seed")
    try:
        state = new_game(config, seed=seed, auto_deal=auto_deal)
    except SkullgamesError as error:  # a seed beyond ±(2**128 - 1)
        raise rule_error(str(error), f"{path}.seed") from None
    # A save writes each move's canonical text: the loop replays those, and the loop
    # below reads whatever it stopped at, and says what is wrong with it.
    entries = expect_list(doc["moves"], f"{path}.moves")
    state, done = replay_known(apply, state, entries, known)
    for i in range(done, len(entries)):
        entry = entries[i]
        move = known.get(entry) if type(entry) is str else None
        if move is None:
            where = f"{path}.moves[{i}]"
            move = move_of(entry, where)
        try:
            state = apply(state, move)
        except SkullgamesError as error:
            where = f"{path}.moves[{i}]"
            if is_over(state):
                raise rule_error("a move after the end of the game", where) from None
            raise rule_error(f"{move}: {error}", where) from None
    return state


# Configs read from documents, by their exact JSON: a saved game's config is the same few
# documents again and again, and reading one costs as much as replaying 40 moves. Here,
# compiled, for the key's sake: in Python, making it took 1.6 us of a Skull King load.
_CONFIGS: Final[dict[tuple[str, Hashable], Any]] = {}


def cached_config(format_name: str, data: object, path: str,
                  config_of: Callable[[Any, str], Any]) -> Any:
    """``config_of(data, path)``, remembered by the exact JSON of ``data``.

    A document read before (the same JSON, :func:`exact_key`) gives the config it gave.
    """
    key = exact_key(data)
    if key is None:
        return config_of(data, path)
    cached = _CONFIGS.get((format_name, key))
    if cached is None:
        cached = config_of(data, path)  # raises for a bad document
        if len(_CONFIGS) >= 256:
            _CONFIGS.clear()
        _CONFIGS[format_name, key] = cached
    return cached


def exact_key(data: object) -> Hashable | None:
    """A key equal for two config documents exactly when they are the same JSON.

    Types are part of it (``True == 1`` and ``2.0 == 2`` in Python, not in a document);
    ``None`` for a document that is not a flat object of scalars and lists of scalars.

    >>> exact_key({"players": 4, "loot": True}) == exact_key({"players": 4, "loot": 1})
    False
    >>> exact_key({"rounds": [1, 2]}) == exact_key({"rounds": [1, 2]})
    True
    """
    if type(data) is not dict:
        return None
    items: list[Hashable] = []
    for key, value in data.items():
        kind = type(value)
        if kind is list:
            kinds = tuple([type(item) for item in value])
            if list in kinds or dict in kinds:
                return None
            items.append((key, tuple(value), kinds))
        elif kind is dict:
            return None
        else:
            items.append((key, kind, value))
    return tuple(items)
