"""The fields of an observation tensor, and the machinery both games' encoders share.

An encoder reads a fixed list of *inputs* (attributes of the game's observation, by
name) and splits its tensor into *groups*: each group has a writer, the inputs it reads
and the fields it fills. :meth:`GroupEncoder.encode` writes every group into a zero
vector; :class:`~skullgames.rl._incremental.SeatVectors` keeps one vector per seat and
rewrites only the groups whose inputs changed, with the same writers: both give the same
vector. Each field says who sees it (:attr:`Field.seen`), which lets
:class:`~skullgames.plugins.rl.Table` keep every seat's vector in one array.
"""

from __future__ import annotations

import abc
import operator
from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast, overload

import attrs
import numpy as np
import numpy.typing as npt


class Values(Protocol):
    """A memoryview of a float32 array, through which the encoders write.

    Setting one value through a memoryview costs a fraction of numpy's ``array[i] = v``.
    """

    @overload
    def __setitem__(self, index: int, value: float, /) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Values, /) -> None: ...
    def __getitem__(self, index: slice, /) -> Values: ...
    def __len__(self) -> int: ...


def values_of(array: npt.NDArray[np.float32]) -> Values:
    """``array`` (float32) as :class:`Values`: writes go to the array."""
    return cast(Values, array.data)


def zeros(size: int) -> Values:
    """:class:`Values` of a new zero array of ``size`` values."""
    return values_of(np.zeros(size, dtype=np.float32))


# Who sees a field's values (:attr:`Field.seen`).
TABLE = "table"
"""The same values for every seat: the phase, the cards played, the lead suit."""
RELATIVE = "relative"
"""``stride`` values per seat, by relative position (the observer first); a ghost's
slot, where there is one, after the players'."""
OWN = "own"
"""As :data:`RELATIVE`, but the observer's own slot shows what only it knows yet (its
own bid, its own placement); the others' slots show what all see."""
PRIVATE = "private"
"""The observer's alone: its hand, its discards."""


# A group's writer: ``write(out, inputs, seat)`` sets the group's values in ``out`` (the
# whole tensor, zero over the group's fields) for ``seat``, reading the encoder's
# ``inputs`` (a sequence, one value per input name) by position.
Writer = Callable[[Values, Sequence[Any], int], None]


@attrs.frozen
class Field:
    """One named slice of an observation tensor: ``vector[start:start + size]``.

    >>> import skullgames.rl as rl
    >>> from skullgames import king
    >>> hand = rl.observation_layout("king", king.Config())["hand"]
    >>> hand.name, hand.size, hand.start == hand.slice.start, hand.seen
    ('hand', 65, True, 'private')
    >>> scores = rl.observation_layout("king", king.Config(players=3))["scores"]
    >>> scores.size, scores.seen, scores.stride
    (3, 'relative', 1)
    """

    name: str
    start: int
    size: int
    doc: str
    seen: str = TABLE
    """Who sees the values: ``"table"`` (every seat the same), ``"relative"`` (per seat,
    the observer's first), ``"own"`` (as relative, the observer's own slot showing what
    only it knows) or ``"private"`` (the observer's alone)."""
    stride: int = 1
    """For ``"relative"`` and ``"own"`` fields: the values of one seat."""

    @property
    def slice(self) -> slice:
        """The field's slice of the tensor."""
        return slice(self.start, self.start + self.size)


class Layout:
    """Fields laid end to end, and the groups that write them, built once per config."""

    def __init__(self, inputs: Sequence[str]) -> None:
        self.inputs = tuple(inputs)
        self.fields: list[Field] = []
        self.size = 0
        self.writers: list[Writer] = []
        self.reads: list[tuple[int, ...]] = []
        self.clears: list[tuple[tuple[int, int], ...]] = []

    def add(self, name: str, size: int, doc: str, seen: str = TABLE, stride: int = 1) -> int:
        """Append a field of ``size`` values; return where it starts.

        ``seen`` and ``stride`` say who sees it (see :class:`Field`).
        """
        start = self.size
        self.fields.append(Field(name, start, size, doc, seen, stride))
        self.size += size
        return start

    def group(self, write: Writer, reads: Sequence[int], *names: str) -> None:
        """Add a group: ``write`` reads the inputs at ``reads`` and fills fields ``names``.

        The fields ``names`` are zeroed before it runs.

        A writer that sets every value of a field (the bids, the scores, the played
        cards copied from a cache) leaves it out of ``names``: it needs no zeroing.
        """
        spans = {f.name: (f.start, f.start + f.size) for f in self.fields}
        self.writers.append(write)
        self.reads.append(tuple(reads))
        self.clears.append(tuple(spans[name] for name in names))


class GroupEncoder(abc.ABC):
    """An encoder made of groups: :meth:`encode` and what the environments read.

    Subclasses build a :class:`Layout`, pass it to :meth:`finish`, and define
    :meth:`reader`.
    """

    fields: tuple[Field, ...]
    size: int
    writers: tuple[Writer, ...]
    clears: tuple[tuple[tuple[int, int], ...], ...]
    groups_of: tuple[tuple[int, ...], ...]
    """Per input, the groups that read it."""
    seats: SeatFields
    """The per-seat fields that end the table (:class:`SeatFields`), which a subclass sets
    when it lays them out: :class:`~skullgames.plugins.rl.Steps` reads them."""

    def finish(self, layout: Layout) -> None:
        """Take the inputs, fields and groups of ``layout``."""
        self.fields = tuple(layout.fields)
        self.size = layout.size
        self.writers = tuple(layout.writers)
        self.clears = tuple(layout.clears)
        self.groups_of = tuple(
            tuple(g for g, reads in enumerate(layout.reads) if i in reads)
            for i in range(len(layout.inputs)))
        # One C call reads every input of an observation.
        self.inputs: Callable[[Any], tuple[Any, ...]] = operator.attrgetter(*layout.inputs)

    @abc.abstractmethod
    def reader(self) -> Callable[[Any, int, Any], Sequence[Any] | None]:
        """A new ``read(state, seat, to_move)``: ``observe(state, seat)``'s inputs, or ``None``.

        The inputs are read from the state itself; ``to_move`` is
        ``current_player(state)``. ``None`` comes in the phases where the observation
        hides what the state shows (other seats' bids or placements, a face-down card):
        there the caller observes. A reader keeps what it read last (for one
        environment).
        """

    def encode(self, view: Any) -> npt.NDArray[Any]:
        """The tensor of ``view``; see :attr:`fields`."""
        vector = np.zeros(self.size, dtype=np.float32)
        out = values_of(vector)
        inputs, seat = self.inputs(view), view.seat
        for write in self.writers:
            write(out, inputs, seat)
        return vector


def running_sums(share: float, copies: int) -> list[float]:
    """``[0, share, share + share, ...]``: the value of 0 .. ``copies`` copies of a card.

    Summed one copy at a time in double precision and rounded to float32 once, as a
    ``numpy.bincount`` of the copies would.
    """
    sums = [0.0]
    for _ in range(copies):
        sums.append(sums[-1] + share)
    return sums


def write_copies(out: Values, cards: Sequence[Any], at: dict[int, int],
                 sums: dict[int, list[float]]) -> None:
    """Write, for each face among ``cards``, its copies' value at ``at[face order]``."""
    counts: dict[int, int] = {}
    for c in cards:
        order = c.order
        k = counts[order] = counts.get(order, 0) + 1
        out[at[order]] = sums[order][k]


class SeatFields:
    """The per-seat fields that end a trick-taking game's table: scores, hands, leader.

    Per relative seat, in this order: the scores (``scores``), the hand sizes
    (``hand_sizes``), the dealer (``dealer``, a one-hot), the leader (``leader``, a
    one-hot) and the seat to move (``to_move``, a one-hot), written from the inputs at
    ``reads``, the positions in the encoder's inputs (its :class:`Layout`'s names) of: the
    totals (one int per seat), the hand sizes (one int per seat), the ghost's cards (an
    int), the dealer (a seat), the leader (a seat, or ``None``) and the seat to move (a
    seat, or ``None``). The scores are mapped from ``bounds`` (the game's
    ``score_bounds``) onto -1..1, the hand sizes divided by ``hand_most``.

    Two of them are optional. A game without a dealer gives ``None`` for its read: the
    tensor then has no ``dealer`` field (:attr:`dealer` is ``None``). A game without a
    ghost (a seat that nobody plays, like Skull King's Graybeard) leaves ``ghost``
    ``False`` and gives ``None`` for the ghost's cards. With a ghost, the ghost has the
    position after the players in ``hand_sizes`` (its stack, from the ghost's cards) and
    in ``leader`` (it leads when the leader read is ``None``).

    Position ``k`` is the seat ``k`` places to the observer's left.
    """

    def __init__(self, layout: Layout, players: int, ghost: bool = False, *,
                 bounds: tuple[int, int], hand_most: int,
                 reads: tuple[int, int, int | None, int | None, int, int], sizes_doc: str,
                 leader_doc: str) -> None:
        totals, sizes, ghost_cards, dealer, leader, to_move = reads
        if ghost and ghost_cards is None:
            raise ValueError("a game with a ghost reads the ghost's cards: give their input")
        a = layout.add
        self.scores = a("scores", players, "running totals mapped from score_bounds onto "
                        "-1..1", RELATIVE)
        self.sizes = a("hand_sizes", players + ghost, sizes_doc, RELATIVE)
        self.dealer: int | None = None
        """Where the ``dealer`` field starts, or ``None``: the game has no dealer."""
        if dealer is not None:
            self.dealer = self._dealer_start = a(
                "dealer", players, "one-hot: the dealer's relative seat", RELATIVE)
        self.leader = a("leader", players + ghost, leader_doc, RELATIVE)
        self.to_move = a("to_move", players, "one-hot: the seat to move, none when nobody",
                         RELATIVE)
        self.players = players
        self._ghost = ghost
        self.hand_most = hand_most
        lowest, highest = bounds
        self._low = lowest
        self._span = highest - lowest or 1  # plank values all 0: every score is 0
        self.seats = [[(me + k) % players for k in range(players)] for me in range(players)]
        self._reads = reads
        # Read only when there is a ghost, a dealer: -1 is never read.
        self._ghost_at = -1 if ghost_cards is None else ghost_cards
        self._dealer_at = -1 if dealer is None else dealer
        layout.group(self._write_scores, (totals,))
        layout.group(self._write_sizes, (sizes,) if ghost_cards is None else (sizes, ghost_cards))
        if dealer is not None:
            layout.group(self._write_dealer, (dealer,), "dealer")
        layout.group(self._write_leader, (leader,), "leader")
        layout.group(self._write_to_move, (to_move,), "to_move")

    def _write_scores(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        low, span, start = self._low, self._span, self.scores
        totals = inputs[self._reads[0]]
        for k, seat in enumerate(self.seats[me]):
            out[start + k] = 2.0 * (totals[seat] - low) / span - 1.0

    def _write_sizes(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        sizes = inputs[self._reads[1]]
        most, start = self.hand_most, self.sizes
        for k, seat in enumerate(self.seats[me]):
            out[start + k] = sizes[seat] / most
        if self._ghost:
            out[start + self.players] = inputs[self._ghost_at] / most

    def _write_dealer(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        out[self._dealer_start + (inputs[self._dealer_at] - me) % self.players] = 1.0

    def _write_leader(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        leader = inputs[self._reads[4]]
        if leader is not None:
            out[self.leader + (leader - me) % self.players] = 1.0
        elif self._ghost:  # the ghost leads
            out[self.leader + self.players] = 1.0

    def _write_to_move(self, out: Values, inputs: Sequence[Any], me: int) -> None:
        to_move = inputs[self._reads[5]]
        if to_move is not None:
            out[self.to_move + (to_move - me) % self.players] = 1.0
