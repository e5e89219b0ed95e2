"""What a seat knows, as OpenSpiel wants it: strings and tensors built from observations.

The information state of a seat is the sequence of its observations at its own turns,
then its observation now: :class:`InfoLog` writes the first in full and each later one
as what changed, field by field. It is built only from ``observe``, so it holds what the
seat saw and nothing more, and a :class:`~skullgames.bots.Bot`, which is shown exactly
those observations, rebuilds the same string (see ``PolicyBot``).

The tensor form lists every move so far in a slot (:class:`HistoryLayout`): who moved,
and the move, unless the seat cannot see it. Which moves hide is the game's
``observe_move``'s to say, as the seat knows them now (:func:`hidden_positions`): a bid
or a Skull Queen placement until every seat has made one, Skull Queen's face-down card in
a two-player trick until the trick is complete, Bendt the Bandit's discards always (only
their number is public), and whatever hides in a game added later.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from skullgames._records import field_names as all_fields

__all__ = ["HistoryLayout", "InfoLog", "MadeIn", "field_names", "hidden_positions", "render",
           "render_observation"]

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
    if attrs.has(kind) or hasattr(kind, "_FIELDS"):
        return kind.__name__ + "{" + " ".join(
            f"{name}={render(getattr(value, name))}" for name in field_names(kind)) + "}"
    return repr(value)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(kind: type) -> tuple[str, ...]:
    """The public fields of an attrs class or an engine record, in order (cached)."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = tuple(name for name in all_fields(kind) if not name.startswith("_"))
        _FIELD_NAMES[kind] = names
    return names


def render_observation(observation: Any, skip: frozenset[str] = _SKIPPED) -> str:
    """Every field of ``observation`` but those in ``skip``, as ``name=value``."""
    return " ".join(f"{name}={render(getattr(observation, name))}"
                    for name in field_names(type(observation)) if name not in skip)


def _changes(before: Any, after: Any) -> str:
    """What changed from ``before`` to ``after``; a tuple that grew shows only the new end."""
    parts = []
    for name in field_names(type(after)):
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


class InfoLog:
    """A seat's observations at its turns so far; immutable, shared by the states after.

    The text is made when asked for (:meth:`key`) and kept, so playouts that never ask
    pay only for keeping the observations.

    >>> from skullgames import king
    >>> state = king.new_game(king.Config(players=3, rounds=(2,)), seed=3)
    >>> log = InfoLog().seen(king.observe(state, 1))
    >>> state = king.apply(state, king.Bid(1))
    >>> log.key(king.observe(state, 1)).splitlines()[1]
    'bids=(- 1 -) has_bid=(False True False) to_move=2'
    """

    __slots__ = ("_previous", "_text", "observation")

    def __init__(self, previous: InfoLog | None = None, observation: object = None) -> None:
        self._previous = previous
        self.observation = observation
        self._text: str | None = "" if previous is None else None

    def key(self, observation: object) -> str:
        """The information state once the seat also sees ``observation``."""
        text = self._lines()
        line = self._line_after(observation)
        return f"{text}\n{line}" if text else line

    def seen(self, observation: object) -> InfoLog:
        """The log after the seat's turn at ``observation``."""
        return InfoLog(self, observation)

    def _line_after(self, observation: object) -> str:
        if self._previous is None:  # nothing seen yet: the observation in full
            return render_observation(observation)
        return _changes(self.observation, observation)

    def _lines(self) -> str:
        """The text of every observation in the log, one line each (computed once)."""
        if self._text is None:
            unwritten: list[InfoLog] = []
            log: InfoLog | None = self
            while log is not None and log._text is None:
                unwritten.append(log)
                log = log._previous
            for log in reversed(unwritten):
                previous: InfoLog = log._previous  # type: ignore[assignment]
                line = previous._line_after(log.observation)
                log._text = f"{previous._text}\n{line}" if previous._text else line
        return self._text  # type: ignore[return-value]

    def observations(self) -> tuple[object, ...]:
        """The observations of the log, first to last."""
        seen: list[object] = []
        log: InfoLog | None = self
        while log is not None and log._previous is not None:
            seen.append(log.observation)
            log = log._previous
        return tuple(reversed(seen))

    def __deepcopy__(self, memo: dict[int, Any]) -> InfoLog:
        return self  # immutable: OpenSpiel clones states by deep copy

    def __reduce__(self) -> tuple[Any, ...]:
        return (_log_of, (self.observations(),))  # flat: a chain would pickle deep


def _log_of(observations: Sequence[object]) -> InfoLog:
    log = InfoLog()
    for observation in observations:
        log = log.seen(observation)
    return log


MadeIn = tuple[Any, "MadeIn | None"]
"""The states the moves so far were made in, latest first, as ``(state, previous)`` cells."""


def hidden_positions(observe_move: Callable[..., Any], hidden: type, made_in: MadeIn | None,
                     moves: Sequence[Any], viewer: int, now: Any) -> list[int]:
    """The positions in ``moves`` that ``viewer`` cannot see at the state ``now``.

    ``made_in`` holds the state each move was made in; a move is hidden when the game's
    ``observe_move`` gives a ``hidden`` (its ``HiddenMove``) for it, as the viewer knows it
    ``now``: the rules decide, so a new game's hidden move cannot show by omission.
    """
    hidden_at: list[int] = []
    cell = made_in
    for position in range(len(moves) - 1, -1, -1):
        assert cell is not None  # one state per move
        state, cell = cell
        if type(observe_move(state, moves[position], viewer, now)) is hidden:
            hidden_at.append(position)
    return hidden_at


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
        self.faces = {str(c): i for i, c in enumerate(dict.fromkeys(deck))}
        words = [str(m).split() for m in moves]
        vocab: list[dict[str, int]] = []
        for spelled in words:
            for position, word in enumerate(spelled):
                if position == len(vocab):
                    vocab.append({})
                vocab[position].setdefault(word, len(vocab[position]))
        offsets = np.cumsum([0] + [len(v) for v in vocab])
        # Per action, the offsets of its words in a slot (after the first 2 + players
        # entries), padded with -1 to the longest notation.
        self.move_bits = np.full((len(words), len(vocab)), -1, dtype=np.int64)
        for action, spelled in enumerate(words):
            for i, word in enumerate(spelled):
                self.move_bits[action, i] = 2 + players + offsets[i] + vocab[i][word]
        self.slot_size = 2 + players + int(offsets[-1])
        self.hands_size = rounds * len(self.faces)
        self.slots = slots
        self.size = self.hands_size + slots * self.slot_size

    def write(self, out: npt.NDArray[np.float32], viewer: int, dealt: Sequence[Sequence[Any]],
              actions: Sequence[tuple[int, int]], hidden: Sequence[int]) -> None:
        """Fill ``out`` (zeros, :attr:`size` long) for ``viewer``.

        ``dealt`` holds the viewer's hand of each round so far, ``actions`` the
        ``(seat, action index)`` of every move, ``hidden`` the positions it cannot see.
        """
        faces = len(self.faces)
        for round_index, hand in enumerate(dealt):
            for c in hand:
                out[round_index * faces + self.faces[str(c)]] += 1
        if not actions:
            return
        seats, moves = np.array(actions, dtype=np.int64).T
        bases = self.hands_size + self.slot_size * np.arange(len(actions))
        out[bases] = 1
        out[bases + 2 + (seats - viewer) % self.players] = 1
        seen = np.ones(len(actions), dtype=bool)
        if hidden:
            seen[hidden] = False
            out[bases[~seen] + 1] = 1
        bits = self.move_bits[moves[seen]]
        out[(bases[seen, None] + bits)[bits >= 0]] = 1
