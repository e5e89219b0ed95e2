"""Duplicate matches between bots: :func:`~skullgames.match` and its result."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from typing import Any

import attrs

from skullgames.errors import ConfigError
from skullgames.registry import Game
from skullgames.serialization import to_dict
from skullgames.simulation._arguments import check_backend, game_config, game_entry, whole
from skullgames.simulation._bots import BotsArgument, check_picklable, contestants
from skullgames.simulation._deals import MatchBatch, MatchGame, match_batches, play_match_batch
from skullgames.simulation._local import run_local
from skullgames.simulation._shapes import rotations as shape_rotations
from skullgames.simulation._standings import (
    FORMAT,
    VERSION,
    MatchBot,
    MatchPair,
    standings,
    tables,
)

LOCAL_DEALS = 10
"""The most deals in one batch of the local backend, by default."""

INTERVALS = "95%: Student's t over the deals for means, Wilson for shares"
"""The ``interval`` of a match's JSON document: how its intervals were found."""

RAY_DEALS = 50
"""The most deals in one Ray task, by default."""


@attrs.frozen(kw_only=True)
class MatchResult:
    """What :func:`~skullgames.match` returns: bots' results, pairs compared, the games."""

    game: str
    """The game's name (``"king"``)."""
    config: Any
    """The rules every game was played under."""
    shape: str
    """The table's shape (one of :data:`~skullgames.simulation.SHAPES`)."""
    deals: int
    """How many deals were played, each under every rotation."""
    seed: int
    """The seed of deal 0; deal ``k`` was dealt from ``seed + k``."""
    rotations: tuple[tuple[str, ...], ...]
    """The bot in each seat under each rotation: every deal was played once under each."""
    bots: tuple[MatchBot, ...]
    """Each bot's results, in the order the bots were named."""
    pairs: tuple[MatchPair, ...]
    """Each two bots compared deal by deal, the one named first against the other."""
    games: tuple[MatchGame, ...]
    """Every game, in the order of the deals and, within a deal, of the rotations."""

    def table(self) -> str:
        """The results as the Markdown tables that ``skullgames match`` prints."""
        return tables(self.bots, self.pairs)

    def to_dict(self) -> dict[str, Any]:
        """The result as plain JSON data, which ``skullgames match --json`` prints.

        The schema ``match-result`` describes it (``skullgames schema match-result``).
        """
        return {
            "format": FORMAT, "version": VERSION, "game": self.game,
            "config": to_dict(self.config), "players": len(self.rotations[0]),
            "shape": self.shape, "deals": self.deals, "seed": self.seed,
            "interval": INTERVALS,
            "rotations": [list(r) for r in self.rotations],
            "bots": [b.to_dict() for b in self.bots],
            "pairs": [p.to_dict() for p in self.pairs],
            "games": [{"deal": g.deal, "rotation": g.rotation, "seed": g.seed,
                       "bots": list(g.bots), "scores": list(g.scores),
                       "winners": list(g.winners),
                       "exact_bids": None if g.exact_bids is None else list(g.exact_bids),
                       "bids": None if g.bids is None else list(g.bids)}
                      for g in self.games],
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text, two spaces of indent."""
        return json.dumps(self.to_dict(), indent=2)


def match(
    game: str | Game[Any, Any, Any, Any],
    config: Any = None,
    *,
    bots: BotsArgument,
    deals: int,
    shape: str = "2v2",
    seed: int = 0,
    jobs: int | None = None,
    backend: str = "local",
    address: str | None = None,
    task_size: int | None = None,
    max_retries: int = 3,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Play ``deals`` seeded deals under every rotation of the table; compare the bots.

    A duplicate match. Deal ``k`` (from 0) is dealt from seed ``seed + k``: every round
    of the game comes from that seed, so every rotation of the deal is played with the
    same cards in the same seats, and only the bots move. ``shape`` places the bots
    (:data:`~skullgames.simulation.SHAPES`): ``"2v2"`` alternates them round the table,
    ``"1v3"`` puts the first alone against copies of the second, ``"3v1"`` the second
    against copies of the first; the rotations turn that placement a seat at a time until
    every bot has sat in every seat. A shape that does not fit the number of players or
    bots is a :class:`~skullgames.ConfigError`.

    ``bots`` are as for :func:`~skullgames.simulate` (the game's bot names, a
    ``"module:Class"``, factories, or a mapping from names to them), at least two of
    them, each seeded by the deal's seed, its seat and its name. ``jobs``, ``backend``,
    ``address``, ``max_retries`` are simulate's; ``task_size`` counts deals.
    ``progress(done, total)`` is called with the number of games finished. The result
    depends only on the arguments, not on the backend or the jobs. A batch of deals whose
    worker process dies is played again, up to ``max_retries`` times; beyond that the
    local backend raises ``concurrent.futures.process.BrokenProcessPool`` naming the
    deals.

    Raises :class:`~skullgames.ConfigError` for a bad value, ``TypeError`` for a wrong
    type, ``ModuleNotFoundError`` for ``backend="ray"`` without Ray.
    """
    entry = game_entry(game)
    rules = game_config(entry, config)
    deals = whole("deals", deals, 1)
    seed = whole("seed", seed, None)
    jobs = None if jobs is None else whole("jobs", jobs, 1)
    task_size = None if task_size is None else whole("task_size", task_size, 1)
    max_retries = whole("max_retries", max_retries, 0)
    if not isinstance(shape, str):
        raise TypeError(f"shape must be a string, not {type(shape).__name__}")
    check_backend(backend, address)
    entry.new_game(rules, seed=seed)  # a config or seed the engine refuses fails here
    line_up = contestants(entry, bots)
    names = [c.name for c in line_up]
    if len(set(names)) < len(names):
        raise ConfigError(f"the bots of a match are different bots: {', '.join(names)} "
                          "names one twice (name two of the same kind apart with a "
                          "mapping, as bots={'a': 'search', 'b': 'search'})")
    turns = shape_rotations(shape, len(line_up), rules.players)

    def make_work(workers: int) -> Iterator[MatchBatch]:
        cap = RAY_DEALS if backend == "ray" else LOCAL_DEALS
        size = task_size or max(1, min(cap, deals // (workers * 8)))
        return match_batches(game=entry.name, config=rules, seed=seed, deals=deals,
                             size=size, line_up=line_up, rotations=turns)

    if backend == "ray":
        from skullgames.simulation._ray import run_ray

        finished = run_ray(make_work, play_match_batch, jobs=jobs, address=address,
                           max_retries=max_retries)
    else:
        workers = max(1, min(jobs or os.cpu_count() or 1, deals))
        if workers > 1:
            check_picklable(line_up)
        finished = run_local(make_work, jobs=workers, max_retries=max_retries,
                             play=play_match_batch)
    total = deals * len(turns)
    by_deal: dict[int, dict[int, MatchGame]] = {}
    done = 0
    seen: set[int] = set()
    if progress is not None:
        progress(0, total)
    try:
        for index, games in finished:
            if index in seen:
                continue  # a batch that came back twice counts once
            seen.add(index)
            for found in games:
                by_deal.setdefault(found.deal, {})[found.rotation] = found
            done += len(games)
            if progress is not None:
                progress(done, total)
    finally:
        finished.close()
    ordered = [[by_deal[d][r] for r in range(len(turns))] for d in range(deals)]
    results, pairs = standings(names, rules.players, ordered)
    return MatchResult(game=entry.name, config=rules, shape=shape, deals=deals, seed=seed,
                       rotations=tuple(tuple(names[b] for b in turn) for turn in turns),
                       bots=results, pairs=pairs,
                       games=tuple(g for games in ordered for g in games))

