"""``skullgames match``: its flags, and :func:`skullgames.match` with a progress bar."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from skullgames.cli._games import bot_names
from skullgames.cli._simulate import Progress, add_backend_arguments, chosen_backend, ray_missing
from skullgames.errors import SkullgamesError
from skullgames.registry import GAMES
from skullgames.simulation import SHAPES, match


def add_match_arguments(parser: argparse.ArgumentParser, game: str, *,
                        positive: Callable[[str], int], seed: Callable[[str], int]) -> None:
    """The flags of ``match`` for ``game``, other than the game and its rule options."""
    parser.add_argument(
        "--bots", required=True, metavar="A,B[,...]",
        help="the bots to compare, at least two: the game's bots by name "
             f"({bot_names(game)}) or your own class as module:Class")
    parser.add_argument("--deals", type=positive, default=100,
                        help="how many deals, each played under every rotation [100]")
    parser.add_argument(
        "--shape", choices=SHAPES, default="2v2",
        help="2v2: the bots alternate round the table (A,B,A,B); 1v3: the first bot "
             "alone against copies of the second in every other seat; 3v1: the second "
             "alone against copies of the first [2v2]")
    parser.add_argument("--seed", type=seed, default=0, help="the first deal's seed [0]")
    add_backend_arguments(parser, positive)
    parser.add_argument("--task-size", type=positive, default=None, metavar="N",
                        help="deals per task [10 locally, 50 on Ray, fewer for short runs]")
    parser.add_argument("--json", action="store_true",
                        help="print the result as JSON (schema: skullgames schema "
                             "match-result), with every game, instead of tables")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run_match(args: argparse.Namespace, config: Any, write: Callable[[str], None]) -> int:
    """Run ``match`` with parsed ``args`` and the game's ``config``; the exit status."""
    game = GAMES[args.game]
    backend = chosen_backend(args)
    progress = None if args.quiet else Progress(sys.stderr)
    try:
        result = match(game, config, bots=args.bots, deals=args.deals, shape=args.shape,
                       seed=args.seed, jobs=args.jobs, backend=backend,
                       address=args.address, task_size=args.task_size, progress=progress)
    except ModuleNotFoundError as error:
        raise ray_missing(error) from None
    except BrokenProcessPool as error:
        raise SkullgamesError(str(error)) from None
    if args.json:
        write(result.to_json())
        return 0
    write(f"{game.title}, {config.players} players, {args.deals} deals from seed "
          f"{args.seed}, shape {args.shape}, {len(result.games)} games.")
    write(f"Each deal is played under {len(result.rotations)} rotations, seated "
          f"{' / '.join(','.join(r) for r in result.rotations)}.")
    write("Intervals: 95% over the deals, Student's t for means, Wilson for shares.")
    write("")
    write(result.table())
    return 0
