"""The ``skullgames`` command (also ``python -m skullgames``).

Subcommands, each with ``--help``:

- ``watch [king|queen]``: bots play one seeded game, told trick by trick.
- ``play [king|queen]``: you against bots at the terminal.
- ``simulate [king|queen] --games N --bots random,greedy,search``: many seeded bot games
  on every core, with a table of mean scores and win rates.
- ``replay FILE``: a saved game (``to_json`` of a state, or JSON lines from
  ``simulate --out``) told trick by trick.

The game defaults to Skull King; every option of :class:`skullgames.king.Config` and of
:class:`skullgames.queen.Config` is a flag (``--players`` and ``--rounds`` serve both).
Options the engine cannot play yet are reported as an error message, not a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from skullgames import king, queen
from skullgames.bots import BOT_NAMES, make_bot
from skullgames.cli import _king, _queen
from skullgames.cli._simulate import add_simulate_arguments, run_simulate, saved_game
from skullgames.errors import SkullgamesError
from skullgames.serialization import from_json, to_json

__all__ = ["main"]

GAMES = ("king", "queen")
"""The games the command knows by name."""


class _Quit(Exception):
    """The human left the game."""


def _game_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", choices=GAMES, default="king",
                        help="which game: king (Skull King) or queen (Skull Queen) [king]")


def _bot_list(text: str) -> tuple[str, ...]:
    names = tuple(n.strip().lower() for n in text.split(",") if n.strip())
    for name in names:
        if name not in BOT_NAMES:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}; the bots are {', '.join(BOT_NAMES)}")
    if not names:
        raise argparse.ArgumentTypeError("name at least one bot")
    return names


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``skullgames`` command."""
    parser = argparse.ArgumentParser(
        prog="skullgames",
        description="Play, watch, simulate and replay Skull King and Skull Queen.",
    )
    from skullgames import __version__

    parser.add_argument("--version", action="version", version=f"skullgames {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    watch = commands.add_parser(
        "watch", help="watch bots play one seeded game, trick by trick",
        description="Bots play one seeded game, told for a person to follow: the hands at "
                    "each deal, the bids, every trick with who took it and why, the scores.")
    _game_argument(watch)
    watch.add_argument("--seed", type=int, default=1, help="the game's seed [1]")
    watch.add_argument("--bots", type=_bot_list, default=("greedy",), metavar="LIST",
                       help="bots by seat, repeated to fill the table: "
                            f"{', '.join(BOT_NAMES)} [greedy]")
    _king.add_rule_flags(watch)
    _queen.add_rule_flags(watch)

    play = commands.add_parser(
        "play", help="play against bots at the terminal",
        description="You play one seat against bots. Type a bid as a number and a card as "
                    "its text (Y12, SK, 'TIG pirate'); in Skull Queen a placement as "
                    "'front 0 1 2 4' and a card as R7 or MATE; 'help' lists the commands.")
    _game_argument(play)
    play.add_argument("--seed", type=int, default=None, help="the game's seed [random]")
    play.add_argument("--seat", type=int, default=0, help="your seat, from 0 [0]")
    play.add_argument("--bots", type=_bot_list, default=("greedy",), metavar="LIST",
                      help="your opponents' bots, repeated to fill the table "
                           f"({', '.join(BOT_NAMES)}) [greedy]")
    play.add_argument("--save", metavar="FILE", help="save the game as JSON when it ends")
    _king.add_rule_flags(play)
    _queen.add_rule_flags(play)

    simulate = commands.add_parser(
        "simulate", help="play many seeded bot games on all cores and compare the bots",
        description="Plays games with seeds SEED, SEED+1, ... on every core, or on a Ray "
                    "cluster, and prints each bot's mean score and win rate per seat with "
                    "95%% intervals.")
    _game_argument(simulate)
    add_simulate_arguments(simulate, _positive)
    _king.add_rule_flags(simulate)
    _queen.add_rule_flags(simulate)

    replay = commands.add_parser(
        "replay", help="tell a saved game trick by trick",
        description="Tells a saved game (skullgames.to_json of a state, or one line of a "
                    "simulate --out file) trick by trick.")
    replay.add_argument("file", help="the saved game: JSON, or JSON lines")
    replay.add_argument("--game", dest="index", type=_positive, default=1,
                        help="which game of a JSON-lines file, from 1 [1]")
    replay.add_argument("--pause", action="store_true",
                        help="wait for Enter after every trick")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    write: Callable[[str], None] = print
    try:
        if args.command == "watch":
            return _watch(args, write)
        if args.command == "play":
            return _play(args, write, input)
        if args.command == "simulate":
            return _simulate(args, write)
        return _replay(args, write, input)
    except SkullgamesError as error:
        print(f"skullgames {args.command}: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (| head): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as error:
        print(f"skullgames {args.command}: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


def _game(args: argparse.Namespace) -> tuple[Any, Any]:
    """The engine module and the command-line module of the chosen game."""
    if getattr(args, "game", "king") == "queen":
        return queen, _queen
    return king, _king


def _config(args: argparse.Namespace) -> Any:
    if getattr(args, "game", "king") == "queen":
        return _queen.config_from(args)
    for flag in ("plank_values", "set_aside_center_pair", "set_aside_center_specials"):
        if getattr(args, flag, None):
            raise SkullgamesError(f"--{flag.replace('_', '-')} is a Skull Queen option: "
                                  "add 'queen' after the command")
    return _king.config_from(args)


def _table(args: argparse.Namespace) -> tuple[Any, list[str]]:
    config = _config(args)
    bots: tuple[str, ...] = args.bots
    names = [bots[s % len(bots)] for s in range(config.players)]
    return config, names


def _watch(args: argparse.Namespace, write: Callable[[str], None]) -> int:
    engine, cli = _game(args)
    config, names = _table(args)
    state = engine.new_game(config, seed=args.seed)
    bots = [make_bot(args.game, name, random.Random(f"{args.seed}:{seat}:{name}"))
            for seat, name in enumerate(names)]
    narrator = cli.Narrator(write, names)
    narrator.start(state)
    while not engine.is_over(state):
        seat: int = engine.current_player(state)
        move = bots[seat].choose(engine.observe(state, seat))
        after = engine.apply(state, move)
        narrator.step(state, move, after)
        state = after
    return 0


def _play(args: argparse.Namespace, write: Callable[[str], None],
          ask: Callable[[str], str]) -> int:
    engine, cli = _game(args)
    config, names = _table(args)
    seat: int = args.seat
    if not 0 <= seat < config.players:
        raise SkullgamesError(f"--seat must be 0..{config.players - 1}, not {seat}")
    seed = random.randrange(2**31) if args.seed is None else args.seed
    names[seat] = "you"
    bots = {s: make_bot(args.game, n, random.Random(f"{seed}:{s}:{n}"))
            for s, n in enumerate(names) if s != seat}
    state = engine.new_game(config, seed=seed)
    narrator = cli.Narrator(write, names, show_hands=[seat])
    write(f"You are seat {seat}. Type 'help' for how to write moves, 'quit' to stop.")
    narrator.start(state)
    try:
        while not engine.is_over(state):
            to_move: int = engine.current_player(state)
            if to_move == seat:
                move = cli.human_turn(state, seat, names, write, _asker(ask))
                if move is None:
                    raise _Quit
            else:
                move = bots[to_move].choose(engine.observe(state, to_move))
            after = engine.apply(state, move)
            narrator.step(state, move, after)
            state = after
    except _Quit:
        write(f"\nYou left the game after round {len(state.rounds)}. "
              f"Replay it with --seed {seed}.")
        return 0
    if args.save:
        with open(args.save, "w", encoding="utf-8") as file:
            file.write(to_json(state) + "\n")
        write(f"Saved to {args.save}")
    return 0


def _asker(ask: Callable[[str], str]) -> Callable[[str], str]:
    def asking(prompt: str) -> str:
        try:
            return ask(prompt)
        except EOFError:
            raise _Quit from None

    return asking


def _simulate(args: argparse.Namespace, write: Callable[[str], None]) -> int:
    return run_simulate(args, _config(args), write)


def _replay(args: argparse.Namespace, write: Callable[[str], None],
            ask: Callable[[str], str]) -> int:
    with open(args.file, encoding="utf-8") as file:
        text = file.read()
    try:
        json.loads(text)
    except ValueError:  # JSON lines, as simulate --out writes them
        documents = [line for line in text.splitlines() if line.strip()]
    else:
        documents = [text]
    if not documents:
        raise SkullgamesError(f"{args.file} holds no game")
    if args.index > len(documents):
        raise SkullgamesError(f"{args.file} holds {len(documents)} game(s), not {args.index}")
    document = saved_game(documents[args.index - 1])
    engine: Any = king
    cli: Any = _king
    try:
        is_queen = json.loads(document).get("format") == "skullgames.queen/state"
    except (ValueError, AttributeError):
        is_queen = False
    if is_queen:
        engine, cli = queen, _queen
    saved = from_json(document, engine.State)
    names = [""] * saved.config.players
    state = engine.new_game(saved.config, seed=saved.seed, auto_deal=saved.auto_deal)
    narrator = cli.Narrator(write, names)
    narrator.start(state)
    for move in saved.history:
        if saved.auto_deal and type(move) is engine.Deal:
            continue
        after = engine.apply(state, move)
        narrator.step(state, move, after)
        if args.pause and type(move) is engine.Play and not after.trick:
            try:
                ask("(Enter for the next trick) ")
            except EOFError:
                args.pause = False
        state = after
    if not engine.is_over(state):
        write(f"\nThe saved game stops here, in round {state.round_number}.")
    return 0
