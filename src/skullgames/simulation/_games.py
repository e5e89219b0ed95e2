"""Seeded bot games in batches: what a worker is sent, and what it sends back."""

from __future__ import annotations

import json
import random
from collections.abc import Container, Iterator, Sequence
from typing import Any

import attrs

from skullgames.registry import GAMES
from skullgames.serialization import to_json
from skullgames.simulation._bots import Contestant, build_bot


@attrs.frozen(kw_only=True)
class GameRecord:
    """The result of one game of a simulation, keyed by its number.

    Game ``game`` (from 0) is played from seed ``seed`` = the simulation's seed + ``game``,
    so any record can be played again alone.
    """

    game: int
    """The game's number in the simulation, from 0."""
    seed: int
    """The seed the game was played from."""
    bots: tuple[str, ...]
    """The name of the bot in each seat."""
    scores: tuple[int, ...]
    """The final scores, by seat."""
    winners: tuple[int, ...]
    """The seats with the highest score."""
    state: str | None = None
    """The finished game as ``to_json`` saves it, when the simulation keeps states."""

    def to_json_line(self) -> str:
        """The record as one line of JSON, as ``skullgames simulate --out`` writes it.

        >>> from skullgames.simulation import GameRecord
        >>> GameRecord(game=2, seed=12, bots=("random", "greedy"), scores=(30, -10),
        ...            winners=(0,)).to_json_line()
        '{"game": 2, "seed": 12, "bots": ["random", "greedy"], "scores": [30, -10], \
"winners": [0]}'
        """
        head = json.dumps({"game": self.game, "seed": self.seed, "bots": list(self.bots),
                           "scores": list(self.scores), "winners": list(self.winners)})
        if self.state is None:
            return head
        return f'{head[:-1]}, "state": {self.state}}}'


@attrs.frozen(kw_only=True)
class Batch:
    """Games ``first`` to ``first + count - 1`` of a simulation: one task for a worker."""

    index: int
    game: str
    config: Any
    seed: int
    first: int
    count: int
    line_up: tuple[Contestant, ...]
    rotate: bool
    keep_states: bool


def batches(*, game: str, config: Any, seed: int, games: int, size: int,
            line_up: tuple[Contestant, ...], rotate: bool, keep_states: bool,
            played: Container[int] = frozenset()) -> Iterator[Batch]:
    """The batches of a simulation, made one at a time as they are asked for.

    Each batch is a run of at most ``size`` consecutive games, none of them ``played``
    already.

    >>> [(b.first, b.count) for b in batches(game="king", config=None, seed=0, games=9,
    ...  size=3, line_up=(), rotate=True, keep_states=False, played={1, 5, 6})]
    [(0, 1), (2, 3), (7, 2)]
    """
    index = 0
    first = 0
    while first < games:
        while first < games and first in played:
            first += 1
        count = 0
        while count < size and first + count < games and first + count not in played:
            count += 1
        if count:
            yield Batch(index=index, game=game, config=config, seed=seed, first=first,
                        count=count, line_up=line_up, rotate=rotate, keep_states=keep_states)
            index += 1
        first += count


def seating(line_up: Sequence[Contestant], players: int, game: int, rotate: bool
            ) -> tuple[Contestant, ...]:
    """The bot in each seat of game ``game``.

    The line-up is repeated to fill the table, and turned by one seat per game when
    ``rotate``.

    >>> line_up = [Contestant("search", "search"), Contestant("greedy", "greedy")]
    >>> [c.name for c in seating(line_up, 4, 1, True)]
    ['greedy', 'search', 'greedy', 'search']
    """
    shift = game if rotate else 0
    return tuple(line_up[(seat + shift) % len(line_up)] for seat in range(players))


def play_batch(batch: Batch) -> tuple[int, tuple[GameRecord, ...]]:
    """Play a batch's games; returns the batch's index with their records."""
    return batch.index, tuple(_play(batch, number)
                              for number in range(batch.first, batch.first + batch.count))


def _play(batch: Batch, number: int) -> GameRecord:
    """Play one game; each bot sees only its own seat's observation."""
    game = GAMES[batch.game]
    seed = batch.seed + number
    seats = seating(batch.line_up, batch.config.players, number, batch.rotate)
    bots = [build_bot(game, contestant, random.Random(f"{seed}:{seat}:{contestant.name}"))
            for seat, contestant in enumerate(seats)]
    state = game.new_game(batch.config, seed=seed)
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat is not None  # games with auto_deal always have a seat to move
        state = game.apply(state, bots[seat].choose(game.observe(state, seat)))
    return GameRecord(game=number, seed=seed, bots=tuple(c.name for c in seats),
                      scores=tuple(game.scores(state)), winners=tuple(game.winners(state)),
                      state=to_json(state) if batch.keep_states else None)
