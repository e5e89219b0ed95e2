"""Reviewing a game: each decision replayed and valued by the expert from the seat's view."""

from __future__ import annotations

import concurrent.futures
import math
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from skullgames._checks import wrong_type
from skullgames._registered import game_of_value
from skullgames._review._records import MoveValue, Review, ReviewDecision, seat_review
from skullgames.bots.expert import ExpertSearch
from skullgames.errors import ConfigError
from skullgames.registry import Game

__all__ = ["positions", "review"]

Progress = Callable[[int, int], None]


def positions(game: Game[Any, Any, Any, Any], state: Any) -> Iterator[tuple[int, Any, Any]]:
    """``(index, before, move)`` for each move of ``state``'s history, replayed from its start.

    ``before`` is the state the move was made in; a game dealt from its seed deals itself,
    so its recorded deals are passed over (their index still counts).
    """
    now = game.new_game(state.config, seed=state.seed, auto_deal=state.auto_deal)
    for index, move in enumerate(state.history):
        if state.auto_deal and type(move) is game.Deal:
            continue
        yield index, now, move
        now = game.apply(now, move)


def _entry_of(state: object) -> Game[Any, Any, Any, Any]:
    game: Game[Any, Any, Any, Any] | None = game_of_value(state)
    if game is None or not isinstance(state, game.State):
        raise wrong_type("game", "a game's State (a finished or saved game)", state)
    return game


def _seats_of(seats: int | Sequence[int] | None, players: int) -> tuple[int, ...]:
    if seats is None:
        return tuple(range(players))
    chosen = (seats,) if isinstance(seats, int) else tuple(seats)
    for seat in chosen:
        if type(seat) is not int:
            raise wrong_type("seats", "a seat (int) or seats", seat)
        if not 0 <= seat < players:
            raise ConfigError(f"seat {seat} is out of range: this game has seats "
                              f"0..{players - 1}")
    return tuple(sorted(set(chosen)))


def _check_budget(worlds: int | None, seconds: float | None) -> None:
    if worlds is not None and (type(worlds) is not int or worlds < 1):
        raise ConfigError(f"worlds must be a whole number of at least 1, not {worlds!r}")
    if seconds is not None and (isinstance(seconds, bool)
                                or not isinstance(seconds, (int, float))
                                or not math.isfinite(seconds) or seconds <= 0):
        raise ConfigError(f"seconds must be a number above 0, not {seconds!r}")


def expert_of(game: Game[Any, Any, Any, Any], rng: random.Random,
              worlds: int | None, seconds: float | None) -> ExpertSearch[Any, Any, Any]:
    """The game's ``expert`` bot (its entry's), with the review's budget."""
    factory = game.bots.get("expert")
    if factory is None:
        raise ConfigError(f"{game.title} has no expert bot to review with")
    bot = factory(rng)
    if not isinstance(bot, ExpertSearch):
        raise ConfigError(f"{game.title}'s expert cannot value moves (it is no ExpertSearch)")
    if worlds is not None:
        bot.worlds = worlds
    if seconds is not None:
        bot.seconds = float(seconds)
    return bot


def _decide(game: Game[Any, Any, Any, Any], index: int, observation: Any, move: Any,
            seed: int, worlds: int | None, seconds: float | None) -> ReviewDecision:
    """One decision valued from ``observation``, the seat's view when it made ``move``."""
    # the round and the kind of move from what every game's values offer (the plug-in
    # contract): the finished rounds, and the move's class
    common = {"index": index, "seat": observation.seat, "round": len(observation.rounds) + 1,
              "kind": type(move).__name__.lower(), "move": move}
    if len(observation.legal_moves) == 1:
        return ReviewDecision(**common, best=move, values=(), loss=0.0, forced=True)
    bot = expert_of(game, random.Random(f"skullgames.review:{seed}:{index}"), worlds, seconds)
    moves, values = bot.appraise(observation, move)
    played = values[moves.index(move)]
    top = max(values)
    best = move if played >= top else moves[values.index(top)]
    return ReviewDecision(**common, best=best, loss=max(0.0, top - played), forced=False,
                    values=tuple(MoveValue(move=m, value=v)
                                 for m, v in zip(moves, values, strict=True)))


def review(game: Any, *, seats: int | Sequence[int] | None = None, worlds: int | None = None,
           seconds: float | None = None, seed: int = 0, jobs: int = 1,
           progress: Progress | None = None) -> Review:
    """Every decision of ``seats`` (all by default) in ``game``, valued by the game's expert.

    ``game`` is a game's ``State``, finished or not (a saved game read with
    :func:`~skullgames.from_json`): its history is replayed from the start and, at each
    decision of a seat reviewed, the game's ``expert`` bot (its registry entry's) values
    every legal move from ``observe(state, seat)`` at that moment, never from hidden
    cards or later moves. The loss is the best value less the played move's.

    ``worlds`` sets the worlds the expert searches a decision (its own default without;
    a game's expert may value some decisions its own way, as Skull Queen's values a
    placement among its candidates in its ``place_worlds`` worlds); ``seconds`` bounds a
    decision's time as well (then the values depend on the machine).
    Each decision draws from its own ``random.Random`` seeded by ``seed`` and its
    position, so the same seed gives the same review, with any ``jobs`` (processes).
    ``progress(done, total)`` is called as decisions are valued.

    Raises ``TypeError`` for a ``game`` that is not a game's state and
    :class:`~skullgames.ConfigError` for a seat out of range or a bad budget.

    >>> from skullgames import king, review
    >>> state = king.new_game(king.Config(players=2, rounds=(2,)), seed=3)
    >>> state = king.apply(state, king.Bid(0))
    >>> result = review(state, worlds=2)
    >>> [(d.seat, str(d.move), d.loss >= 0) for d in result.decisions]
    [(1, 'bid 0', True)]
    """
    entry = _entry_of(game)
    chosen = _seats_of(seats, game.config.players)
    _check_budget(worlds, seconds)
    if type(seed) is not int:
        raise wrong_type("seed", "an int", seed)
    if type(jobs) is not int or jobs < 1:
        raise ConfigError(f"jobs must be a whole number of at least 1, not {jobs!r}")
    tasks = []
    for index, before, move in positions(entry, game):
        seat = entry.current_player(before)
        if seat is not None and seat in chosen:
            tasks.append((index, entry.observe(before, seat), move))
    total = len(tasks)
    if progress is not None:
        progress(0, total)
    found: dict[int, ReviewDecision] = {}
    if jobs == 1 or total < 2:
        for index, observation, move in tasks:
            found[index] = _decide(entry, index, observation, move, seed, worlds, seconds)
            if progress is not None:
                progress(len(found), total)
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_decide, entry, index, observation, move, seed, worlds,
                                   seconds) for index, observation, move in tasks]
            for future in concurrent.futures.as_completed(futures):
                decision = future.result()
                found[decision.index] = decision
                if progress is not None:
                    progress(len(found), total)
    decisions = tuple(found[index] for index, _, _ in tasks)
    return Review(game=entry.name, config=game.config, seed=seed, worlds=worlds,
                  seconds=None if seconds is None else float(seconds),
                  moves=len(game.history), finished=entry.is_over(game),
                  decisions=decisions,
                  seats=tuple(seat_review(seat, decisions) for seat in chosen))
