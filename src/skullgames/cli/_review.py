"""``skullgames review FILE``: every decision of a saved game valued by the game's expert.

The table for a person lists the costliest decisions first, each in words: what the seat
saw (its hand, the trick so far, the bids: the game's own words for a player's turn),
what was played and what was best, and the loss.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable
from typing import Any

from skullgames._review import Review, review, review_picture
from skullgames._review._reviewing import positions
from skullgames.cli._games import CLIS
from skullgames.cli._saved import game_of, saved_document
from skullgames.cli._simulate import Progress, saved_game
from skullgames.errors import ConfigError, SkullgamesError
from skullgames.registry import GAMES
from skullgames.serialization import from_json

__all__ = ["add_review_arguments", "run_review"]

Write = Callable[[str], None]


def add_review_arguments(parser: argparse.ArgumentParser, *, positive: Callable[[str], int],
                         seed: Callable[[str], int]) -> None:
    """The flags of ``review``."""
    parser.add_argument("file", help="the saved game: JSON, or JSON lines")
    parser.add_argument("--game", dest="index", type=positive, default=1,
                        help="which game of a JSON-lines file, from 1 [1]")
    parser.add_argument("--seat", type=int, default=None, action="append",
                        help="a seat to review, from 0 (repeat for more) [every seat]")
    parser.add_argument("--worlds", type=positive, default=None,
                        help="worlds the expert searches a decision [the expert's own]")
    parser.add_argument("--seed", type=seed, default=0, help="the review's seed [0]")
    parser.add_argument("--jobs", type=positive, default=1,
                        help="processes valuing decisions at once [1]")
    parser.add_argument("--top", type=positive, default=10,
                        help="how many of the costliest decisions to tell [10]")
    parser.add_argument("--pictures", metavar="DIR", default=None,
                        help="also write an SVG of the seat's view at each decision told "
                             "into DIR")
    parser.add_argument("--json", action="store_true",
                        help="print the review as JSON (schema: skullgames schema "
                             "review-result) instead of tables")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def load_game(path: str, index: int) -> Any:
    """The saved game in ``path`` (the ``index``-th of a JSON-lines file) as a state."""
    document = saved_game(saved_document(path, index))
    return from_json(document, GAMES[game_of(document)].State)


def run_review(args: argparse.Namespace, write: Write) -> int:
    """Run ``review`` with parsed ``args``; the exit status."""
    state = load_game(args.file, args.index)
    players = state.config.players
    seats = args.seat
    for seat in seats or ():
        if not 0 <= seat < players:
            raise ConfigError(f"--seat must be 0..{players - 1} in this game, not {seat}")
    progress = None if args.quiet else Progress(sys.stderr, label="decisions")
    result = review(state, seats=seats, worlds=args.worlds, seed=args.seed, jobs=args.jobs,
                    progress=progress)
    if not result.decisions:
        where = "unfinished: it stops" if not result.finished else "over"
        raise SkullgamesError(f"nothing to review: the game is {where} before any decision "
                              f"of {_seats_text(result)}")
    if args.json:
        write(result.to_json())
        return 0
    for line in tables(result, state, args.top):
        write(line)
    if args.pictures is not None:
        os.makedirs(args.pictures, exist_ok=True)
        for decision in result.costliest()[:args.top]:
            path = os.path.join(args.pictures,
                                f"decision-{decision.index}-seat-{decision.seat}.svg")
            with open(path, "w", encoding="utf-8") as file:
                file.write(review_picture(state, decision))
        write(f"\nPictures of the decisions told are in {args.pictures}.")
    return 0


def _seats_text(result: Review) -> str:
    seats = [s.seat for s in result.seats]
    return "any seat" if len(seats) > 1 else f"seat {seats[0]}"


def _number(value: float) -> str:
    return f"{value:.1f}"


def tables(result: Review, state: Any, top: int) -> list[str]:
    """The review for a person: each seat's losses, then the costliest decisions in words."""
    game = GAMES[result.game]
    budget = "the expert's own worlds" if result.worlds is None else f"{result.worlds} worlds"
    lines = [f"{game.title}, {result.config.players} players: "
             f"{len(result.decisions)} decisions reviewed ({budget} a decision, "
             f"seed {result.seed})."]
    if not result.finished:
        lines.append("The game is unfinished: the decisions made so far are reviewed.")
    kinds = list(dict.fromkeys(k for s in result.seats for k, _ in s.loss_by_kind))
    lines += ["", "| seat | decisions | mean loss | total loss | "
              + " | ".join(f"from {k}s" for k in kinds) + " |",
              "|---:|---:|---:|---:|" + "---:|" * len(kinds)]
    for s in result.seats:
        by_kind = dict(s.loss_by_kind)
        lines.append(f"| {s.seat} | {s.decisions} | {_number(s.mean_loss)} | "
                     f"{_number(s.total_loss)} | "
                     + " | ".join(_number(by_kind.get(k, 0.0)) for k in kinds) + " |")
    lines += ["", "Losses are in points of the round, as the game's expert values a round "
              "(its own points, less a share of the others')."]
    told = [d for d in result.costliest() if d.loss > 0][:top]
    if not told:
        lines += ["", "No decision lost anything."]
        return lines
    lines += ["", f"The costliest decisions ({len(told)}), costliest first:"]
    views = _views(game, state, {d.index for d in told})
    for rank, d in enumerate(told, 1):
        values = sorted(d.values, key=lambda v: -v.value)
        shown = ", ".join(f"{v.move} {_number(v.value)}" for v in values[:4])
        lines += ["", f"{rank}. Round {d.round}, seat {d.seat} ({d.kind}): played "
                      f"{d.move}, best was {d.best}: a loss of {_number(d.loss)} points.",
                  *(f"   {line}" for line in views[d.index]),
                  f"   Values: {shown}{', ...' if len(values) > 4 else ''}"]
    return lines


class _Told(Exception):
    """Stops a turn once the game has shown it."""


def _views(game: Any, state: Any, indices: set[int]) -> dict[int, list[str]]:
    """What the seat saw at each decision of ``indices``, in the game's own words.

    Those of a player's turn: its command line's ``human_turn``, stopped before it asks.
    """
    cli = CLIS[game.name]
    views: dict[int, list[str]] = {}
    for index, before, _ in positions(game, state):
        if index not in indices:
            continue
        seat = game.current_player(before)
        names = [f"seat {s}" for s in range(state.config.players)]
        lines: list[str] = []

        def stop(_prompt: str) -> str:
            raise _Told

        with contextlib.suppress(_Told):
            cli.human_turn(before, seat, names, lines.append, stop)
        views[index] = [line for line in lines
                        if line and not line.startswith(("Legal moves", "Type e.g."))]
    return views

