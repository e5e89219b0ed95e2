"""The contract of a game's values: what a tool may read of them (typed protocols).

Public as :mod:`skullgames.plugins.protocols` (and :mod:`skullgames.plugins`). The
protocols live here, at the foot of the library (this module imports nothing of it), so
that any module may name the contract: the action spaces and the entry below the
registry, :mod:`skullgames.plugins.check` above it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

__all__ = ["BidScore", "GameConfig", "GameObservation", "GameState", "HiddenMove",
           "ScoredRound"]


class GameConfig(Protocol):
    """What a tool may read of a game's ``Config`` (the rule options).

    ``Config()`` is the standard game; the command line builds one through the game's
    ``GameCli``, and the server and the schemas read and write it as JSON.
    """

    @property
    def players(self) -> int:
        """How many seats play (the command line, the server, the simulations)."""
        ...

    def __hash__(self) -> int:
        """A config is a value: tools keep what they build per config (encoders, spaces)."""
        ...

    @property
    def round_count(self) -> int:
        """How many rounds a game has (the learning rewards, OpenSpiel)."""
        ...


class ScoredRound(Protocol):
    """What a tool may read of a finished round, an item of :attr:`GameState.rounds`."""

    @property
    def points(self) -> Sequence[int]:
        """The points each seat scored in the round (the learning adapters' rewards)."""
        ...


class BidScore(Protocol):
    """A seat's score of a finished round in a game with bids (optional).

    A game has bids when each of its finished rounds has per-seat ``scores`` of this
    kind (``state.rounds[i].scores[seat]``): the match tool then counts exact bids. The
    rule of what an exact bid is stays the game's own.
    """

    @property
    def exact(self) -> bool:
        """Whether the seat's bid was exact."""
        ...


class GameState(Protocol):
    """What a tool may read of a game's ``State`` (a game at one moment).

    Besides these, a tool asks the entry: ``current_player``, ``legal_moves``, ``apply``,
    ``is_over``, ``scores``, ``winners``, ``observe``.
    """

    @property
    def config(self) -> GameConfig:
        """The rule options the game is played under."""
        ...

    @property
    def seed(self) -> int | None:
        """The seed the game deals from; ``None`` when dealt by hand without one."""
        ...

    @property
    def auto_deal(self) -> bool:
        """Whether the game deals each round from its seed (else deals are moves to supply)."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat to move, as ``current_player``: ``None`` at the end or for a deal."""
        ...

    @property
    def history(self) -> Sequence[Any]:
        """Every move made, in order, the deals included (saved games, replays)."""
        ...

    @property
    def rounds(self) -> Sequence[ScoredRound]:
        """The finished rounds, in order."""
        ...

    @property
    def totals(self) -> Sequence[int]:
        """Each seat's running total, as ``scores``."""
        ...

    @property
    def last_trick(self) -> object | None:
        """The last finished trick of the round (a value with a JSON codec), or ``None``.

        The server shows it face up; a game without tricks always has ``None``. Every
        finished trick is of one class, of any name: the schemas find its codec by the
        class (:func:`document_types`, ``"trick-result"``).
        """
        ...


class GameObservation(Protocol):
    """What a tool may read of a game's ``Observation`` (what one seat may see)."""

    @property
    def config(self) -> GameConfig:
        """The rule options the game is played under."""
        ...

    @property
    def seat(self) -> int:
        """The seat that sees this."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat to move, or ``None``."""
        ...

    @property
    def legal_moves(self) -> Sequence[Any]:
        """The seat's legal moves (``()`` when it is not to move): what a bot chooses from."""
        ...

    @property
    def rounds(self) -> Sequence[object]:
        """The finished rounds as the seat sees them (values with a JSON codec).

        Each is of one class, of any name: the server sends the last one when a round
        ends, and its schema finds the codec by the class (:func:`document_types`,
        ``"round-summary"``).
        """
        ...

    @property
    def totals(self) -> Sequence[int]:
        """Each seat's running total."""
        ...


class HiddenMove(Protocol):
    """What a tool may read of what stands in for a move a seat may not see.

    The entry's ``observe_move`` gives the move or this; ``str()`` of either is what a
    seat is shown.
    """

    @property
    def kind(self) -> str:
        """What kind of move was hidden (``"bid"``)."""
        ...
