"""What a seat knows, as OpenSpiel wants it: strings and tensors built from observations.

The information state of a seat is the sequence of its observations at its own turns,
then its observation now: :class:`InfoLog` writes the first in full and each later one
as what changed, field by field. It is built only from ``observe``, so it holds what the
seat saw and nothing more, and a :class:`~skullgames.bots.Bot`, which is shown exactly
those observations, rebuilds the same string (see ``PolicyBot``).

The tensor form lists every move so far in a slot (:class:`HistoryLayout`): who moved,
and the move, unless the seat cannot see it. Which moves hide is read from the
observation: a bid or a Skull Queen placement until every seat has made one, Skull
Queen's face-down card in a two-player trick until the trick is complete, Bendt the
Bandit's discards always (only their number is public).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from skullgames import king, queen

__all__ = ["HistoryLayout", "InfoLog", "render", "render_observation"]

_SKIPPED = frozenset({"config", "legal_moves"})
"""Fields every key leaves out: the config is the game's, the legal moves follow."""


def render(value: object) -> str:
    """Compact, deterministic text of an observation's value (cards as their notation)."""
    if value is None:
        return "-"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, (bool, int, str)):
        return str(value)
    if isinstance(value, tuple):
        return "(" + " ".join(map(render, value)) + ")"
    kind = type(value)
    if kind.__str__ is not object.__str__:  # cards, moves, movements: their notation
        return str(value)
    if attrs.has(kind):
        return kind.__name__ + "{" + " ".join(
            f"{name}={render(getattr(value, name))}" for name in _names(kind)) + "}"
    return repr(value)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _names(kind: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = tuple(f.name for f in attrs.fields(kind) if not f.name.startswith("_"))
        _FIELD_NAMES[kind] = names
    return names


def render_observation(observation: Any, skip: frozenset[str] = _SKIPPED) -> str:
    """Every field of ``observation`` but those in ``skip``, as ``name=value``."""
    return " ".join(f"{name}={render(getattr(observation, name))}"
                    for name in _names(type(observation)) if name not in skip)


def _changes(before: Any, after: Any) -> str:
    """What changed from ``before`` to ``after``; a tuple that grew shows only the new end."""
    parts = []
    for name in _names(type(after)):
        if name in _SKIPPED:
            continue
        new = getattr(after, name)
        old = getattr(before, name)
        if old is new or old == new:
            continue
        if (isinstance(old, tuple) and isinstance(new, tuple) and len(new) > len(old)
                and new[:len(old)] == old):
            parts.append(f"{name}+={render(new[len(old):])}")
        else:
            parts.append(f"{name}={render(new)}")
    return " ".join(parts) or "="


@attrs.frozen
class InfoLog:
    """A seat's observations at its turns so far, as text; immutable, one per seat.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3, rounds=(2,)), seed=3)
    >>> log = InfoLog().seen(king.observe(state, 1))
    >>> state = king.apply(state, king.Bid(1))
    >>> log.key(king.observe(state, 1)).splitlines()[1]
    'has_bid=(False True False) bids=(- 1 -) to_move=2'
    """

    lines: tuple[str, ...] = ()
    last: object = None

    def key(self, observation: object) -> str:
        """The information state once the seat also sees ``observation``."""
        return "\n".join((*self.lines, self._line(observation)))

    def seen(self, observation: object) -> InfoLog:
        """The log after the seat's turn at ``observation``."""
        return InfoLog((*self.lines, self._line(observation)), observation)

    def _line(self, observation: object) -> str:
        if self.last is None:
            return render_observation(observation)
        return _changes(self.last, observation)

    def __deepcopy__(self, memo: dict[int, Any]) -> InfoLog:
        return self  # immutable: OpenSpiel clones states by deep copy


# Moves whose mover's latest one of the kind the observation may hide from the others,
# and how it shows that it does: the seat has moved, but the move is not shown.
_HIDDEN_LATEST: dict[type, Callable[[Any, int], bool]] = {
    king.Bid: lambda seen, seat: seen.has_bid[seat] and seen.bids[seat] is None,
    king.Shot: lambda seen, seat: seen.has_shot[seat] and seen.shots[seat] is None,
    queen.Place: lambda seen, seat: seen.has_placed[seat] and seen.placements[seat] is None,
    queen.Play: lambda seen, seat: seat in seen.face_down,
}
_ALWAYS_HIDDEN: tuple[type, ...] = (king.Discard,)


def hidden_moves(history: Sequence[tuple[int, object]], viewer: int,
                 observation: object) -> set[int]:
    """The positions in ``history`` (``(seat, move)`` pairs) that ``viewer`` cannot see."""
    hidden: set[int] = set()
    latest: set[tuple[int, type]] = set()
    for position in range(len(history) - 1, -1, -1):
        seat, move = history[position]
        if seat == viewer:
            continue
        kind = type(move)
        if kind in _ALWAYS_HIDDEN:
            hidden.add(position)
        elif kind in _HIDDEN_LATEST and (seat, kind) not in latest:
            latest.add((seat, kind))
            if _HIDDEN_LATEST[kind](observation, seat):
                hidden.add(position)
    return hidden


class HistoryLayout:
    """The tensor of a seat's own deals and of every move so far, for one config.

    - per round, the seat's own hand as dealt: a count per distinct card of the deck;
    - per move slot (as many as the longest game has moves): 1 if filled, 1 if hidden
      from the seat, the mover's seat counted from the viewer's (one-hot), and the move
      by the words of its notation (``"bid 3"``, ``"front 0 1 2 4"``): one-hot per word
      position over the words that position takes in the config's action space. A
      hidden move shows only the first three.
    """

    def __init__(self, *, players: int, rounds: int, deck: Sequence[Any],
                 moves: Sequence[Any], slots: int) -> None:
        self.players = players
        self.faces = {c: i for i, c in enumerate(dict.fromkeys(deck))}
        words = [str(m).split() for m in moves]
        vocab: list[dict[str, int]] = []
        for spelled in words:
            for position, word in enumerate(spelled):
                if position == len(vocab):
                    vocab.append({})
                vocab[position].setdefault(word, len(vocab[position]))
        offsets = np.cumsum([0] + [len(v) for v in vocab])
        self.move_bits = [tuple(int(offsets[i]) + vocab[i][w] for i, w in enumerate(spelled))
                          for spelled in words]
        self.slot_size = 2 + players + int(offsets[-1])
        self.hands_size = rounds * len(self.faces)
        self.slots = slots
        self.size = self.hands_size + slots * self.slot_size

    def write(self, out: npt.NDArray[np.float32], viewer: int, dealt: Sequence[Sequence[Any]],
              actions: Sequence[tuple[int, int]], hidden: set[int]) -> None:
        """Fill ``out`` (zeros, :attr:`size` long) for ``viewer``.

        ``dealt`` holds the viewer's hand of each round so far, ``actions`` the
        ``(seat, action index)`` of every move, ``hidden`` the positions it cannot see.
        """
        faces = len(self.faces)
        for round_index, hand in enumerate(dealt):
            for c in hand:
                out[round_index * faces + self.faces[c]] += 1
        players = self.players
        for position, (seat, action) in enumerate(actions):
            base = self.hands_size + position * self.slot_size
            out[base] = 1
            out[base + 2 + (seat - viewer) % players] = 1
            if position in hidden:
                out[base + 1] = 1
            else:
                out[[base + 2 + players + bit for bit in self.move_bits[action]]] = 1
