"""The ``skullgames`` command (also ``python -m skullgames``).

Subcommands, each with ``--help``:

- ``watch [GAME]``: bots play one seeded game, told trick by trick.
- ``play [GAME]``: you against bots at the terminal.
- ``simulate [GAME] --games N --bots random,greedy,search``: many seeded bot games
  on every core, with a table of mean scores and win rates.
- ``match [GAME] --bots A,B --deals N --shape 2v2``: a duplicate match, every deal
  played under every rotation of the table, with paired intervals.
- ``serve [GAME]``: a table in the browser against bots (:mod:`skullgames.serve`).
- ``replay FILE``: a saved game (``to_json`` of a state, or JSON lines from
  ``simulate --out``) told trick by trick.
- ``review FILE [--seat N] [--json]``: every decision of a saved game valued by the
  game's expert from what its seat could see, the costliest first.

``GAME`` is a name of :data:`skullgames.GAMES` (the first game by default). Every option
of the game's ``Config`` is a flag of the commands that play it, in the game's own
namespace (``skullgames play GAME --flag``: two games may each have a flag of one name;
a flag of another game is refused). The bots are the game's. What each game adds to the
command line is its :class:`~skullgames.cli._games.GameCli`. Bad input is reported as a message and
exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from skullgames import _installed
from skullgames._registered import loaded_games
from skullgames.cli import _serve
from skullgames.cli._games import (
    CLIS,
    Narrator,
    RuledParser,
    Setup,
    bot_list,
    bot_names,
    bots_of,
    config_from,
    game_argument,
)
from skullgames.cli._match import add_match_arguments, run_match
from skullgames.cli._review import add_review_arguments, run_review
from skullgames.cli._saved import game_of, saved_document
from skullgames.cli._simulate import add_simulate_arguments, run_simulate, saved_game
from skullgames.errors import ConfigError, SkullgamesError
from skullgames.plugins.cli import number_argument
from skullgames.registry import GAMES
from skullgames.schemas import SCHEMA_NAMES, loaded_schema_names, schema_text
from skullgames.serialization import from_json, to_json

__all__ = ["main"]


class _Quit(Exception):
    """The human left the game at ``state``."""

    def __init__(self, state: Any) -> None:
        super().__init__()
        self.state = state


_positive = number_argument(least=1)
_seed = number_argument(signed=True)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``skullgames`` command."""
    parser = argparse.ArgumentParser(
        prog="skullgames",
        description="Play, watch, simulate and replay "
                    f"{' and '.join(game.title for game in loaded_games())}"
                    f"{', and the installed games' if _installed.names() else ''}.",
    )
    from skullgames import COMPILED, __version__

    build = "compiled (mypyc)" if COMPILED else "pure Python"
    parser.add_argument("--version", action="version",
                        version=f"skullgames {__version__}, {build}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                     parser_class=RuledParser)

    def watch(command: argparse.ArgumentParser, game: str) -> None:
        game_argument(command)
        command.add_argument("--seed", type=_seed, default=1, help="the game's seed [1]")
        command.add_argument("--bots", type=bot_list, default=None, metavar="LIST",
                             help="bots by seat, repeated to fill the table: "
                                  f"{bot_names(game)} [{GAMES[game].chosen_bot}]")

    _ruled(commands, "watch", watch, help="watch bots play one seeded game, trick by trick",
           description="Bots play one seeded game, told for a person to follow: the hands "
                       "at each deal, the bids, every trick with who took it and why, the "
                       "scores.")

    def play(command: argparse.ArgumentParser, game: str) -> None:
        moves = CLIS[game].moves_help
        command.description = ("You play one seat against bots. "
                               f"{moves + ' ' if moves else ''}'help' lists the commands.")
        game_argument(command)
        command.add_argument("--seed", type=_seed, default=None,
                             help="the game's seed [random]")
        command.add_argument("--seat", type=number_argument(), default=0,
                             help="your seat, from 0 [0]")
        command.add_argument("--bots", type=bot_list, default=None, metavar="LIST",
                             help="your opponents' bots, repeated to fill the table "
                                  f"({bot_names(game)}) "
                                  f"[{GAMES[game].chosen_bot}]")
        command.add_argument("--save", metavar="FILE",
                             help="save the game as JSON when it ends")

    _ruled(commands, "play", play, help="play against bots at the terminal")

    def simulate(command: argparse.ArgumentParser, game: str) -> None:
        game_argument(command)
        add_simulate_arguments(command, game, positive=_positive, seed=_seed)

    _ruled(commands, "simulate", simulate,
           help="play many seeded bot games on all cores and compare the bots",
           description="Plays games with seeds SEED, SEED+1, ... on every core, or on a Ray "
                       "cluster, and prints each bot's mean score and win rate per seat "
                       "with 95% intervals.")

    def match(command: argparse.ArgumentParser, game: str) -> None:
        game_argument(command)
        add_match_arguments(command, game, positive=_positive, seed=_seed)

    _ruled(commands, "match", match,
           help="a duplicate match: two bots on the same deals, every seat each",
           description="Plays deals with seeds SEED, SEED+1, ..., each under every rotation "
                       "of the table, so that every bot plays every seat's cards, and prints "
                       "each bot's mean score, win share and exact bids, and each pair's "
                       "score difference paired over the deals, with 95% intervals.")

    replay = commands.add_parser(
        "replay", help="tell a saved game trick by trick",
        description="Tells a saved game (skullgames.to_json of a state, or one line of a "
                    "simulate --out file) trick by trick.")
    replay.add_argument("file", help="the saved game: JSON, or JSON lines")
    replay.add_argument("--game", dest="index", type=_positive, default=1,
                        help="which game of a JSON-lines file, from 1 [1]")
    replay.add_argument("--pause", action="store_true",
                        help="wait for Enter after every trick")
    review = commands.add_parser(
        "review", help="value every decision of a saved game, the costliest first",
        description="Replays a saved game and values each decision by the game's expert, "
                    "from what the seat could see then: the move played, the best move and "
                    "the loss in points; each seat's losses, then the costliest decisions "
                    "in words.")
    add_review_arguments(review, positive=_positive, seed=_seed)
    _serve.add_parser(commands)

    schema = commands.add_parser(
        "schema", help="print the JSON Schema of a document",
        description="Prints the JSON Schema (draft 2020-12) of a document the library "
                    "writes, as shipped in skullgames/schemas.")
    schema.add_argument("name", metavar="NAME",  # checked when run: listing loads every game
                        help=f"one of {', '.join(loaded_schema_names())}, or an installed "
                             "game's GAME-DOCUMENT")
    ruled = [name for name, command in commands.choices.items()
             if "--players" in command._option_string_actions]
    parser.epilog = (f"The rule options (--players, --rounds and every option of the game) "
                     f"are flags of {_listed(ruled)}, each game's its own: 'skullgames "
                     f"{ruled[0]} --help' lists them, 'skullgames {ruled[0]} GAME --help' "
                     "those of GAME, and 'skullgames COMMAND --help' shows any command's "
                     "options.")
    return parser


def _ruled(commands: Any, name: str, setup: Setup, **kwargs: Any) -> None:
    """Add the command ``name``: its arguments by ``setup``, then the game's rule flags."""
    command: RuledParser = commands.add_parser(name, **kwargs)
    command.rule(setup)


def _listed(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


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
        if args.command == "match":
            return run_match(args, config_from(args.game, args), write)
        if args.command == "serve":
            return _serve.main_serve(args, write)
        if args.command == "review":
            return run_review(args, write)
        if args.command == "schema":
            if args.name not in SCHEMA_NAMES:
                raise ConfigError(f"unknown schema {args.name!r} (one of "
                                  f"{', '.join(SCHEMA_NAMES)})")
            write(schema_text(args.name).rstrip("\n"))
            return 0
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


def _table(args: argparse.Namespace) -> tuple[Any, list[str]]:
    """The Config of the flags and the bot of each seat."""
    config = config_from(args.game, args)
    bots = bots_of(args.game, args.bots)
    names = [bots[s % len(bots)] for s in range(config.players)]
    return config, names


def _bot(game: Any, name: str, seed: int, seat: int) -> Any:
    return game.bots[name](random.Random(f"{seed}:{seat}:{name}"))


def _watch(args: argparse.Namespace, write: Callable[[str], None]) -> int:
    game = GAMES[args.game]
    config, names = _table(args)
    state = game.new_game(config, seed=args.seed)
    bots = [_bot(game, name, args.seed, seat) for seat, name in enumerate(names)]
    narrator = CLIS[args.game].narrator(write, names, None)
    narrator.start(state)
    _play_out(game, state, narrator,
              lambda now, seat: bots[seat].choose(game.observe(now, seat)))
    return 0


def _play(args: argparse.Namespace, write: Callable[[str], None],
          ask: Callable[[str], str]) -> int:
    game, cli = GAMES[args.game], CLIS[args.game]
    config, names = _table(args)
    seat: int = args.seat
    if not 0 <= seat < config.players:
        raise ConfigError(f"--seat must be 0..{config.players - 1}, not {seat}")
    # without --seed the game draws 128 secret bits: the seed gives every hand, so it must
    # not be one the player could find from their own cards
    state = game.new_game(config, seed=args.seed)
    seed: int = state.seed
    # --bots names your opponents: they fill the other seats, in seat order
    opponents = bots_of(args.game, args.bots)
    others = [s for s in range(config.players) if s != seat]
    for turn, other in enumerate(others):
        names[other] = opponents[turn % len(opponents)]
    names[seat] = "you"
    bots = {s: _bot(game, n, seed, s) for s, n in enumerate(names) if s != seat}
    # --save opens its file now, so that a path that cannot be written fails before the
    # game (an OSError: one line from main), not after it; opened for appending, an
    # existing file keeps what it holds until the game is saved over it.
    existed = args.save is not None and os.path.exists(args.save)
    save = open(args.save, "a", encoding="utf-8") if args.save else None  # noqa: SIM115
    try:
        return _play_game(game, cli, state, seat, names, bots, write, ask, save)
    finally:
        if save is not None:
            save.close()
            if not existed and os.path.getsize(args.save) == 0:
                os.remove(args.save)  # the game ended before it was saved


def _play_game(game: Any, cli: Any, state: Any, seat: int, names: list[str],
               bots: dict[int, Any], write: Callable[[str], None], ask: Callable[[str], str],
               save: TextIO | None) -> int:
    """Play the game ``state`` of ``play`` with you at ``seat``; save it into ``save``."""
    seed = state.seed
    narrator = cli.narrator(write, names, [seat])
    write(f"You are seat {seat}. Type 'help' for how to write moves, 'quit' to stop.")
    narrator.start(state)

    def choose(now: Any, to_move: int) -> Any:
        if to_move != seat:
            return bots[to_move].choose(game.observe(now, to_move))
        move = cli.human_turn(now, seat, names, write, _asker(ask, now))
        if move is None:
            raise _Quit(now)
        return move

    try:
        state = _play_out(game, state, narrator, choose)
    except _Quit as quit:
        write(f"\nYou left the game {narrator.where(quit.state)}. "
              f"Replay it with --seed {seed}.")
        return 0
    if save is not None:
        save.truncate(0)
        save.write(to_json(state) + "\n")
        save.flush()
        write(f"Saved to {save.name}")
    return 0


def _play_out(game: Any, state: Any, narrator: Narrator,
              choose: Callable[[Any, int], Any]) -> Any:
    """Play ``state`` to its end, each move ``choose(state, seat)``, told as it goes."""
    while not game.is_over(state):
        seat = game.current_player(state)
        if seat is None:  # only a game made with auto_deal=False waits for a Deal
            raise SkullgamesError("the game waits for a deal")
        move = choose(state, seat)
        after = game.apply(state, move)
        narrator.step(state, move, after)
        state = after
    return state


def _asker(ask: Callable[[str], str], state: Any) -> Callable[[str], str]:
    def asking(prompt: str) -> str:
        try:
            return ask(prompt)
        except EOFError:
            raise _Quit(state) from None

    return asking


def _simulate(args: argparse.Namespace, write: Callable[[str], None]) -> int:
    return run_simulate(args, config_from(args.game, args), write)


def _replay(args: argparse.Namespace, write: Callable[[str], None],
            ask: Callable[[str], str]) -> int:
    document = saved_game(saved_document(args.file, args.index))
    name = game_of(document)
    game, cli = GAMES[name], CLIS[name]
    saved = from_json(document, game.State)
    state = game.new_game(saved.config, seed=saved.seed, auto_deal=saved.auto_deal)
    narrator = cli.narrator(write, [""] * saved.config.players, None)
    narrator.start(state)
    for move in saved.history:
        if saved.auto_deal and type(move) is game.Deal:
            continue
        after = game.apply(state, move)
        if narrator.step(state, move, after) and args.pause:
            try:
                ask("(Enter for the next trick) ")
            except EOFError:
                args.pause = False
        state = after
    if not game.is_over(state):
        write(f"\nThe saved game stops here, {narrator.where(state)}.")
    return 0


