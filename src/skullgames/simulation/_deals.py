"""The games of a match in batches of deals: what a worker is sent, and what it sends back."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Protocol

import attrs

from skullgames.registry import GAMES
from skullgames.simulation._bots import Contestant, build_bot


@attrs.frozen(kw_only=True)
class MatchGame:
    """One game of a match: deal ``deal`` played under rotation ``rotation``.

    Every rotation of a deal is played from the same seed, so with the same cards in
    every seat: only the bots move.
    """

    deal: int
    """The deal's number in the match, from 0."""
    rotation: int
    """Which rotation of the table's shape, from 0."""
    seed: int
    """The seed the game was played from: the match's seed + ``deal``."""
    bots: tuple[str, ...]
    """The name of the bot in each seat."""
    scores: tuple[int, ...]
    """The final scores, by seat."""
    winners: tuple[int, ...]
    """The seats with the highest score."""
    exact_bids: tuple[int, ...] | None
    """How many of each seat's bids were exact; ``None`` in a game without bids."""
    bids: tuple[int, ...] | None
    """How many bids each seat made; ``None`` in a game without bids."""


class _ScoredSeat(Protocol):
    """A seat's score of a finished round, in a game with bids."""

    @property
    def exact(self) -> bool: ...


def bid_counts(state: Any) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Each seat's exact bids and bids over a finished game; ``None`` in a game without bids.

    The game says it: a game has bids when each finished round of its state
    (``state.rounds``) has per-seat ``scores`` that tell whether the seat's bid was
    ``exact`` (the rule of what an exact bid is stays the game's own).

    >>> from skullgames import king, queen
    >>> state = king.new_game(king.Config(players=3, rounds=(1,)), auto_deal=False)
    >>> for move in ["deal Y1 | P10 | G3", "bid 1", "bid 1", "bid 0", "P10", "G3", "Y1"]:
    ...     state = king.apply(state, king.parse_move(move))
    >>> bid_counts(state)
    ((1, 1, 0), (1, 1, 1))
    >>> bid_counts(queen.new_game(seed=1)) is None
    True
    """
    rounds = getattr(state, "rounds", None)
    if not rounds:
        return None
    per_round: list[Sequence[_ScoredSeat]] = []
    for finished in rounds:
        seats = getattr(finished, "scores", None)
        if seats is None or not all(isinstance(getattr(s, "exact", None), bool) for s in seats):
            return None
        per_round.append(seats)
    exact = tuple(sum(seats[seat].exact for seats in per_round)
                  for seat in range(len(per_round[0])))
    return exact, (len(per_round),) * len(exact)


@attrs.frozen(kw_only=True)
class MatchBatch:
    """Deals ``first`` to ``first + count - 1`` of a match, every rotation: one task."""

    unit: ClassVar[str] = "deals"
    """What ``first`` and ``count`` count, for the backends' messages."""
    kept: ClassVar[str] = "a match keeps no games: play it again"
    """What a run that stops for dead workers keeps, for the backends' messages."""

    index: int
    game: str
    config: Any
    seed: int
    first: int
    count: int
    line_up: tuple[Contestant, ...]
    rotations: tuple[tuple[int, ...], ...]


def match_batches(*, game: str, config: Any, seed: int, deals: int, size: int,
                  line_up: tuple[Contestant, ...], rotations: tuple[tuple[int, ...], ...]
                  ) -> Iterator[MatchBatch]:
    """The batches of a match, each a run of at most ``size`` deals, made as they are asked for.

    >>> [(b.first, b.count) for b in match_batches(game="king", config=None, seed=0, deals=7,
    ...  size=3, line_up=(), rotations=())]
    [(0, 3), (3, 3), (6, 1)]
    """
    for index, first in enumerate(range(0, deals, size)):
        yield MatchBatch(index=index, game=game, config=config, seed=seed, first=first,
                         count=min(size, deals - first), line_up=line_up, rotations=rotations)


def play_match_batch(batch: MatchBatch) -> tuple[int, tuple[MatchGame, ...]]:
    """Play every rotation of a batch's deals; the batch's index with the games."""
    return batch.index, tuple(
        play_deal(batch, deal, rotation)
        for deal in range(batch.first, batch.first + batch.count)
        for rotation in range(len(batch.rotations)))


def play_deal(batch: MatchBatch, deal: int, rotation: int) -> MatchGame:
    """Play deal ``deal`` under rotation ``rotation``; each bot sees only its own seat.

    Each seat's bot draws from its own ``random.Random``, seeded by the deal's seed, the
    seat and the bot's name, as :func:`~skullgames.simulate` seeds them.
    """
    game = GAMES[batch.game]
    seed = batch.seed + deal
    seats = [batch.line_up[bot] for bot in batch.rotations[rotation]]
    bots = [build_bot(game, contestant, random.Random(f"{seed}:{seat}:{contestant.name}"))
            for seat, contestant in enumerate(seats)]
    state = game.new_game(batch.config, seed=seed)
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat is not None  # games with auto_deal always have a seat to move
        state = game.apply(state, bots[seat].choose(game.observe(state, seat)))
    counts = bid_counts(state)
    return MatchGame(deal=deal, rotation=rotation, seed=seed,
                     bots=tuple(c.name for c in seats), scores=tuple(game.scores(state)),
                     winners=tuple(game.winners(state)),
                     exact_bids=None if counts is None else counts[0],
                     bids=None if counts is None else counts[1])
