"""The records of a review: a decision, a seat's summary, the whole review, and their JSON."""

from __future__ import annotations

import json
from typing import Any

import attrs

from skullgames.serialization import _written_by_itself, to_dict

__all__ = ["FORMAT", "VERSION", "MoveValue", "Review", "ReviewDecision", "SeatReview"]

FORMAT = "skullgames/review"
"""The ``format`` field of a review's JSON document."""

VERSION = 1
"""The ``version`` field of a review's JSON document."""

COSTLIEST = 3
"""How many of its costliest decisions a seat's summary keeps."""


@_written_by_itself
@attrs.frozen(kw_only=True)
class MoveValue:
    """One move weighed at a decision, with the value the expert gives it."""

    move: Any
    """The move (a game's move; its text is its notation)."""
    value: float
    """The round's expected points to the seat after this move, as the expert values a
    round (its own points less a share of the others', plus a stake on finishing first
    where its objective is on, as Skull Queen's is): the mean over the worlds it
    searched."""

    def to_dict(self) -> dict[str, Any]:
        """``{"move": notation, "value": value}``."""
        return {"move": str(self.move), "value": self.value}


@_written_by_itself
@attrs.frozen(kw_only=True)
class ReviewDecision:
    """One decision of one seat: what it played, what the expert would have, the loss."""

    index: int
    """The decision's position in the game's history (``state.history[index]`` is the
    move played; deals count)."""
    seat: int
    """The seat that decided."""
    round: int
    """The round, from 1."""
    kind: str
    """The kind of move decided: the name of its class in lower case (``"bid"`` and
    ``"play"`` in Skull King, with its abilities' moves; ``"place"`` and ``"play"`` in
    Skull Queen)."""
    move: Any
    """The move played."""
    best: Any
    """The move of the best value (the move played when it is as good as any)."""
    values: tuple[MoveValue, ...]
    """Each move weighed, in the game's order of legal moves: every legal move (Skull
    Queen's placements: the candidates its expert searches, and the one played); empty
    for a forced decision."""
    loss: float
    """The best value less the played move's: points the decision gave away, ``>= 0``."""
    forced: bool
    """Whether the move played was the only legal one (then nothing is searched)."""

    def to_dict(self) -> dict[str, Any]:
        """The decision as plain JSON data (moves as their notation)."""
        return {"index": self.index, "seat": self.seat, "round": self.round,
                "kind": self.kind, "move": str(self.move), "best": str(self.best),
                "loss": self.loss, "forced": self.forced,
                "values": [v.to_dict() for v in self.values]}


@_written_by_itself
@attrs.frozen(kw_only=True)
class SeatReview:
    """One seat's decisions summed up."""

    seat: int
    """The seat."""
    decisions: int
    """How many decisions it made (forced ones too)."""
    total_loss: float
    """The sum of its decisions' losses."""
    mean_loss: float
    """The mean loss a decision (0 without decisions)."""
    loss_by_kind: tuple[tuple[str, float], ...]
    """The total loss of its decisions of each kind (:attr:`ReviewDecision.kind`), in the
    order the kinds first come: Skull King's bids and plays, Skull Queen's placements and
    plays."""
    costliest: tuple[ReviewDecision, ...]
    """Its three costliest decisions, costliest first (earlier first on a tie)."""

    def to_dict(self) -> dict[str, Any]:
        """The summary as plain JSON data."""
        return {"seat": self.seat, "decisions": self.decisions,
                "total_loss": self.total_loss, "mean_loss": self.mean_loss,
                "loss_by_kind": dict(self.loss_by_kind),
                "costliest": [d.to_dict() for d in self.costliest]}


def costliest_first(decisions: tuple[ReviewDecision, ...]) -> tuple[ReviewDecision, ...]:
    """``decisions`` by loss, costliest first, in the game's order on a tie."""
    return tuple(sorted(decisions, key=lambda d: (-d.loss, d.index)))


def seat_review(seat: int, decisions: tuple[ReviewDecision, ...]) -> SeatReview:
    """The summary of ``seat``'s ``decisions``."""
    mine = tuple(d for d in decisions if d.seat == seat)
    total = float(sum(d.loss for d in mine))
    kinds: dict[str, float] = {}
    for d in mine:
        kinds[d.kind] = kinds.get(d.kind, 0.0) + d.loss
    return SeatReview(seat=seat, decisions=len(mine), total_loss=total,
                      mean_loss=total / len(mine) if mine else 0.0,
                      loss_by_kind=tuple(kinds.items()),
                      costliest=costliest_first(mine)[:COSTLIEST])


@_written_by_itself
@attrs.frozen(kw_only=True)
class Review:
    """What :func:`~skullgames.review` returns: every decision of the seats reviewed."""

    game: str
    """The game's name (``"king"``)."""
    config: Any
    """The rules the game was played under."""
    seed: int
    """The review's seed: the same seed, game and budget give the same review."""
    worlds: int | None
    """The worlds searched a decision, or ``None`` for the expert's own."""
    seconds: float | None
    """The bound in time a decision, or ``None``."""
    moves: int
    """How many moves the game's history holds (deals included)."""
    finished: bool
    """Whether the game was over (else the decisions made so far are reviewed)."""
    decisions: tuple[ReviewDecision, ...]
    """Every decision reviewed, in the order of the game."""
    seats: tuple[SeatReview, ...]
    """Each seat reviewed, in seat order."""

    def seat(self, seat: int) -> SeatReview:
        """The summary of ``seat``; ``KeyError`` when it was not reviewed."""
        for found in self.seats:
            if found.seat == seat:
                return found
        raise KeyError(f"seat {seat} was not reviewed")

    def costliest(self) -> tuple[ReviewDecision, ...]:
        """Every decision, costliest first (the game's order on a tie)."""
        return costliest_first(self.decisions)

    def to_dict(self) -> dict[str, Any]:
        """The review as plain JSON data, which ``skullgames review --json`` prints.

        The schema ``review-result`` describes it (``skullgames schema review-result``).
        """
        return {"format": FORMAT, "version": VERSION, "game": self.game,
                "config": to_dict(self.config), "players": self.config.players,
                "seed": self.seed, "worlds": self.worlds, "seconds": self.seconds,
                "moves": self.moves, "finished": self.finished,
                "decisions": [d.to_dict() for d in self.decisions],
                "seats": [s.to_dict() for s in self.seats]}

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text, two spaces of indent."""
        return json.dumps(self.to_dict(), indent=2)
